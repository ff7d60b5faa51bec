/**
 * Switch the network interface or the bus of a coherent-NI scenario on the same workload (Table 1
 * of the paper, one choice at a time). A local queue joins two processors with no NI: no menus.
 * CNI16Qm's queue is homed in main memory, which a device behind the I/O bridge cannot cache.
 * The lecture switches of the current NI (or of the local queue) sit behind Settings.
 */
import { BUS_KINDS, BUS_NAMES, NI_KINDS, NI_KIND_NAMES } from '../../../sim-core/ni/cni/config';
import type { Scenario } from '../../../sim-core/index';
import { actions } from '../../state/store';
import type { LoadSpec } from '../../worker/sim-api';
import { withSystem } from '../../shell/with-system';
import { useLock } from '../../teaching/assignment-store';
import { CniSettings } from './CniSettings';

type CniSystem = Extract<Scenario['system'], { kind: 'cni' }>;

export function CniMenus({
  spec,
  system,
  workload,
}: {
  spec: LoadSpec;
  system: CniSystem;
  workload: Scenario['workload'];
}) {
  const lock = useLock();
  const localQueue = 'messages' in workload && workload.messages.kind === 'local-queue';
  const settings = <CniSettings spec={spec} system={system} localQueue={localQueue} />;
  if (localQueue) return settings;
  const load = (fields: Record<string, string>, context: string) =>
    void actions.reload(withSystem(spec, fields), context);
  return (
    <>
      <label>
        NI
        <select
          value={system.ni}
          disabled={lock('system.ni') !== null}
          title={lock('system.ni') ?? undefined}
          data-testid="ni-select"
          onChange={(e) => load({ ni: e.target.value }, 'Switching network interface')}
        >
          {NI_KIND_NAMES.map((name) => (
            <option key={name} value={name} disabled={!NI_KINDS[name].buses.includes(system.bus)}>
              {name} · {NI_KINDS[name].exposed}
              {NI_KINDS[name].buses.includes(system.bus)
                ? ''
                : ` (not on the ${BUS_NAMES[system.bus]})`}
            </option>
          ))}
        </select>
      </label>
      <label>
        Bus
        <select
          value={system.bus}
          disabled={lock('system.bus') !== null}
          title={lock('system.bus') ?? undefined}
          data-testid="bus-select"
          onChange={(e) => load({ bus: e.target.value }, 'Switching bus')}
        >
          <option value="memory">memory bus</option>
          {BUS_KINDS.filter((b) => b !== 'memory').map((b) => (
            <option key={b} value={b} disabled={!NI_KINDS[system.ni].buses.includes(b)}>
              {BUS_NAMES[b]}
              {NI_KINDS[system.ni].buses.includes(b) ? '' : ` (not with ${system.ni})`}
            </option>
          ))}
        </select>
      </label>
      {settings}
    </>
  );
}

/** The header's menus for a FLASH machine: the handler and its chunk factor, the network and its lanes, address validity. */
import type { Scenario } from '../../../sim-core/index';
import { withSystem } from '../../shell/with-system';
import { actions } from '../../state/store';
import { useLock } from '../../teaching/assignment-store';
import type { LoadSpec } from '../../worker/sim-api';

type FlashSystem = Extract<Scenario['system'], { kind: 'flash' }>;

/** The handler menu: O is C1; the naive one loops until done. */
export const HANDLER_OPTIONS = [
  ['O', 'handler O (one line)', { handler: 'chunked', chunk: 1 }],
  ['C2', 'chunked, k = 2', { handler: 'chunked', chunk: 2 }],
  ['C4', 'chunked, k = 4', { handler: 'chunked', chunk: 4 }],
  ['C8', 'chunked, k = 8', { handler: 'chunked', chunk: 8 }],
  ['naive', 'loop until done', { handler: 'naive' }],
] as const;

export const handlerKey = (s: FlashSystem) =>
  s.handler === 'naive' ? 'naive' : s.chunk === 1 ? 'O' : `C${s.chunk}`;

export function FlashMenus({ spec, system }: { spec: LoadSpec; system: FlashSystem }) {
  const lock = useLock();
  const load = (fields: Record<string, unknown>, context: string) =>
    void actions.reload(withSystem(spec, fields), context);
  return (
    <>
      <label>
        Handler
        <select
          value={handlerKey(system)}
          disabled={lock('system.chunk') !== null}
          data-testid="flash-handler-select"
          onChange={(e) => {
            const o = HANDLER_OPTIONS.find(([k]) => k === e.target.value);
            if (o) load(o[2], 'Switching the transfer handler');
          }}
        >
          {HANDLER_OPTIONS.map(([k, text]) => (
            <option key={k} value={k}>
              {text}
            </option>
          ))}
          {HANDLER_OPTIONS.some(([k]) => k === handlerKey(system)) ? null : (
            <option value={handlerKey(system)}>chunked, k = {system.chunk}</option>
          )}
        </select>
      </label>
      <label>
        Lanes
        <select
          value={String(system.network.lanes)}
          disabled={lock('system.network') !== null}
          data-testid="flash-lanes-select"
          onChange={(e) =>
            load(
              { network: { ...system.network, lanes: Number(e.target.value) } },
              'Switching the lanes',
            )
          }
        >
          <option value="2">request + reply</option>
          <option value="1">one lane</option>
        </select>
      </label>
      <label>
        Addresses
        <select
          value={system.addressValidity}
          disabled={lock('system.addressValidity') !== null}
          data-testid="flash-validity-select"
          onChange={(e) => load({ addressValidity: e.target.value }, 'Switching address validity')}
        >
          <option value="invalidation">invalidation</option>
          <option value="hold-off">hold-off</option>
        </select>
      </label>
    </>
  );
}

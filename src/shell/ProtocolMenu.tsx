/**
 * The coherence protocol menu, for any model whose caches follow one of the protocol tables
 * (the names are the protocol registry's keys), and the same switch for compare mode.
 */
import { PROTOCOL_NAMES, type ProtocolName } from '../../sim-core/index';
import { fieldChoices, type ChoiceGroup } from '../compare/choice-group';
import { actions } from '../state/store';
import { useLock } from '../teaching/assignment-store';
import type { LoadSpec } from '../worker/sim-api';
import { withSystem } from './with-system';

export function ProtocolMenu({ spec, protocol }: { spec: LoadSpec; protocol: ProtocolName }) {
  const lock = useLock();
  return (
    <label>
      Protocol
      <select
        value={protocol}
        disabled={lock('system.protocol') !== null}
        title={lock('system.protocol') ?? undefined}
        data-testid="protocol-select"
        onChange={(e) =>
          void actions.reload(
            withSystem(spec, { protocol: e.target.value as ProtocolName }),
            'Switching protocol',
          )
        }
      >
        {PROTOCOL_NAMES.map((p) => (
          <option key={p}>{p}</option>
        ))}
      </select>
    </label>
  );
}

export const protocolChoices = (current: ProtocolName): ChoiceGroup =>
  fieldChoices(
    'protocol',
    'Protocol',
    current,
    PROTOCOL_NAMES.map((p) => [p, p] as const),
  );

/**
 * A block's coherence state in each agent's cache as badges, "P:S" "NI:M": palette fill and the
 * letters always written (a hatch for transient states), so colour is never the only cue.
 */
import type { BlockView } from '../../../../sim-core/ni/cni/cni-frame';
import { agentStates } from '../../../d3/cni-text';
import { stateStyle } from '../../../theme/states';
import { useCniMeta } from './selection';

export function AgentBadges({ block }: { block: BlockView }) {
  const states = useCniMeta()?.protocol.states;
  return (
    <span className="cv-badges">
      {agentStates(block).map(([agent, state]) => {
        const style = stateStyle(state);
        const desc = states?.[state]?.desc;
        return (
          <span
            key={agent}
            className={style.hatched ? 'cv-badge hatched' : 'cv-badge'}
            style={{ backgroundColor: style.fill, color: style.ink }}
            title={`${agent}'s copy of ${block.name}: ${state}${desc ? ` (${desc})` : ''}`}
            data-agent={agent}
            data-state={state}
          >
            {agent}:{state}
          </span>
        );
      })}
    </span>
  );
}

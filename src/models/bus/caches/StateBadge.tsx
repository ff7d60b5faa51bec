/**
 * A coherence state as a badge: palette fill, the state's name always written, and a hatch for
 * transient states, so colour is never the only cue. Shared by the cache and memory views.
 */
import { useApp } from '../../../state/store';
import { busMeta } from '../selection';
import { stateLabel, stateStyle } from '../../../theme/states';

export function StateBadge({ state }: { state: string }) {
  const desc = useApp((s) => busMeta(s)?.protocol.states[state]?.desc);
  const style = stateStyle(state);
  return (
    <span
      className={style.hatched ? 'state-badge hatched' : 'state-badge'}
      style={{ backgroundColor: style.fill, color: style.ink }}
      title={desc ? `${state}: ${desc}` : state}
    >
      {stateLabel(state)}
    </span>
  );
}

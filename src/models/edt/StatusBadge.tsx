/**
 * A block's state as a badge: the host line's MESI state or the NI's status ST, its letter always
 * written, a hatch for transient states, and what it means as its title.
 */
import { stateStyle } from '../../theme/states';

export function StatusBadge({ state, meaning }: { state: string; meaning: string | undefined }) {
  const style = stateStyle(state);
  return (
    <span
      className={`ev-badge${style.hatched ? ' ev-hatched' : ''}`}
      style={{ backgroundColor: style.fill, color: style.ink }}
      title={meaning ? `${state}: ${meaning}` : state}
    >
      {state}
    </span>
  );
}

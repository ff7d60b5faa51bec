/**
 * Step, play, speed, jump and scrub: the time machine's controls. While the run is still being
 * explored, a bar under the scrubber and a progress meter show how far; a seek beyond the
 * explored part waits with a progress bar and Cancel (state/exploration.ts).
 */
import { plural } from '../../sim-core/kernel/words';
import { useState, type CSSProperties } from 'react';
import { actions, SPEEDS, useApp } from '../state/store';

/** How far the run is explored, while it is (a meter), and a seek waiting for it (with Cancel). */
function ExplorationStatus() {
  const explored = useApp((s) => s.exploration.explored);
  const lastCycle = useApp((s) => s.exploration.lastCycle);
  const complete = useApp((s) => s.exploration.complete);
  const toward = useApp((s) => s.exploration.toward);
  const stopped = useApp((s) => s.exploration.stopped);
  if (stopped)
    return (
      <span className="exploring stopped" role="status" data-testid="explore-stopped">
        {stopped.code}: {stopped.message}
      </span>
    );
  if (complete) return null;
  if (toward !== null)
    return (
      <span className="exploring waiting" role="status" data-testid="explore-wait">
        Exploring to cycle {toward.toLocaleString('en')}…
        <progress
          max={Math.max(toward, 1)}
          value={Math.min(explored, toward)}
          aria-label={`Explored ${explored} of the ${toward} cycles to go to`}
        />
        <button onClick={() => actions.cancelWait()} data-testid="explore-cancel">
          Cancel
        </button>
      </span>
    );
  return (
    <span
      className="exploring"
      data-testid="exploration"
      title="The run is explored while you watch"
    >
      explored to {explored.toLocaleString('en')}
      <progress
        max={Math.max(lastCycle, 1)}
        value={explored}
        aria-label={`Run explored to cycle ${explored} of at most ${lastCycle}`}
      />
    </span>
  );
}

export function TimeControls() {
  const cycle = useApp((s) => s.view?.cycle ?? 0);
  const lastCycle = useApp((s) => s.exploration.lastCycle);
  const endCycle = useApp((s) => s.exploration.endCycle);
  const explored = useApp((s) => s.exploration.explored);
  const complete = useApp((s) => s.exploration.complete);
  const playing = useApp((s) => s.playing);
  const speed = useApp((s) => s.speed);
  // What the user is typing; null shows the current cycle.
  const [draft, setDraft] = useState<string | null>(null);
  const jump = draft ?? String(cycle);

  const submitJump = () => {
    const n = Number(jump);
    if (draft !== null && jump.trim() !== '' && Number.isInteger(n) && n >= 0) void actions.seek(n);
    setDraft(null);
  };

  return (
    <div className="time-controls" role="toolbar" aria-label="Time controls">
      <button
        onClick={() => void actions.seek(0)}
        title="Go to cycle 0 (Home)"
        aria-label="Go to cycle 0"
      >
        |◀
      </button>
      <button
        onClick={() => void actions.prevEvent()}
        title="Previous event (Shift+← or [)"
        aria-label="Previous event"
        data-testid="prev-event"
      >
        ◀◀ event
      </button>
      <button
        onClick={() => void actions.step(-1)}
        title="Step back one cycle (←)"
        aria-label="Step back one cycle"
        data-testid="step-back"
      >
        ◀ 1
      </button>
      <button
        className="play"
        onClick={() => actions.togglePlay()}
        title="Play / pause (Space)"
        aria-label={playing ? 'Pause' : 'Play'}
        aria-pressed={playing}
        data-testid="play"
      >
        {playing ? '❚❚ Pause' : '▶ Play'}
      </button>
      <button
        onClick={() => void actions.step(1)}
        title="Step forward one cycle (→)"
        aria-label="Step forward one cycle"
        data-testid="step-forward"
      >
        1 ▶
      </button>
      <button
        onClick={() => void actions.nextEvent()}
        title="Next event (Shift+→ or ])"
        aria-label="Next event"
        data-testid="next-event"
      >
        event ▶▶
      </button>
      <button
        onClick={() => void actions.seek(lastCycle)}
        title="Go to the last cycle (End)"
        aria-label="Go to the last cycle"
      >
        ▶|
      </button>
      <label className="speed">
        Speed
        <select
          value={speed}
          onChange={(e) => actions.setSpeed(Number(e.target.value))}
          aria-label="Playback speed in cycles per second"
        >
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s} {plural(s, 'cycle')}/s
            </option>
          ))}
        </select>
      </label>
      <form
        className="jump"
        onSubmit={(e) => {
          e.preventDefault();
          submitJump();
        }}
      >
        <label htmlFor="jump-cycle">Cycle</label>
        <input
          id="jump-cycle"
          data-testid="cycle-input"
          inputMode="numeric"
          value={jump}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={submitJump}
          size={7}
        />
        <span className="of" data-testid="cycle-of">
          of {lastCycle}
          {endCycle === null ? ' (limit)' : ''}
        </span>
      </form>
      <ExplorationStatus />
      <input
        className={complete ? 'scrubber' : 'scrubber partly-explored'}
        style={
          {
            '--explored': `${(100 * Math.min(explored, lastCycle)) / Math.max(lastCycle, 1)}%`,
          } as CSSProperties
        }
        type="range"
        min={0}
        max={Math.max(lastCycle, 1)}
        value={cycle}
        onChange={(e) => void actions.seek(Number(e.target.value))}
        aria-label="Scrub through cycles"
        aria-valuetext={`cycle ${cycle} of ${lastCycle}${complete ? '' : `, explored to ${explored}`}`}
        data-testid="scrubber"
      />
    </div>
  );
}

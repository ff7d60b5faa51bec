/**
 * The slim bars that replace the header in presentation mode (zoom and the way out) and in embed
 * mode (the scenario's title and a link to open it in the full app). Neither has the scenario
 * menu, the file buttons or the panel toggles.
 */
import { IntroToggle } from '../shell/ScenarioIntro';
import { currentLink, useApp } from '../state/store';
import { lecture, useLecture } from './lecture-store';
import { stepZoom, zoomLabel } from './zoom';
import './lecture.css';

export function PresentBar() {
  const zoom = useLecture((s) => s.zoom);
  const title = useApp((s) => s.scenario?.title ?? null);
  return (
    <header className="present-bar" data-testid="present-bar">
      <h1>
        NI&nbsp;Lab <span className="tagline">presentation</span>
      </h1>
      {title !== null ? (
        <h2 id="scenario-title" className="present-title" data-testid="scenario-title">
          {title}
        </h2>
      ) : null}
      <IntroToggle />
      <div className="zoom" role="group" aria-label="Zoom">
        <button
          onClick={() => lecture.zoom(-1)}
          aria-label="Zoom out"
          title="Zoom out"
          aria-disabled={stepZoom(zoom, -1) === zoom}
          data-testid="zoom-out"
        >
          −
        </button>
        <output aria-live="polite" aria-label="Zoom level" data-testid="zoom-level">
          {zoomLabel(zoom)}
        </output>
        <button
          onClick={() => lecture.zoom(1)}
          aria-label="Zoom in"
          title="Zoom in"
          aria-disabled={stepZoom(zoom, 1) === zoom}
          data-testid="zoom-in"
        >
          +
        </button>
      </div>
      <button onClick={() => lecture.setPresent(false)} data-testid="present-leave">
        Leave presentation <kbd>Esc</kbd>
      </button>
    </header>
  );
}

export function EmbedBar() {
  const title = useApp((s) => s.scenario?.title ?? 'NI Lab');
  // Re-render on every move, so the link opens the full app at the same cycle.
  useApp((s) => s.view?.cycle);
  const link = currentLink();
  return (
    <header className="embed-bar" data-testid="embed-bar">
      <h1>{title}</h1>
      {link ? (
        <a href={`${location.pathname}${link}`} target="_blank" rel="noopener noreferrer">
          Open in NI Lab
          <span className="visually-hidden"> (new tab)</span> <span aria-hidden="true">↗</span>
        </a>
      ) : null}
    </header>
  );
}

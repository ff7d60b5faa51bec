/** The page: header, scenario intro, time controls, narration, and the open panels in a grid. */
import { useEffect } from 'react';
import { Header } from './shell/Header';
import { HelpOverlay } from './shell/HelpOverlay';
import { Narration } from './shell/Narration';
import { ProblemBanner } from './shell/ProblemBanner';
import { ScenarioIntro } from './shell/ScenarioIntro';
import { handleShortcut } from './shell/shortcuts';
import { TimeControls } from './shell/TimeControls';
import { ViewToggles } from './shell/ViewToggles';
import { usePlayback } from './state/playback';
import { useUrlSync } from './state/url-sync';
import { useApp } from './state/store';
import { viewRegistry, type ViewEntry } from './views/registry';
import type { ViewName } from '../sim-core/index';

const AREAS: ViewEntry['area'][] = ['left', 'centre', 'right', 'bottom'];

export function App() {
  const views = useApp((s) => s.views);
  const ready = useApp((s) => s.view !== null);
  const loading = useApp((s) => s.loading);
  const digest = useApp((s) => s.digest);
  usePlayback();
  useUrlSync();
  useEffect(() => {
    window.addEventListener('keydown', handleShortcut);
    return () => window.removeEventListener('keydown', handleShortcut);
  }, []);

  const model = useApp((s) => s.meta?.model ?? 'bus');
  const open = (Object.keys(viewRegistry) as ViewName[]).filter(
    (name) =>
      views.includes(name) && (viewRegistry[name].models as readonly string[]).includes(model),
  );
  return (
    <div className="app" aria-busy={loading} data-events-digest={digest}>
      <Header />
      <ProblemBanner />
      <main>
        <ScenarioIntro />
        <div className="sticky-controls">
          <TimeControls />
          <Narration />
        </div>
        {ready ? (
          <div className="panels">
            {AREAS.map((area) => {
              const here = open.filter((name) => viewRegistry[name].area === area);
              if (here.length === 0) return null;
              return (
                <div key={area} className={`area area-${area}`}>
                  {here.map((name) => {
                    const { title, Component } = viewRegistry[name];
                    return (
                      <section
                        key={name}
                        className={`panel panel-${name}`}
                        aria-labelledby={`panel-${name}-title`}
                        data-testid={`panel-${name}`}
                      >
                        <h2 id={`panel-${name}-title`}>{title}</h2>
                        <Component />
                      </section>
                    );
                  })}
                </div>
              );
            })}
          </div>
        ) : (
          <p className="loading">Loading the simulator…</p>
        )}
        <ViewToggles />
      </main>
      <HelpOverlay />
    </div>
  );
}

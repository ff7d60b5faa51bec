/**
 * Boot: start the simulator in a Web Worker (in-process if module workers are unavailable), then
 * open the scenario named by the share link in the URL — or, if the link is bad, say why (coded)
 * and open the default scenario, so the app is always usable.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_SCENARIO_ID, SCENARIO_PANELS } from 'virtual:ni-lab/catalogue';
import { faceOf } from '../sim-core/index';
import { App } from './App';
import { readLink } from './state/link';
import { actions, currentLink, setPanelLoader, useApp } from './state/store';
import { preloadPanels } from './views/registry';
import { lecture } from './lecture/lecture-store';
import { readLectureParams, withLectureParams } from './lecture/url-params';
import { openFromAddress, readStash } from './state/url-sync';
import { openAssignmentFromUrl } from './teaching/assignment-url';
import { installPredict } from './teaching/predict-store';
import { registerSW } from 'virtual:pwa-register';
import { offlineActions } from './state/offline-store';
import { createInProcessSim, createWorkerSim } from './worker/transports';
import type { LoadSpec, SimApi } from './worker/sim-api';
import './styles.css';

function startSimulator(): SimApi {
  try {
    return createWorkerSim().api;
  } catch {
    return createInProcessSim();
  }
}

async function openFromUrl(): Promise<void> {
  const fallback = () =>
    actions.load(
      { kind: 'builtin', id: DEFAULT_SCENARIO_ID, overrides: [] },
      { context: 'Opening the default scenario' },
    );
  // Read once: while this awaits, url-sync may rewrite the address bar with what is still loaded.
  const hash = location.hash;
  // #start is the start page (a scenario loads behind it, for "Back"); present=1 and embed=1 in a
  // share link choose presentation or embed mode.
  const modes = readLectureParams(hash);
  lecture.applyParams(modes);
  if (modes.start) {
    if (!useApp.getState().spec) await fallback();
    return;
  }
  // #v1?a=<id> opens an assignment (its scenario loads once the student says who they are).
  const assignment = await openAssignmentFromUrl(hash);
  if (assignment === 'opened') return;
  if (assignment === 'failed') {
    if (!useApp.getState().spec) await fallback();
    return;
  }
  // Back from the start page to the link of what is loaded: nothing to reload.
  const shown = currentLink();
  if (shown !== null && hash === withLectureParams(shown, modes)) return;
  const reading = readLink(hash);
  if (reading.kind === 'none') {
    const stash = readStash();
    if (
      stash &&
      (await actions.load(stash.spec, { cycle: stash.cycle, context: 'Reopening your scenario' }))
    )
      return;
    await fallback();
    return;
  }
  if (reading.kind === 'bad') {
    actions.showProblem({
      context: 'This share link could not be opened; the default scenario is shown instead.',
      issues: [reading.issue],
    });
    await fallback();
    return;
  }
  const { spec, cycle, views } = reading.target;
  const loaded = await actions.load(spec, {
    cycle,
    ...(views ? { views } : {}),
    context: 'This share link could not be opened; the default scenario is shown instead.',
  });
  if (!loaded) await fallback();
}

/** The service worker that keeps the app for offline use (docs/hosting.md); it never reloads the page itself. */
function startOfflineCache(): void {
  const update = registerSW({
    onOfflineReady: offlineActions.ready,
    onNeedRefresh: () => offlineActions.updateWaiting(() => void update(true)),
  });
}

/**
 * Fetches the code of the panels a load of a built-in scenario will show (its catalogue entry
 * names its model and panels) while the worker loads it, rather than after its reply.
 */
function forecastPanels(spec: LoadSpec, views: readonly string[] | undefined): void {
  const known = spec.kind === 'builtin' ? SCENARIO_PANELS[spec.id] : undefined;
  if (!known) return;
  void preloadPanels(known.model, views ?? known.views ?? faceOf(known.model).defaultViews);
}

/** The first panels — the link's, or the default scenario's — fetched while the worker starts. */
function preloadFirstPanels(): void {
  const reading = readLink(location.hash);
  const target = reading.kind === 'link' ? reading.target : null;
  forecastPanels(
    target?.spec ?? { kind: 'builtin', id: DEFAULT_SCENARIO_ID, overrides: [] },
    target?.views,
  );
}

setPanelLoader(preloadPanels, forecastPanels);
actions.setApi(startSimulator());
preloadFirstPanels();
startOfflineCache();
installPredict();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
void openFromAddress(openFromUrl);
window.addEventListener('hashchange', () => void openFromAddress(openFromUrl));

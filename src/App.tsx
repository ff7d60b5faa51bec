/** The page: header, scenario intro, time controls, narration, and the open panels in a grid. */
import { Suspense, useEffect, type CSSProperties } from 'react';
import { Header } from './shell/Header';
import { HelpOverlay } from './shell/HelpOverlay';
import { OfflineNotice } from './shell/OfflineNotice';
import { Narration } from './shell/Narration';
import { StallNotice } from './shell/StallNotice';
import { LoadingNotice } from './shell/LoadingNotice';
import { ProblemBanner } from './shell/ProblemBanner';
import { ScenarioIntro } from './shell/ScenarioIntro';
import { handleShortcut } from './shell/shortcuts';
import { TimeControls } from './shell/TimeControls';
import { ViewToggles } from './shell/ViewToggles';
import { StartPage } from './shell/StartPage';
import { LectureBar } from './lecture/LectureBar';
import { useEmbedHeight } from './lecture/embed-height';
import { useLecture } from './lecture/lecture-store';
import { EmbedBar, PresentBar } from './lecture/ModeBars';
import { usePlayback } from './state/playback';
import { useUrlSync } from './state/url-sync';
import { useTabTitle } from './shell/tab-title';
import { useApp } from './state/store';
import { useCompare } from './compare/compare-store';
import { useCompareUrl } from './compare/use-compare-url';
import { PanelExport } from './export/PanelExport';
import { hiddenPanels, useAssignment } from './teaching/assignment-store';
import { PredictBar, PredictCard } from './teaching/PredictCard';
import { usePredict } from './teaching/predict-store';
import { useOpenAtTop } from './shell/open-at-top';
import { panelsOf, viewEntry, type ViewEntry } from './views/registry';
import { PanelContent } from './views/PanelContent';
import { PanelBoundary } from './views/PanelBoundary';
import { Panel } from './views/Panel';
import { Paced } from './state/paced';
import { lazyPanel } from './views/lazy-panel';
import { useFoldRight } from './shell/use-fold-right';

// Loaded when first shown: compare mode, and an assignment's pages (with the teaching engine).
const CompareView = lazyPanel(
  () => import('./compare/CompareView'),
  (m) => m.CompareView,
);
const assignmentPage = () => import('./teaching/AssignmentPanel');
const AssignmentPanel = lazyPanel(assignmentPage, (m) => m.AssignmentPanel);
const AssignmentStart = lazyPanel(assignmentPage, (m) => m.AssignmentStart);
const TeachingProblemBanner = lazyPanel(assignmentPage, (m) => m.TeachingProblemBanner);

const AREAS: ViewEntry['area'][] = ['left', 'centre', 'right', 'bottom'];
type Column = Exclude<ViewEntry['area'], 'bottom'>;
/** Each column's share of the width; while a question is open the left one (the card) is wider. */
const COLUMN_WIDTH: Record<Column, string> = {
  left: 'minmax(220px, 1fr)',
  centre: 'minmax(420px, 2.2fr)',
  right: 'minmax(320px, 1.4fr)',
};
const ASKING_WIDTH: Record<Column, string> = {
  left: 'minmax(300px, 1.25fr)',
  centre: 'minmax(380px, 2fr)',
  right: 'minmax(260px, 1.15fr)',
};

/** The grid of the columns that hold something: what is open gets the width (styles.css). */
function gridOf(columns: readonly Column[], asking: boolean): CSSProperties {
  const widths = asking ? ASKING_WIDTH : COLUMN_WIDTH;
  const row = columns.length > 0 ? columns.join(' ') : 'bottom';
  return {
    '--panel-columns': columns.length > 0 ? columns.map((c) => widths[c]).join(' ') : '1fr',
    '--panel-areas': `'${row}' '${row.replace(/\S+/g, 'bottom')}'`,
  } as CSSProperties;
}

export function App() {
  const views = useApp((s) => s.views);
  const ready = useApp((s) => s.view !== null);
  const loading = useApp((s) => s.loading);
  const digest = useApp((s) => s.digest);
  const startOpen = useLecture((s) => s.startOpen);
  const present = useLecture((s) => s.present);
  const embed = useLecture((s) => s.embed);
  const zoom = useLecture((s) => s.zoom);
  usePlayback();
  useCompareUrl();
  useEmbedHeight(embed);
  const comparing = useCompare((s) => s.vs !== null);
  // An assignment hides some panels, and asks who is answering before anything else.
  const hidden = useAssignment(hiddenPanels);
  const studentNeeded = useAssignment((s) => s.assignment !== null && s.student === null);
  const assignmentOpen = useAssignment(
    (s) => s.assignment !== null && s.student !== null && s.personal !== null,
  );
  const teachingProblem = useAssignment((s) => s.problem !== null);
  useEffect(() => {
    window.addEventListener('keydown', handleShortcut);
    return () => window.removeEventListener('keydown', handleShortcut);
  }, []);

  const model = useApp((s) => s.meta?.model ?? null);
  const open = model ? panelsOf(model, views, hidden) : [];
  const asking = usePredict((s) => s.phase !== 'idle');
  // While a question is open, the panels it is about lead their columns (kept in view with it).
  const about = usePredict((s) => (s.phase === 'idle' ? null : (s.question?.panels ?? null)));
  useOpenAtTop();
  // The columns that hold a panel (the left one also while a question is open beside them).
  const leftOpen = asking || open.some((name) => viewEntry(name).area === 'left');
  const used = (['left', 'centre', 'right'] as const).filter((c) =>
    c === 'left' ? leftOpen : open.some((name) => viewEntry(name).area === c),
  );
  // On a zoomed projector the right column's panels go under the main picture.
  const fold = useFoldRight(present, zoom) && used.includes('centre') && used.includes('right');
  const columns = fold ? used.filter((c) => c !== 'right') : used;
  const areaOf = (name: string) => {
    const { area } = viewEntry(name);
    return fold && area === 'right' ? 'centre' : area;
  };
  // Predict, then see: its controls and the question at the top of the left column, beside
  // the panels a question is about.
  const question = (
    <PanelBoundary title="Predict, then see" resetKey={null}>
      {embed ? null : <PredictBar />}
      <PredictCard />
    </PanelBoundary>
  );
  if (startOpen)
    return (
      <div className="app">
        <StartPage />
        <HelpOverlay />
        <OfflineNotice embedded={false} />
        <UrlSync />
      </div>
    );
  if (studentNeeded)
    return (
      <div className="app">
        <Suspense fallback={null}>
          <AssignmentStart />
        </Suspense>
        <HelpOverlay />
        <UrlSync />
      </div>
    );
  // Presentation and embed modes hide the chrome (scenario menu, file buttons, panel toggles).
  const chrome = !present && !embed;
  return (
    <div
      className={`app${present ? ' presenting' : ''}${embed ? ' embedded' : ''}`}
      style={present ? ({ zoom, '--zoom': zoom } as CSSProperties) : undefined}
      aria-busy={loading}
      data-events-digest={digest}
    >
      {embed ? <EmbedBar /> : present ? <PresentBar /> : <Header />}
      <ProblemBanner />
      <Suspense fallback={null}>{teachingProblem ? <TeachingProblemBanner /> : null}</Suspense>
      <main className={assignmentOpen ? 'with-assignment' : undefined}>
        <Suspense fallback={null}>{assignmentOpen ? <AssignmentPanel /> : null}</Suspense>
        {embed ? null : <ScenarioIntro head={!present} />}
        <div className="sticky-controls">
          <LectureBar />
          <LoadingNotice />
          <TimeControls />
          <Paced>
            <Narration />
            <StallNotice />
          </Paced>
        </div>
        {ready && comparing ? (
          <>
            {question}
            <Suspense fallback={<p className="loading">Loading compare mode…</p>}>
              <CompareView open={open} />
            </Suspense>
          </>
        ) : ready ? (
          <>
            {/* With nothing else in the left column and no question open, the prediction
                controls take a row above the panels rather than a column of their own. */}
            {leftOpen ? null : question}
            <div className={`panels${asking ? ' asking' : ''}`} style={gridOf(columns, asking)}>
              {AREAS.map((area) => {
                const here = open.filter((name) => areaOf(name) === area);
                // Predict, then see sits beside the panels, at the top of the left column.
                const card = area === 'left' && leftOpen ? question : null;
                if (here.length === 0 && !card) return null;
                return (
                  <div key={area} className={`area area-${area}`}>
                    {card}
                    {here.map((name) => {
                      const { title } = viewEntry(name);
                      return (
                        <Panel
                          key={name}
                          className={`panel panel-${name}${about?.includes(name) ? ' about' : ''}`}
                          titleId={`panel-${name}-title`}
                          testId={`panel-${name}`}
                          heading={title}
                        >
                          {chrome ? <PanelExport name={name} title={title} /> : null}
                          <PanelContent name={name} />
                        </Panel>
                      );
                    })}
                  </div>
                );
              })}
            </div>
          </>
        ) : (
          <p className="loading">Loading the simulator…</p>
        )}
        {chrome ? <ViewToggles /> : null}
      </main>
      <HelpOverlay />
      <OfflineNotice embedded={embed} />
      <UrlSync />
    </div>
  );
}

/**
 * Keeps the URL on the current cycle: a component of its own, as it follows every cycle and the
 * page (every panel in it) must not render again at each picture of a run.
 */
function UrlSync() {
  useUrlSync();
  useTabTitle();
  return null;
}

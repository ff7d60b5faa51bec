/**
 * Side-by-side mode: in place of the panel grid, a bar saying what A and B are (and changing B,
 * swapping or leaving), each open panel twice — A on the left, B on the right, B's copy reading
 * configuration B's store — and the differences in statistics and event logs below. The app's
 * one set of time controls drives both (see compare-store.ts).
 */
import { useId } from 'react';
import { useStore } from 'zustand';
import type { ViewName } from '../../sim-core/index';
import { formatIssue } from '../../sim-core/index';
import { PanelExport } from '../export/PanelExport';
import { AppStoreContext, useApp } from '../state/store';
import { viewEntry } from '../views/registry';
import { PanelBoundary } from '../views/PanelBoundary';
import { Panel } from '../views/Panel';
import { PanelContent } from '../views/PanelContent';
import { ComparePicker } from './ComparePicker';
import { CompareDiff } from './CompareDiff';
import { bStore, compare, useCompare } from './compare-store';
import { formatOverride, sideLabels } from './vs';
import './compare.css';

/** Panels that are not shown twice: the walkthrough is the same text, sweeps compare by themselves. */
const SINGLE: readonly ViewName[] = ['notes', 'charts'];

function Column({ side, name, label }: { side: 'A' | 'B'; name: ViewName; label: string }) {
  const id = useId();
  const { title } = viewEntry(name);
  return (
    <Panel
      className={`panel panel-${name} cmp-side cmp-side-${side}`}
      titleId={id}
      testId={`compare-${side}-${name}`}
      heading={
        <>
          <span className={`cmp-tag cmp-tag-${side}`}>
            {side}: {label}
          </span>{' '}
          {title}
        </>
      }
    >
      <PanelExport name={name} title={title} side={side} />
      <PanelContent name={name} />
    </Panel>
  );
}

function BPlaceholder({ name, label }: { name: ViewName; label: string }) {
  const status = useCompare((s) => s.status);
  return (
    <section className={`panel cmp-side cmp-side-B cmp-waiting`} aria-label={`B: ${label}`}>
      <h2>
        <span className="cmp-tag cmp-tag-B">B: {label}</span> {viewEntry(name).title}
      </h2>
      <p className="vt-empty">
        {status === 'error' ? 'B could not be run (see above).' : 'Running B…'}
      </p>
    </section>
  );
}

export function CompareView({ open }: { open: ViewName[] }) {
  const vs = useCompare((s) => s.vs);
  const status = useCompare((s) => s.status);
  const issues = useCompare((s) => s.issues);
  const scenarioA = useApp((s) => s.scenario);
  const scenarioB = useStore(bStore, (s) => s.scenario);
  const narrationA = useApp((s) => s.view?.narration ?? '');
  const narrationB = useStore(bStore, (s) => s.view?.narration ?? '');
  const cycleB = useStore(bStore, (s) => s.view?.cycle ?? 0);
  const lastA = useApp((s) => s.view?.lastCycle ?? 0);
  const lastB = useStore(bStore, (s) => s.view?.lastCycle ?? 0);
  const bReady = useStore(bStore, (s) => s.view !== null) && status === 'ready';
  if (!vs || !scenarioA) return null;

  const labels = bReady
    ? sideLabels(scenarioA, scenarioB, vs)
    : { a: sideLabels(scenarioA, scenarioA, vs).a, b: vs.map(formatOverride).join(' · ') };
  const panels = open.filter((name) => !SINGLE.includes(name));

  return (
    <section
      className="cmp"
      aria-labelledby="cmp-title"
      data-testid="compare-mode"
      data-b-cycle={bReady ? cycleB : undefined}
    >
      <div className="cmp-bar">
        <h2 id="cmp-title">
          Side by side{' '}
          <span className="cmp-tag cmp-tag-A" data-testid="compare-label-a">
            A: {labels.a}
          </span>{' '}
          <span className="cmp-tag cmp-tag-B" data-testid="compare-label-b">
            B: {labels.b}
          </span>
        </h2>
        <p className="cmp-same">
          Same scenario and seed ({scenarioA.seed}); B changes{' '}
          <code>{vs.map(formatOverride).join(' & ')}</code>. The time controls move both.
        </p>
        <div className="cmp-actions">
          <ComparePicker key={`${scenarioA.id}|${JSON.stringify(vs)}`} submitLabel="Change B" />
          <button
            type="button"
            onClick={() => void compare.swap()}
            disabled={!bReady || !compare.canSwap()}
            data-testid="compare-swap"
          >
            Swap A and B
          </button>
          <button type="button" onClick={() => compare.close()} data-testid="compare-close">
            Leave compare
          </button>
        </div>
        <p className="cmp-status" role="status" data-testid="compare-status">
          {status === 'loading' ? 'Running B…' : null}
          {status === 'ready' && lastB > lastA
            ? `B runs longer (to cycle ${lastB}, A to ${lastA}): swap A and B to follow B to its end.`
            : null}
          {status === 'ready' && lastB < lastA
            ? `B's run ends at cycle ${lastB}${cycleB === lastB ? ' — B stays there' : ''}; A runs to ${lastA}.`
            : null}
        </p>
        {status === 'error' ? (
          <div className="cmp-problem" role="alert" data-testid="compare-problem">
            <strong>B could not be run.</strong>
            <ul>
              {issues.map((issue, i) => (
                <li key={i}>{formatIssue(issue)}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <div className="cmp-narration">
        <p>
          <span className="cmp-tag cmp-tag-A">A</span> {narrationA}
        </p>
        <p data-testid="compare-narration-b">
          <span className="cmp-tag cmp-tag-B">B</span> {bReady ? narrationB : '…'}
        </p>
      </div>
      {panels.length === 0 ? (
        <p className="vt-empty">Open some panels below to see them side by side.</p>
      ) : null}
      {panels.map((name) => (
        <div key={name} className="cmp-row">
          <Column side="A" name={name} label={labels.a} />
          {bReady ? (
            <AppStoreContext.Provider value={bStore}>
              <Column side="B" name={name} label={labels.b} />
            </AppStoreContext.Provider>
          ) : (
            <BPlaceholder name={name} label={labels.b} />
          )}
        </div>
      ))}
      {bReady ? (
        <PanelBoundary title="Differences" resetKey={scenarioB}>
          <CompareDiff a={labels.a} b={labels.b} />
        </PanelBoundary>
      ) : null}
    </section>
  );
}

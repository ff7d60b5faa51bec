/**
 * Compare mode's differences: the statistics of A and B at the current cycle with B − A (rows
 * that differ marked), and the two event logs aligned cycle by cycle around the current cycle
 * (events only one side has marked), with jumps to the previous and next cycle that differs.
 */
import { count, plural } from '../../sim-core/kernel/words';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { SimEvent } from '../../sim-core/index';
import { logText } from '../../sim-core/index';
import type { Cell } from '../export/csv';
import { useLogQuery } from '../state/log-query';
import { actions, appStore, useApp } from '../state/store';
import { uiOf } from '../models/index';
import { statLabel } from '../views/stats/stat-labels';
import { bStore } from './compare-store';
import type { HashedWords } from '../worker/log-query/queries';
import { countOnly, diffLogs, diffStats, diffWorded, type CycleDiff, type DiffEvent } from './diff';

export function fmt(value: Cell): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return String(value);
    return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(4)));
  }
  return String(value);
}

const signed = (delta: number | null) =>
  delta === null || delta === 0 ? '' : `${delta > 0 ? '+' : '−'}${fmt(Math.abs(delta))}`;

/** The table of statistics, A beside B. */
function StatsDiff({ a, b }: { a: string; b: string }) {
  const statsA = useApp((s) => s.view?.frame.stats);
  const statsB = useStore(bStore, (s) => s.view?.frame.stats);
  const cycleA = useApp((s) => s.view?.cycle ?? 0);
  const cycleB = useStore(bStore, (s) => s.view?.cycle ?? 0);
  const endB = useStore(bStore, (s) => s.view?.lastCycle ?? 0);
  const model = useApp((s) => s.meta?.model ?? null);
  const [onlyDiffering, setOnlyDiffering] = useState(false);
  const rows = useMemo(() => {
    if (!statsA || !statsB || !model) return [];
    const labels = uiOf(model).statLabels;
    // In words: a path the model leaves out (an id numbering a list) is not a statistic.
    return diffStats(statsA, statsB).flatMap((r) => {
      const label = statLabel(labels, r.name);
      return label === null ? [] : [{ ...r, label: label ?? r.name }];
    });
  }, [statsA, statsB, model]);
  const differing = rows.filter((r) => r.differs).length;
  const shown = onlyDiffering ? rows.filter((r) => r.differs) : rows;
  return (
    <section className="cmp-diff-part" aria-labelledby="cmp-stats-title">
      <h3 id="cmp-stats-title">Statistics</h3>
      <p className="cmp-summary" data-testid="compare-stats-summary">
        {differing === 0 ? 'The same in A and B' : `${differing} of ${rows.length} differ`} at cycle{' '}
        {cycleA}
        {cycleB < cycleA && cycleB === endB ? ` (B's run ended at cycle ${endB})` : ''}.
      </p>
      <label className="cmp-check">
        <input
          type="checkbox"
          checked={onlyDiffering}
          onChange={(e) => setOnlyDiffering(e.target.checked)}
        />
        only those that differ
      </label>
      <div className="cmp-scroll" role="region" aria-label="Statistics of A and B" tabIndex={0}>
        <table className="vt-table cmp-stats" data-testid="compare-stats">
          <thead>
            <tr>
              <th scope="col">statistic</th>
              <th scope="col">A: {a}</th>
              <th scope="col">B: {b}</th>
              <th scope="col">B − A</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr
                key={r.name}
                className={r.differs ? 'cmp-differs' : undefined}
                data-differs={r.differs}
                data-testid="compare-stat"
              >
                <th scope="row">
                  {r.differs ? (
                    <>
                      <span className="cmp-mark" aria-hidden="true">
                        ≠{' '}
                      </span>
                      <span className="cmp-sr-only">differs: </span>
                    </>
                  ) : null}
                  {r.label}
                </th>
                <td className="num">{fmt(r.a)}</td>
                <td className="num">{fmt(r.b)}</td>
                <td className="num">{signed(r.delta)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const NO_EVENTS: SimEvent[] = [];
const NO_WORDS: HashedWords[] = [];

/** Cycle groups shown before and after the current cycle. */
const BEFORE = 8;
const AFTER = 4;

/** How a row differs: not at all, a changed event, or an event only one side has. */
type RowDiff = 'same' | 'changed' | 'A' | 'B';

const MARKS: Record<Exclude<RowDiff, 'same'>, [string, string]> = {
  changed: ['≠', 'differs'],
  A: ['−', 'only in A'],
  B: ['+', 'only in B'],
};

function Side({ e, diff }: { e: DiffEvent | null; diff: RowDiff }) {
  if (!e) return <td className="cmp-missing">—</td>;
  const mark = diff === 'same' ? null : MARKS[diff];
  return (
    <td className={mark ? 'cmp-only' : undefined}>
      {mark ? (
        <span className="cmp-mark">
          {mark[0]}
          <span className="cmp-sr-only"> {mark[1]}: </span>{' '}
        </span>
      ) : null}
      <span className="cmp-kind">{e.kind}</span> {e.text}
    </td>
  );
}

/** The two event logs aligned by cycle, around the current cycle. */
function LogDiff({ a, b }: { a: string; b: string }) {
  // While a run is still explored, both logs are compared up to the cycle both have reached.
  const loggedA = useApp((s) => (s.exploration.complete ? Infinity : s.exploration.logged));
  const loggedB = useStore(bStore, (s) =>
    s.exploration.complete ? Infinity : s.exploration.logged,
  );
  // A finite bound for the questions (JSON has no Infinity); both complete: the whole runs.
  const through = Math.min(loggedA, loggedB, Number.MAX_SAFE_INTEGER);
  const bothComplete = loggedA === Infinity && loggedB === Infinity;
  // Each run's log is in its own worker. The runs are aligned on hashes of their events' words
  // (the whole compared part: counts and jumps need it); only the cycles shown come as events.
  const hashesA = useLogQuery({ kind: 'wordHashes', from: 0, to: through }, appStore) ?? NO_WORDS;
  const hashesB = useLogQuery({ kind: 'wordHashes', from: 0, to: through }, bStore) ?? NO_WORDS;
  const metaA = useApp((s) => s.meta);
  const metaB = useStore(bStore, (s) => s.meta);
  const cycle = useApp((s) => s.view?.cycle ?? 0);
  const [onlyDiffering, setOnlyDiffering] = useState(true);
  const id = useId();

  const diff = useMemo(() => diffWorded(hashesA, hashesB), [hashesA, hashesB]);
  const counts = useMemo(() => countOnly(diff), [diff]);
  const differing = useMemo(() => diff.filter((d) => d.differs), [diff]);
  const groups = onlyDiffering ? differing : diff;
  // The last group at or before the current cycle, and a window around it.
  let at = -1;
  for (let i = 0; i < groups.length && groups[i]!.cycle <= cycle; i++) at = i;
  const outline = groups.slice(Math.max(0, at - BEFORE + 1), at + 1 + AFTER);
  // The shown cycles as text: a new list of the same cycles asks and aligns nothing again.
  const cyclesKey = outline.map((g) => g.cycle).join(',');
  const question = useMemo(
    () =>
      cyclesKey === ''
        ? null
        : { kind: 'atCycles' as const, cycles: cyclesKey.split(',').map(Number) },
    [cyclesKey],
  );
  const eventsA = useLogQuery(question, appStore);
  const eventsB = useLogQuery(question, bStore);
  // The shown cycles in words (aligned as their hashes were); one still on its way waits.
  const shown: CycleDiff[] = useMemo(() => {
    const worded = new Map(
      diffLogs(
        eventsA ?? NO_EVENTS,
        eventsB ?? NO_EVENTS,
        (e: SimEvent) => (metaA ? logText(e, metaA) : null),
        (e: SimEvent) => (metaB ? logText(e, metaB) : null),
      ).map((g) => [g.cycle, g]),
    );
    return (question?.cycles ?? []).flatMap((c) => worded.get(c) ?? []);
  }, [eventsA, eventsB, metaA, metaB, question]);
  const previous = [...differing].reverse().find((d) => d.cycle < cycle);
  const next = differing.find((d) => d.cycle > cycle);
  const here = diff.find((d) => d.cycle === cycle);
  const anchor = at >= 0 ? groups[at]!.cycle : null;

  // Keep the current cycle's group (or the last one before it) at the top of the scroll box.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const group = anchor === null ? null : el.querySelector(`tbody[data-cycle="${anchor}"]`);
    if (!group) {
      el.scrollTop = 0;
      return;
    }
    const head = el.querySelector('thead')?.getBoundingClientRect().height ?? 0;
    el.scrollTop += group.getBoundingClientRect().top - el.getBoundingClientRect().top - head;
  }, [anchor, onlyDiffering, shown]);

  return (
    <section className="cmp-diff-part" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Event logs, aligned by cycle</h3>
      <p className="cmp-key">
        The events the event log lists (cache hits and computing left out), matched by kind and
        words: − only in A, + only in B, ≠ the same step went differently.
      </p>
      <p className="cmp-summary" data-testid="compare-log-summary">
        {counts.cycles === 0
          ? 'The two runs have the same events, cycle for cycle.'
          : `${count(counts.cycles, 'cycle')} ${plural(counts.cycles, 'differs', 'differ')}: ${count(counts.a, 'event')} of A and ${counts.b} of B are not matched on the other side` +
            ` (first at cycle ${differing[0]!.cycle}).`}{' '}
        {here?.differs ? `This cycle differs.` : ''}
        {bothComplete ? '' : ` Compared up to cycle ${through}: the runs are still being explored.`}
      </p>
      <div className="cmp-log-tools">
        <button
          type="button"
          disabled={!previous}
          onClick={() => previous && void actions.seek(previous.cycle)}
          data-testid="compare-prev-diff"
        >
          ◀ previous difference
        </button>
        <button
          type="button"
          disabled={!next}
          onClick={() => next && void actions.seek(next.cycle)}
          data-testid="compare-next-diff"
        >
          next difference ▶
        </button>
        <label className="cmp-check">
          <input
            type="checkbox"
            checked={onlyDiffering}
            onChange={(e) => setOnlyDiffering(e.target.checked)}
          />
          only cycles that differ
        </label>
      </div>
      <div
        className="cmp-scroll"
        ref={box}
        role="region"
        aria-label="Event logs of A and B"
        tabIndex={0}
      >
        {outline.length === 0 ? (
          <p className="vt-empty">
            {groups.length === 0 ? 'Nothing to show.' : 'No differences up to this cycle.'}
          </p>
        ) : (
          <table className="vt-table cmp-log" data-testid="compare-log">
            <thead>
              <tr>
                <th scope="col">cycle</th>
                <th scope="col">A: {a}</th>
                <th scope="col">B: {b}</th>
              </tr>
            </thead>
            {shown.map((group) => (
              <tbody
                key={group.cycle}
                className={`${group.cycle === cycle ? 'cmp-now' : ''}${group.cycle > cycle ? ' cmp-future' : ''}`}
                data-cycle={group.cycle}
              >
                {group.rows.map((row, i) => {
                  const diff: RowDiff = row.same
                    ? 'same'
                    : row.a && row.b
                      ? 'changed'
                      : row.a
                        ? 'A'
                        : 'B';
                  return (
                    <tr
                      key={i}
                      className={row.same ? undefined : 'cmp-differs'}
                      data-differs={!row.same}
                      data-testid="compare-log-row"
                    >
                      {i === 0 ? (
                        <th scope="rowgroup" rowSpan={group.rows.length} className="num">
                          <button
                            type="button"
                            className="cmp-cycle"
                            aria-label={`Go to cycle ${group.cycle}`}
                            aria-current={group.cycle === cycle ? 'step' : undefined}
                            onClick={() => void actions.seek(group.cycle)}
                          >
                            {group.cycle}
                          </button>
                        </th>
                      ) : null}
                      <Side e={row.a} diff={diff} />
                      <Side e={row.b} diff={diff} />
                    </tr>
                  );
                })}
              </tbody>
            ))}
          </table>
        )}
      </div>
    </section>
  );
}

export function CompareDiff({ a, b }: { a: string; b: string }) {
  return (
    <section className="cmp-diff" aria-labelledby="cmp-diff-title" data-testid="compare-diff">
      <h2 id="cmp-diff-title">Differences</h2>
      <div className="cmp-diff-parts">
        <StatsDiff a={a} b={b} />
        <LogDiff a={a} b={b} />
      </div>
    </section>
  );
}

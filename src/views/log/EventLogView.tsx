/**
 * The event log, synced to time: the current cycle's rows highlighted and kept in view, later
 * rows dimmed (the timeline is explored ahead of the cursor), violations in red. Linked to the
 * views both ways: the rows about what a view has selected (a cache line's block, a queue slot, a
 * packet) are marked and can be shown alone, and choosing a row selects what it is about. Only
 * the rows near the visible area are in the DOM (fixed row height), so a 20,000-event log stays
 * fast; while a run is explored, only the new events' rows are built as the log grows.
 */
import { plural } from '../../../sim-core/kernel/words';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { hex, logStyle, logText, logWho, faceOf } from '../../../sim-core/index';
import type { LogStyle, ModelMeta, SimEvent } from '../../../sim-core/index';
import { uiOf } from '../../models/index';
import { actions, useApp, type Selection } from '../../state/store';
import { aboutTorus } from '../torus/log-links';
import { useSelectedPacket } from '../torus/selection';
import '../views-graphics.css';

const ROW_H = 26;
const OVERSCAN = 10;

interface Row {
  e: SimEvent;
  who: string;
  text: string;
  style: LogStyle;
  /** Lower-cased cycle, who and text, for the search box. */
  haystack: string;
}

/** A torus event of a packet that is not one of the model's own: another process's traffic. */
function isOtherTraffic(e: SimEvent, own: ReadonlySet<number>): boolean {
  return e.kind.startsWith('net.') && 'packet' in e && !own.has(e.packet);
}

function buildRows(
  log: readonly SimEvent[],
  meta: ModelMeta,
  own: ReadonlySet<number> | null,
): Row[] {
  const rows: Row[] = [];
  for (const e of log) {
    if (own && isOtherTraffic(e, own)) continue;
    const text = logText(e, meta);
    if (text === null) continue;
    const who = logWho(e, meta);
    rows.push({
      e,
      who,
      text,
      style: logStyle(e),
      haystack: `${e.cycle} ${who} ${text}`.toLowerCase(),
    });
  }
  return rows;
}

/** Rows already built for a log, reused when the log has only grown (exploration appends to it). */
interface Built {
  log: readonly SimEvent[];
  meta: ModelMeta;
  own: ReadonlySet<number> | null;
  rows: Row[];
}

/**
 * Builds rows, remembering the last log: only a log's new events' rows are built when it extends
 * the last one (the same events first, as exploration publishes it) with the same meta and filter.
 */
function rowBuilder() {
  let before: Built | null = null;
  return (log: readonly SimEvent[], meta: ModelMeta, own: ReadonlySet<number> | null): Row[] => {
    const n = before?.log.length ?? 0;
    const grew =
      before !== null &&
      before.meta === meta &&
      before.own === own &&
      log.length >= n &&
      (n === 0 || log[n - 1] === before.log[n - 1]);
    const rows = grew
      ? before!.rows.concat(buildRows(log.slice(n), meta, own))
      : buildRows(log, meta, own);
    before = { log, meta, own, rows };
    return rows;
  };
}

/** What a selection is, in words ("packet 7", "block 0x40"). */
function selectionWords(sel: NonNullable<Selection>, blockBytes: number | undefined): string {
  switch (sel.kind) {
    case 'block':
      return blockBytes ? `block ${hex(sel.block * blockBytes)}` : `block ${sel.block}`;
    case 'txn':
      return `bus transaction ${sel.txn}`;
    case 'packet':
      return `packet ${sel.packet}`;
    case 'router':
      return `router ${sel.router}`;
    case 'crPacket':
      return `Cranium packet ${sel.packet}`;
    case 'slot':
      return `slot ${sel.slot} of queue ${sel.queue} on node ${sel.node}`;
  }
}

/** Index of the first row at or after `cycle` (rows are in cycle order). */
function firstAtOrAfter(rows: readonly Row[], cycle: number): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid]!.e.cycle < cycle) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function EventLogView() {
  const log = useApp((s) => s.log);
  const meta = useApp((s) => s.meta);
  const cycle = useApp((s) => s.view?.cycle ?? 0);
  const [showTransitions, setShowTransitions] = useState(true);
  // A torus may carry other processes' packets besides the model's own: by default the log
  // leaves them out.
  const ownPackets = meta ? uiOf(meta.model).torusPackets : undefined;
  const own = useMemo(() => ownPackets?.own(log) ?? null, [ownPackets, log]);
  const [showOther, setShowOther] = useState(false);
  const hide = own && !showOther ? own : null;
  const [query, setQuery] = useState('');
  const search = useDeferredValue(query.trim().toLowerCase());
  // What the views have selected, and the torus packet that carries it (a Cranium packet's).
  const selection = useApp((s) => s.selection);
  const followed = useSelectedPacket();
  const [onlyLinked, setOnlyLinked] = useState(false);

  const [rowsFor] = useState(rowBuilder);
  const all = useMemo(
    () => (meta === null ? [] : rowsFor(log, meta, hide)),
    [rowsFor, log, meta, hide],
  );
  const linked = useMemo(() => {
    if (!meta || !selection) return null;
    const links = uiOf(meta.model).logLinks;
    const carrier = followed !== null ? ({ kind: 'packet', packet: followed } as const) : null;
    return new Set(
      all
        .filter(
          (r) =>
            links.about(r.e, selection, meta as never) ||
            (carrier !== null && aboutTorus(r.e, carrier)),
        )
        .map((r) => r.e.seq),
    );
  }, [all, meta, selection, followed]);
  const rows = useMemo(
    () =>
      all.filter(
        (r) =>
          (showTransitions || r.style !== 'transition') &&
          (search === '' || r.haystack.includes(search)) &&
          (!onlyLinked || !linked || linked.has(r.e.seq)),
      ),
    [all, showTransitions, search, onlyLinked, linked],
  );
  const choose = (row: Row) => {
    void actions.seek(row.e.cycle);
    const subject = meta ? uiOf(meta.model).logLinks.subject(row.e, meta as never) : null;
    if (subject) actions.select(subject);
  };
  const first = firstAtOrAfter(rows, cycle);
  const after = firstAtOrAfter(rows, cycle + 1);

  const scrollRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewH, setViewH] = useState(400);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const pendingFocus = useRef<number | null>(null);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setViewH(el.clientHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Keep the current cycle's rows in view; only the log scrolls, never the page.
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const top = first * ROW_H;
    const bottom = Math.max(after, first + 1) * ROW_H;
    // Scroll when a row of context above, or two rows of what comes next, would be hidden.
    const margin = Math.min(2 * ROW_H, Math.max(0, el.clientHeight - (bottom - top)) / 2);
    if (
      top - Math.min(ROW_H, margin) < el.scrollTop ||
      bottom + margin > el.scrollTop + el.clientHeight
    ) {
      // Some earlier rows for context, but never at the cost of hiding this cycle's rows.
      const context = Math.max(0, Math.min(el.clientHeight / 3, el.clientHeight - (bottom - top)));
      el.scrollTop = Math.max(0, top - Math.floor(context / ROW_H) * ROW_H);
      setScrollTop(el.scrollTop);
    }
  }, [first, after]);

  // Arrow keys move focus to a row that may only exist after this render.
  useEffect(() => {
    const i = pendingFocus.current;
    if (i === null) return;
    pendingFocus.current = null;
    scrollRef.current
      ?.querySelector<HTMLElement>(`[data-index="${i}"]`)
      ?.focus({ preventScroll: true });
  });

  const start = Math.max(0, Math.floor(scrollTop / ROW_H) - OVERSCAN);
  const end = Math.min(rows.length, Math.ceil((scrollTop + viewH) / ROW_H) + OVERSCAN);
  const inWindow = (i: number | null): i is number => i !== null && i >= start && i < end;
  // One row is the log's tab stop (roving focus): the last focused one, else the current cycle's.
  const tabStop = inWindow(focusIndex) ? focusIndex : inWindow(first) ? first : start;

  const moveFocus = (i: number) => {
    const el = scrollRef.current;
    const j = Math.max(0, Math.min(rows.length - 1, i));
    if (el) {
      if (j * ROW_H < el.scrollTop) el.scrollTop = j * ROW_H;
      else if ((j + 1) * ROW_H > el.scrollTop + el.clientHeight)
        el.scrollTop = (j + 1) * ROW_H - el.clientHeight;
      setScrollTop(el.scrollTop);
    }
    setFocusIndex(j);
    pendingFocus.current = j;
  };

  const onRowKey = (e: KeyboardEvent, i: number, row: Row) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      setFocusIndex(i);
      choose(row);
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      moveFocus(i + (e.key === 'ArrowDown' ? 1 : -1));
    }
  };

  return (
    <div className="vg-log" data-testid="event-log">
      <div className="vg-log-tools">
        <input
          type="search"
          placeholder="Search the log"
          aria-label="Search the event log"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <label>
          <input
            type="checkbox"
            checked={showTransitions}
            onChange={(e) => setShowTransitions(e.target.checked)}
          />
          show protocol transitions
        </label>
        {own ? (
          <label>
            <input
              type="checkbox"
              checked={showOther}
              onChange={(e) => setShowOther(e.target.checked)}
              data-testid="log-show-other"
            />
            show other processes&apos; network traffic
          </label>
        ) : null}
        {selection && linked && meta ? (
          <span className="vg-log-linked-tools" data-testid="log-linked">
            <span className="vg-log-linked-mark" aria-hidden="true" />
            {linked.size} about{' '}
            {selectionWords(selection, faceOf(meta.model).capabilities.blockBytes?.(meta as never))}
            <label>
              <input
                type="checkbox"
                checked={onlyLinked}
                onChange={(e) => setOnlyLinked(e.target.checked)}
                data-testid="log-only-linked"
              />
              only these
            </label>
            <button type="button" onClick={() => actions.select(null)}>
              Clear the selection
            </button>
          </span>
        ) : null}
        <span className="vg-log-count" aria-live="polite">
          {rows.length === all.length
            ? `${all.length.toLocaleString('en')} ${plural(all.length, 'event')}`
            : `${rows.length.toLocaleString('en')} of ${all.length.toLocaleString('en')} ${plural(all.length, 'event')}`}
        </span>
      </div>
      <div
        className="vg-log-scroll"
        ref={scrollRef}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        aria-label="Event log: activate a row to go to its cycle"
        role="region"
      >
        {rows.length === 0 ? (
          <p className="vg-log-empty">
            {all.length === 0 ? 'No events yet.' : 'No events match the search.'}
          </p>
        ) : (
          <div style={{ height: rows.length * ROW_H, position: 'relative' }}>
            {rows.slice(start, end).map((row, k) => {
              const i = start + k;
              const when = row.e.cycle === cycle ? 'now' : row.e.cycle > cycle ? 'future' : 'past';
              const about = linked?.has(row.e.seq) ?? false;
              return (
                <div
                  key={row.e.seq}
                  className={`vg-log-row vg-${when} vg-${row.style}${about ? ' vg-linked' : ''}`}
                  style={{ top: i * ROW_H, height: ROW_H }}
                  role="button"
                  tabIndex={i === tabStop ? 0 : -1}
                  data-testid="log-row"
                  data-cycle={row.e.cycle}
                  data-index={i}
                  data-linked={about ? 'true' : undefined}
                  aria-current={when === 'now' ? 'true' : undefined}
                  onClick={() => {
                    setFocusIndex(i);
                    choose(row);
                  }}
                  onKeyDown={(e) => onRowKey(e, i, row)}
                >
                  <span className="vg-log-cycle">{row.e.cycle}</span>
                  <span className="vg-log-who">{row.who}</span>
                  <span className="vg-log-text" title={row.text}>
                    {row.text}
                  </span>
                  {when === 'future' && <span className="vg-sr-only">(future)</span>}
                  {about && <span className="vg-sr-only">(about the selection)</span>}
                </div>
              );
            })}
            {first === after && (
              <div
                className="vg-log-now-line"
                style={{ top: first * ROW_H - 1 }}
                aria-hidden="true"
                title={`Cycle ${cycle}: no events`}
              />
            )}
          </div>
        )}
      </div>
    </div>
  );
}

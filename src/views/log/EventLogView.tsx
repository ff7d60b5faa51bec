/**
 * The event log, synced to time: the current cycle's rows highlighted and kept in view, later
 * rows dimmed (the timeline is explored ahead of the cursor), violations in red. Linked to the
 * views both ways: the rows about what a view has selected (a cache line's block, a queue slot, a
 * packet) are marked and can be shown alone, and choosing a row selects what it is about. The log
 * lives in the worker: the view asks it for the rows near the visible area (fixed row height),
 * filtered and searched there (worker/log-query/log-rows.ts), so a log of millions of events
 * costs the page a few dozen rows.
 */
import { plural } from '../../../sim-core/kernel/words';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { hex, faceOf } from '../../../sim-core/index';
import { useLogQuery } from '../../state/log-query';
import { actions, useApp, type Selection } from '../../state/store';
import type { LogQuestion, LogRow } from '../../worker/log-query/queries';
import { useSelectedPacket } from '../torus/selection';
import '../views-graphics.css';

const ROW_H = 26;
const OVERSCAN = 10;

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

export function EventLogView() {
  const meta = useApp((s) => s.meta);
  const cycle = useApp((s) => s.view?.cycle ?? 0);
  const [showTransitions, setShowTransitions] = useState(true);
  // A torus may carry other processes' packets besides the model's own: by default the log
  // leaves them out.
  const [showOther, setShowOther] = useState(false);
  const [query, setQuery] = useState('');
  const search = useDeferredValue(query.trim().toLowerCase());
  // What the views have selected, and the torus packet that carries it (a Cranium packet's).
  const selection = useApp((s) => s.selection);
  const followed = useSelectedPacket();
  const [onlyLinked, setOnlyLinked] = useState(false);

  const scrollRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewH, setViewH] = useState(400);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const pendingFocus = useRef<number | null>(null);

  // The rows near the visible area, asked of the log in the worker with the filters.
  const windowStart = Math.max(0, Math.floor(scrollTop / ROW_H) - OVERSCAN);
  const windowEnd = Math.ceil((scrollTop + viewH) / ROW_H) + OVERSCAN;
  const answer = useLogQuery<Extract<LogQuestion, { kind: 'rows' }>>(
    meta === null
      ? null
      : {
          kind: 'rows',
          filter: {
            transitions: showTransitions,
            search,
            hideOther: !showOther,
            selection,
            followed,
            onlyLinked,
          },
          start: windowStart,
          end: windowEnd,
          cycle,
        },
  );
  const all = answer?.all ?? 0;
  const matched = answer?.matched ?? 0;
  const linkedCount = selection ? (answer?.linked ?? null) : null;
  const choose = (row: LogRow) => {
    void actions.seek(row.e.cycle);
    const subject = meta ? faceOf(meta.model).logLinks.subject(row.e, meta as never) : null;
    if (subject) actions.select(subject);
  };
  const first = answer?.first ?? 0;
  const after = answer?.after ?? 0;

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

  // Arrow keys move focus to a row that may only exist once the worker has sent it.
  useEffect(() => {
    const i = pendingFocus.current;
    if (i === null) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${i}"]`);
    if (!row) return;
    pendingFocus.current = null;
    row.focus({ preventScroll: true });
  });

  // The rows of the last answer (it may be a scroll or a step behind for a moment).
  const rows = answer?.rows ?? [];
  const start = answer?.start ?? 0;
  const end = start + rows.length;
  const inWindow = (i: number | null): i is number => i !== null && i >= start && i < end;
  // One row is the log's tab stop (roving focus): the last focused one, else the current cycle's.
  const tabStop = inWindow(focusIndex) ? focusIndex : inWindow(first) ? first : start;

  const moveFocus = (i: number) => {
    const el = scrollRef.current;
    const j = Math.max(0, Math.min(matched - 1, i));
    if (el) {
      if (j * ROW_H < el.scrollTop) el.scrollTop = j * ROW_H;
      else if ((j + 1) * ROW_H > el.scrollTop + el.clientHeight)
        el.scrollTop = (j + 1) * ROW_H - el.clientHeight;
      setScrollTop(el.scrollTop);
    }
    setFocusIndex(j);
    pendingFocus.current = j;
  };

  const onRowKey = (e: KeyboardEvent, i: number, row: LogRow) => {
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
        {answer?.tellsOwn ? (
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
        {selection && linkedCount !== null && meta ? (
          <span className="vg-log-linked-tools" data-testid="log-linked">
            <span className="vg-log-linked-mark" aria-hidden="true" />
            {linkedCount} about{' '}
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
          {answer === null
            ? null
            : matched === all
              ? `${all.toLocaleString('en')} ${plural(all, 'event')}`
              : `${matched.toLocaleString('en')} of ${all.toLocaleString('en')} ${plural(all, 'event')}`}
        </span>
      </div>
      <div
        className="vg-log-scroll"
        ref={scrollRef}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        aria-label="Event log: activate a row to go to its cycle"
        role="region"
      >
        {answer === null ? null : matched === 0 ? (
          <p className="vg-log-empty">
            {all === 0 ? 'No events yet.' : 'No events match the search.'}
          </p>
        ) : (
          <div style={{ height: matched * ROW_H, position: 'relative' }}>
            {rows.map((row, k) => {
              const i = start + k;
              const when = row.e.cycle === cycle ? 'now' : row.e.cycle > cycle ? 'future' : 'past';
              const about = row.linked;
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

/**
 * A row of bus transactions as Gantt bars, true to scale (an INV is visibly cheaper than an RD),
 * shared by every model's bus timeline: each bar is a button whose name says what it was and why;
 * one bar is the row's tab stop, ← and → move between bars, Enter goes to the cycle it was
 * granted. A bar too narrow for its name carries its kind's pattern (txn-patterns.tsx).
 */
import type { KeyboardEvent } from 'react';
import { inkFor, UNKNOWN_TXN } from '../../d3/colour';
import { actions } from '../../state/store';
import { txnColours } from '../../theme/states';
import { patternId } from './txn-patterns';
import './txn-bars.css';

export interface TxnBar {
  id: number;
  kind: string;
  agent: string;
  /** Cycles on the row's axis (a timeline of several runs may shift them to a common start). */
  from: number;
  to: number;
  /** The cycle Enter and a click go to (the run's own cycle). */
  at: number;
  posted?: boolean;
  /** The bar's words for its name and title: what it was, and why. */
  words: string;
}

/** Bold 12px label width per character: an estimate, so layout needs no DOM measuring. */
const CHAR_W = 7.6;

export function TxnBars({
  bars,
  x,
  y,
  height,
  patterns,
  currentId = null,
  focusedId,
  onFocus,
  onHover,
  seek = (cycle) => void actions.seek(cycle),
  testId = 'bus-txn',
}: {
  bars: readonly TxnBar[];
  x: (cycle: number) => number;
  y: number;
  height: number;
  /** The id prefix of the view's transaction patterns. */
  patterns: string;
  currentId?: number | null;
  focusedId: number | null;
  onFocus: (id: number) => void;
  onHover: (id: number | null) => void;
  seek?: ((cycle: number) => void) | null;
  testId?: string;
}) {
  // The row's tab stop: the bar last focused if still shown, else the newest.
  const stop = bars.some((t) => t.id === focusedId) ? focusedId : (bars.at(-1)?.id ?? null);
  const onKey = (e: KeyboardEvent<SVGGElement>, i: number, t: TxnBar) => {
    if ((e.key === 'Enter' || e.key === ' ') && seek) {
      e.preventDefault();
      seek(t.at);
    } else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      // Arrows move between bars here; they must not also step time (the window's shortcut).
      e.preventDefault();
      e.stopPropagation();
      const next =
        bars[Math.max(0, Math.min(bars.length - 1, i + (e.key === 'ArrowRight' ? 1 : -1)))];
      if (!next) return;
      onFocus(next.id);
      e.currentTarget.parentElement?.querySelector<SVGGElement>(`[data-txn="${next.id}"]`)?.focus();
    }
  };
  return (
    <>
      {bars.map((t, i) => {
        const colour = txnColours[t.kind] ?? UNKNOWN_TXN;
        const bx = x(t.from);
        const bw = Math.max(3, x(t.to) - bx);
        const long = `${t.kind} ${t.agent}`;
        const text =
          long.length * CHAR_W + 8 <= bw ? long : t.kind.length * CHAR_W + 6 <= bw ? t.kind : '';
        const now = currentId === t.id;
        return (
          <g
            key={t.id}
            className={`bv-bar${now ? ' bv-current' : ''}${t.posted ? ' bv-posted' : ''}`}
            role="button"
            tabIndex={t.id === stop ? 0 : -1}
            aria-label={`${t.words}${now ? ', on the bus now' : ''}${seek ? `. Enter goes to cycle ${t.at}` : ''}`}
            data-testid={`${testId}-${t.id}`}
            data-txn={t.id}
            data-kind={t.kind}
            onClick={seek ? () => seek(t.at) : undefined}
            onKeyDown={(e) => onKey(e, i, t)}
            onFocus={() => onFocus(t.id)}
            onMouseEnter={() => onHover(t.id)}
            onMouseLeave={() => onHover(null)}
          >
            <title>{t.words}</title>
            <rect x={bx} y={y} width={bw} height={height} fill={colour} />
            {text ? (
              <text x={bx + 4} y={y + height / 2} dy="0.35em" fill={inkFor(colour)}>
                {text}
              </text>
            ) : (
              <rect
                className="bv-pattern"
                x={bx}
                y={y}
                width={bw}
                height={height}
                fill={`url(#${patternId(patterns, t.kind)})`}
              />
            )}
          </g>
        );
      })}
    </>
  );
}

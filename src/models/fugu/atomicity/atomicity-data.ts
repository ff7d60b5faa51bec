/**
 * The atomicity timeline's data, read from the event log for one node: the phase-ledger slices in
 * three lanes (the user thread, the atomic handler, the kernel and its stubs), the UAC bits as
 * intervals, the atomicity timer's counter at each change, and, for the message chosen, its
 * stages beside Table 4-4's (or Table 4-5's) column.
 */
import type { PhaseSlice, SimEvent } from '../../../../sim-core/index';
import type { FuguMeta } from '../selection';

export type LaneName = 'user thread' | 'atomic handler' | 'kernel and stubs';

export const LANE_OF: Readonly<Record<string, LaneName>> = {
  thread: 'user thread',
  handler: 'atomic handler',
  stub: 'kernel and stubs',
  kernel: 'kernel and stubs',
  PhOS: 'kernel and stubs',
};

export interface Band {
  bit: 'interruptDisable' | 'disposePending' | 'atomicityExtend' | 'timerForce';
  start: number;
  end: number;
}

export interface TimerPoint {
  cycle: number;
  counter: number;
  counting: boolean;
}

export interface NodeHistory {
  slices: PhaseSlice[];
  bands: Band[];
  timer: TimerPoint[];
  messages: number[];
}

type Stamped = SimEvent & { cycle: number };

/**
 * Everything the timeline draws for `node`: slices announced by `cycle` (a slice is announced at
 * its start, so its end may lie ahead), the UAC bits and the timer up to `cycle`.
 */
export function nodeHistory(log: readonly SimEvent[], node: number, cycle: number): NodeHistory {
  const slices: PhaseSlice[] = [];
  const bands: Band[] = [];
  const open = new Map<Band['bit'], number>();
  const timer: TimerPoint[] = [];
  for (const raw of log) {
    const e = raw as Stamped;
    if (e.cycle > cycle) break;
    if (!('node' in e) || e.node !== node) continue;
    if (e.kind === 'phase' && e.actor in LANE_OF) slices.push(e);
    else if (e.kind === 'fugu.uac') {
      if (e.value) open.set(e.bit, e.cycle);
      else if (open.has(e.bit)) {
        bands.push({ bit: e.bit, start: open.get(e.bit)!, end: e.cycle + 1 });
        open.delete(e.bit);
      }
    } else if (e.kind === 'fugu.timer')
      timer.push({ cycle: e.cycle, counter: e.counter, counting: e.what === 'enabled' });
  }
  for (const [bit, start] of open) bands.push({ bit, start, end: cycle + 1 });
  const messages = [...new Set(slices.filter((s) => s.part !== null).map((s) => s.message))];
  return { slices, bands, timer, messages };
}

export interface LedgerRow {
  label: string;
  seed: number | null;
  ours: number | null;
  source: string;
}

/** The chosen message's stages on this node beside the seed's column for the run's atomicity. */
export function ledgerRows(
  meta: FuguMeta,
  slices: readonly PhaseSlice[],
  message: number,
): LedgerRow[] {
  const mine = slices.filter((s) => s.message === message && s.part !== null);
  const parts = new Set(mine.map((s) => s.part));
  const rows: LedgerRow[] = [];
  const measured = (label: string) => {
    const ss = mine.filter((s) => s.phase === label);
    return ss.length ? ss.reduce((t, s) => t + s.end - s.start, 0) : null;
  };
  const table44 = meta.table44.filter((r) =>
    ['poll', 'pollDispatch', 'pollHandler'].includes(r.stage)
      ? parts.has('Table 4-4 receive (polling)')
      : ['describe', 'launch'].includes(r.stage)
        ? parts.has('Table 4-4 send')
        : parts.has('Table 4-4 receive (interrupt)'),
  );
  for (const r of table44) {
    const seed = r.cycles[meta.atomicity];
    const polling = ['poll', 'pollDispatch', 'pollHandler'].includes(r.stage);
    // The same words name the null handler in both receive columns: count each column's own.
    const ours = polling
      ? sumOf(mine.filter((s) => s.part === 'Table 4-4 receive (polling)' && s.phase === r.label))
      : r.stage === 'nullHandler'
        ? sumOf(
            mine.filter((s) => s.part === 'Table 4-4 receive (interrupt)' && s.phase === r.label),
          )
        : measured(r.label);
    rows.push({ label: r.label, seed: seed === 0 ? null : seed, ours, source: r.source });
  }
  for (const s of mine.filter((x) => x.part !== null && !x.part.startsWith('Table 4-4'))) {
    rows.push({
      label: s.phase,
      seed: TABLE_4_5[s.phase] ?? null,
      ours: s.end - s.start,
      source: s.source,
    });
  }
  return rows;
}

const sumOf = (ss: readonly PhaseSlice[]) =>
  ss.length ? ss.reduce((t, s) => t + s.end - s.start, 0) : null;

/** Table 4-5's minimum costs by stage name, for the rows of the buffered path [004 L899-905]. */
const TABLE_4_5: Readonly<Record<string, number>> = {
  'Buffer insert (mismatch-available)': 180,
  'vmalloc of a fresh page': 2982,
  'Execute null handler from buffer': 52,
};

/** A stretch of cycles the timeline draws: around the chosen message's slices. */
export interface Window {
  from: number;
  to: number;
}

/** Cycles of margin around a slice; quieter stretches longer than GAP_MIN are cut out. */
const MARGIN = 10;
const GAP_MIN = 120;

/**
 * The stretches around the chosen message's slices on this node that have begun by `cycle`, and
 * the UAC bands that overlap them (a handler stuck past its slices, the timer counting down): a
 * message's life is bursts of work (send, insert, extract…) between long waits, so the waits are
 * cut out and drawn as a gap mark, and the bursts keep their width. A stretch appears when it
 * begins (no hint of what comes).
 */
export function windowsOf(h: NodeHistory, message: number, cycle: number): Window[] {
  const work = h.slices
    .filter((s) => s.message === message && s.start <= cycle)
    .map((s) => ({ from: s.start - MARGIN, to: Math.max(s.end, s.start + 40) + MARGIN }));
  const held = h.bands
    .filter((b) => b.start <= cycle)
    .map((b) => ({ from: b.start - MARGIN, to: Math.min(b.end, cycle + 1) + MARGIN }))
    .filter((b) => work.some((w) => b.from < w.to && w.from < b.to));
  const windows: Window[] = [];
  for (const span of [...work, ...held].sort((p, q) => p.from - q.from)) {
    const last = windows.at(-1);
    if (last && span.from - last.to < GAP_MIN) last.to = Math.max(last.to, span.to);
    else windows.push({ ...span });
  }
  return windows;
}

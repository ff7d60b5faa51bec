/**
 * The phases view's layout from the ledger: one message's slices as seen at the current cycle,
 * one lane per actor on a node (in order of first appearance), and the axis the whole message
 * will need (so the picture does not rescale as the student steps).
 */
import {
  anatomy,
  ledgerMessages,
  PHASE_CATEGORY_INFO,
  sliceAt,
  type Anatomy,
  type PhaseSlice,
} from '../../../sim-core/index';

export interface Lane {
  key: string;
  node: number;
  actor: string;
  slices: PhaseSlice[];
}

export interface MessageLedger {
  message: number;
  /** The axis: the message's first start to its last end over the whole run. */
  start: number;
  end: number;
  lanes: Lane[];
  /** The anatomy of what has happened by now (null before the first slice). */
  now: Anatomy | null;
  /** Slices begun by now, software ones left out when hidden. */
  visible: PhaseSlice[];
}

/** The messages with slices in the log, in order of their first slice. */
export const messagesIn = (slices: readonly PhaseSlice[]) => ledgerMessages(slices);

export function messageLedger(
  all: readonly PhaseSlice[],
  message: number,
  cycle: number,
  hideSoftware: boolean,
): MessageLedger {
  const mine = all.filter((s) => s.message === message);
  const shown = mine.filter((s) => !(hideSoftware && PHASE_CATEGORY_INFO[s.category].software));
  const visible = shown.flatMap((s) => sliceAt(s, cycle) ?? []);
  const lanes = new Map<string, Lane>();
  for (const s of shown) {
    const key = `${s.node}:${s.actor}`;
    if (!lanes.has(key)) lanes.set(key, { key, node: s.node, actor: s.actor, slices: [] });
  }
  for (const s of visible) lanes.get(`${s.node}:${s.actor}`)!.slices.push(s);
  return {
    message,
    start: mine.reduce((m, s) => Math.min(m, s.start), Infinity),
    end: mine.reduce((m, s) => Math.max(m, s.end), -Infinity),
    lanes: [...lanes.values()],
    now: anatomy(visible),
    visible,
  };
}

/**
 * The stretches of a message's time during which slices of two or more categories ran at once:
 * what a design saves by overlapping (EDT's fetch under the user's writes), drawn shaded.
 */
export function overlapIntervals(slices: readonly PhaseSlice[]): { start: number; end: number }[] {
  const edges = [...new Set(slices.flatMap((s) => [s.start, s.end]))].sort((a, b) => a - b);
  const out: { start: number; end: number }[] = [];
  for (let i = 0; i + 1 < edges.length; i++) {
    const [a, b] = [edges[i]!, edges[i + 1]!];
    const categories = new Set(
      slices.filter((s) => s.start <= a && s.end >= b).map((s) => s.category),
    );
    if (categories.size < 2) continue;
    const last = out.at(-1);
    if (last && last.end === a) last.end = b;
    else out.push({ start: a, end: b });
  }
  return out;
}

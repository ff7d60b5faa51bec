/** The race's events in words (the narration and the event log), and its quiet moments. */
import { PHASE_CATEGORY_INFO } from '../ledger/phase-events';
import type { EventVocabulary } from '../model';
import type { BenchEvent } from './bench-events';
import type { BenchFrame, BenchMeta } from './bench-frame';

/** "1,234 ns" or "12.3 µs". */
export function nsWords(ns: number): string {
  return ns < 10_000
    ? `${Math.round(ns).toLocaleString('en-GB')} ns`
    : `${(ns / 1000).toFixed(1)} µs`;
}

const labelOf = (meta: BenchMeta, lane: number) => meta.lanes[lane]?.label ?? `NI ${lane}`;

export const benchVocabulary: EventVocabulary<BenchEvent, BenchMeta> = {
  narration: {
    'bench.send': (e, meta) =>
      `${labelOf(meta, e.lane)}: the user's send of ${meta.bytes} B starts (${meta.provenance}).`,
    'bench.phase': (e, meta) =>
      `${labelOf(meta, e.lane)}: ${e.actor} — ${e.phase} (${PHASE_CATEGORY_INFO[e.category].label}).`,
    'bench.delivered': (e, meta) =>
      `${labelOf(meta, e.lane)} delivers ${e.rank === 1 ? 'first' : `no. ${e.rank}`}: the receiver's user code has the message after ${nsWords(e.ns)} (${e.cycles.toLocaleString('en-GB')} of its cycles).`,
    'bench.unavailable': (e, meta) =>
      `${labelOf(meta, e.lane)} cannot send this message: ${e.why}.`,
  },
  log: {
    who: {
      'bench.send': (e) => e.ni,
      'bench.phase': (e) => e.ni,
      'bench.delivered': (e) => e.ni,
      'bench.unavailable': (e) => e.ni,
    },
    style: { 'bench.phase': 'transition' },
  },
};

export function narrateQuietBench(frame: BenchFrame, meta: BenchMeta): string {
  const sending = frame.lanes.filter((l) => l.status === 'sending').length;
  const done = frame.lanes.filter((l) => l.status === 'delivered').length;
  if (sending === 0)
    return `${done} of ${meta.lanes.length} NIs have delivered the ${meta.bytes}-B message.`;
  return `${nsWords(frame.cycle)} into the race: ${done} delivered, ${sending} still under way.`;
}

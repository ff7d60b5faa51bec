/**
 * The race's "predict, then see" question: which NI's receiver has the message next. Read from
 * the log's deliveries alone; the options are the NIs still under way at the checkpoint.
 */
import { PHASE_CATEGORIES, PHASE_CATEGORY_INFO } from '../ledger/phase-events';
import {
  eventsFrom,
  exploreThrough,
  firstAfter,
  logEvents,
  type PredictionKindSpec,
} from '../teaching/prediction-kind';
import type { EventStamp } from '../trace/common-events';
import type { BenchEvent } from './bench-events';
import type { BenchFrame, BenchMeta } from './bench-frame';
import { nsWords } from './bench-narrate';

type Delivered = Extract<BenchEvent, { kind: 'bench.delivered' }> & EventStamp;

const isDelivery = (e: BenchEvent & EventStamp): e is Delivered => e.kind === 'bench.delivered';

/** The category that took most of a lane's latency, in words. */
function dominant(meta: BenchMeta, lane: number): string {
  const a = meta.lanes[lane]?.row.anatomy;
  if (!a) return 'no anatomy measured';
  const top = [...PHASE_CATEGORIES].sort((x, y) => a.byCategory[y] - a.byCategory[x])[0]!;
  const total = PHASE_CATEGORIES.reduce((t, c) => t + a.byCategory[c], 0);
  return `${PHASE_CATEGORY_INFO[top].label} ${Math.round((100 * a.byCategory[top]) / Math.max(1, total))} %`;
}

export const nextDelivery: PredictionKindSpec<BenchEvent, BenchMeta, BenchFrame> = {
  name: 'benchNextDelivery',
  title: 'Which NI delivers next',
  panels: ['race'],
  find(run, cycle) {
    for (const [e, index] of eventsFrom(run, firstAfter(run.log, cycle)))
      if (isDelivery(e))
        return {
          event: e,
          index,
          facts: {},
          deciding: [e],
          value: e.ni,
          shownAt: e.cycle,
        };
    return null;
  },
  ask(run, cycle) {
    exploreThrough(run, cycle);
    const done = new Set(
      [...logEvents(run.log, 0, run.log.firstAtCycle(cycle + 1))]
        .filter(isDelivery)
        .map((e) => (e as Delivered).ni),
    );
    const options = run.meta.lanes
      .filter((l) => l.row.latencyNs !== null && !done.has(l.variant))
      .map((l) => ({
        value: l.variant,
        label: l.label,
        short: l.variant,
        // A long list comes as a grid: one row per model.
        group: l.model.toUpperCase(),
      }));
    return {
      prompt: `Which NI's receiver has the ${run.meta.bytes}-B message next?`,
      options,
    };
  },
  explain(run, found) {
    const e = found.event as Delivered;
    return {
      text: `${run.meta.lanes[e.lane]?.label ?? e.ni} delivers after ${nsWords(e.ns)} (${e.cycles.toLocaleString('en-GB')} of its own cycles); most of it: ${dominant(run.meta, e.lane)}.`,
      rules: [],
    };
  },
  shown: (_frame, events) => events.filter(isDelivery).map((e) => e.ni),
};

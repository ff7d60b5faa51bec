/**
 * The charts of round2-spec §B3.3, as sweeps the worker runs point by point (seed 004 Ch. 7):
 * f_buf against the interactive job's share f (Fig. 7-11, with f_buf = f), the most buffer pages
 * against the overflow threshold (Fig. 7-24, with y = x + 2), and the slowdown against f between
 * the bounds 1/(1−f) and 1/(1−f)^P and the coscheduling line at 2 (Figs. 7-7 to 7-9). Each point
 * runs a synthetic workload (workloads.ts): application look-alikes with Table 7-2's rates.
 */
import { interactiveScenario, runawayScenario, runSpec } from './workloads';

export type FuguChart = 'fbuf' | 'pages' | 'slowdown';

export interface FuguSweepRequest {
  chart: FuguChart;
  /** Processors for the f charts (the seed's mixed workload ran on 16). */
  nodes: number;
}

export interface FuguSweepPoint {
  chart: FuguChart;
  series: string;
  x: number;
  y: number | null;
  outcome: 'done' | 'cap' | 'error';
  problem: string;
}

/** Each chart's x values and measured series (look-alikes, or the runaway sender). */
export const FUGU_CHARTS: Readonly<
  Record<FuguChart, { xs: readonly number[]; series: readonly string[] }>
> = {
  fbuf: { xs: [0, 0.05, 0.1, 0.2, 0.3], series: ['enum', 'barnes'] },
  pages: { xs: [3, 5, 8, 12], series: ['runaway'] },
  slowdown: { xs: [0.05, 0.1, 0.2, 0.3], series: ['barrier', 'compute'] },
};

/** Messages per process of the f charts' look-alikes (the compute job's 1,000-cycle steps). */
const MESSAGES: Readonly<Record<string, number>> = {
  enum: 30,
  barnes: 12,
  barrier: 45,
  compute: 40,
};

export function fuguSweepPlan(request: FuguSweepRequest): { series: string; x: number }[] {
  const c = FUGU_CHARTS[request.chart];
  return c.series.flatMap((series) => c.xs.map((x) => ({ series, x })));
}

/** The analytic lines the slowdown chart draws beside the measured points [004 L1416-1424]. */
export const slowdownBounds = (f: number, processors: number) => ({
  best: 1 / (1 - f),
  worst: 1 / (1 - f) ** processors,
  coscheduled: 2,
});

function measure(request: FuguSweepRequest, series: string, x: number): number | null {
  const n = request.nodes;
  if (request.chart === 'pages') return runSpec(runawayScenario(x, 60)).stats.maxPagesPerProcess;
  const run = (f: number) => runSpec(interactiveScenario(series, n, MESSAGES[series] ?? 20, f));
  if (request.chart === 'fbuf') return run(x).stats.fbuf;
  const alone = run(0).stats.apps[0]!.runtime;
  const mixed = run(x).stats.apps[0]!.runtime;
  return alone > 0 && mixed > 0 ? mixed / alone : null;
}

export function fuguSweepPoint(
  request: FuguSweepRequest,
  series: string,
  x: number,
): FuguSweepPoint {
  try {
    const y = measure(request, series, x);
    return {
      chart: request.chart,
      series,
      x,
      y,
      outcome: y === null ? 'cap' : 'done',
      problem: y === null ? 'the run did not finish' : '',
    };
  } catch (e) {
    return {
      chart: request.chart,
      series,
      x,
      y: null,
      outcome: 'error',
      problem: e instanceof Error ? e.message : String(e),
    };
  }
}

/**
 * Sharing a sweep between two workers (issue 18: the default bench in under 10 s on two cores).
 * A sweep's points are independent and each a pure function of the scenario and the request, so
 * a second worker can rebuild the same plan and run some of them: the result does not depend on
 * where a point ran. A plan opts in by giving its jobs a `group` (the bench's NI and size, whose
 * provenances share runs): whole groups alternate between the workers, in plan order, so each
 * gets every model's share. The sweep's worker runs the even groups and reports the helper's
 * points as they come; the result is in plan order either way.
 */
import { moduleOf, parseScenario } from '../../sim-core/index';
import type { SweepJob as Job } from '../../sim-core/model';

/** Which of a plan's jobs each worker runs: [the sweep's worker's, the helper's] (by index). */
export function shareOf(jobs: readonly Job[]): [number[], number[]] {
  const groups = new Map<string, number>();
  const mine: number[] = [];
  const theirs: number[] = [];
  jobs.forEach((job, i) => {
    if (job.group === undefined) return mine.push(i);
    if (!groups.has(job.group)) groups.set(job.group, groups.size);
    (groups.get(job.group)! % 2 === 0 ? mine : theirs).push(i);
  });
  return [mine, theirs];
}

/** Lets queued messages (a cancel) in between points. */
const yieldToMessages = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** What the helper needs to rebuild the plan: the model, the sweep, the scenario and the request. */
export interface SharedSweep {
  kind: string;
  name: string;
  scenario: unknown;
  request: unknown;
}

/** Hears of each point the helper ran: its index in the plan, the point, the ms it took. */
export type SharePoint = (index: number, point: unknown, ms: number) => void | Promise<void>;

/** The helper worker's side: runs the given points of a sweep, in order, until cancelled. */
export class SweepShare {
  private generation = 0;

  /** True when every point ran, false when a cancel stopped it. */
  async run(sweep: SharedSweep, indices: readonly number[], onPoint: SharePoint): Promise<boolean> {
    const generation = ++this.generation;
    const plan = moduleOf(sweep.kind).capabilities.sweeps?.[sweep.name];
    if (!plan) throw new Error(`a ${sweep.kind} scenario has no ${sweep.name} sweep`);
    // Parsed again on this side of the message: what crosses a worker is checked, and parsing
    // loads the scenario format the bench runs other models' scenarios with (format-slot.ts).
    const parsed = parseScenario(sweep.scenario);
    if (!parsed.ok) throw new Error(`the shared sweep's scenario: ${parsed.error[0]?.message}`);
    const jobs = plan(parsed.value as never, sweep.request as never);
    for (const i of indices) {
      await yieldToMessages();
      if (generation !== this.generation) return false;
      const t0 = performance.now();
      const point = jobs[i]!();
      await onPoint(i, point, performance.now() - t0);
    }
    return true;
  }

  async cancel(): Promise<void> {
    this.generation += 1;
  }
}

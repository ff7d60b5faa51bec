/**
 * A sweep shared between two workers (src/worker/sweep-share.ts; issue 18): whole groups
 * alternate between the workers; the result is the plan's points in the plan's order, the same
 * as one worker gives; a helper that fails leaves its points to the sweep's worker.
 */
import { describe, expect, it } from 'vitest';
import type { BenchRequest } from '../../sim-core/bench/bench';
import { SimService, type SweepHelper } from '../../src/worker/sim-service';
import { shareOf, SweepShare } from '../../src/worker/sweep-share';

const job = (group?: string) => Object.assign(() => group, group === undefined ? {} : { group });

describe('shareOf', () => {
  it('alternates whole groups between the workers, in plan order', () => {
    const jobs = ['a', 'a', 'b', 'b', 'c', 'd', 'd'].map((g) => job(g));
    expect(shareOf(jobs)).toEqual([
      [0, 1, 4],
      [2, 3, 5, 6],
    ]);
  });

  it('keeps a job without a group in the sweep’s worker', () => {
    expect(shareOf([job(), job('a'), job('b'), job()])).toEqual([[0, 1, 3], [2]]);
  });
});

/** A SimService whose helper is a SweepShare in the same process (as the worker's would be). */
class Shared extends SimService {
  constructor(private readonly helper: SweepHelper) {
    super();
  }
  protected override sweepHelper(): SweepHelper {
    return this.helper;
  }
}

const inProcess = (share = new SweepShare()): SweepHelper => ({
  run: (sweep, indices, onPoint) => share.run(sweep, indices, onPoint),
  cancel: () => share.cancel(),
});

const request: BenchRequest = {
  nis: ['FUGU', 'FLASH'],
  sizes: [8, 64],
  provenances: ['produce', 'prepared-clean'],
  clock: 'published',
};
const doc = {
  version: 1,
  id: 'sweep-share-test',
  title: 'two NIs',
  system: { kind: 'bench', nis: ['FUGU', 'FLASH'], sizes: [8, 64] },
  workload: { race: { bytes: 8 } },
};

async function sweepWith(service: SimService) {
  const reply = await service.load({ kind: 'document', doc });
  expect(reply.ok).toBe(true);
  const seen: number[] = [];
  const result = await service.sweep('bench', request, (done) => void seen.push(done));
  return { result, seen };
}

describe('a shared sweep', () => {
  it('gives the points one worker gives, in the plan’s order, each reported once', async () => {
    const alone = await sweepWith(new SimService());
    const shared = await sweepWith(new Shared(inProcess()));
    expect(shared.result.cancelled).toBe(false);
    expect(JSON.stringify(shared.result.points)).toBe(JSON.stringify(alone.result.points));
    expect(shared.result.ms).toHaveLength(8);
    expect(shared.seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('runs a failed helper’s points itself', async () => {
    const broken: SweepHelper = {
      run: () => Promise.reject(new Error('no worker')),
      cancel: async () => {},
    };
    const alone = await sweepWith(new SimService());
    const shared = await sweepWith(new Shared(broken));
    expect(shared.result.cancelled).toBe(false);
    expect(JSON.stringify(shared.result.points)).toBe(JSON.stringify(alone.result.points));
  });
});

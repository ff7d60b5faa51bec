/**
 * The structure-aware fuzz suite (tests/fuzz/boundaries.ts): every boundary gets mutated real
 * inputs, and each run must not throw, must finish within 2 s of CPU, must print only coded problems in
 * the project's words, must leave Object.prototype alone, and every scenario it accepts must
 * simulate cleanly for a bounded number of cycles.
 *
 * `npm test` runs a few hundred inputs per boundary with the suite's fixed seed (printed);
 * `npm run test:soak` runs FUZZ_RUNS (100,000) per boundary with a random seed (printed; replay
 * one with FC_SEED=<seed>). A failure prints the seed, the path and the shrunk input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOUNDARIES, judge, MAX_MS } from './boundaries';
import { showInput } from './show-input';

/** Runs per boundary in `npm test`: together a few thousand, well under a minute of CPU. */
const DEFAULT_RUNS: Record<string, number> = {
  'scenario file': 600,
  'share link': 600,
  overrides: 600,
  'assignment file': 300,
  'submission file': 400,
  grader: 120,
  'CLI flags': 400,
};

const requested = process.env.FUZZ_RUNS === undefined ? null : Number(process.env.FUZZ_RUNS);
if (requested !== null && !(Number.isSafeInteger(requested) && requested > 0))
  throw new Error(`FUZZ_RUNS must be a positive integer, got ${process.env.FUZZ_RUNS}`);

const seed = fc.readConfigureGlobal().seed ?? Date.now() ^ (Math.random() * 0x100000000);
console.log(
  `fuzz: seed ${seed} (replay with FC_SEED=${seed}); runs per boundary: ${BOUNDARIES.map((b) => `${b.name} ${requested ?? DEFAULT_RUNS[b.name]}`).join(', ')}`,
);

describe('fuzz: every boundary answers every mutated input with a coded message or a clean run', () => {
  for (const boundary of BOUNDARIES) {
    const runs = requested ?? DEFAULT_RUNS[boundary.name]!;
    it(
      `${boundary.name} (${runs.toLocaleString('en')} inputs)`,
      () => {
        const started = performance.now();
        fc.assert(
          fc.property(boundary.arbitrary as fc.Arbitrary<unknown>, (input) => {
            const { failures, detail } = judge(boundary as never, input);
            expect(failures, detail).toEqual([]);
          }),
          {
            numRuns: runs,
            seed,
            endOnFailure: requested !== null,
            // Our own report: fast-check's rendering of a deep input overflows the stack.
            reporter: (run) => {
              if (!run.failed) return;
              const shown = run.counterexample ? showInput(run.counterexample[0]) : 'none';
              throw new Error(
                `fuzz: ${boundary.name} failed after ${run.numRuns} inputs (seed ${run.seed}, path "${run.counterexamplePath}"): ${String(run.errorInstance)}\ninput: ${shown}`,
              );
            },
          },
        );
        if (requested !== null)
          console.log(
            `fuzz: ${boundary.name}: ${runs.toLocaleString('en')} inputs, no failure, ${((performance.now() - started) / 1000).toFixed(1)} s`,
          );
      },
      // A soak of 100,000 inputs runs for minutes; each input is bounded by MAX_MS.
      Math.max(120_000, runs * MAX_MS),
    );
  }
});

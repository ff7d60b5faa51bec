/**
 * Counts, rather than stops at, the failures of the fuzz suite: the table of failures by kind for
 * N inputs per boundary (the same inputs for a given seed, so two builds can be compared):
 *
 *   npx tsx tests/fuzz/count.ts [runs per boundary, default 1000] [seed, default 20261124] [boundary…]
 *
 * Kinds: crash (an uncaught exception), slow (over 2 s of CPU), uncoded (a problem without a known
 * code), objectObject, zodWording, pollution (Object.prototype changed), simThrow, nan and
 * violation (an accepted scenario's bounded run).
 */
import fc from 'fast-check';
import { BOUNDARIES, judge, type Failure } from './boundaries';

const runs = Number(process.argv[2] ?? 1000);
const seed = Number(process.argv[3] ?? 20_261_124);
const only = process.argv.slice(4);

console.log(`fuzz counts: ${runs.toLocaleString('en')} inputs per boundary, seed ${seed}`);
console.log(
  '| boundary | inputs | accepted | failing | crash | slow | uncoded | [object Object] | zod words | pollution | sim throw | NaN | violation | seconds |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const boundary of BOUNDARIES) {
  if (only.length && !only.includes(boundary.name)) continue;
  const counts: Record<Failure, number> = {
    crash: 0,
    slow: 0,
    uncoded: 0,
    objectObject: 0,
    zodWording: 0,
    pollution: 0,
    simThrow: 0,
    nan: 0,
    violation: 0,
  };
  const examples = new Map<Failure, string>();
  let failing = 0;
  let accepted = 0;
  const started = performance.now();
  // One input at a time (fc.sample would build them all first).
  let n = 0;
  fc.assert(
    fc.property(boundary.arbitrary as fc.Arbitrary<unknown>, (input) => {
      const { failures, detail, accepted: a } = judge(boundary as never, input);
      accepted += a;
      if (failures.length) failing++;
      for (const f of failures) {
        counts[f]++;
        if (!examples.has(f)) examples.set(f, detail);
      }
      n++;
      // A long soak says how far it is (stderr), so a run cut short still has its counts.
      if (n % 10_000 === 0)
        console.error(
          `  ${boundary.name}: ${n} inputs, ${failing} failing, ${((performance.now() - started) / 1000).toFixed(0)} s`,
        );
      return true;
    }),
    { numRuns: runs, seed },
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `| ${boundary.name} | ${n} | ${accepted} | ${failing} | ${Object.values(counts).join(' | ')} | ${seconds} |`,
  );
  for (const [f, d] of examples) console.error(`  ${boundary.name} ${f}: ${d.slice(0, 300)}`);
}

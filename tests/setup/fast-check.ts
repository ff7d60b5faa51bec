/**
 * One fast-check seed for every property in a run. By default it is fixed, so `npm test` and CI
 * are repeatable and never pass or fail by chance; `FC_SEED=random` lets fast-check draw a new
 * seed per property (a failure prints the seed and path that replay it), and `FC_SEED=<integer>`
 * replays one. `npm run test:soak` runs the property tests that way.
 */
import fc from 'fast-check';

const DEFAULT_SEED = 20_261_124;
const requested = process.env.FC_SEED;

if (requested !== 'random') {
  const seed = requested === undefined ? DEFAULT_SEED : Number(requested);
  if (!Number.isSafeInteger(seed))
    throw new Error(`FC_SEED must be an integer or "random", got ${requested}`);
  fc.configureGlobal({ seed });
}

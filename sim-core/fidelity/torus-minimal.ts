/**
 * Minimal adaptive routing on the torus, in its two forms (sim-core/network/routing.ts): with
 * dimension-order escape channels and a dateline (Duato's method, BookSim's `min_adapt`; the
 * "minimal" choice), and without them ("minimal-no-escape"), which can deadlock. Neither is in
 * the thesis; they are the adaptive comparison points beside chaos (digest §B.9, Snyder's
 * "catch-22" of minimal adaptive routing [ext]). docs/fidelity/router.md explains both.
 */
import { Network } from '../network/network';
import type { RouterKind } from '../network/routing';
import type { FidelityRow } from './fidelity';
import { SWEEP, config, saturation } from './torus';

/**
 * The upper half of the uniform sweep: both forms saturate above 0.5, where accepted falls short
 * of offered, so the lower loads (accepted = offered) cannot be the maximum.
 */
const UPPER_SWEEP = SWEEP.filter((load) => load >= 0.5);

/** The runs that look for a deadlock: 8×8, one-frame multi-queue, heavy uniform load. */
const DEADLOCK_RUNS = [0.7, 1.0].flatMap((load) => [1, 2].map((seed) => ({ load, seed })));

/** How many of the deadlock runs stall (no phit moves for 500 cycles) before they drain. */
function stalls(router: RouterKind): number {
  let stalled = 0;
  for (const { load, seed } of DEADLOCK_RUNS) {
    const net = new Network(
      config({
        router,
        seed,
        multiQueue: 1,
        stallWatchdog: 500,
        traffic: { pattern: 'uniform', load, until: 3000, hotspot: { node: 0, fraction: 0 } },
      }),
    );
    let stall = false;
    for (let c = 1; c <= 8000 && !net.state.halted && !stall; c++)
      stall = net.step().some((e) => e.kind === 'net.stall');
    if (stall) stalled += 1;
  }
  return stalled;
}

const SOURCE =
  'Duato 1996 and BookSim2 min_adapt [ext]; seed 001 digest §B.9 (minimal adaptive routing can deadlock: Snyder [ext])';

export function minimalAdaptiveRows(): FidelityRow[] {
  const escape = saturation('uniform', UPPER_SWEEP, 'minimal');
  const bare = saturation('uniform', UPPER_SWEEP, 'minimal-no-escape');
  const chaos = saturation('uniform', SWEEP, 'chaos');
  const escapeStalls = stalls('minimal');
  const bareStalls = stalls('minimal-no-escape');
  const runs = `${DEADLOCK_RUNS.length} runs: 8×8 uniform, offered 0.7 and 1.0, seeds 1–2, multi-queue 1, until cycle 3000`;
  const sweep = (name: string, s: { load: number; accepted: number }) =>
    `${name} saturates at ${s.accepted.toFixed(3)} (offered ${s.load})`;
  return [
    {
      id: 'torus.minimal.deadlockFree',
      source: SOURCE,
      metric: `minimal adaptive with escape channels: ${runs}, stalled; load sweep 0.5–0.8, 8×8 uniform: ${sweep('it', escape)}, ${sweep('chaos', chaos)} phits/node/cycle`,
      paper: 'never deadlocks',
      ours: `${escapeStalls}/${DEADLOCK_RUNS.length} stalled, saturation ${escape.accepted.toFixed(2)}`,
      tolerance: 'no stall',
      pass: escapeStalls === 0,
      kind: 'R',
      origin: 'emergent',
    },
    {
      id: 'torus.minimal-no-escape.deadlock',
      source: SOURCE,
      metric: `minimal adaptive without escape channels: ${runs}, stalled with a wait-for cycle; load sweep 0.5–0.8, 8×8 uniform (multi-queue 5): ${sweep('it', bare)} phits/node/cycle`,
      paper: 'can deadlock',
      ours: `${bareStalls}/${DEADLOCK_RUNS.length} stalled, saturation ${bare.accepted.toFixed(2)}`,
      tolerance: 'some stall',
      pass: bareStalls > 0,
      kind: 'R',
      origin: 'emergent',
    },
  ];
}

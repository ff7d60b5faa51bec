/**
 * The bus model's progress watchdog (kernel/watchdog.ts): every program must run to its end.
 * Progress is an instruction retiring, or a compute under way; a spin that keeps reading a value
 * nobody will store, or a request the bus never serves, is none. After `checks.stallWatchdog`
 * quiet cycles with a program unfinished the run reports a `sim.stall` naming where each
 * unfinished processor is.
 */
import { quietAfter } from '../kernel/watchdog';
import { emit, type BusCtx } from './bus-context';
import type { BusSystemState } from './bus-state';

/** Instructions retired so far, by every processor. */
export const retiredCount = (s: BusSystemState): number =>
  s.procs.reduce((n, p) => n + p.retired, 0);

/** After the cycle's work: count it as quiet or not, and report a stall when the count is due. */
export function watchPrograms(ctx: BusCtx, retiredBefore: number): void {
  const s = ctx.state;
  const moving = retiredCount(s) !== retiredBefore || s.procs.some((p) => p.computeLeft > 0);
  s.quiet = quietAfter(
    s.quiet,
    moving,
    s.procs.some((p) => !p.done),
  );
  if (s.quiet !== ctx.cfg.stallWatchdog) return;
  const waiting = s.procs
    .filter((p) => !p.done)
    .map((p) => {
      const text = ctx.programs[p.id]!.code[p.pc]?.text ?? 'the end';
      const how = p.spinning ? 'spins at' : p.waiting ? 'waits for the bus at' : 'is at';
      return `P${p.id} ${how} "${text}"`;
    });
  emit(ctx, {
    kind: 'sim.stall',
    quietCycles: s.quiet,
    progress: 'no instruction has retired',
    waiting: waiting.join('; '),
  });
}

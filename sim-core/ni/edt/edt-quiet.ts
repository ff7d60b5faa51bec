/**
 * Skipping EDT's quiet cycles (issue 18: the message bench's speed). At a 1 GHz processor most
 * cycles of a VI-MSG ping-pong are quiet: the processor spins on its cached copy of the completion
 * queue or computes, VI-MSG and the cache controller find nothing to do, a DMA engine counts down
 * a phase or waits for its bus transaction. A run proves such a stretch from its state — no bus
 * transaction ends and none can be granted, nothing arrives, no fetch falls due, every agent and
 * engine waits — and jumps it: the clock, the countdowns, the engines' busy counts and the
 * watchdog move exactly as that many step() calls would move them, with no event
 * (tests/property/edt-quiet.prop.test.ts checks the logs and states against plain stepping).
 */
import type { Agent } from '../../node/bus/agent';
import { busQuietThrough, countDown, waitsThrough } from '../../node/bus/quiet';
import { networkQuietThrough, quietAfterSkip } from '../../net/quiet';
import { dmaQuietThrough, skipDma, type DmaPort } from '../../node/dma/dma-engine';
import type { MessageNetwork } from '../../net/message-network';
import type { MessageNetworkState } from '../../net/networks';
import type { AgentName } from './edt-events';
import type { Ctx } from './edt-node';
import type { EdtState } from './edt-state';
import { awaitsDma } from './mechanisms/dma';
import { controllerIdleThrough } from './mechanisms/eager';
import { SPIN_POINTS, spinsOnCachedCopy } from './via';
import { nextJob } from './vimsg';

/** The agents a cycle runs, in its order. */
export const AGENT_ORDER = ['P', 'NI', 'CC'] as const;

/**
 * The last cycle through which `agent` provably stays as it is but for a compute countdown,
 * given that nothing else in its node changes; the current cycle when it may act next cycle.
 */
function agentQuietThrough(ctx: Ctx, agent: Agent<AgentName>): number {
  const now = ctx.state.cycle;
  const waiting = waitsThrough(agent, ctx.kit.storeBuffer, now);
  if (waiting !== null) return waiting;
  // A routine known to idle at its pc: the processor's spin, VI-MSG's and the controller's loops.
  const frame = agent.stack[agent.stack.length - 1];
  if (!frame) return now;
  switch (agent.name) {
    case 'P':
      return SPIN_POINTS[frame.routine] === frame.pc && spinsOnCachedCopy(ctx) ? Infinity : now;
    case 'NI':
      if (frame.routine === 'vimsg.main' && frame.pc === 0)
        return nextJob(ctx.node.ni) < 0 ? Infinity : now;
      return awaitsDma(ctx, frame) ? Infinity : now;
    case 'CC':
      return frame.routine === ctx.mechanism.routines.master && frame.pc === 0
        ? controllerIdleThrough(ctx)
        : now;
    default:
      return now;
  }
}

/**
 * How many of the coming cycles (at most `limit`) are quiet: each would emit no event and change
 * nothing but the clock, countdowns, the engines' busy counts and the watchdog. `ctxs` are the
 * nodes' contexts; the run has not halted.
 */
export function quietCycles(
  state: EdtState,
  ctxs: readonly Ctx[],
  network: MessageNetwork<MessageNetworkState>,
  dmaPort: DmaPort<Ctx> | null,
  quietLimit: number,
  limit: number,
): number {
  const now = state.cycle;
  if (!network.nextDue) return 0;
  let through = now + limit;
  for (const ctx of ctxs) {
    through = Math.min(through, busQuietThrough(ctx.node.bus, now));
    const dma = ctx.node.dma;
    if (dma) through = Math.min(through, dmaPort ? dmaQuietThrough(ctx, dma, dmaPort, now) : now);
    for (const name of AGENT_ORDER) {
      const agent = ctx.node.agents[name];
      if (agent && through > now) through = Math.min(through, agentQuietThrough(ctx, agent));
    }
    if (through <= now) return 0;
  }
  through = Math.min(
    through,
    networkQuietThrough(network, state.net, now, state.quiet, quietLimit),
  );
  return Math.max(0, through - now);
}

/** Runs `cycles` quiet cycles (quietCycles said so): what that many steps would change. */
export function skipQuiet(
  state: EdtState,
  network: MessageNetwork<MessageNetworkState>,
  cycles: number,
): void {
  state.cycle += cycles;
  for (const node of state.nodes) {
    for (const name of AGENT_ORDER) countDown(node.agents[name], cycles);
    if (node.dma) skipDma(node.dma, cycles);
  }
  state.quiet = quietAfterSkip(network, state.net, state.quiet, cycles);
}

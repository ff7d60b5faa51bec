/**
 * Skipping the coherent NIs' quiet cycles (issue 18: the message bench's speed). Most cycles of a
 * ping-pong nothing happens: the processors compute or wait for a bus transaction, the NI's loop
 * finds nothing to do, and messages cross the network's fixed latency. A run proves such a stretch
 * from its state — no bus transaction ends and none can be granted, no message or acknowledgement
 * arrives, no pull of virtual polling falls due, every agent waits on something none of these
 * changes — and jumps it: the clock, the compute countdowns and the watchdog move exactly as that
 * many step() calls would move them, with no event (tests/property/cni-quiet.property.test.ts
 * checks the logs and the states against plain stepping).
 */
import type { MessageNetwork } from '../../net/message-network';
import type { MessageNetworkState } from '../../net/networks';
import type { Agent } from '../../node/bus/agent';
import { busQuietThrough, countDown, waitsThrough } from '../../node/bus/quiet';
import { networkQuietThrough, quietAfterSkip } from '../../net/quiet';
import type { Ctx, Mechanism } from './cni-node';
import type { AgentName, CniState } from './cni-state';

/** The agents of a node in the order they act within a cycle. */
export const AGENT_ORDER = ['P', 'P1', 'NI'] as const;

/**
 * The last cycle through which `agent` provably stays as it is but for a compute countdown,
 * given that nothing else in its node changes; the current cycle when it may act next cycle.
 */
function agentQuietThrough(ctx: Ctx, agent: Agent<AgentName>, mechanism: Mechanism): number {
  const now = ctx.state.cycle;
  const waiting = waitsThrough(agent, ctx.kit.storeBuffer, now);
  if (waiting !== null) return waiting;
  // Only the NI's loop, at its top, is known to idle; everything else runs a routine.
  const frame = agent.stack[agent.stack.length - 1];
  if (agent.name !== 'NI' || agent.stack.length !== 1 || frame?.routine !== mechanism.device)
    return now;
  if (frame.pc !== 0 || !mechanism.deviceIdle(ctx)) return now;
  let firstPull = Infinity;
  for (const pull of ctx.node.device.pulls) firstPull = Math.min(firstPull, pull.at);
  return firstPull - 1;
}

/**
 * How many of the coming cycles (at most `limit`) are quiet: each would emit no event and
 * change nothing but the clock, compute countdowns and the watchdog. `ctxOf(i)` is node i's
 * context; the run has not halted.
 */
export function quietCycles(
  state: CniState,
  ctxOf: (node: number) => Ctx,
  network: MessageNetwork<MessageNetworkState>,
  mechanism: Mechanism,
  quietLimit: number,
  limit: number,
): number {
  const now = state.cycle;
  if (!network.nextDue) return 0;
  // The agents first: after most busy cycles one of them acts at once, and the rest is not asked.
  let through = now + limit;
  for (let i = 0; i < state.nodes.length && through > now; i++) {
    const ctx = ctxOf(i);
    through = Math.min(through, busQuietThrough(ctx.node.bus, now));
    for (const name of AGENT_ORDER) {
      const agent = ctx.node.agents[name];
      if (agent && through > now)
        through = Math.min(through, agentQuietThrough(ctx, agent, mechanism));
    }
  }
  if (through <= now) return 0;
  through = Math.min(
    through,
    networkQuietThrough(network, state.net, now, state.quiet, quietLimit),
  );
  return Math.max(0, through - now);
}

/** Runs `cycles` quiet cycles (quietCycles said so): what that many steps would change. */
export function skipQuiet(
  state: CniState,
  network: MessageNetwork<MessageNetworkState>,
  cycles: number,
): void {
  state.cycle += cycles;
  for (const node of state.nodes)
    for (const name of AGENT_ORDER) countDown(node.agents[name], cycles);
  state.quiet = quietAfterSkip(network, state.net, state.quiet, cycles);
}

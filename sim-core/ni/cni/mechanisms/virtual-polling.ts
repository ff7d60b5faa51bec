/**
 * Virtual polling (§B.2.2, §H.3): the NI sees the processor's requests for write permission on
 * the bus and, after a back-off, reads a block back (RD) without polling anything. Shared by the
 * CDR NI (send CDRs) and the queue CNIs (the send queue's slots).
 */
import type { Agent } from '../../../node/bus/agent';
import { peek } from '../../../node/bus/coherence';
import { blockName } from '../../../node/bus/context';
import type { Step } from '../../../node/bus/routine';
import type { Ctx } from '../cni-node';
import type { AgentName, CniTxn } from '../cni-state';

/** A processor's write request for `txn.block` is seen: pull `block` once the back-off is over. */
export function schedulePull(ctx: Ctx, txn: CniTxn, block: number): void {
  ctx.node.device.pulls.push({ block, at: txn.endsAt + ctx.cfg.backoff });
}

/**
 * The NI's first duty each turn: a pull whose time has come. Returns the read to perform, null
 * when the due pull is already satisfied (the NI holds a current copy), or undefined when no pull
 * is due.
 */
export function duePull(ctx: Ctx, ni: Agent<AgentName>): Step | undefined {
  const pulls = ctx.node.device.pulls;
  const due = pulls.findIndex((p) => p.at <= ctx.state.cycle);
  if (due < 0) return undefined;
  const [pull] = pulls.splice(due, 1);
  if (peek(ctx, ni, pull!.block)) return null;
  return {
    op: 'load',
    block: pull!.block,
    why: `virtual polling: read ${blockName(ctx, pull!.block)} back early`,
  };
}

/**
 * The coherent NIs' progress watchdog (kernel/watchdog.ts): every message a node sends must be
 * taken by its receiver. Progress is a message taking a step (sent, injected, arrived, accepted,
 * received, buffered; not a blocked send's retry), a store of message data, a word through NI2w's
 * data registers, or a message on its way through the network. With messages outstanding and none of these for longer than the
 * longest work the scenario itself prescribes plus `checks.stallWatchdog`, the run reports a
 * `sim.stall` saying where each node's messages wait.
 */
import type { CniModelEvent } from './cni-events';
import type { CniConfig } from './cni-config';
import type { CniState } from './cni-state';
import type { Layout } from './layout';
import { DATA_REGISTERS } from './mechanisms/ni2w';

/** Quiet cycles before a stall is reported: the watchdog's limit past any prescribed work. */
export function quietLimit(cfg: CniConfig): number {
  const w = cfg.workload;
  const handler = w.kind === 'burst' ? w.handlerCycles : 0;
  const local = w.kind === 'local-queue' ? w.sendCycles + w.receiveCycles : 0;
  // A message copied a block at a time: at most 8 words of `wordCycles` in one piece of work.
  const copy = 8 * cfg.wordCycles;
  return (
    cfg.stallWatchdog +
    cfg.network.latency +
    cfg.softwareOverhead +
    cfg.pollWork +
    copy +
    handler +
    local
  );
}

/**
 * Progress this cycle: a message took a step (a blocked send's retry is none), a store wrote
 * message data (a block that bounces between P and the NI is slow, not stuck), a word crossed a
 * data register, or a message is on its way. Polls are loads, and so are a full queue's re-reads:
 * a stuck node only reads.
 */
const isProgress = (e: CniModelEvent): boolean =>
  (e.kind === 'cni.msg' && e.phase !== 'blocked') ||
  (e.kind === 'cni.access' && e.op === 'store' && e.hit) ||
  (e.kind === 'cni.coh' && e.actions.includes('performStore')) ||
  (e.kind === 'cni.txn' && DATA_REGISTERS.includes(e.target));

export const progressed = (events: readonly CniModelEvent[], inTransit: number): boolean =>
  inTransit > 0 || events.some(isProgress);

/** Where each node's outstanding messages are, for the stall's words. */
export function waitingText(state: CniState, layout: Layout): string {
  const parts: string[] = [];
  for (const node of state.nodes) {
    const d = node.device;
    const here: string[] = [];
    if (node.app.outbox.length) here.push(`${node.app.outbox.length} user messages still to send`);
    for (const agent of Object.values(node.agents))
      if (agent.busy && 'why' in agent.busy.op) here.push(`${agent.name}: ${agent.busy.op.why}`);
    if (d.outbound.length) here.push(`${d.outbound.length} waiting for the window`);
    if (d.backlog.length) here.push(`${d.backlog.length} arrived, waiting at the NI`);
    for (const [name, q] of Object.entries(node.queues)) {
      const held = q.sender.count - q.receiver.count;
      if (held) here.push(`${name} holds ${held} of ${layout.queues[name]!.slots}`);
    }
    if (node.app.buffered.length) here.push(`${node.app.buffered.length} buffered in user memory`);
    if (node.app.expect > 0) here.push(`expects ${node.app.expect} more`);
    if (here.length) parts.push(`node ${node.id}: ${here.join(', ')}`);
  }
  return parts.join('; ');
}

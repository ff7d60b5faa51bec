/**
 * A channel's node-map and buffer-map lookups (seed 001 L1885–1891, L1966–1980, Fig. 7.9; digest
 * §C.5, §C.6, §C.10): cold, 15 cycles pipelined; warm (same handles, translations valid), none.
 * The scheduler serves the lookups of the command at the head of its FIFO. A receive channel
 * leaves the FIFO once translated, since "auto-receive channels are scheduled automatically when
 * a packet arrives" (L1889); a packet that arrives for one still waiting behind other commands
 * starts its lookups itself (our reading, docs/fidelity/cranium.md): held in the inbox behind a
 * send that cannot inject until the inbox drains, it would wait for ever.
 */
import { count } from '../../kernel/words';
import { emit, type CraniumCtx } from './cranium-context';
import type { ChannelState, NodeState } from './cranium-state';
import { physOf } from './node-map';
import { interrupt } from './ni-signals';
import { SCHEDULERS } from './scheduler';

/**
 * One cycle of a channel's lookups, `at` its place in the scheduler FIFO: a queued channel is
 * translated at once if warm, else its lookups start; a channel whose lookups are due is done.
 */
export function serveLookup(
  ctx: CraniumCtx,
  node: NodeState,
  at: number,
  ch: ChannelState,
  cause: 'head' | 'arrival',
): void {
  const c = ctx.state.cycle;
  if (ch.phase === 'queued') {
    const warm = ch.cachedHandle === ch.handle && ch.cachedNode === ch.remoteNode;
    if (warm && ch.page >= 0) translated(node, at, ch);
    else {
      ch.phase = 'lookup';
      ch.lookupUntil = c + (warm ? 0 : ctx.cfg.timing.lookups);
      const how = warm
        ? 'warm: the cached translations are used'
        : `cold: node-map and buffer-map lookups (${count(ctx.cfg.timing.lookups, 'cycle')}, pipelined)`;
      emit(ctx, {
        kind: 'cr.lookup',
        node: node.node,
        dir: ch.dir,
        channel: ch.id,
        result: 'start',
        why:
          cause === 'head'
            ? how
            : at > 0
              ? `a packet arrived for it while other commands are ahead in the scheduler FIFO: ${how}`
              : `a packet arrived for it while the scheduler serves another command first: ${how}`,
      });
      if (warm) lookedUp(ctx, node, at, ch);
    }
  } else if (ch.phase === 'lookup' && c >= ch.lookupUntil) lookedUp(ctx, node, at, ch);
}

/**
 * An arriving packet for receive channel `channel` that is not translated yet serves its lookups,
 * unless the scheduler serves them this cycle (it runs after the receive side). That is the
 * command it picks, not always the FIFO's head: alpha picks the shortest message, and a receive
 * at the head behind a send that waits for this inbox to drain would wait for ever.
 */
export function lookUpForArrival(ctx: CraniumCtx, node: NodeState, channel: number): void {
  const ni = node.ni;
  const at = ni.sched.findIndex((e) => e.dir === 'recv' && e.channel === channel);
  if (at < 0) return;
  const fifo = ni.sched.map((e) => (e.dir === 'send' ? ni.send : ni.recv)[e.channel]!);
  if (SCHEDULERS[ctx.cfg.scheduler].pick(fifo, ctx.cfg.alpha) === at) return;
  serveLookup(ctx, node, at, ni.recv[channel]!, 'arrival');
}

/** The lookups are done: the channel's page and destination, or NIL (the transfer aborts). */
function lookedUp(ctx: CraniumCtx, node: NodeState, at: number, ch: ChannelState): void {
  const buffer = node.buffers[ch.handle];
  const phys = physOf(ctx.cfg.network.topology, node.node, ch.remoteNode);
  if (!buffer || !phys) {
    emit(ctx, {
      kind: 'cr.lookup',
      node: node.node,
      dir: ch.dir,
      channel: ch.id,
      result: 'nil',
      why: !buffer
        ? `buffer handle ${ch.handle} maps to NIL: the transfer is aborted`
        : `node ${ch.remoteNode} maps to NIL: the transfer is aborted`,
    });
    node.ni.sched.splice(at, 1);
    Object.assign(ch, { busy: false, phase: 'idle', remaining: 0 });
    interrupt(ctx, node, ch.dir === 'send' ? 'send' : 'auto', 4, ch.id);
    return;
  }
  ch.page = buffer.frame;
  ch.phys = phys;
  ch.cachedHandle = ch.handle;
  ch.cachedNode = ch.remoteNode;
  emit(ctx, {
    kind: 'cr.lookup',
    node: node.node,
    dir: ch.dir,
    channel: ch.id,
    result: 'done',
    why: `buffer ${ch.handle} → page 0x${buffer.frame.toString(16)}, node ${ch.remoteNode} → [${phys.dy},${phys.dx}]`,
  });
  translated(node, at, ch);
}

function translated(node: NodeState, at: number, ch: ChannelState): void {
  if (ch.dir === 'recv') {
    // A receive channel leaves the FIFO once translated; arrivals schedule it (L1889).
    ch.phase = 'ready';
    node.ni.sched.splice(at, 1);
  } else ch.phase = 'active';
}

/**
 * The NI's commands (seed 001 L1885–1889, L1960–1992; digest §C.3, §C.5, §C.6): a send, receive
 * or reset the processor stored in a channel register takes effect when the register write
 * completes. A command on a busy channel is ignored with an interrupt; an accepted one joins the
 * scheduler FIFO, warm when its handles match the channel's cached translations.
 */
import { emit, type CraniumCtx } from './cranium-context';
import { emptyChannel } from './cranium-init';
import type { ChannelState, NodeState } from './cranium-state';
import { interrupt } from './ni-signals';
import type { ChannelCommand } from './program';
import { reserveEntry } from './receive';

type Command<K extends ChannelCommand['op']> = Extract<ChannelCommand, { op: K }>;
type Handler<K extends ChannelCommand['op']> = (
  ctx: CraniumCtx,
  node: NodeState,
  i: Command<K>,
) => void;

/** What each command does when its register write completes. */
const COMMANDS: { readonly [K in ChannelCommand['op']]: Handler<K> } = {
  send: post,
  recv: post,
  reset,
};

/** The commands whose register write has completed take effect, in the order they were stored. */
export function runCommands(ctx: CraniumCtx, node: NodeState): void {
  const ni = node.ni;
  if (!ni.commands.length) return;
  const c = ctx.state.cycle;
  const due = ni.commands.filter((cmd) => cmd.at <= c);
  ni.commands = ni.commands.filter((cmd) => cmd.at > c);
  for (const { instr } of due) (COMMANDS[instr.op] as Handler<typeof instr.op>)(ctx, node, instr);
}

/** The reset bit: the channel is cleared to inactive, keeping its cached translations. */
function reset(ctx: CraniumCtx, node: NodeState, i: Command<'reset'>): void {
  const ni = node.ni;
  const ch = (i.dir === 'send' ? ni.send : ni.recv)[i.channel]!;
  Object.assign(ch, {
    ...emptyChannel(i.dir, i.channel),
    cachedHandle: ch.cachedHandle,
    cachedNode: ch.cachedNode,
  });
  ni.sched = ni.sched.filter((e) => !(e.dir === i.dir && e.channel === i.channel));
  emit(ctx, {
    kind: 'cr.command',
    node: node.node,
    dir: i.dir,
    channel: i.channel,
    result: 'reset',
    packets: 0,
    warm: false,
    why: 'reset bit: the channel is cleared to inactive',
  });
  if (i.dir === 'send') dropReads(ctx, node, i.channel);
  else redirectDecoded(ctx, node, i.channel);
}

/** A send or receive command: ignored on a busy channel, else accepted into the scheduler FIFO. */
function post(ctx: CraniumCtx, node: NodeState, i: Command<'send' | 'recv'>): void {
  const ni = node.ni;
  const s = ctx.state;
  const c = s.cycle;
  const dir = i.op;
  const ch = (dir === 'send' ? ni.send : ni.recv)[i.channel]!;
  if (ch.busy) {
    emit(ctx, {
      kind: 'cr.command',
      node: node.node,
      dir,
      channel: i.channel,
      result: 'ignored',
      packets: i.packets,
      warm: false,
      why: 'the channel is busy: the command is ignored',
    });
    interrupt(ctx, node, 'misc', 1, i.channel);
    return;
  }
  const remoteNode = i.op === 'send' ? i.to : i.from;
  const warm = ch.cachedHandle === i.buffer && ch.cachedNode === remoteNode && ch.cachedHandle >= 0;
  Object.assign(ch, {
    busy: true,
    phase: 'queued',
    remaining: i.packets,
    packets: i.packets,
    handle: i.buffer,
    remoteNode,
    remoteChannel: i.remoteChannel,
    seq: i.op === 'send' ? i.start % ctx.linesPerPage : 0,
    queue: i.op === 'send' ? i.queue : false,
    intr: i.intr,
    priority: i.op === 'send' ? i.priority : false,
    fault: i.op === 'send' ? i.fault : 'none',
    msg: -1,
    acceptedAt: c,
    pending: 0,
    page: warm ? ch.page : -1,
    phys: warm ? ch.phys : null,
  } satisfies Partial<ChannelState>);
  if (i.op === 'send') {
    const msg = s.nextMessage++;
    ch.msg = msg;
    s.messages[msg] = {
      id: msg,
      src: node.node,
      dst: i.to,
      channel: i.channel,
      packets: i.packets,
      queue: i.queue,
      fault: i.fault,
      commandAt: c - ctx.cfg.timing.register,
      sentAll: -1,
      arrivals: [],
      placed: 0,
      completedAt: -1,
      notifiedAt: -1,
      receiver: -1,
    };
  }
  ni.sched.push({ dir, channel: i.channel });
  emit(ctx, {
    kind: 'cr.command',
    node: node.node,
    dir,
    channel: i.channel,
    result: 'accepted',
    packets: i.packets,
    warm,
    why: warm
      ? 'same buffer and node handles as the last command: the translations are still valid (warm)'
      : 'new handles: the node map and buffer map must be read (cold)',
  });
}

/**
 * A reset send channel is inactive "regardless of its previous state" (L1962): the payload
 * reads it started and not yet in the outbox are abandoned; packets already in the outbox have
 * left the channel and go out.
 */
function dropReads(ctx: CraniumCtx, node: NodeState, channel: number): void {
  const ni = node.ni;
  const packets = ctx.state.packets;
  const mine = (id: number) => packets[id]!.srcChannel === channel;
  for (const read of ni.dmaReads.filter((d) => mine(d.packet))) {
    const pkt = packets[read.packet]!;
    pkt.placed = 'abandoned: its send channel was reset during the payload read';
    emit(ctx, {
      kind: 'cr.dma',
      node: node.node,
      packet: pkt.id,
      msg: pkt.msg,
      sequence: pkt.seq,
      channel,
      netPacket: -1,
      stage: 'abandoned',
      why: `send channel ${channel} was reset while packet ${pkt.id} (sequence ${pkt.seq}) was being read: it never enters the outbox`,
    });
  }
  ni.dmaReads = ni.dmaReads.filter((d) => !mine(d.packet));
}

/**
 * Packets already decoded for a receive channel that is then reset find it inactive when their
 * write completes: like any packet for an inactive channel (§C.6, §C.12) they go to the user
 * error queue with error 2, and the page is not written. (The thesis does not describe this
 * race; this is the model's reading, docs/fidelity/cranium.md.)
 */
function redirectDecoded(ctx: CraniumCtx, node: NodeState, channel: number): void {
  const c = ctx.state.cycle;
  const t = ctx.cfg.timing;
  for (const e of node.ni.inbox) {
    if (e.destination?.kind !== 'auto' || e.destination.channel !== channel) continue;
    const pkt = ctx.state.packets[e.packet]!;
    const why = `auto-receive channel ${channel} was reset before the packet's write completed`;
    e.destination = { kind: 'queue', queue: 'userError', why, error: 2 };
    e.slot = reserveEntry(ctx, node, node.ni.queues.userError);
    interrupt(ctx, node, 'auto', 2, channel);
    // The second line, flag and header, follows the payload line (L2012).
    e.writeEnd = Math.max(e.writeEnd, c) + t.queueHeaderLine;
    node.ni.memoryFree = Math.max(node.ni.memoryFree, c) + t.lineOccupancy;
    if (e.tailAt >= 0) e.doneAt = Math.max(e.writeEnd, e.tailAt + t.inboxFifo + 1);
    emit(ctx, {
      kind: 'cr.dispatch',
      node: node.node,
      packet: pkt.id,
      to: 'userError queue',
      why,
    });
  }
}

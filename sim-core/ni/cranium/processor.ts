/**
 * The Cranium node's processor (seed 001 §6.1, App. A; digest §C.15, §C.16): its instructions,
 * the conditions it polls and what follows a poll, as registries for the torus-node kit's
 * interpreter. A command is a 10-cycle register store; a status poll that sees its condition
 * costs 10 + 3 (load, test and branch); a queue's presence flag costs a cache hit or miss.
 */
import {
  stepProcessor,
  type FollowUpHandlers,
  type InstructionHandlers,
  type InstructionSet,
  type WaitHandlers,
} from '../../node/torus/processor';
import type { QueueName } from './queue-names';
import { writeBarrier } from './barrier';
import { cacheTo, flagLineName, lineName, payloadLineName } from './cache-lines';
import { emit, type CraniumCtx } from './cranium-context';
import {
  entryIndex,
  nextEntry,
  type CraniumFollowUp,
  type FlowState,
  type NodeState,
  type WaitKind,
} from './cranium-state';
import { interrupt, setFlow } from './ni-signals';
import {
  QUEUE_WORDS,
  instructionText,
  type ChannelCommand,
  type CraniumInstruction,
} from './program';

const NO_PROGRAM: readonly CraniumInstruction[] = [];

const programOf = (ctx: CraniumCtx, node: NodeState): readonly CraniumInstruction[] =>
  ctx.programs.get(node.node) ?? NO_PROGRAM;

/** The first poll of the queue's presence flag misses unless the line is cached. */
function firstPoll(ctx: CraniumCtx, node: NodeState, queue: QueueName): number {
  const t = ctx.cfg.timing;
  const q = node.ni.queues[queue];
  const flag = flagLineName(queue, entryIndex(q, q.head));
  if (node.cache[flag]) return t.cacheHit + t.testBranch;
  cacheTo(ctx, node, flag, 'CE', 'the first poll misses and caches the flag line; later polls hit');
  return t.cacheMiss + t.testBranch;
}

/** A register store: the NI sees the command when the store completes. */
function storeCommand(ctx: CraniumCtx, node: NodeState, i: ChannelCommand): number {
  const cycles = ctx.cfg.timing.register;
  node.ni.commands.push({ at: ctx.state.cycle + cycles, instr: i });
  return cycles;
}

/** A register access whose effect is seen when it completes. */
function registerThen(ctx: CraniumCtx, node: NodeState, followUp: CraniumFollowUp): number {
  node.proc.finishing = followUp;
  return ctx.cfg.timing.register;
}

/** A load or store costs a cache hit or a miss. */
const accessCycles = (ctx: CraniumCtx, hit: boolean): number =>
  hit ? ctx.cfg.timing.cacheHit : ctx.cfg.timing.cacheMiss;

const INSTRUCTIONS: InstructionHandlers<CraniumCtx, NodeState, CraniumInstruction> = {
  compute: (_ctx, _node, i) => i.cycles,
  send: storeCommand,
  recv: storeCommand,
  reset: storeCommand,
  waitSend: (_ctx, node, i) => {
    node.proc.wait = { kind: 'send', channel: i.channel };
    return 0;
  },
  waitRecv: (_ctx, node, i) => {
    node.proc.wait = { kind: 'recv', channel: i.channel };
    return 0;
  },
  pollQueue: (ctx, node, i) => {
    const p = node.proc;
    p.wait = { kind: 'queue', queue: i.queue };
    p.pollsLeft = i.count;
    p.pc = p.current; // stays on this instruction until every entry is taken
    return firstPoll(ctx, node, i.queue);
  },
  advanceQueue: (ctx, node, i) => registerThen(ctx, node, { op: 'advance', queue: i.queue }),
  barrier: (ctx, node, i) => {
    const cycles = ctx.cfg.timing.register;
    if (writeBarrier(ctx, node, i.value, cycles)) node.proc.wait = { kind: 'barrier' };
    return cycles;
  },
  load: (ctx, node, i) => {
    const line = lineName(i.buffer, i.line);
    const hit = node.cache[line] !== undefined;
    if (!hit) cacheTo(ctx, node, line, 'CE', 'the load misses and fetches the line');
    return accessCycles(ctx, hit);
  },
  store: (ctx, node, i) => {
    const line = lineName(i.buffer, i.line);
    const hit = node.cache[line] !== undefined;
    const b = node.buffers[i.buffer];
    if (b) b.lines[i.line] = (b.lines[i.line] ?? 0) + 1;
    cacheTo(ctx, node, line, 'DE', 'the processor writes the line');
    return accessCycles(ctx, hit);
  },
  thaw: (ctx, node) => registerThen(ctx, node, { op: 'thaw' }),
  flow: (ctx, node, i) => registerThen(ctx, node, { op: 'flow', state: i.state }),
};

/** A channel register reads 0: nothing left to send or receive and no command on its way. */
const channelDone = (node: NodeState, dir: 'send' | 'recv', channel: number): boolean =>
  node.ni[dir][channel]!.remaining === 0 && !node.ni.commands.length;

/** The final poll of a register: a 10-cycle load, then its report. */
const registerPoll = (ctx: CraniumCtx, what: 'send' | 'recv' | 'barrier', channel: number) => ({
  load: ctx.cfg.timing.register,
  then: { op: 'notify', what, channel } as const,
});

const WAITS: WaitHandlers<CraniumCtx, NodeState, WaitKind, CraniumFollowUp> = {
  send: {
    holds: (_ctx, node, w) => channelDone(node, 'send', w.channel),
    finalPoll: (ctx, _node, w) => registerPoll(ctx, 'send', w.channel),
  },
  recv: {
    holds: (_ctx, node, w) => channelDone(node, 'recv', w.channel),
    finalPoll: (ctx, _node, w) => registerPoll(ctx, 'recv', w.channel),
  },
  barrier: {
    holds: (_ctx, node) => node.ni.barrier === 'C' || node.ni.barrier === 'I',
    finalPoll: (ctx) => registerPoll(ctx, 'barrier', -1),
  },
  queue: {
    holds: (_ctx, node, w) => {
      const q = node.ni.queues[w.queue];
      return q.entries[entryIndex(q, q.head)]?.flag === true;
    },
    // The poll, then (follow-up) read the payload, clear the flag and advance the head.
    finalPoll: (ctx, node, w) => {
      const t = ctx.cfg.timing;
      const q = node.ni.queues[w.queue];
      const flag = flagLineName(q.name, entryIndex(q, q.head));
      const hit = node.cache[flag] !== undefined;
      const payloadHit = node.cache[payloadLineName(q.name, entryIndex(q, q.head))] !== undefined;
      if (!hit) cacheTo(ctx, node, flag, 'CE', 'the poll misses and fetches the new flag line');
      return {
        load: hit ? t.cacheHit : t.cacheMiss,
        then: {
          op: 'consume',
          queue: q.name,
          payloadCycles: payloadHit ? t.cacheHit : t.cacheMiss,
        },
      };
    },
  },
};

const NOTIFY_TEXT: Record<'send' | 'recv' | 'barrier', (channel: number) => string> = {
  recv: (ch) => `the poll of receive channel ${ch} reads 0: the whole message is in place`,
  send: (ch) => `the poll of send channel ${ch} reads 0: the buffer may be reused`,
  barrier: () => 'the barrier is complete',
};

/** What the OS's write of NIO_flow_control does (§C.11). */
const FLOW_WHY: Record<FlowState, string> = {
  FLUSH: 'the OS drains the network: packets are delivered but none injected',
  FREEZE: 'the OS freezes the NI: no injection, no delivery',
  NORMAL: 'the OS sets NORMAL',
};

const FOLLOW_UPS: FollowUpHandlers<CraniumCtx, NodeState, CraniumFollowUp> = {
  notify: (ctx, node, { what, channel }) => {
    const s = ctx.state;
    if (what === 'recv') {
      const ch = node.ni.recv[channel]!;
      const msg = s.messages[ch.msg];
      if (msg && msg.notifiedAt < 0) {
        msg.notifiedAt = s.cycle;
        msg.receiver = node.node;
        // A receive is complete at its own count (§C.6): when it was posted for fewer packets
        // than were sent, the rest go to the user error queue (§C.12), not to this page.
        const page = Object.values(node.buffers).find((b) => b.frame === ch.page);
        const inPage = page?.received.filter((r) => r?.msg === msg.id).length ?? 0;
        if (ctx.cfg.checkInvariants && inPage < ch.packets)
          emit(ctx, {
            kind: 'invariant.violation',
            rule: 'delivery',
            block: -1,
            detail: `message ${msg.id} notified with ${ch.packets - inPage} of the ${ch.packets} packets its receive was posted for still to come`,
          });
      }
    }
    emit(ctx, {
      kind: 'cr.notify',
      node: node.node,
      what,
      channel,
      text: NOTIFY_TEXT[what](channel),
    });
  },
  consume: (ctx, node, { queue, payloadCycles }) => {
    const s = ctx.state;
    const p = node.proc;
    const t = ctx.cfg.timing;
    const q = node.ni.queues[queue];
    const slot = entryIndex(q, q.head);
    const entry = q.entries[slot]!;
    const msg = s.messages[s.packets[entry.packet]!.msg]!;
    if (msg.completedAt >= 0 && msg.notifiedAt < 0 && msg.placed === msg.packets) {
      msg.notifiedAt = s.cycle;
      msg.receiver = node.node;
    }
    emit(ctx, {
      kind: 'cr.notify',
      node: node.node,
      what: 'queue',
      channel: -1,
      text: `the flag of ${QUEUE_WORDS[q.name].replace(' ', '-')}-queue entry ${slot} is set: packet ${entry.packet} from node ${entry.src} is here`,
    });
    cacheTo(ctx, node, payloadLineName(q.name, slot), 'CE', 'the processor reads the payload');
    cacheTo(
      ctx,
      node,
      flagLineName(q.name, slot),
      'DE',
      'the processor clears the flag (NIP_flag = 0)',
    );
    entry.flag = false;
    p.busyUntil = s.cycle + payloadCycles + t.cacheHit + t.register;
    p.finishing = { op: 'advance', queue: q.name };
    p.pollsLeft -= 1;
  },
  advance: (ctx, node, { queue }) => {
    const p = node.proc;
    const q = node.ni.queues[queue];
    // Fig. 7.14b: the underflow test comes before the new head is computed.
    const underflow = q.head === q.tail && !q.full;
    if (!underflow) {
      q.entries[entryIndex(q, q.head)] = null;
      q.head = nextEntry(q, q.head);
      q.full = false;
    }
    emit(ctx, {
      kind: 'cr.queue',
      node: node.node,
      queue: q.name,
      op: underflow ? 'underflow' : 'advance',
      head: entryIndex(q, q.head),
      tail: entryIndex(q, q.tail),
    });
    if (underflow) interrupt(ctx, node, 'queue', 6, -1);
    // Within a pollQueue: poll for the next entry, or go on once every entry is taken.
    if (programOf(ctx, node)[p.pc]?.op !== 'pollQueue') return;
    if (p.pollsLeft > 0) {
      p.wait = { kind: 'queue', queue: q.name };
      p.busyUntil = ctx.state.cycle + firstPoll(ctx, node, q.name);
    } else p.pc += 1;
  },
  thaw: (ctx, node) => setFlow(ctx, node, 'NORMAL', 'the OS thaws the NI'),
  flow: (ctx, node, { state }) => setFlow(ctx, node, state, FLOW_WHY[state]),
};

export const CRANIUM_PROCESSOR: InstructionSet<
  CraniumCtx,
  NodeState,
  CraniumInstruction,
  WaitKind,
  CraniumFollowUp
> = {
  instructions: INSTRUCTIONS,
  waits: WAITS,
  followUps: FOLLOW_UPS,
  processor: (node) => node.proc,
  program: programOf,
  testBranch: (ctx) => ctx.cfg.timing.testBranch,
  issued: (ctx, node, pc, instr, cycles) =>
    emit(ctx, { kind: 'cr.cpu', node: node.node, pc, text: instructionText(instr), cycles }),
  ended: (ctx, node, pc) =>
    emit(ctx, { kind: 'cr.cpu', node: node.node, pc, text: 'program finished', cycles: 0 }),
};

/** One cycle of a node's processor. */
export const stepCraniumProcessor = (ctx: CraniumCtx, node: NodeState): void =>
  stepProcessor(CRANIUM_PROCESSOR, ctx, node, ctx.state.cycle);

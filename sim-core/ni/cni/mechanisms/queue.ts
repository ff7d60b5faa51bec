/**
 * Cachable queues (§B.3, Figs. 2-5) and the queue CNIs CNI16Q, CNI512Q and CNI16Qm (§B.6.3-4).
 *
 * One sender and one receiver per queue, either of which may be a processor or the NI. Slots of
 * up to four blocks; the valid word sits in the slot's first block and is written last. The three
 * optimisations are switches: lazy pointers (the sender checks a shadow of head and reads head
 * only when the shadow says full), message valid bits (the receiver polls the slot at head instead
 * of reading tail) and sense reverse (the valid encoding flips every pass, so nobody clears it;
 * full = tail == head with different senses, digest §H.1). Without sense bits one slot is wasted.
 */
import type { Agent, BlockData, RoutineFrame } from '../../../node/bus/agent';
import { blockName } from '../../../node/bus/context';
import type { BlockGeometry } from '../../../node/bus/geometry';
import type { Step } from '../../../node/bus/routine';
import type { CniHooks, CniRoutine, Ctx } from '../cni-node';
import type { AgentName, CniTxn, QueueSide } from '../cni-state';
import { blocksFor, HEADER_BYTES, NI_KINDS } from '../config';
import { slotBlock, type QueueLayout } from '../layout';
import { acknowledge, injectable, injectWaiting } from '../cni-messages';
import { duePull, schedulePull } from './virtual-polling';

const layoutOf = (ctx: Ctx, f: RoutineFrame): QueueLayout => ctx.layout.queues[String(f.locals.q)]!;
const stateOf = (ctx: Ctx, f: RoutineFrame) => ctx.node.queues[String(f.locals.q)]!;

/** Words of a message's payload and header that fall into block `part`. */
export function wordsInBlock(g: BlockGeometry, payload: number, part: number): number {
  const bytes = Math.min(g.blockBytes, HEADER_BYTES + payload - part * g.blockBytes);
  return Math.max(1, Math.ceil(bytes / g.wordBytes));
}

/**
 * Blocks are written 1, 2, …, then the header block 0, whose valid word goes last (Fig. 4): the
 * header block is touched once, and the NI's early pull never takes a block that will change.
 */
export const writeOrder = (blocks: number, step: number) => (step + 1 < blocks ? step + 1 : 0);

const validWord = (opt: { senseReverse: boolean }, s: QueueSide) =>
  opt.senseReverse ? s.sense : 1;

function looksFull(ctx: Ctx, q: QueueLayout, s: QueueSide): boolean {
  return ctx.cfg.optimisations.senseReverse
    ? s.pointer === s.shadowHead && s.sense !== s.shadowSense
    : (s.pointer + 1) % q.slots === s.shadowHead;
}

function pointerEvent(
  ctx: Ctx,
  q: string,
  agent: Agent<AgentName>,
  pointer: 'head' | 'tail' | 'shadowHead',
  value: number,
  sense: number,
) {
  ctx.events.push({
    kind: 'cni.pointer',
    node: ctx.node.id,
    queue: q,
    agent: agent.name,
    pointer,
    value,
    sense,
  });
}

/**
 * Enqueue (Fig. 4 with lazy pointers): returns 1 when the message is in the queue, 0 when full.
 * The NI as sender into a memory-homed queue (CNI16Qm) first frees the direct-mapped frame.
 */
const queueSend: CniRoutine = (ctx, f, a): Step => {
  const q = layoutOf(ctx, f);
  const side = stateOf(ctx, f).sender;
  const opt = ctx.cfg.optimisations;
  const msg = Number(f.locals.msg);
  const payload = ctx.state.messages[msg]!.payload;
  const blocks = Math.min(q.slotBlocks, blocksFor(ctx.kit.geometry, payload));
  switch (f.pc) {
    case 0:
      f.pc = 1;
      if (opt.lazyPointers && !looksFull(ctx, q, side)) {
        f.pc = 2;
        return null;
      }
      return {
        op: 'load',
        block: q.head,
        why: opt.lazyPointers
          ? 'the shadow head says full: read head to refresh it'
          : 'read head to check for room',
      };
    case 1: {
      const head = a.result as Record<string, number> | null;
      const value = head?.head ?? 0;
      const sense = head?.sense ?? 1;
      // A re-read that finds head unchanged (a hit while the queue stays full) refreshes nothing.
      if (value !== side.shadowHead || sense !== side.shadowSense) {
        side.shadowHead = value;
        side.shadowSense = sense;
        if (opt.lazyPointers) side.refreshes++;
        pointerEvent(ctx, q.name, a, 'shadowHead', value, sense);
      }
      f.pc = 2;
      return null;
    }
    case 2:
      if (looksFull(ctx, q, side)) return { ret: 0 };
      f.locals.step = 0;
      f.pc = 3;
      return null;
    case 3: {
      const step = Number(f.locals.step);
      if (step >= blocks) {
        f.pc = 7;
        return null;
      }
      const block = slotBlock(q, side.pointer, writeOrder(blocks, step));
      f.pc = 4;
      if (a.name === 'NI' && q.home === 'memory') {
        const frames = ctx.node.device.frames;
        const frame = (block - q.base) % frames.length;
        const holder = frames[frame]!;
        frames[frame] = block;
        if (holder >= 0 && holder !== block)
          return {
            op: 'evict',
            block: holder,
            why: `free frame ${frame} of the NI cache for ${blockName(ctx, block)}`,
          };
      }
      return null;
    }
    case 4: {
      const part = writeOrder(blocks, Number(f.locals.step));
      f.pc = 5;
      // A block's stores retire back to back once it is writable, so they are one operation
      // here: the header block's includes the valid word, written last (Fig. 4).
      const valid: BlockData = part === 0 && opt.validBits ? { valid: validWord(opt, side) } : {};
      return {
        op: 'store',
        block: slotBlock(q, side.pointer, part),
        data: { msg, part, ...valid },
        // The NI writes a slot's blocks whole, so it needs their ownership, never their old data.
        whole: a.name === 'NI',
        why:
          part === 0
            ? `write the header block of message ${msg}${opt.validBits ? `, valid word = ${validWord(opt, side)} last` : ''}`
            : `write block ${part} of message ${msg}`,
      };
    }
    case 5: {
      const part = writeOrder(blocks, Number(f.locals.step));
      f.locals.step = Number(f.locals.step) + 1;
      f.pc = 3;
      const copy = (wordsInBlock(ctx.kit.geometry, payload, part) - 1) * ctx.cfg.wordCycles;
      return a.name === 'NI' || copy <= 0
        ? null
        : { op: 'compute', cycles: copy, why: 'store the rest of the block (hits)' };
    }
    case 7: {
      side.pointer = (side.pointer + 1) % q.slots;
      side.count++;
      if (side.pointer === 0 && opt.senseReverse) side.sense ^= 1;
      pointerEvent(ctx, q.name, a, 'tail', side.pointer, side.sense);
      f.pc = 8;
      // With valid bits the receiver never reads tail, so the NI keeps it to itself.
      if (a.name === 'NI' && opt.validBits) return null;
      return {
        op: 'store',
        block: q.tail,
        data: { tail: side.pointer, sense: side.sense },
        why: 'advance tail',
      };
    }
    case 8:
      f.pc = 9;
      if (q.receiver !== 'NI') return null;
      return {
        op: 'ucStore',
        reg: 'msgReady',
        value: msg,
        why: 'tell the NI a message is ready (uncached store)',
      };
    case 9:
      return { ret: 1 };
  }
  throw new Error(`queue.send: bad pc ${f.pc}`);
};

/** Dequeue (Fig. 5): returns the message id, or -1 when the queue is empty. */
const queueReceive: CniRoutine = (ctx, f, a): Step => {
  const q = layoutOf(ctx, f);
  const side = stateOf(ctx, f).receiver;
  const opt = ctx.cfg.optimisations;
  const expected = opt.senseReverse ? side.sense : 1;
  switch (f.pc) {
    case 0:
      if (opt.validBits) {
        f.pc = 1;
        return {
          op: 'load',
          block: slotBlock(q, side.pointer, 0),
          why: 'poll the valid word of the slot at head',
        };
      }
      f.pc = 10;
      return { op: 'load', block: q.tail, why: 'read tail to see whether the queue is empty' };
    case 10: {
      const block = a.result as Record<string, number> | null;
      // tail == head is empty on the same pass, full (not empty) when the senses differ.
      const sameSense = !opt.senseReverse || (block?.sense ?? 1) === side.sense;
      if ((block?.tail ?? 0) === side.pointer && sameSense) return { ret: -1 };
      f.pc = 1;
      f.locals.checked = true;
      return {
        op: 'load',
        block: slotBlock(q, side.pointer, 0),
        why: 'read the header block at head',
      };
    }
    case 1: {
      const data = a.result as Record<string, number> | null;
      if (!f.locals.checked && (data?.valid ?? 0) !== expected) return { ret: -1 };
      f.locals.msg = data?.msg ?? -1;
      f.locals.part = 0;
      f.pc = 2;
      return null;
    }
    case 2: {
      const msg = Number(f.locals.msg);
      const part = Number(f.locals.part);
      const payload = ctx.state.messages[msg]?.payload ?? 0;
      const blocks = Math.min(q.slotBlocks, blocksFor(ctx.kit.geometry, payload));
      if (part >= blocks) {
        f.pc = 4;
        return null;
      }
      f.pc = 3;
      if (part === 0) return null;
      return {
        op: 'load',
        block: slotBlock(q, side.pointer, part),
        why: `read block ${part} of the message`,
      };
    }
    case 3: {
      const msg = Number(f.locals.msg);
      const part = Number(f.locals.part);
      const data = part === 0 ? null : (a.result as Record<string, number> | null);
      if (data && data.msg !== msg) {
        ctx.state.violations++;
        ctx.events.push({
          kind: 'invariant.violation',
          rule: 'data-value',
          block: slotBlock(q, side.pointer, part),
          detail: `block ${part} holds message ${data.msg}, expected ${msg}`,
        });
      }
      f.locals.part = part + 1;
      f.pc = 2;
      const payload = ctx.state.messages[msg]?.payload ?? 0;
      return a.name === 'NI'
        ? null
        : {
            op: 'compute',
            cycles: wordsInBlock(ctx.kit.geometry, payload, part) * ctx.cfg.wordCycles,
            why: 'copy the block to the user buffer',
          };
    }
    case 4:
      f.pc = 5;
      if (!opt.validBits || opt.senseReverse) return null;
      return {
        op: 'store',
        block: slotBlock(q, side.pointer, 0),
        data: { valid: 0 },
        why: 'clear the valid word (the receiver becomes the owner)',
      };
    case 5: {
      side.pointer = (side.pointer + 1) % q.slots;
      side.count++;
      if (side.pointer === 0 && opt.senseReverse) side.sense ^= 1;
      pointerEvent(ctx, q.name, a, 'head', side.pointer, side.sense);
      f.pc = 6;
      return {
        op: 'store',
        block: q.head,
        data: { head: side.pointer, sense: side.sense },
        why: 'advance head',
      };
    }
    case 6:
      return { ret: Number(f.locals.msg) };
  }
  throw new Error(`queue.receive: bad pc ${f.pc}`);
};

/** The NI's loop for the queue CNIs: early pulls, announced sends, arrivals into the queue. */
const queueDevice: CniRoutine = (ctx, f, a): Step => {
  const dev = ctx.node.device;
  switch (f.pc) {
    case 0: {
      const pull = duePull(ctx, a);
      if (pull !== undefined) return pull;
      if (injectWaiting(ctx)) {
        return { op: 'idle' };
      }
      if (dev.pendingCount > 0 && dev.outbound.length === 0) {
        return { call: 'queue.deviceDequeue', locals: { q: 'sq' } };
      }
      if (dev.backlog.length > 0) {
        f.pc = 1;
        return { call: 'queue.send', locals: { q: 'rq', msg: dev.backlog[0]! } };
      }
      return { op: 'idle' };
    }
    case 1:
      f.pc = 0;
      if (a.result === 1) {
        dev.rxFullInterrupt = false;
        acknowledge(ctx, dev.backlog.shift()!);
        return null;
      }
      if (NI_KINDS[ctx.cfg.ni].autoOverflow && !dev.rxFullInterrupt) {
        // The digest's "memory queue full" (§B.6.4): rare, but a processor that only waited on
        // its own blocked send would never empty the queue, and blocked nodes would wait for
        // each other for ever (an all-to-all of large messages fills all 128 slots).
        dev.rxFullInterrupt = true;
        ctx.events.push({
          kind: 'cni.device',
          node: ctx.node.id,
          what: `the memory receive queue is full with message ${dev.backlog[0]} waiting: interrupt the processor, so that a blocked send drains arrivals into user memory`,
        });
      }
      return { op: 'idle' };
  }
  throw new Error(`queue.device: bad pc ${f.pc}`);
};

/** queueDevice's conditions at pc 0, past its due pulls: nothing to inject, dequeue or deliver. */
export const queueDeviceIdle = (ctx: Ctx): boolean => {
  const dev = ctx.node.device;
  return (
    injectable(ctx) === undefined &&
    !(dev.pendingCount > 0 && dev.outbound.length === 0) &&
    dev.backlog.length === 0
  );
};

/** The NI takes the next announced message out of the send queue (§B.6.3 send step 5). */
const deviceDequeue: CniRoutine = (ctx, f, a): Step => {
  switch (f.pc) {
    case 0:
      f.pc = 1;
      return { call: 'queue.receive', locals: { q: f.locals.q ?? null } };
    case 1: {
      const msg = Number(a.result);
      if (msg >= 0) {
        ctx.node.device.pendingCount--;
        ctx.node.device.outbound.push(msg);
      }
      return { ret: msg };
    }
  }
  throw new Error(`queue.deviceDequeue: bad pc ${f.pc}`);
};

export const queueRoutines: Record<string, CniRoutine> = {
  'queue.send': queueSend,
  'queue.receive': queueReceive,
  'queue.device': queueDevice,
  'queue.deviceDequeue': deviceDequeue,
};

export const queueHooks: CniHooks = {
  readRegister: () => 0,
  writeRegister(ctx, reg) {
    if (reg === 'msgReady') ctx.node.device.pendingCount++;
  },
  onGrant(ctx: Ctx, txn: CniTxn) {
    // Virtual-polling variant (L711-722): the processor asking for block k+1 of a slot means
    // block k is finished, so the NI pulls it before the message is announced.
    const sq = ctx.layout.queues.sq;
    if (!sq || txn.agent !== 'P' || txn.kind === 'RD' || ctx.cfg.virtualPolling === 'off') return;
    const offset = txn.block - sq.base;
    if (offset < 0 || offset >= sq.slots * sq.slotBlocks) return;
    const part = offset % sq.slotBlocks;
    // In write order 1, 2, …, 0: a request for block k ≥ 2 means block k − 1 is finished.
    const pullPart = ctx.cfg.virtualPolling === 'same-block' ? part : part >= 2 ? part - 1 : -1;
    if (pullPart < 1) return;
    schedulePull(ctx, txn, txn.block - part + pullPart);
  },
};

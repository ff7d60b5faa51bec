/**
 * The VIA library on the host processor (seed 002 §3, Fig. 2) [002 L64-66]: a send writes the
 * message (Send1, its 8-byte words in the workload's order, a gap between them), builds the
 * descriptor (Send2), rings the send doorbell (Send3) and polls the completion queue (Send7); a
 * receive is posted by building its descriptor (Recv1) and ringing the receive doorbell (Recv2);
 * a receive completes when a poll of the completion queue sees it (Recv6), and the message is then
 * read (Recv7) and checked word by word. The application runs a script of these (via.main).
 */
import { nextInt, type RngState } from '../../kernel/rng';
import type { BlockData } from '../../node/bus/agent';
import type { Step } from '../../node/bus/routine';
import type { WriteOrder } from './workload-kinds';
import { PARTS, slice, viaStep, type Ctx, type EdtRoutine } from './edt-node';
import { messageBlocks, wordsPerBlock } from './layout';
import { reportStale } from './edt-invariants';

/** Words of a descriptor: control segment (op, size, status) and one data segment [002 L56]. */
export const DESCRIPTOR_WORDS = 4;

/** The message's words in the order the user writes them (Send1). */
export function storeOrder(
  order: WriteOrder,
  words: number,
  perBlock: number,
  rng: RngState,
): number[] {
  const all = Array.from({ length: words }, (_, j) => j);
  const blocks = Math.ceil(words / perBlock);
  switch (order) {
    case 'sequential':
      return all;
    case 'reverse':
      // The blocks last to first, each written front to back: only the order of blocks changes.
      return Array.from({ length: blocks }, (_, i) => blocks - 1 - i).flatMap((b) =>
        all.slice(b * perBlock, (b + 1) * perBlock),
      );
    case 'stride':
      // Word w of every block, then word w + 1: the stride is a block [002 L138].
      return Array.from({ length: perBlock }, (_, w) => w).flatMap((w) =>
        Array.from({ length: blocks }, (_, b) => b * perBlock + w).filter((j) => j < words),
      );
    case 'random':
      for (let i = all.length - 1; i > 0; i--) {
        const j = nextInt(rng, i + 1);
        [all[i], all[j]] = [all[j]!, all[i]!];
      }
      return all;
  }
}

/** What the word `j` of message `msg` holds: the message's number, in its own key. */
export const wordData = (msg: number, j: number, perBlock: number): BlockData => ({
  [`w${j % perBlock}`]: msg,
});

const work = (cycles: number, why: string): Step =>
  cycles > 0 ? { op: 'compute', cycles, why } : null;

/**
 * The store's extra cycles beyond the interpreter's one: its cost, the L2's latency when it is the
 * first store to its L1 line [002 L173-174], and the workload's gap.
 */
const afterStore = (ctx: Ctx, gap: number, firstInLine: boolean) =>
  work(ctx.cfg.host.store - 1 + (firstInLine ? ctx.cfg.host.l2Latency : 0) + gap, 'the next store');

/** Whether the k-th store of the order is the first to its L1 line. */
function firstInLine(ctx: Ctx, stores: readonly number[], k: number): boolean {
  const perLine = Math.max(1, ctx.cfg.host.l1LineBytes / ctx.layout.wordBytes);
  const line = Math.floor(stores[k]! / perLine);
  for (let i = 0; i < k; i++) if (Math.floor(stores[i]! / perLine) === line) return false;
  return true;
}

/** The processor still holds its copy of the completion queue: a spin does nothing. */
export function spinsOnCachedCopy(ctx: Ctx): boolean {
  const line = ctx.node.agents.P!.lines[ctx.layout.cq];
  return line !== undefined && ctx.kit.protocol.states[line.state]?.perm !== 'none';
}

/** The routines' spins, by the pc each waits at (edt-quiet.ts skips them while they idle). */
export const SPIN_POINTS: Readonly<Record<string, number>> = { 'via.send': 44, 'via.recv': 4 };

/**
 * A poll that saw nothing spins on its cached copy of the completion queue, which costs no bus
 * transaction, until the NI's completion write invalidates it; the loop's next load then misses
 * (at `pc`) one loop iteration later.
 */
function spin(ctx: Ctx, f: { pc: number }, pc: number): Step {
  if (spinsOnCachedCopy(ctx)) return { op: 'idle' };
  f.pc = pc;
  return work(ctx.cfg.host.poll, 'the poll loop comes round to its load again');
}

const viaMain: EdtRoutine = (ctx, f) => {
  const i = Number(f.locals.i ?? 0);
  const next = ctx.node.app.script[i];
  if (!next) return { ret: null };
  f.locals.i = i + 1;
  return { call: `via.${next.step}`, locals: { msg: next.msg } };
};

const viaSend: EdtRoutine = (ctx, f) => {
  const msg = Number(f.locals.msg);
  const m = ctx.state.messages[msg]!;
  const w = ctx.cfg.workload;
  const app = ctx.node.app;
  const L = ctx.layout;
  const W = wordsPerBlock(L);
  const blocks = messageBlocks(L, 'send', m.bytes);
  const now = ctx.state.cycle;
  const k = Number(f.locals.k ?? 0);
  const store = (j: number, why: string): Step => ({
    op: 'store',
    block: blocks[Math.floor(j / W)]!,
    data: wordData(msg, j, W),
    why,
  });
  switch (f.pc) {
    case 0:
      app.current = msg;
      app.stores = storeOrder(w.order, Math.ceil(m.bytes / L.wordBytes), W, ctx.state.rng);
      f.locals.k = 0;
      f.pc = w.payload === 'produce' ? 10 : 1;
      return null;
    case 1: // a prepared payload is written before the send, and a clean one flushed
      if (k < app.stores.length) {
        f.locals.k = k + 1;
        return store(app.stores[k]!, `prepare message ${msg} ahead of the send`);
      }
      f.locals.k = 0;
      f.pc = w.payload === 'prepared-clean' ? 2 : 3;
      return null;
    case 2:
      if (k < blocks.length) {
        f.locals.k = k + 1;
        return {
          op: 'evict',
          block: blocks[k]!,
          why: `the prepared message ${msg} goes to memory (clean)`,
        };
      }
      f.pc = 3;
      return null;
    case 3:
      f.pc = 10;
      return work(w.prepareGap, `message ${msg} was prepared earlier; other work until the send`);
    case 10: // VipPostSend(): the latency's clock starts [002 L194]
      m.startedAt = now;
      ctx.events.push({
        kind: 'edt.msg',
        node: ctx.node.id,
        msg,
        phase: 'start',
        src: m.src,
        dst: m.dst,
        bytes: m.bytes,
        latency: null,
      });
      f.pc = 11;
      slice(
        ctx,
        msg,
        'P',
        'VipPostSend(): the library call',
        'host-sw',
        null,
        now,
        now + ctx.cfg.host.call,
        'default',
      );
      return work(ctx.cfg.host.call, 'VipPostSend(): enter the library');
    case 11:
      f.locals.k = 0;
      f.locals.t0 = now;
      if (w.payload !== 'produce') {
        f.pc = 20;
        return null;
      }
      viaStep(ctx, 'Send1', 'P', msg, `write the ${m.bytes}-byte message, ${w.order}`);
      f.pc = 13;
      if (w.readFirst)
        return { op: 'load', block: blocks[0]!, why: `read message ${msg}'s header word first` };
      return null;
    case 13:
      if (k < app.stores.length) {
        f.pc = 14;
        return store(app.stores[k]!, `Send1: word ${app.stores[k]} of message ${msg}`);
      }
      slice(
        ctx,
        msg,
        'P',
        'Send1: user data',
        'host-sw',
        PARTS.userData,
        Number(f.locals.t0),
        now,
        '[002 L64]',
      );
      f.pc = 20;
      return null;
    case 14:
      f.locals.k = k + 1;
      f.pc = 13;
      return afterStore(ctx, w.storeGap, firstInLine(ctx, app.stores, k));
    case 20: // Send2: the descriptor (control segment, data segment) in registered memory
      viaStep(ctx, 'Send2', 'P', msg, 'build the send descriptor');
      f.locals.t0 = now;
      f.locals.k = 0;
      f.pc = 21;
      return null;
    case 21:
      if (k < DESCRIPTOR_WORDS) {
        f.pc = 22;
        return {
          op: 'store',
          block: L.sendDesc,
          data: { [`d${k}`]: msg },
          why: `Send2: descriptor word ${k}`,
        };
      }
      slice(
        ctx,
        msg,
        'P',
        'Send2: descriptor',
        'host-sw',
        null,
        Number(f.locals.t0),
        now,
        '[002 L64]',
      );
      f.locals.k = 0;
      f.pc = ctx.softwareFlush ? 30 : 40;
      return null;
    case 22:
      f.locals.k = k + 1;
      f.pc = 21;
      return afterStore(ctx, 0, k === 0);
    case 30: // a non-coherent DMA needs the dirty lines flushed by software first [002 L43]
      if (k < blocks.length + 1) {
        f.locals.k = k + 1;
        const block = k < blocks.length ? blocks[k]! : L.sendDesc;
        return {
          op: 'evict',
          block,
          why: 'flush a dirty line before the non-coherent DMA reads memory',
        };
      }
      f.pc = 40;
      return null;
    case 40: // Send3: a token with the descriptor's address to the send doorbell
      viaStep(ctx, 'Send3', 'P', msg, 'ring the send doorbell');
      app.doorbellAt = now;
      f.pc = 41;
      return {
        op: 'ucStore',
        reg: 'sdoorbell',
        value: msg,
        why: `Send3: doorbell for message ${msg}`,
      };
    case 41:
      f.pc = 42;
      return null;
    case 42:
      f.pc = 43;
      return { op: 'load', block: L.cq, why: `Send7: has message ${msg} gone?` };
    case 43: {
      const cq = ctx.node.agents.P!.result as BlockData | null;
      if ((cq?.s ?? 0) > app.sendsSeen) {
        app.sendsSeen++;
        app.current = -1;
        viaStep(ctx, 'Send7', 'P', msg, 'a poll of the completion queue sees the send done');
        return { ret: null };
      }
      f.pc = 44;
      return null;
    }
    case 44:
      return spin(ctx, f, 42);
  }
  throw new Error(`via.send: bad pc ${f.pc}`);
};

const viaPost: EdtRoutine = (ctx, f) => {
  const msg = Number(f.locals.msg);
  const k = Number(f.locals.k ?? 0);
  const buffer = messageBlocks(ctx.layout, 'recv', ctx.state.messages[msg]!.bytes);
  switch (f.pc) {
    case 0:
      viaStep(ctx, 'Recv1', 'P', msg, 'build the receive descriptor');
      f.locals.k = 0;
      f.pc = ctx.softwareFlush ? 5 : 1;
      return null;
    case 5: // without coherence, the buffer's cached lines go before the DMA writes it [002 L43]
      if (k < buffer.length) {
        f.locals.k = k + 1;
        return {
          op: 'evict',
          block: buffer[k]!,
          why: 'drop a cached line of the receive buffer before the non-coherent DMA writes it',
        };
      }
      f.locals.k = 0;
      f.pc = 1;
      return null;
    case 1:
      if (k < DESCRIPTOR_WORDS) {
        f.pc = 2;
        return {
          op: 'store',
          block: ctx.layout.recvDesc,
          data: { [`r${k}`]: msg },
          why: `Recv1: descriptor word ${k}`,
        };
      }
      viaStep(ctx, 'Recv2', 'P', msg, 'ring the receive doorbell');
      f.pc = 3;
      return {
        op: 'ucStore',
        reg: 'rdoorbell',
        value: msg,
        why: `Recv2: post a receive for message ${msg}`,
      };
    case 2:
      f.locals.k = k + 1;
      f.pc = 1;
      return afterStore(ctx, 0, k === 0);
    case 3:
      return { ret: null };
  }
  throw new Error(`via.post: bad pc ${f.pc}`);
};

const viaRecv: EdtRoutine = (ctx, f) => {
  const msg = Number(f.locals.msg);
  const m = ctx.state.messages[msg]!;
  const app = ctx.node.app;
  const L = ctx.layout;
  const blocks = messageBlocks(L, 'recv', m.bytes);
  const now = ctx.state.cycle;
  const k = Number(f.locals.k ?? 0);
  switch (f.pc) {
    case 0:
      f.pc = 1;
      return null;
    case 1:
      f.locals.t0 = now;
      f.pc = 2;
      return { op: 'load', block: L.cq, why: `Recv6: has message ${msg} arrived?` };
    case 2: {
      const cq = ctx.node.agents.P!.result as BlockData | null;
      if ((cq?.r ?? 0) <= app.recvsSeen) {
        f.pc = 4;
        return null;
      }
      app.recvsSeen++;
      m.completedAt = now;
      viaStep(ctx, 'Recv6', 'P', msg, 'a poll of the completion queue sees the message');
      const latency = now - m.startedAt;
      ctx.events.push({
        kind: 'edt.msg',
        node: ctx.node.id,
        msg,
        phase: 'complete',
        src: m.src,
        dst: m.dst,
        bytes: m.bytes,
        latency,
      });
      slice(
        ctx,
        msg,
        'P',
        'Recv6: the poll sees it',
        'host-sw',
        null,
        Number(f.locals.t0),
        now,
        '[002 L66]',
      );
      f.locals.k = 0;
      f.pc = 10;
      return null;
    }
    case 4:
      return spin(ctx, f, 1);
    case 10:
      viaStep(ctx, 'Recv7', 'P', msg, `read the ${m.bytes}-byte message`);
      f.pc = 11;
      return null;
    case 11:
      if (k >= blocks.length) return { ret: null };
      f.pc = 12;
      return { op: 'load', block: blocks[k]!, why: `Recv7: read block ${k} of message ${msg}` };
    case 12:
      checkWords(ctx, msg, k, ctx.node.agents.P!.result as BlockData | null);
      f.locals.k = k + 1;
      f.pc = 11;
      return null;
  }
  throw new Error(`via.recv: bad pc ${f.pc}`);
};

/** Recv7's check: every word of block `k` holds message `msg`'s data. */
function checkWords(ctx: Ctx, msg: number, k: number, data: BlockData | null) {
  const m = ctx.state.messages[msg]!;
  const W = wordsPerBlock(ctx.layout);
  const words = Math.ceil(m.bytes / ctx.layout.wordBytes);
  for (let j = k * W; j < Math.min(words, (k + 1) * W); j++) {
    const got = data?.[`w${j % W}`];
    if (got === msg) continue;
    m.stale = true;
    reportStale(
      ctx,
      'receiver',
      msg,
      ctx.layout.blocks[ctx.layout.regions.recv.first + k]!.name,
      `word ${j} holds ${got === undefined ? 'nothing' : `message ${got}'s data`}, not message ${msg}'s`,
    );
    return;
  }
}

export const viaRoutines: Record<string, EdtRoutine> = {
  'via.main': viaMain,
  'via.send': viaSend,
  'via.post': viaPost,
  'via.recv': viaRecv,
};

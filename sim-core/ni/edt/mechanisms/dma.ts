/**
 * VIA over a DMA-based NI (seed 002 §3, Fig. 2) [002 L64-66]: nothing moves until the doorbell;
 * then VI-MSG has the host-side DMA engine (sim-core/node/dma/) read the descriptor (Send4) and
 * then the data (Send5), each transfer paying Init and Intr around its blocks [002 L205-207],
 * and on receive write each fragment into the posted buffer (Recv4). A block dirty in the host's
 * cache is supplied by the cache (CC-DMA by intervention), refused with RETRY and written back
 * first (by retry), or read stale from memory (non-coherent) [002 L43]. A transfer per MTU
 * fragment, on send and on receive, is a reading (round2-spec §B1.2, "Calibration").
 */
import type { BlockData, RoutineFrame } from '../../../node/bus/agent';
import { blockName } from '../../../node/bus/context';
import { collectDma, postDma, type DmaFinished } from '../../../node/dma/dma-engine';
import { dmaRefuses } from '../../../node/dma/ports';
import { fragmentsOf } from '../edt-config';
import {
  PARTS,
  viaStep,
  type Ctx,
  type EdtHooks,
  type EdtRoutine,
  type Mechanism,
} from '../edt-node';
import { messageBlocks } from '../layout';
import { EDT_NI_KINDS } from '../ni-kinds';
import {
  cqWrite,
  doorbellHooks,
  land,
  receiveCycles,
  sendCosts,
  transmit,
  viMsgWork,
  waitFor,
} from '../vimsg';

const hooks: EdtHooks = {
  ...doorbellHooks,
  onGrant() {},
  refuses: (ctx, req) => dmaRefuses(req, EDT_NI_KINDS[ctx.cfg.ni].dma ?? 'intervention'),
};

/** The blocks fragment `f` of a message touches (a block on a boundary is moved for both). */
function fragmentBlocks(ctx: Ctx, region: 'send' | 'recv', bytes: number, f: number): number[] {
  const all = messageBlocks(ctx.layout, region, bytes);
  const from = f * ctx.cfg.mtu;
  const to = Math.min(bytes, from + ctx.cfg.mtu) - 1;
  const B = ctx.layout.blockBytes;
  return all.slice(Math.floor(from / B), Math.floor(to / B) + 1);
}

/** Queues a transfer on the node's engine; its id. */
function post(
  ctx: Ctx,
  msg: number,
  label: string,
  dir: 'read' | 'write',
  blocks: number[],
  data: BlockData[] = [],
) {
  return postDma(ctx.node.dma!, ctx.state.cycle, (e) => ctx.events.push(e), {
    label,
    dir,
    blocks,
    names: blocks.map((b) => blockName(ctx, b)),
    data,
    message: msg,
    part: PARTS.dataTransfer,
  });
}

/** The transfer `f.locals.desc` once it is done (the wait told as a slice), else null. */
function awaitDma(
  ctx: Ctx,
  f: { locals: Record<string, unknown> },
  msg: number,
): DmaFinished | null {
  const done = collectDma(ctx.node.dma!, Number(f.locals.desc));
  waitFor(ctx, f, msg, done !== null, 'the DMA');
  return done;
}

/** The routines' waits for their transfer (awaitDma), by the pcs they wait at. */
const DMA_WAITS: Readonly<Record<string, readonly number[]>> = {
  'dma.send': [2, 4],
  'dma.arrive': [2],
};

/**
 * The frame waits for a transfer the engine has not finished, and has noted since when: it idles
 * until the engine finishes it (edt-quiet.ts). Reads, never writes.
 */
export function awaitsDma(ctx: Ctx, f: RoutineFrame): boolean {
  const engine = ctx.node.dma;
  if (!engine || !DMA_WAITS[f.routine]?.includes(f.pc)) return false;
  if (typeof f.locals.waitFrom !== 'number') return false;
  const id = Number(f.locals.desc);
  return !engine.done.some((d) => d.id === id);
}

const IDLE = { op: 'idle' } as const;

const dmaSend: EdtRoutine = (ctx, f) => {
  const msg = Number(f.locals.msg);
  const m = ctx.state.messages[msg]!;
  const costs = sendCosts(ctx, msg);
  const frag = Number(f.locals.frag ?? 0);
  switch (f.pc) {
    case 0:
      ctx.node.ni.doorbells.send.shift();
      f.pc = 1;
      return viMsgWork(
        ctx,
        msg,
        costs.head,
        "the token, the descriptor's address, V→P translation",
      );
    case 1:
      viaStep(ctx, 'Send4', 'DMA', msg, 'DMA the descriptor into the NI');
      f.locals.desc = post(ctx, msg, `descriptor of message ${msg}`, 'read', [ctx.layout.sendDesc]);
      f.pc = 2;
      return null;
    case 2: {
      if (!awaitDma(ctx, f, msg)) return IDLE;
      f.locals.frag = 0;
      f.pc = 3;
      return null;
    }
    case 3: {
      if (frag === 0) viaStep(ctx, 'Send5', 'DMA', msg, 'DMA the message into the NI');
      const n = fragmentsOf(ctx.cfg, m.bytes);
      f.locals.desc = post(
        ctx,
        msg,
        n > 1 ? `message ${msg}, fragment ${frag + 1} of ${n}` : `data of message ${msg}`,
        'read',
        fragmentBlocks(ctx, 'send', m.bytes, frag),
      );
      f.pc = 4;
      return null;
    }
    case 4: {
      const done = awaitDma(ctx, f, msg);
      if (!done) return IDLE;
      const first = fragmentBlocks(ctx, 'send', m.bytes, frag)[0]! - ctx.layout.regions.send.first;
      done.read.forEach((d, i) => (m.payload[first + i] = { ...(d ?? {}) }));
      const last = frag + 1 >= fragmentsOf(ctx.cfg, m.bytes);
      f.locals.frag = frag + 1;
      f.pc = last ? 5 : 3;
      return viMsgWork(
        ctx,
        msg,
        frag === 0 ? costs.frames : costs.fragment,
        frag === 0 ? 'read the descriptor, build the frame' : `build frame ${frag + 1}`,
      );
    }
    case 5:
      transmit(ctx, msg, m.payload);
      viaStep(ctx, 'Send6', 'NI', msg, 'the completion goes into the completion queue');
      f.pc = 6;
      return cqWrite(ctx, 's', msg);
    case 6:
      return { ret: null };
  }
  throw new Error(`dma.send: bad pc ${f.pc}`);
};

const dmaPost: EdtRoutine = (ctx, f) => {
  const msg = Number(f.locals.msg);
  switch (f.pc) {
    case 0:
      ctx.node.ni.doorbells.recv.shift();
      viaStep(ctx, 'Recv3', 'DMA', msg, 'DMA the receive descriptor into the NI');
      f.locals.desc = post(ctx, -1, `receive descriptor for message ${msg}`, 'read', [
        ctx.layout.recvDesc,
      ]);
      f.pc = 1;
      return null;
    case 1: {
      if (!awaitDma(ctx, f, -1)) return IDLE;
      f.pc = 2;
      return viMsgWork(
        ctx,
        -1,
        ctx.cfg.niCosts.viMsgPost * ctx.cfg.niCosts.niCycle,
        'take in the receive descriptor',
      );
    }
    case 2:
      ctx.node.ni.posted++;
      land(ctx);
      return { ret: null };
  }
  throw new Error(`dma.post: bad pc ${f.pc}`);
};

const dmaArrive: EdtRoutine = (ctx, f) => {
  const msg = Number(f.locals.msg);
  const m = ctx.state.messages[msg]!;
  const frag = Number(f.locals.frag ?? 0);
  switch (f.pc) {
    case 0:
      f.pc = 1;
      return viMsgWork(ctx, msg, receiveCycles(ctx, msg), 'receive processing and reassembly');
    case 1: {
      if (frag === 0) viaStep(ctx, 'Recv4', 'DMA', msg, 'DMA the message into the posted buffer');
      const n = fragmentsOf(ctx.cfg, m.bytes);
      const blocks = fragmentBlocks(ctx, 'recv', m.bytes, frag);
      const first = blocks[0]! - ctx.layout.regions.recv.first;
      const data = blocks.map((_, i) => ({ ...(m.payload[first + i] ?? {}) }));
      f.locals.desc = post(
        ctx,
        msg,
        n > 1
          ? `message ${msg}, fragment ${frag + 1} of ${n}, to the host`
          : `message ${msg} to the host`,
        'write',
        blocks,
        data,
      );
      f.pc = 2;
      return null;
    }
    case 2: {
      if (!awaitDma(ctx, f, msg)) return IDLE;
      f.locals.frag = frag + 1;
      if (frag + 1 < fragmentsOf(ctx.cfg, m.bytes)) {
        f.pc = 1;
        return null;
      }
      viaStep(ctx, 'Recv5', 'NI', msg, 'the completion goes into the completion queue');
      f.pc = 3;
      return cqWrite(ctx, 'r', msg);
    }
    case 3:
      return { ret: null };
  }
  throw new Error(`dma.arrive: bad pc ${f.pc}`);
};

export const dmaMechanism: Mechanism = {
  master: 'DMA',
  routines: { send: 'dma.send', post: 'dma.post', arrive: 'dma.arrive', master: null },
  hooks,
  // The data waits in the NI's network buffer until VI-MSG has the DMA move it (Recv4).
  land() {},
};

export const dmaRoutines: Record<string, EdtRoutine> = {
  'dma.send': dmaSend,
  'dma.post': dmaPost,
  'dma.arrive': dmaArrive,
};

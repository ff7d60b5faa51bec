/**
 * Eager Data Transfer (seed 002 §4-5) [002 L76-84, L106-120]: the EDT NI's cache controller (CC)
 * watches the host's bus through its TAG table. A write-invalidate of a registered block (INV,
 * RDX or ITOM) — which the processor needs anyway to write — takes the NI's copy to I and, δ_fetch
 * later, makes the NI read the block back (RD; the host's cache supplies it, M→S): the message
 * flows into NI memory while it is being written, at two bus transactions per block in the best
 * case and 2·B·W when the writes thrash [002 L134-138]. The snoop-triggered fetch is CNI's virtual
 * polling pointed at a registered block rather than a queue's. A read of a registered line is
 * answered with SHARED, so the host never holds one in E and every write is seen (digest §H-4).
 * VI-MSG finds descriptor and data already in NI memory and sends at once, after checking each
 * block is S [002 L76; digest §H-12]. On receive the data lands in NI memory and is written back
 * (DMA-engine mode, V→I) or taken over by invalidating the host (coherent mode, S→M), with no DMA
 * set-up or interrupt [002 L116-124].
 */
import type { Txn } from '../../../node/bus/bus-state';
import { blockName } from '../../../node/bus/context';
import type { AgentName } from '../edt-events';
import {
  cellDoes,
  niStep,
  PARTS,
  slice,
  viaStep,
  type Ctx,
  type EdtHooks,
  type EdtRoutine,
  type Mechanism,
} from '../edt-node';
import { reportStale } from '../edt-invariants';
import { messageBlocks, tagLookup } from '../layout';
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

const WRITES = new Set(['INV', 'RDX', 'ITOM']);

/** Asks for a read of each block not in S that has none due; true when all are S. */
function fetched(ctx: Ctx, blocks: readonly number[], why: string): boolean {
  let all = true;
  for (const b of blocks) {
    const blk = ctx.node.ni.blocks[b]!;
    if (blk.st === 'S') continue;
    all = false;
    if (blk.st === 'I' && !blk.pendingFetch) schedule(ctx, b, ctx.state.cycle, why);
  }
  return all;
}

function schedule(ctx: Ctx, block: number, at: number, why: string) {
  ctx.node.ni.blocks[block]!.pendingFetch = true;
  ctx.node.ni.fetches.push({ block, at, why });
  ctx.events.push({
    kind: 'edt.fetch',
    node: ctx.node.id,
    target: blockName(ctx, block),
    stage: 'scheduled',
    at,
    source: '',
    why,
  });
}

const hooks: EdtHooks = {
  ...doorbellHooks,
  /** The snoop: a TAG match on a host transaction drives the block's status through the table. */
  onGrant(ctx, txn) {
    const lb = ctx.layout.blocks[txn.block];
    if (!lb) return;
    // The NI's own write (a completion, a V block): its copy is what it wrote.
    const own = ctx.node.ni.blocks[lb.id];
    if (txn.agent !== 'P' && txn.kind === 'WB' && own) own.data = { ...ctx.node.latest[lb.id]! };
    if (txn.agent !== 'P' && txn.agent !== 'CC') return;
    const hit = tagLookup(ctx.layout, lb.hostAddr);
    if (!hit) return;
    ctx.node.ni.lastTag = {
      entry: hit.entry,
      block: lb.id,
      cycle: ctx.state.cycle,
      txnKind: txn.kind,
      by: txn.agent,
    };
    ctx.events.push({
      kind: 'edt.tag',
      node: ctx.node.id,
      entry: hit.entry,
      region: lb.region,
      target: lb.name,
      hostAddr: lb.hostAddr,
      niAddr: hit.niAddr,
      txn: txn.id,
      txnKind: txn.kind,
      by: txn.agent,
    });
    if (txn.agent !== 'P') return;
    const event = txn.kind === 'RD' ? 'HostRead' : WRITES.has(txn.kind) ? 'HostWrite' : null;
    if (!event) return;
    const blk = ctx.node.ni.blocks[lb.id]!;
    const actions = niStep(
      ctx,
      lb.id,
      event,
      `the host's ${txn.kind} of ${lb.name} (TAG entry ${hit.entry})`,
    );
    if (actions.includes('supplyData')) ctx.node.home[lb.id] = { ...blk.data! };
    if (actions.includes('scheduleFetch') && !blk.pendingFetch)
      schedule(
        ctx,
        lb.id,
        txn.endsAt + ctx.cfg.niCosts.fetchDelay * ctx.cfg.niCosts.niCycle,
        `the host's ${txn.kind} at cycle ${txn.grantedAt}`,
      );
  },
  assertShared: (ctx, block) => {
    const lb = ctx.layout.blocks[block];
    return (
      !!lb &&
      tagLookup(ctx.layout, lb.hostAddr) !== null &&
      cellDoes(ctx, block, 'HostRead', 'assertShared')
    );
  },
  onDone: done,
  supplies(ctx, req, kind) {
    const event = kind === 'RD' ? 'HostRead' : 'HostWrite';
    const blk = ctx.node.ni.blocks[req.block];
    if (req.agent !== 'P' || !blk?.data || !cellDoes(ctx, req.block, event, 'supplyData'))
      return null;
    return { data: { ...blk.data }, by: 'CC' };
  },
};

/** The cache controller: due fetches, then invalidations, then write-backs, one at a time. */
/**
 * The last cycle through which the controller's loop, at its top, finds nothing to do (a fetch
 * falls due at its time; an invalidation or a write-back waits at once): edt-quiet.ts.
 */
export function controllerIdleThrough(ctx: Ctx): number {
  const ni = ctx.node.ni;
  if (ni.invalidations.length > 0 || ni.writebacks.length > 0) return ctx.state.cycle;
  let first = Infinity;
  for (const fetch of ni.fetches) first = Math.min(first, fetch.at);
  return first - 1;
}

const cacheController: EdtRoutine = (ctx, f) => {
  const ni = ctx.node.ni;
  const now = ctx.state.cycle;
  if (f.pc === 1) {
    // The transaction has ended; onDone has already updated the block.
    f.pc = 0;
    return null;
  }
  f.pc = 1;
  const due = ni.fetches.findIndex((x) => x.at <= now);
  if (due >= 0) {
    const [fetch] = ni.fetches.splice(due, 1);
    const block = fetch!.block;
    const name = blockName(ctx, block);
    ctx.events.push({
      kind: 'edt.fetch',
      node: ctx.node.id,
      target: name,
      stage: 'issued',
      at: now,
      source: '',
      why: fetch!.why,
    });
    return {
      op: 'device',
      txn: 'RD',
      block,
      coherent: true,
      why: `snoop-triggered fetch of ${name} (${fetch!.why})`,
    };
  }
  const inv = ni.invalidations.shift();
  if (inv !== undefined)
    return {
      op: 'device',
      txn: 'INV',
      block: inv,
      coherent: true,
      why: `coherent receive: invalidate the host's copies of ${blockName(ctx, inv)} [002 L118]`,
    };
  const wb = ni.writebacks.shift();
  if (wb !== undefined)
    return {
      op: 'device',
      txn: 'WB',
      block: wb,
      coherent: true,
      data: { ...ni.blocks[wb]!.data! },
      why: `write ${blockName(ctx, wb)} (V) back to host memory [002 L120]`,
    };
  f.pc = 0;
  return { op: 'idle' };
};

const lastLanded = (ctx: Ctx) => ctx.node.ni.pktToAddr.at(-1)?.msg ?? -1;

/** The controller's transaction has ended: the block's status meets it, in bus order. */
function done(ctx: Ctx, txn: Txn<AgentName>) {
  if (txn.agent !== 'CC') return;
  const block = txn.block;
  const blk = ctx.node.ni.blocks[block]!;
  const name = blockName(ctx, block);
  const now = ctx.state.cycle;
  if (txn.kind === 'RD') {
    const actions = niStep(ctx, block, 'FetchDone', `the NI's read of ${name} ends`);
    if (actions.includes('fill')) blk.data = { ...txn.data! };
    blk.pendingFetch = false;
    ctx.events.push({
      kind: 'edt.fetch',
      node: ctx.node.id,
      target: name,
      stage: 'done',
      at: now,
      source: txn.source,
      why: '',
    });
    slice(
      ctx,
      ctx.node.app.current,
      'NI fetch',
      `fetch ${name}`,
      'bus',
      null,
      txn.grantedAt,
      now,
      '[002 L114]',
    );
    return;
  }
  if (txn.kind === 'INV') {
    const actions = niStep(ctx, block, 'InvDone', `the host's copies of ${name} are gone`);
    if (actions.includes('publish')) {
      const v = (ctx.node.latest[block]?.v ?? 0) + 1;
      blk.data = { ...blk.data!, v };
      ctx.node.latest[block] = { ...blk.data };
    }
    slice(
      ctx,
      lastLanded(ctx),
      'NI',
      `invalidate ${name}`,
      'bus',
      PARTS.dataTransfer,
      txn.grantedAt,
      now,
      '[002 L118]',
    );
    return;
  }
  niStep(ctx, block, 'WbDone', `${name} is in host memory`);
  slice(
    ctx,
    lastLanded(ctx),
    'NI',
    `write back ${name}`,
    'bus',
    PARTS.dataTransfer,
    txn.grantedAt,
    now,
    '[002 L120, L196]',
  );
}

/** The message lands in NI memory: each block's status meets the network's data. */
function landEager(ctx: Ctx, msg: number) {
  const m = ctx.state.messages[msg]!;
  const ni = ctx.node.ni;
  const coherent = ctx.cfg.receiveMode === 'coherent';
  viaStep(
    ctx,
    'Recv4',
    'CC',
    msg,
    coherent
      ? "invalidate the host's copies; the NI will supply the data"
      : 'write the message back to host memory, block by block',
  );
  messageBlocks(ctx.layout, 'recv', m.bytes).forEach((b, i) => {
    const actions = niStep(ctx, b, 'NetData', `message ${msg} lands in NI memory (Pkt-to-Addr)`);
    if (actions.includes('fill')) ni.blocks[b]!.data = { ...(m.payload[i] ?? {}) };
    if (actions.includes('writeBack')) ni.writebacks.push(b);
    if (actions.includes('invalidateHost')) ni.invalidations.push(b);
  });
}

const eagerSend: EdtRoutine = (ctx, f) => {
  const msg = Number(f.locals.msg);
  const m = ctx.state.messages[msg]!;
  const blocks = messageBlocks(ctx.layout, 'send', m.bytes);
  const costs = sendCosts(ctx, msg);
  switch (f.pc) {
    case 0:
      ctx.node.ni.doorbells.send.shift();
      f.pc = 1;
      return viMsgWork(
        ctx,
        msg,
        costs.head,
        "the token, the descriptor's address, V→P and TAG translation",
      );
    case 1:
    case 2: {
      const need = f.pc === 1 ? [ctx.layout.sendDesc] : blocks;
      const go = waitFor(ctx, f, msg, fetched(ctx, need, 'VI-MSG needs it'), 'the eager fetch');
      if (go !== 'go') return go;
      f.pc++;
      return f.pc === 3
        ? viMsgWork(
            ctx,
            msg,
            costs.all,
            'read the descriptor and data from NI memory, build the frames',
          )
        : null;
    }
    case 3: {
      const go = waitFor(ctx, f, msg, fetched(ctx, blocks, 'VI-MSG sends it'), 'the eager fetch');
      if (go !== 'go') return go;
      for (const b of blocks)
        if (ctx.node.ni.blocks[b]!.st !== 'S')
          reportStale(
            ctx,
            'ni',
            msg,
            blockName(ctx, b),
            'a block left the NI in a status other than S',
          );
      transmit(
        ctx,
        msg,
        blocks.map((b) => ctx.node.ni.blocks[b]!.data ?? {}),
      );
      viaStep(ctx, 'Send6', 'NI', msg, 'the completion goes into the completion queue');
      f.pc = 4;
      return cqWrite(ctx, 's', msg);
    }
    case 4:
      return { ret: null };
  }
  throw new Error(`edt.send: bad pc ${f.pc}`);
};

const eagerPost: EdtRoutine = (ctx, f) => {
  const msg = Number(f.locals.msg);
  switch (f.pc) {
    case 0:
      ctx.node.ni.doorbells.recv.shift();
      viaStep(ctx, 'Recv3', 'NI', msg, 'the receive descriptor is already in NI memory: no DMA');
      f.pc = 1;
      return null;
    case 1: {
      const go = waitFor(
        ctx,
        f,
        -1,
        fetched(ctx, [ctx.layout.recvDesc], 'VI-MSG posts it'),
        'the eager fetch',
      );
      if (go !== 'go') return go;
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
  throw new Error(`edt.post: bad pc ${f.pc}`);
};

const eagerArrive: EdtRoutine = (ctx, f) => {
  const msg = Number(f.locals.msg);
  const m = ctx.state.messages[msg]!;
  const ni = ctx.node.ni;
  switch (f.pc) {
    case 0:
      f.pc = 1;
      return viMsgWork(ctx, msg, receiveCycles(ctx, msg), 'receive processing and reassembly');
    case 1: {
      const blocks = messageBlocks(ctx.layout, 'recv', m.bytes);
      const done = blocks.every(
        (b) =>
          !ni.writebacks.includes(b) &&
          !ni.invalidations.includes(b) &&
          !ctx.protocol.states[ni.blocks[b]!.st]!.transient &&
          ni.blocks[b]!.st !== 'V',
      );
      const go = waitFor(ctx, f, msg, done, 'the data to reach the host');
      if (go !== 'go') return go;
      viaStep(ctx, 'Recv5', 'NI', msg, 'the completion goes into the completion queue');
      f.pc = 2;
      return cqWrite(ctx, 'r', msg);
    }
    case 2:
      return { ret: null };
  }
  throw new Error(`edt.arrive: bad pc ${f.pc}`);
};

export const eagerMechanism: Mechanism = {
  master: 'CC',
  routines: { send: 'edt.send', post: 'edt.post', arrive: 'edt.arrive', master: 'edt.cc' },
  hooks,
  land: landEager,
};

export const eagerRoutines: Record<string, EdtRoutine> = {
  'edt.send': eagerSend,
  'edt.post': eagerPost,
  'edt.arrive': eagerArrive,
  'edt.cc': cacheController,
};

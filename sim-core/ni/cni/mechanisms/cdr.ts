/**
 * CNI4: four cachable device registers per direction with uncached status and control (§B.2,
 * §B.6.2). Receive: the NI writes the message into the CDRs and sets rxReady; the processor
 * polls the uncached status, reads the blocks (cache to cache), then runs the three-step
 * handshake: uncached CLEAR store, barrier, the NI invalidates the processor's copies and only
 * then reports the next message — no false hits. Send: the processor writes the CDRs, stores
 * SEND, and may not write again until the NI has read every used block (whole blocks).
 * Status bits: 1 = txFree, 2 = rxReady, 4 = rxClearing (handshake step 2 still under way).
 * A processor that polls the receive CDR itself (pollCdr) must finish the handshake with step 3,
 * reading the status until rxClearing is 0 (§B.2.3): its next poll would hit its stale copy.
 */
import { peek } from '../../../node/bus/coherence';
import { blockName } from '../../../node/bus/context';
import type { Step } from '../../../node/bus/routine';
import type { CniHooks, CniRoutine, Ctx } from '../cni-node';
import type { CniTxn } from '../cni-state';
import { blocksFor } from '../config';
import { acknowledge, injectable, injectWaiting } from '../cni-messages';
import { duePull, schedulePull } from './virtual-polling';
import { LOST } from './messaging';
import { wordsInBlock } from './queue';

export const TX_FREE = 1;
export const RX_READY = 2;
export const RX_CLEARING = 4;

const payloadOf = (ctx: Ctx, msg: number) => ctx.state.messages[msg]?.payload ?? 0;

const cdrSend: CniRoutine = (ctx, f, a): Step => {
  const msg = Number(f.locals.msg);
  const payload = payloadOf(ctx, msg);
  const tx = ctx.layout.txCdr;
  switch (f.pc) {
    case 0:
      f.pc = 1;
      return {
        op: 'ucLoad',
        reg: 'status',
        why: 'read the status register: is the send CDR free?',
      };
    case 1:
      if (!(Number(a.result) & TX_FREE)) return { ret: 0 };
      f.locals.part = 0;
      f.locals.word = 0;
      f.pc = 2;
      return null;
    case 2: {
      const part = Number(f.locals.part);
      const word = Number(f.locals.word);
      if (part >= blocksFor(ctx.kit.geometry, payload)) {
        f.pc = 4;
        return {
          op: 'ucStore',
          reg: 'send',
          value: msg,
          why: 'uncached SEND store: the message is ready',
        };
      }
      const last = word + 1 >= wordsInBlock(ctx.kit.geometry, payload, part);
      f.locals.word = last ? 0 : word + 1;
      f.locals.part = last ? part + 1 : part;
      f.pc = ctx.cfg.wordCycles > 1 ? 3 : 2;
      return {
        op: 'store',
        block: tx[part]!,
        data: { msg, part, words: word + 1 },
        why: `store word ${word + 1} of block ${part}`,
      };
    }
    case 3:
      f.pc = 2;
      return { op: 'compute', cycles: ctx.cfg.wordCycles - 1, why: 'the next word' };
    case 4:
      f.pc = 5;
      return { op: 'membar', why: 'memory barrier: the SEND store must reach the NI' };
    case 5:
      return { ret: 1 };
  }
  throw new Error(`cdr.send: bad pc ${f.pc}`);
};

/**
 * Reads each block with two loads, word 0 (the miss, atomic) and then the rest: with a
 * clear-on-read NI the rest may already belong to the next message (§B.2.3, E2).
 */
const cdrReceive: CniRoutine = (ctx, f, a): Step => {
  const rx = ctx.layout.rxCdr;
  switch (f.pc) {
    case 0:
      f.pc = 1;
      if (ctx.cfg.pollCdr)
        return {
          op: 'load',
          block: rx[0]!,
          why: 'poll the receive CDR (hits until the NI writes it)',
        };
      return { op: 'ucLoad', reg: 'status', why: 'poll the uncached status register: rxReady?' };
    case 1: {
      const ready = ctx.cfg.pollCdr
        ? (a.result as Record<string, number> | null)?.valid === 1
        : (Number(a.result) & RX_READY) !== 0;
      if (!ready) return { ret: -1 };
      f.locals.part = 0;
      f.locals.msg = -1;
      f.pc = 2;
      return null;
    }
    case 2: {
      const part = Number(f.locals.part);
      const msg = Number(f.locals.msg);
      if (msg >= 0 && part >= blocksFor(ctx.kit.geometry, payloadOf(ctx, msg))) {
        f.pc = 6;
        return null;
      }
      f.pc = 3;
      return { op: 'load', block: rx[part]!, why: `load word 0 of ${blockName(ctx, rx[part]!)}` };
    }
    case 3: {
      const data = a.result as Record<string, number> | null;
      if (Number(f.locals.part) === 0) f.locals.msg = data?.msg ?? -1;
      f.pc = 4;
      return { op: 'compute', cycles: ctx.cfg.wordCycles, why: 'copy word 0' };
    }
    case 4: {
      const part = Number(f.locals.part);
      f.pc = 5;
      return {
        op: 'load',
        block: rx[part]!,
        why: `load the other words of ${blockName(ctx, rx[part]!)}`,
      };
    }
    case 5: {
      const part = Number(f.locals.part);
      const msg = Number(f.locals.msg);
      const data = a.result as Record<string, number> | null;
      if ((data?.msg ?? -1) !== msg) {
        ctx.state.lost++;
        ctx.events.push({
          kind: 'cni.lost',
          node: ctx.node.id,
          msg,
          got: data?.msg ?? -1,
          target: blockName(ctx, rx[part]!),
          why: 'the NI cleared the CDR on the first read and refilled it; only that load was atomic',
        });
        return { ret: LOST };
      }
      f.locals.part = part + 1;
      f.pc = 2;
      return {
        op: 'compute',
        cycles:
          (wordsInBlock(ctx.kit.geometry, payloadOf(ctx, msg), part) - 1) * ctx.cfg.wordCycles,
        why: 'copy the rest of the block to the user buffer',
      };
    }
    case 6:
      if (ctx.cfg.clearOnRead) return { ret: Number(f.locals.msg) };
      f.pc = 7;
      return { op: 'ucStore', reg: 'clear', value: 1, why: 'handshake 1: uncached CLEAR store' };
    case 7:
      f.pc = 8;
      return { op: 'membar', why: 'handshake: barrier until the CLEAR reaches the NI' };
    case 8:
      // Polling the status, P only sees rxReady once the NI is done; polling the CDR, it must
      // wait here, or its next poll hits the old message in its own copy (a false hit).
      if (!ctx.cfg.pollCdr) return { ret: Number(f.locals.msg) };
      f.pc = 9;
      return {
        op: 'ucLoad',
        reg: 'status',
        why: "handshake 3: read the uncached status: has the NI invalidated P's copies?",
      };
    case 9:
      if (Number(a.result) & RX_CLEARING) {
        f.pc = 8;
        return {
          op: 'compute',
          cycles: ctx.cfg.pollWork,
          why: 'the NI is still invalidating: wait before reading the status again',
        };
      }
      return { ret: Number(f.locals.msg) };
  }
  throw new Error(`cdr.receive: bad pc ${f.pc}`);
};

/** The NI: early pulls, reading a sent message, the handshake's invalidations, new arrivals. */
const cdrDevice: CniRoutine = (ctx, f, a): Step => {
  const dev = ctx.node.device;
  const rx = ctx.layout.rxCdr;
  const tx = ctx.layout.txCdr;
  switch (f.pc) {
    case 0: {
      const pull = duePull(ctx, a);
      if (pull !== undefined) return pull;
      if (injectWaiting(ctx)) {
        if (!dev.txRequested && dev.outbound.length === 0) dev.txFree = true;
        return { op: 'idle' };
      }
      if (dev.txRequested) {
        f.locals = { part: 0 };
        f.pc = 10;
        return null;
      }
      if (dev.rxPhase === 'CLEARING') {
        f.locals = { part: 0 };
        f.pc = 20;
        return null;
      }
      if (dev.rxPhase === 'CLEAN' && dev.backlog.length > 0) {
        f.locals = { part: 0, msg: dev.backlog.shift()! };
        f.pc = 30;
        return null;
      }
      return { op: 'idle' };
    }
    // Read the send CDRs: every used block, whole, unless virtual polling already pulled it.
    case 10: {
      const part = Number(f.locals.part);
      const first = peek(ctx, a, tx[0]!);
      const msg = first?.msg ?? -1;
      if (part > 0 && part >= blocksFor(ctx.kit.geometry, payloadOf(ctx, msg))) {
        dev.txRequested = false;
        dev.outbound.push(msg);
        ctx.events.push({
          kind: 'cni.device',
          node: ctx.node.id,
          what: `NI has read message ${msg} from the send CDRs`,
        });
        f.pc = 0;
        return null;
      }
      f.locals.part = part + 1;
      if (peek(ctx, a, tx[part]!)) return null;
      return {
        op: 'load',
        block: tx[part]!,
        why: `read ${blockName(ctx, tx[part]!)} (the whole block)`,
      };
    }
    // Handshake step 2: invalidate every receive CDR the processor still holds.
    case 20: {
      const part = Number(f.locals.part);
      if (part >= rx.length) {
        dev.rxPhase = 'CLEAN';
        ctx.events.push({
          kind: 'cni.device',
          node: ctx.node.id,
          what: 'handshake done: receive CDRs clean',
        });
        f.pc = 0;
        return null;
      }
      f.locals.part = part + 1;
      const held = ctx.node.agents.P?.lines[rx[part]!];
      if (!held || held.state === 'I') return null;
      return {
        op: 'store',
        block: rx[part]!,
        data: { valid: 0 },
        why: `handshake 2: invalidate the processor's copy of ${blockName(ctx, rx[part]!)}`,
      };
    }
    // Deliver an arrival: write its blocks (the NI holds them exclusively after the handshake).
    case 30: {
      const part = Number(f.locals.part);
      const msg = Number(f.locals.msg);
      if (part >= blocksFor(ctx.kit.geometry, payloadOf(ctx, msg))) {
        dev.rxPhase = 'READY';
        dev.rxMsg = msg;
        acknowledge(ctx, msg);
        ctx.events.push({
          kind: 'cni.device',
          node: ctx.node.id,
          what: `message ${msg} is in the receive CDRs: rxReady = 1`,
        });
        f.pc = 0;
        return null;
      }
      f.locals.part = part + 1;
      return {
        op: 'store',
        block: rx[part]!,
        data: { msg, part, valid: 1 },
        why: `write block ${part} of message ${msg} into ${blockName(ctx, rx[part]!)}`,
      };
    }
  }
  throw new Error(`cdr.device: bad pc ${f.pc}`);
};

/** cdrDevice's conditions at pc 0, past its due pulls: nothing to inject, read, clear or deliver. */
export const cdrDeviceIdle = (ctx: Ctx): boolean => {
  const dev = ctx.node.device;
  return (
    injectable(ctx) === undefined &&
    !dev.txRequested &&
    dev.rxPhase !== 'CLEARING' &&
    !(dev.rxPhase === 'CLEAN' && dev.backlog.length > 0)
  );
};

export const cdrRoutines: Record<string, CniRoutine> = {
  'cdr.send': cdrSend,
  'cdr.receive': cdrReceive,
  'cdr.device': cdrDevice,
};

export const cdrHooks: CniHooks = {
  readRegister(ctx) {
    const dev = ctx.node.device;
    return (
      (dev.txFree ? TX_FREE : 0) |
      (dev.rxPhase === 'READY' ? RX_READY : 0) |
      (dev.rxPhase === 'CLEARING' ? RX_CLEARING : 0)
    );
  },
  writeRegister(ctx, reg) {
    const dev = ctx.node.device;
    if (reg === 'clear' && dev.rxPhase === 'READY') {
      dev.rxPhase = 'CLEARING';
      ctx.events.push({
        kind: 'cni.device',
        node: ctx.node.id,
        what: 'CLEAR seen: rxReady = 0, invalidating',
      });
    }
    if (reg === 'send') {
      dev.txRequested = true;
      dev.txFree = false;
    }
  },
  onGrant(ctx: Ctx, txn: CniTxn) {
    if (txn.agent !== 'P') return;
    const dev = ctx.node.device;
    const rxAt = ctx.layout.rxCdr.indexOf(txn.block);
    if (ctx.cfg.clearOnRead && txn.kind === 'RD' && rxAt === 0 && dev.rxPhase === 'READY') {
      // The counterfactual: a read pops the CDR and the NI refills it at once.
      dev.rxPhase = 'CLEAN';
      ctx.events.push({
        kind: 'cni.device',
        node: ctx.node.id,
        what: 'clear-on-read: the read popped the CDR',
      });
      return;
    }
    const txAt = ctx.layout.txCdr.indexOf(txn.block);
    if (txAt < 0 || txn.kind === 'RD' || ctx.cfg.virtualPolling === 'off') return;
    const pull = ctx.cfg.virtualPolling === 'same-block' ? txAt : txAt - 1;
    if (pull >= 0) schedulePull(ctx, txn, ctx.layout.txCdr[pull]!);
  },
};

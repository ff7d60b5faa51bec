/**
 * NI2w, the CM-5-like baseline (§B.1): uncached 8-byte status and data registers in front of
 * hardware FIFOs. Every poll and every word is a bus transaction; the NI is always a bus slave.
 * Status bits: 1 = room to send a message, 2 = a message to receive.
 */
import type { Step } from '../../../node/bus/routine';
import type { CniHooks, CniRoutine, Ctx } from '../cni-node';
import { wordsFor } from '../config';
import { acknowledge, injectable, injectWaiting } from '../cni-messages';

export const TX_SPACE = 1;
export const RX_AVAIL = 2;
/** The registers a message's words cross, one uncached access each (the others are status). */
export const DATA_REGISTERS: readonly string[] = ['rxData', 'txData'];

const words = (ctx: Ctx, msg: number) =>
  wordsFor(ctx.kit.geometry, ctx.state.messages[msg]!.payload);

const ni2wSend: CniRoutine = (ctx, f, a): Step => {
  const msg = Number(f.locals.msg);
  switch (f.pc) {
    case 0:
      f.pc = 1;
      return { op: 'ucLoad', reg: 'status', why: 'read the status register: room to send?' };
    case 1:
      if (!(Number(a.result) & TX_SPACE)) return { ret: 0 };
      f.locals.i = 0;
      f.pc = 2;
      return null;
    case 2: {
      const i = Number(f.locals.i);
      if (i >= words(ctx, msg)) return { ret: 1 };
      f.locals.i = i + 1;
      return {
        op: 'ucStore',
        reg: 'txData',
        value: msg,
        why: `uncached store of word ${i + 1} of ${words(ctx, msg)}`,
      };
    }
  }
  throw new Error(`ni2w.send: bad pc ${f.pc}`);
};

const ni2wReceive: CniRoutine = (ctx, f, a): Step => {
  switch (f.pc) {
    case 0:
      f.pc = 1;
      return { op: 'ucLoad', reg: 'status', why: 'poll the status register (a bus transaction)' };
    case 1:
      if (!(Number(a.result) & RX_AVAIL)) return { ret: -1 };
      f.pc = 2;
      return { op: 'ucLoad', reg: 'rxData', why: 'uncached load of the header word' };
    case 2:
      f.locals.msg = Number(a.result);
      f.locals.i = 1;
      f.pc = 3;
      return null;
    case 3: {
      const msg = Number(f.locals.msg);
      const i = Number(f.locals.i);
      const n = words(ctx, msg);
      if (i >= n) {
        f.pc = 4;
        return {
          op: 'compute',
          cycles: n * ctx.cfg.wordCycles,
          why: 'store the words to the user buffer',
        };
      }
      f.locals.i = i + 1;
      return { op: 'ucLoad', reg: 'rxData', why: `uncached load of word ${i + 1} of ${n}` };
    }
    case 4:
      return { ret: Number(f.locals.msg) };
  }
  throw new Error(`ni2w.receive: bad pc ${f.pc}`);
};

/** The FIFOs' side: accept arrivals while there is room, inject assembled messages. */
const ni2wDevice: CniRoutine = (ctx): Step => {
  const dev = ctx.node.device;
  if (dev.backlog.length > 0 && dev.rxFifo.length < ctx.cfg.fifoMessages) {
    const msg = dev.backlog.shift()!;
    dev.rxFifo.push(msg);
    acknowledge(ctx, msg);
  }
  injectWaiting(ctx);
  return { op: 'idle' };
};

/** ni2wDevice's conditions: nothing to move into the receive FIFO, nothing the network takes. */
export const ni2wDeviceIdle = (ctx: Ctx): boolean => {
  const dev = ctx.node.device;
  const rxMove = dev.backlog.length > 0 && dev.rxFifo.length < ctx.cfg.fifoMessages;
  return !rxMove && injectable(ctx) === undefined;
};

export const ni2wRoutines: Record<string, CniRoutine> = {
  'ni2w.send': ni2wSend,
  'ni2w.receive': ni2wReceive,
  'ni2w.device': ni2wDevice,
};

export const ni2wHooks: CniHooks = {
  readRegister(ctx, reg) {
    const dev = ctx.node.device;
    if (reg === 'status') {
      const txRoom = dev.txFifo.length + dev.outbound.length < ctx.cfg.fifoMessages;
      return (txRoom ? TX_SPACE : 0) | (dev.rxFifo.length > 0 ? RX_AVAIL : 0);
    }
    // rxData: reading pops (clear-on-read is safe here: one load is atomic, §B.1).
    const msg = dev.rxFifo[0] ?? -1;
    dev.rxWordsRead++;
    if (msg >= 0 && dev.rxWordsRead >= words(ctx, msg)) {
      dev.rxFifo.shift();
      dev.rxWordsRead = 0;
    }
    return msg;
  },
  writeRegister(ctx, reg, value) {
    if (reg !== 'txData') return;
    const dev = ctx.node.device;
    let entry = dev.txFifo.find((e) => e.msg === value);
    if (!entry) {
      entry = { msg: value, words: 0 };
      dev.txFifo.push(entry);
    }
    entry.words++;
    if (entry.words === words(ctx, value)) {
      dev.txFifo.splice(dev.txFifo.indexOf(entry), 1);
      dev.outbound.push(value);
    }
  },
  onGrant: () => {},
};

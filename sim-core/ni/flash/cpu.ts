/**
 * The compute processor [003 L14-27, L83]: it runs its program of operations, each a store or load
 * MAGIC sees on the processor bus (uncached writes to message space, a shadow store, the commit
 * read that stalls it until ACK or NACK, a context switch's PID notice, a coherent load), and its
 * OS answers MAGIC's address faults with a new translation [003 L59]. A `send` or `recv` is the
 * library's whole command sequence. CPU costs are 5-ns cycles, at 0.5 system cycles each.
 */
import { emit, lineId, newMsg, plan, type FlashCtx } from './flash-context';
import type { TransferPlan } from './flash-config';
import type { Costs } from './flash-costs';
import type { FlashOp } from './flash-schema';
import type { AddressSpace, FlashNode, MsgType } from './flash-state';
import { tableOne } from './table-one';

export type CpuOp =
  | { op: 'compute'; cycles: number }
  | { op: 'lib'; transfer: number }
  | { op: 'write'; transfer: number; field: 'connection' | 'length' }
  | { op: 'shadow'; transfer: number; page: number }
  | { op: 'commit'; transfer: number; retry: boolean }
  | { op: 'switch'; pid: number }
  | { op: 'load'; line: number }
  | { op: 'remap'; transfer: number; page: number }
  | { op: 'await'; transfer: number };

/** The primitive operations of a program: `send` and `recv` become their command sequences. */
export function expandProgram(ops: readonly FlashOp[], plans: readonly TransferPlan[]): CpuOp[] {
  return ops.flatMap((op): CpuOp[] => {
    if (op.op === 'compute') return [{ op: 'compute', cycles: Math.ceil(op.cycles / 2) }];
    if (op.op !== 'send' && op.op !== 'recv') return [op];
    const p = plans[op.transfer]!;
    const pages = op.op === 'send' ? p.srcPages : p.dstPages;
    return [
      ...(op.op === 'send' ? [{ op: 'lib' as const, transfer: p.id }] : []),
      { op: 'write', transfer: p.id, field: 'connection' },
      { op: 'write', transfer: p.id, field: 'length' },
      ...Array.from({ length: pages }, (_, page): CpuOp => ({
        op: 'shadow',
        transfer: p.id,
        page,
      })),
      { op: 'commit', transfer: p.id, retry: true },
    ];
  });
}

function toMagic(
  ctx: FlashCtx,
  node: FlashNode,
  type: MsgType,
  space: AddressSpace,
  extra: { transfer?: number; word?: string; page?: number; seq?: number; pid?: number } = {},
) {
  const msg = newMsg(ctx, { type, src: node.id, dst: node.id, space, pid: node.cpu.pid, ...extra });
  node.toMagic.push({ msg: msg.id, at: ctx.now + ctx.cfg.costs.procInterface });
  return msg;
}

/** The sender's Table 1 clock starts with its first operation of the transfer. */
function startClock(ctx: FlashCtx, node: FlashNode, transfer: number) {
  const t = ctx.state.transfers[transfer]!;
  if (t.t.start < 0 && plan(ctx, transfer).from === node.id) t.t.start = ctx.now;
}

function hearReplies(ctx: FlashCtx, node: FlashNode, costs: Costs): void {
  const cpu = node.cpu;
  while (node.toCpu.length && node.toCpu[0]!.at <= ctx.now) {
    const m = ctx.state.messages[node.toCpu.shift()!.msg]!;
    // A NACK is no progress: a commit retried for ever behind a stuck operation is a stall.
    if (m.word !== 'nack') ctx.state.progressAt = ctx.now;
    if (m.word === 'fault') {
      cpu.faults.push({
        transfer: m.transfer,
        readyAt: ctx.now + costs.faultService,
        page: cpu.remapped[m.transfer] ?? 0,
      });
      continue;
    }
    if (m.word === 'nack') {
      cpu.waiting = 'retry';
      cpu.retryAt = ctx.now + costs.retry;
      continue;
    }
    if (m.word === 'ack' && m.transfer >= 0) {
      const t = ctx.state.transfers[m.transfer]!;
      if (plan(ctx, m.transfer).from === node.id && t.t.ack < 0) {
        t.t.ack = ctx.now;
        tableOne(ctx, t, 'initiation', t.t.start, ctx.now, node.id);
      }
    }
    cpu.waiting = 'none';
    cpu.pc += 1;
  }
}

const awaited = (ctx: FlashCtx, node: FlashNode, transfer: number) => {
  const t = ctx.state.transfers[transfer]!;
  return plan(ctx, transfer).from === node.id
    ? t.status === 'draining' || t.status === 'done'
    : t.cleaned;
};

/** One cycle of the processor: replies, the OS's fault service, then its program. */
export function runCpu(ctx: FlashCtx, node: FlashNode, program: readonly CpuOp[]): void {
  const cpu = node.cpu;
  const costs = ctx.cfg.costs;
  hearReplies(ctx, node, costs);
  for (const f of cpu.faults.filter((f) => f.readyAt <= ctx.now))
    toMagic(ctx, node, 'xlate', 'io', { transfer: f.transfer, page: f.page });
  cpu.faults = cpu.faults.filter((f) => f.readyAt > ctx.now);
  if (cpu.done || cpu.until > ctx.now) return;
  const op = program[cpu.pc];
  if (cpu.waiting === 'retry') {
    if (cpu.retryAt > ctx.now || op?.op !== 'commit') return;
    emit(ctx, {
      kind: 'flash.cmd',
      node: node.id,
      pid: cpu.pid,
      op: 'retry',
      field: '',
      transfer: op.transfer,
    });
    cpu.waiting = 'none';
    if (!op.retry) {
      cpu.pc += 1;
      return;
    }
  }
  if (cpu.waiting === 'await' && op?.op === 'await' && awaited(ctx, node, op.transfer)) {
    cpu.waiting = 'none';
    cpu.pc += 1;
    ctx.state.progressAt = ctx.now;
    return;
  }
  if (cpu.waiting !== 'none') return;
  if (op?.op === 'lib') {
    // The library's own code before the command sequence (none by default: Fig. 6's runs).
    startClock(ctx, node, op.transfer);
    cpu.pc += 1;
    if (costs.libraryOverhead > 0) {
      cpu.until = ctx.now + costs.libraryOverhead;
      return;
    }
    runCpu(ctx, node, program);
    return;
  }
  if (!op) {
    cpu.done = true;
    ctx.state.progressAt = ctx.now;
    return;
  }
  switch (op.op) {
    case 'compute':
      cpu.until = ctx.now + op.cycles;
      cpu.pc += 1;
      return;
    case 'write':
      startClock(ctx, node, op.transfer);
      toMagic(ctx, node, 'uwrite', 'message', { transfer: op.transfer, word: op.field });
      break;
    case 'shadow':
      startClock(ctx, node, op.transfer);
      toMagic(ctx, node, 'shadow', 'message', { transfer: op.transfer, page: op.page });
      break;
    case 'commit':
      toMagic(ctx, node, 'commit', 'message', { transfer: op.transfer });
      emit(ctx, {
        kind: 'flash.cmd',
        node: node.id,
        pid: cpu.pid,
        op: 'commit',
        field: '',
        transfer: op.transfer,
      });
      cpu.waiting = 'commit';
      cpu.waitingSince = ctx.now;
      return;
    case 'switch':
      cpu.pid = op.pid;
      toMagic(ctx, node, 'pid', 'io', { pid: op.pid });
      break;
    case 'load':
      if (node.cache[lineId(node.id, 256 + op.line)]) break;
      toMagic(ctx, node, 'load', 'normal', { seq: op.line });
      cpu.waiting = 'load';
      cpu.waitingSince = ctx.now;
      return;
    case 'remap':
      cpu.remapped[op.transfer] = op.page;
      toMagic(ctx, node, 'remap', 'io', { transfer: op.transfer, page: op.page });
      cpu.waiting = 'remap';
      cpu.waitingSince = ctx.now;
      return;
    case 'await':
      cpu.waiting = 'await';
      cpu.waitingSince = ctx.now;
      return;
  }
  cpu.until = ctx.now + costs.cpuOp;
  cpu.pc += 1;
}

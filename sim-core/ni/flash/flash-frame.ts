/**
 * What FLASH's views draw at a cycle (the frame) and what a run measured (the statistics): per
 * node the processor, MAGIC's queues, the PP and its handler's step, the data buffers, records,
 * translations, hold-off and directory; per transfer its progress and Table 1's phases.
 */
import type { CpuOp } from './cpu';
import type { FlashConfig } from './flash-config';
import { plan } from './flash-context';
import type { CommandRecord, FlashMsg, FlashState, PageUse, TransferStatus } from './flash-state';
import { handlerOf } from './handlers';
import type { TableOnePart } from './table-one';

export interface MsgView {
  id: number;
  type: string;
  transfer: number;
  seq: number;
  from: number;
  to: number;
}

export interface FlashNodeView {
  id: number;
  pid: number;
  cpu: { pc: number; op: string | null; waiting: string; done: boolean };
  queues: { processor: MsgView[]; request: MsgView[]; reply: MsgView[] };
  swq: {
    head: { transfer: number; handler: string } | null;
    rest: { transfer: number; handler: string }[];
  };
  out: { processor: MsgView[]; request: MsgView[]; reply: MsgView[] };
  pp: {
    handler: string | null;
    title: string;
    step: number;
    what: string;
    startedAt: number;
    stalled: boolean;
    busy: number;
    handlers: number;
  };
  buffers: (string | null)[];
  records: CommandRecord[];
  xlate: { frame: number; uses: PageUse[] }[];
  holdOff: { count: number; pending: boolean };
  dir: { line: number; state: string; cache: string }[];
}

export interface TransferView {
  id: number;
  from: number;
  to: number;
  status: TransferStatus;
  components: number;
  credit: number;
  granted: number;
  sent: number;
  got: boolean[];
  gotCount: number;
  srcValid: boolean;
  t: FlashState['transfers'][number]['t'];
}

export interface FlashFrame {
  model: 'flash';
  cycle: number;
  halted: boolean;
  nodes: FlashNodeView[];
  transfers: TransferView[];
  inFlight: (MsgView & { lane: number; sentAt: number; arrivesAt: number })[];
  stats: FlashStats;
}

export type TableOneTimes = Readonly<Record<TableOnePart, number>> & { fixed: number };

export interface TransferStats {
  id: number;
  from: number;
  to: number;
  bytes: number;
  lines: number;
  status: TransferStatus;
  /** Start of the sender's command sequence to the receiver's clean-up, or −1. */
  cycles: number;
  /** The transfer part over its lines: the marginal time a line (Fig. 6's "Transfer"). */
  perLine: number;
  table1: TableOneTimes | null;
}

export interface FlashStats {
  model: 'flash';
  cycles: number;
  transfers: TransferStats[];
  nodes: { id: number; ppBusy: number; handlers: number }[];
  networkMessages: number;
}

const msgView = (m: FlashMsg): MsgView => ({
  id: m.id,
  type: m.type,
  transfer: m.transfer,
  seq: m.seq,
  from: m.src,
  to: m.dst,
});

function opText(op: CpuOp | undefined): string | null {
  if (!op) return null;
  const { op: name, ...rest } = op;
  const args = Object.entries(rest).map(([k, v]) => `${k} ${String(v)}`);
  return [name, ...args].join(' ');
}

export function flashFrame(
  cfg: FlashConfig,
  s: FlashState,
  programs: readonly CpuOp[][],
  inTransit: readonly { msg: number; arrivesAt: number }[],
): FlashFrame {
  const stats = flashStats(cfg, s);
  const m = (id: number) => msgView(s.messages[id]!);
  return {
    model: 'flash',
    cycle: s.cycle,
    halted: s.halted,
    nodes: s.nodes.map((n) => {
      const run = n.pp.run;
      const step = run ? handlerOf(run.handler).steps[run.pc] : undefined;
      const lines = new Set([...Object.keys(n.dir), ...Object.keys(n.cache)].map(Number));
      return {
        id: n.id,
        pid: n.pid,
        cpu: {
          pc: n.cpu.pc,
          op: opText(programs[n.id]![n.cpu.pc]),
          waiting: n.cpu.waiting,
          done: n.cpu.done,
        },
        queues: {
          processor: n.inq.processor.map(m),
          request: n.inq.request.map(m),
          reply: n.inq.reply.map(m),
        },
        swq: {
          head: n.swq.head && { transfer: n.swq.head.transfer, handler: n.swq.head.handler },
          rest: n.swq.rest.map((e) => ({ transfer: e.transfer, handler: e.handler })),
        },
        out: {
          processor: n.outq.processor.map((o) => m(o.msg)),
          request: n.outq.request.map((o) => m(o.msg)),
          reply: n.outq.reply.map((o) => m(o.msg)),
        },
        pp: {
          handler: run?.handler ?? null,
          title: run ? handlerOf(run.handler).title : '',
          step: run?.pc ?? -1,
          what: step && 'what' in step ? step.what : '',
          startedAt: run?.startedAt ?? -1,
          stalled: (run?.stalledAt ?? -1) >= 0,
          busy: n.pp.busy,
          handlers: n.pp.handlers,
        },
        buffers: [...n.buffers],
        records: Object.values(n.records).map((r) => ({ ...r, pages: [...r.pages] })),
        xlate: Object.entries(n.xlate).map(([frame, uses]) => ({
          frame: Number(frame),
          uses: uses.map((u) => ({ ...u })),
        })),
        holdOff: { count: n.holdOff.count, pending: n.holdOff.pending >= 0 },
        dir: [...lines]
          .sort((a, b) => a - b)
          .map((line) => ({ line, state: n.dir[line] ?? 'uncached', cache: n.cache[line] ?? 'I' })),
      };
    }),
    transfers: s.transfers.map((t) => ({
      id: t.id,
      from: cfg.transfers[t.id]!.from,
      to: cfg.transfers[t.id]!.to,
      status: t.status,
      components: cfg.transfers[t.id]!.components,
      credit: t.credit,
      granted: t.granted,
      sent: t.sent,
      got: [...t.got],
      gotCount: t.gotCount,
      srcValid: t.srcValid,
      t: { ...t.t },
    })),
    inFlight: inTransit.map((f) => {
      const msg = s.messages[f.msg]!;
      return { ...msgView(msg), lane: msg.lane, sentAt: msg.sentAt, arrivesAt: f.arrivesAt };
    }),
    stats,
  };
}

function tableOneOf(t: FlashState['transfers'][number]): TableOneTimes | null {
  const x = t.t;
  if (x.end < 0 || x.start < 0 || x.ack < 0 || x.setupEnd < 0 || x.firstByte < 0) return null;
  const parts = {
    initiation: x.ack - x.start,
    setup: x.setupEnd - x.ack,
    initialLine: x.firstByte - x.setupEnd,
    transfer: x.lastTail - x.firstByte,
    network: x.processed - x.lastTail,
    cleanup: x.end - x.processed,
  };
  return { ...parts, fixed: x.end - x.start - parts.transfer };
}

export function flashStats(cfg: FlashConfig, s: FlashState): FlashStats {
  const ctx = { cfg } as Parameters<typeof plan>[0];
  return {
    model: 'flash',
    cycles: s.cycle,
    transfers: s.transfers.map((t) => {
      const p = plan(ctx, t.id);
      const done = t.t.end >= 0 && t.t.start >= 0;
      return {
        id: t.id,
        from: p.from,
        to: p.to,
        bytes: p.bytes,
        lines: p.components,
        status: t.status,
        cycles: done ? t.t.end - t.t.start : -1,
        // Known once the last component has left the sender.
        perLine:
          t.status === 'draining' || t.status === 'done'
            ? (t.t.lastTail - t.t.firstByte) / p.components
            : 0,
        table1: tableOneOf(t),
      };
    }),
    nodes: s.nodes.map((n) => ({ id: n.id, ppBusy: n.pp.busy, handlers: n.pp.handlers })),
    networkMessages: Object.values(s.messages).filter((m) => m.sentAt >= 0 && m.src !== m.dst)
      .length,
  };
}

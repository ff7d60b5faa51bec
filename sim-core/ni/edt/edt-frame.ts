/**
 * The Frame of the EDT model: everything its views draw at one cycle, self-contained — each
 * host's bus (current, waiting, recent transactions), the NI's TAG table with the entry matched
 * last, every registered block's host line state beside the NI's status and contents, the
 * doorbells, VI-MSG's jobs, the Pkt-to-Addr table, the DMA engine's card, and the messages.
 */
import type { BlockData } from '../../node/bus/agent';
import type { BusTxnKind, Txn } from '../../node/bus/bus-state';
import { dmaView, type DmaView } from '../../node/dma/dma-view';
import type { AgentName } from './edt-events';
import type { ReceiveMode } from './edt-protocol';
import type { EdtStats } from './edt-stats';
import type { EdtConfig } from './edt-config';
import type { EdtState } from './edt-state';
import { statsOf } from './edt-stats';
import { wordsPerBlock, type Layout, type RegionName, type TagEntry } from './layout';
import type { EdtNiName } from './ni-kinds';

export interface EdtTxnView {
  id: number;
  kind: BusTxnKind;
  agent: AgentName;
  target: string;
  source: string;
  grantedAt: number;
  endsAt: number;
  why: string;
}

export interface EdtBlockView {
  block: number;
  name: string;
  region: RegionName;
  /** Index within its region. */
  index: number;
  hostAddr: number;
  niAddr: number;
  /** The host cache's line state (a victim's if it waits to be written back). */
  host: string;
  /** The NI's status ST, or null for an NI without shadow blocks. */
  ni: string | null;
  pendingFetch: boolean;
  /** Which messages' words the host's copy and the NI's copy hold ("3", "2/3", "" for none). */
  hostData: string;
  niData: string;
}

export interface EdtNodeView {
  id: number;
  agents: {
    name: AgentName;
    status: 'running' | 'waiting' | 'computing' | 'idle' | 'done';
    doing: string;
  }[];
  bus: {
    current: EdtTxnView | null;
    queue: { agent: AgentName; target: string; why: string }[];
    recent: EdtTxnView[];
    counts: Partial<Record<BusTxnKind, number>>;
    busyCycles: number;
  };
  tags: TagEntry[];
  /** The TAG entry matched last (lit in the view when it is this cycle's). */
  tagHit: null | {
    entry: number;
    target: string;
    hostAddr: number;
    niAddr: number;
    cycle: number;
    txnKind: string;
    by: AgentName;
  };
  blocks: EdtBlockView[];
  doorbells: { send: number[]; recv: number[] };
  jobs: { kind: string; msg: number }[];
  posted: number;
  pktToAddr: { msg: number; niAddr: number; blocks: number }[];
  fetches: { target: string; at: number }[];
  writebacks: string[];
  invalidations: string[];
  cq: { s: number; r: number };
  dma: DmaView | null;
}

export interface EdtFrame {
  model: 'edt';
  cycle: number;
  halted: boolean;
  ni: EdtNiName;
  receiveMode: ReceiveMode;
  nodes: EdtNodeView[];
  messages: {
    id: number;
    src: number;
    dst: number;
    bytes: number;
    startedAt: number;
    sentAt: number;
    arrivedAt: number;
    completedAt: number;
    stale: boolean;
  }[];
  stats: EdtStats;
}

/** Which messages' words a block's data holds: "3", or "2/3" when mixed, "" when none. */
function contents(data: BlockData | null | undefined, layout: Layout): string {
  if (!data) return '';
  const seen = new Set<number>();
  for (let w = 0; w < wordsPerBlock(layout); w++) {
    const m = data[`w${w}`];
    if (m !== undefined) seen.add(m);
  }
  return [...seen].sort((a, b) => a - b).join('/');
}

const txnView = (t: Txn<AgentName>): EdtTxnView => ({
  id: t.id,
  kind: t.kind,
  agent: t.agent,
  target: t.target,
  source: t.source,
  grantedAt: t.grantedAt,
  endsAt: t.endsAt,
  why: t.why,
});

export function frameOf(cfg: EdtConfig, layout: Layout, s: EdtState): EdtFrame {
  return {
    model: 'edt',
    cycle: s.cycle,
    halted: s.halted,
    ni: cfg.ni,
    receiveMode: cfg.receiveMode,
    nodes: s.nodes.map((node) => {
      const ni = node.ni;
      const name = (b: number) => layout.blocks[b]?.name ?? `#${b}`;
      const hit = ni.lastTag;
      const hitBlock = hit ? layout.blocks[hit.block] : undefined;
      return {
        id: node.id,
        agents: Object.values(node.agents).map((a) => ({
          name: a.name,
          status: a.halted
            ? 'done'
            : a.busy
              ? a.busy.waitingFor === 'transaction'
                ? 'waiting'
                : 'computing'
              : a.stack.length <= 1 && a.name !== 'P'
                ? 'idle'
                : 'running',
          doing: a.busy && 'why' in a.busy.op ? a.busy.op.why : '',
        })),
        bus: {
          current: node.bus.current ? txnView(node.bus.current) : null,
          queue: node.bus.queue.map((r) => ({
            agent: r.agent,
            target: r.kind === 'ucStore' || r.kind === 'ucLoad' ? r.reg : name(r.block),
            why: r.why,
          })),
          recent: node.bus.recent.map(txnView),
          counts: { ...node.bus.counts },
          busyCycles: node.bus.busyCycles,
        },
        tags: layout.tags,
        tagHit:
          hit && hitBlock
            ? {
                entry: hit.entry,
                target: hitBlock.name,
                hostAddr: hitBlock.hostAddr,
                niAddr: hitBlock.niAddr,
                cycle: hit.cycle,
                txnKind: hit.txnKind,
                by: hit.by,
              }
            : null,
        blocks: layout.blocks.map((b) => {
          const line = node.agents.P!.victims[b.id] ?? node.agents.P!.lines[b.id];
          const own = ni.blocks[b.id];
          return {
            block: b.id,
            name: b.name,
            region: b.region,
            index: b.index,
            hostAddr: b.hostAddr,
            niAddr: b.niAddr,
            host: line?.state ?? 'I',
            ni: own?.st ?? null,
            pendingFetch: own?.pendingFetch ?? false,
            hostData: line && line.state !== 'I' ? contents(line.data, layout) : '',
            niData: own && own.st !== 'I' ? contents(own.data, layout) : '',
          };
        }),
        doorbells: { send: [...ni.doorbells.send], recv: [...ni.doorbells.recv] },
        jobs: ni.jobs.map((j) => ({ kind: j.kind, msg: j.msg })),
        posted: ni.posted,
        pktToAddr: ni.pktToAddr.slice(-4).map((p) => ({ ...p })),
        fetches: ni.fetches.map((f) => ({ target: name(f.block), at: f.at })),
        writebacks: ni.writebacks.map(name),
        invalidations: ni.invalidations.map(name),
        cq: { ...ni.cq },
        dma: node.dma ? dmaView(node.dma, s.cycle) : null,
      };
    }),
    messages: s.messages.map((m) => ({
      id: m.id,
      src: m.src,
      dst: m.dst,
      bytes: m.bytes,
      startedAt: m.startedAt,
      sentAt: m.sentAt,
      arrivedAt: m.arrivedAt,
      completedAt: m.completedAt,
      stale: m.stale,
    })),
    stats: statsOf(cfg, s),
  };
}

/**
 * The EDT model's statistics: each message's one-way latency, from VipPostSend() to the
 * receiver's poll seeing it [002 L194; digest §H-7], and the median over the second half of a
 * ping-pong's messages [002 L185] (the first round's caches are cold); the bus's transactions by
 * kind and those on the send buffer's blocks (2 per block at best, 2·B·W at worst [002 L136-138]);
 * the DMA engines' blocks and retries; and the stale bytes a counterfactual delivered.
 */
import type { BusTxnKind } from '../../node/bus/bus-state';
import type { EdtNiName } from './ni-kinds';
import type { EdtConfig } from './edt-config';
import type { EdtState } from './edt-state';

export interface EdtStats {
  cycles: number;
  ni: EdtNiName;
  messages: { total: number; sent: number; delivered: number; stale: number };
  latency: {
    /** Median one-way latency over the second half of the messages delivered (cycles). */
    oneWay: number | null;
    mean: number | null;
    last: number | null;
  };
  /** Each delivered message's latency, in order. */
  perMessage: { id: number; src: number; bytes: number; latency: number }[];
  nodes: {
    id: number;
    busyCycles: number;
    utilisation: number;
    transactions: Partial<Record<BusTxnKind, number>>;
    /** Transactions on the send buffer's blocks, per block of the messages it sent. */
    sendTxnsPerBlock: number | null;
  }[];
  dma: { blocks: number; retries: number; busyCycles: number } | null;
  violations: number;
}

export function medianOfSecondHalf(values: readonly number[]): number | null {
  const warm = values.slice(Math.floor(values.length / 2));
  if (warm.length === 0) return null;
  const sorted = [...warm].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

export function statsOf(cfg: EdtConfig, s: EdtState): EdtStats {
  const cycles = Math.max(1, s.cycle);
  const done = s.messages.filter((m) => m.completedAt >= 0);
  const latencies = done.map((m) => m.completedAt - m.startedAt);
  const engines = s.nodes.flatMap((n) => (n.dma ? [n.dma] : []));
  return {
    cycles: s.cycle,
    ni: cfg.ni,
    messages: {
      total: s.messages.length,
      sent: s.counts.sent,
      delivered: done.length,
      stale: s.messages.filter((m) => m.stale).length,
    },
    latency: {
      oneWay: medianOfSecondHalf(latencies),
      mean: latencies.length ? latencies.reduce((a, b) => a + b, 0) / latencies.length : null,
      last: latencies.at(-1) ?? null,
    },
    perMessage: done.map((m, i) => ({
      id: m.id,
      src: m.src,
      bytes: m.bytes,
      latency: latencies[i]!,
    })),
    nodes: s.nodes.map((n) => {
      const sent = s.messages.filter((m) => m.src === n.id && m.sentAt >= 0);
      const blocks = sent.reduce((a, m) => a + m.blocks, 0);
      return {
        id: n.id,
        busyCycles: n.bus.busyCycles,
        utilisation: Math.min(1, n.bus.busyCycles / cycles),
        transactions: { ...n.bus.counts },
        sendTxnsPerBlock: blocks ? n.sendBlockTxns / blocks : null,
      };
    }),
    dma: engines.length
      ? {
          blocks: engines.reduce((a, e) => a + e.blocksMoved, 0),
          retries: engines.reduce((a, e) => a + e.retries, 0),
          busyCycles: engines.reduce((a, e) => a + e.busyCycles, 0),
        }
      : null,
    violations: s.violations,
  };
}

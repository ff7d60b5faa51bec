/**
 * The papers' own points the bench can place beside ours (issue 18, "Fidelity"): each is a
 * fidelity row's published value (the row's id names it; tests/unit/bench-anchors.test.ts checks
 * every value against its row), put at the bench point it describes. Some papers give an absolute
 * latency or rate; others a gain over another NI, which is drawn on our own baseline and says so;
 * Cranium's Fig. 6.2 is a plot without a table, drawn as the digest reconstructs it. The values
 * are at each seed's own clock, so the bench shows them with the published clocks only.
 */
import type { Provenance } from '../messaging';

export type AnchorValue =
  /** A latency in nanoseconds, or in the model's own cycles. */
  | { ns: number }
  | { cycles: number }
  /** A rate in MB/s, or in payload bytes per the model's cycle. */
  | { mbPerS: number }
  | { bytesPerCycle: number }
  /** Our point of another NI of the same model, times this factor (a gain the paper states). */
  | { times: number; of: string };

export interface BenchAnchor {
  /** The fidelity row whose `paper` value this is. */
  row: string;
  variant: string;
  bytes: number;
  /** The provenance the paper's measure corresponds to; null: the same at every provenance. */
  provenance: Provenance | null;
  metric: 'latency' | 'bandwidth';
  value: AnchorValue;
  /** The mark's words: the source, and what the value is. */
  label: string;
}

/** The digest's reconstruction of Fig. 6.2 (seed 001; fidelity/cranium.ts): 32k / (T₁ + 11(k − 1)). */
const fig62 = (bytes: number) => {
  const k = bytes / 32;
  return (32 * k) / (83 + 11 * (k - 1));
};

export const BENCH_ANCHORS: readonly BenchAnchor[] = [
  {
    row: 'cranium.table6_1.autoWarm.8',
    variant: 'Cranium',
    bytes: 8,
    provenance: 'prepared-clean',
    metric: 'latency',
    value: { cycles: 83 },
    label: 'Cranium Table 6.1: auto-receive, warm, 8 hops, one packet — 83 cycles',
  },
  {
    row: 'cranium.table6_1.queueWarm.8',
    variant: 'Cranium-queue',
    bytes: 8,
    provenance: 'prepared-clean',
    metric: 'latency',
    value: { cycles: 88 },
    label: 'Cranium Table 6.1: user queue, warm, 8 hops, one packet — 88 cycles',
  },
  ...[64, 256, 1024, 4096].map((bytes): BenchAnchor => ({
    row: `cranium.fig6_2.${bytes}.8hop.warm`,
    variant: 'Cranium',
    bytes,
    provenance: 'prepared-clean',
    metric: 'bandwidth',
    value: { bytesPerCycle: fig62(bytes) },
    label: `Cranium Fig. 6.2 at ${bytes} B, 8 hops, warm, as the digest reconstructs it (the figure has no table) — ${fig62(bytes).toFixed(2)} B/cycle`,
  })),
  {
    row: 'flash.4KB.uncached',
    variant: 'FLASH',
    bytes: 4096,
    provenance: 'prepared-clean',
    metric: 'latency',
    value: { ns: 15_600 },
    label: 'FLASH Fig. 6: 4 KB, sender uncached — 15.6 µs',
  },
  {
    row: 'flash.4KB.dirty',
    variant: 'FLASH',
    bytes: 4096,
    provenance: 'prepared-dirty',
    metric: 'latency',
    value: { ns: 17_700 },
    label: 'FLASH Fig. 6: 4 KB, sender dirty in its cache — 17.7 µs',
  },
  {
    row: 'flash.peak.uncached',
    variant: 'FLASH',
    bytes: 4096,
    provenance: 'prepared-clean',
    metric: 'bandwidth',
    value: { mbPerS: 320 },
    label:
      'FLASH: 320 MB/s during the transfer phase — a peak, above a whole message’s bytes over its latency',
  },
  ...(
    [
      [64, 17],
      [4096, 38],
    ] as const
  ).map(([bytes, gain]): BenchAnchor => ({
    row: `edt.gain.intv.${bytes}`,
    variant: 'EDT',
    bytes,
    provenance: null,
    metric: 'latency',
    value: { times: 1 - gain / 100, of: 'CC-DMA_intv' },
    label: `EDT paper: ${gain} % below CC-DMA intervention at ${bytes} B — drawn on our CC-DMA intervention point`,
  })),
  {
    row: 'fugu.t4_4.send + fugu.t4_4.subtotal.soft',
    variant: 'FUGU',
    bytes: 8,
    provenance: null,
    metric: 'latency',
    value: { cycles: 7 + 66 },
    label:
      'FUGU Table 4-4: send (7) and interrupt to the handler’s first instruction (66), soft atomicity — 73 cycles without the network',
  },
  {
    row: 'cni.rtt64.mem',
    variant: 'CNI16Q',
    bytes: 64,
    provenance: null,
    metric: 'latency',
    value: { times: 1 / 1.37, of: 'NI2w' },
    label:
      'CNI paper (abstract, Fig. 6): the best CNI’s round trip 37 % better than NI2w’s at 64 B, memory bus — drawn on our NI2w point',
  },
  {
    row: 'cni.bw64.mem',
    variant: 'CNI16Q',
    bytes: 64,
    provenance: null,
    metric: 'bandwidth',
    value: { times: 2.25, of: 'NI2w' },
    label:
      'CNI paper (abstract, Fig. 7): the best CNI’s bandwidth 125 % above NI2w’s at 64 B, memory bus — drawn on our NI2w point',
  },
  {
    row: 'cni.abs.peak',
    variant: 'CNI16Q',
    bytes: 4096,
    provenance: null,
    metric: 'bandwidth',
    value: { mbPerS: 107 },
    label: 'CNI paper: the best cachable-queue CNI’s bandwidth, 4 KB, memory bus — 107 MB/s',
  },
];

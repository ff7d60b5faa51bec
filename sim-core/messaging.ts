/**
 * The messaging capability (round2-spec §A.3, issue 18): how a model sends one message of N bytes
 * from node A to node B, so the message bench (sim-core/bench/) can put every NI on the same axes.
 * Each model's adapter lives in its own folder and knows no other model: it writes a scenario of
 * its own model, and reads the latency, the phase slices and the bandwidth back from the run.
 */
import type { PhaseSlice } from './ledger/phase-events';
import type { EventStamp } from './trace/common-events';

/** Where the payload comes from when the user's send starts (round2-spec §A.3 item 3). */
export const PROVENANCES = ['produce', 'prepared-clean', 'prepared-dirty'] as const;
export type Provenance = (typeof PROVENANCES)[number];

export const PROVENANCE_LABELS: Readonly<Record<Provenance, string>> = {
  produce: 'produce-and-send (the user writes the payload as part of the send)',
  'prepared-clean': 'prepared, clean (the payload is in memory)',
  'prepared-dirty': "prepared, dirty in the sender's cache",
};

/**
 * The network a point's message crosses (round2-spec §A.3 item 5): each model's own, one common
 * pipe, or the common torus with the two ends `hops` apart.
 */
export const BENCH_NETWORKS = ['own', 'pipe', 'torus'] as const;
export type BenchNetworkKind = (typeof BENCH_NETWORKS)[number];
/** The common torus's hops between the two ends: 1 to half its 16-router side. */
export const MAX_TORUS_HOPS = 8;
/** The thesis's average distance on its 16×16 torus [001 L1342-1351]. */
export const DEFAULT_TORUS_HOPS = 8;
export type BenchNetwork = { kind: 'own' } | { kind: 'pipe' } | { kind: 'torus'; hops: number };

export const OWN_NETWORK: BenchNetwork = { kind: 'own' };

/**
 * The common pipe, in time: round2-spec §A.3 item 5's [default] of 500 ns and 400 MB/s per link —
 * the CNI paper's 100-cycle pipe at its 200 MHz processor [000 L794-797] and FLASH's link rate
 * [003 L77], so neither seed that states a pipe is moved off its own numbers.
 */
export const COMMON_PIPE = { latencyNs: 500, mbPerS: 400 } as const;

export const COMMON_PIPE_DEFAULT = `the common pipe's ${COMMON_PIPE.latencyNs} ns and ${COMMON_PIPE.mbPerS} MB/s per link are round2-spec §A.3's [default], not a seed's`;

/** The common pipe in a model's cycles of `nsPerCycle` ns: whole cycles of latency, bytes a cycle. */
export const commonPipeCycles = (nsPerCycle: number) => ({
  latency: Math.max(1, Math.round(COMMON_PIPE.latencyNs / nsPerCycle)),
  bytesPerCycle: (COMMON_PIPE.mbPerS / 1000) * nsPerCycle,
});

/**
 * What a point on the common torus rests on when its model's own network is not a torus (the
 * pipe-based models): the mapping of its messages onto Cranium's packets and of its window onto
 * acknowledgements across the torus (sim-core/net/common-torus.ts).
 */
export const commonTorusDefault = (messages: string) =>
  `on the common torus ${messages} ride as the payload of Cranium's 44-B packets (⌈bytes / 32⌉ packets), and the sender's window is freed by a one-packet acknowledgement back across the torus: round2-spec §A.3's [default] mapping, not a seed's`;

/** A network in words, for a table's notes and a chart's legend. */
export function networkLabel(n: BenchNetwork): string {
  if (n.kind === 'own') return "each model's own network";
  if (n.kind === 'pipe')
    return `a common pipe of ${COMMON_PIPE.latencyNs} ns and ${COMMON_PIPE.mbPerS} MB/s per link`;
  return `the common torus (Cranium's 16×16 chaotic torus), ${n.hops} hop${n.hops === 1 ? '' : 's'}`;
}

/** One point of the bench: which NI of the model, how many payload bytes, their provenance, the network. */
export interface MessageRequest {
  variant: string;
  bytes: number;
  provenance: Provenance;
  /** Absent: the model's own network. */
  network?: BenchNetwork;
}

/** A latency point runs one message (warm, as the seed measures it); a bandwidth point a stream. */
export type MessagePurpose = 'latency' | 'bandwidth';

/** A scenario document of the model's own (checked by the scenario format), or why there is none. */
export type MessageScenario = { doc: Record<string, unknown> } | { unsupported: string };

/** What a latency run tells: the message's latency in the model's cycles, and where the time went. */
export interface MessageLatency {
  /** Cycles from the user's send to the receiver's user code having the message (`endPoints`). */
  cycles: number;
  /** The measured message's first and last cycle in the run (the bench opens the run there). */
  start: number;
  end: number;
  /** Its phase slices: the model's own ledger, or derived from its events (the adapter says which). */
  slices: PhaseSlice[];
}

/** A run as the adapter reads it: the model's statistics and its stamped events. */
export interface MessageRun<T, E> {
  stats: T;
  events: readonly (E & EventStamp)[];
}

export interface MessagingAdapter<T, E> {
  /** The NIs of the model the bench can pick, in the model's own words. */
  variants: readonly { name: string; label: string }[];
  /** The model's published packetization rule, with its seed lines (round2-spec §A.3 item 1). */
  packetization: string;
  /** How the seed's own latency definition maps to "user send starts → receiver has it" (item 2). */
  endPoints: string;
  /**
   * The event kinds its measures read: the bench keeps only these of a run (a coherent NI's
   * ping-pong emits hundreds of thousands of polls and accesses nobody reads).
   */
  events: readonly string[];
  scenario(req: MessageRequest, purpose: MessagePurpose): MessageScenario;
  /** The latency run's measure, or why the run did not give one. */
  latency(req: MessageRequest, run: MessageRun<T, E>): MessageLatency | string;
  /** Payload bytes per cycle of the bandwidth run, or why there is none. */
  bandwidth(req: MessageRequest, run: MessageRun<T, E>): number | string;
  /**
   * Settings the point rests on that the seed does not give (the bench draws it hatched and
   * names each): an empty list means the point is the seed's own machine.
   */
  defaults(req: MessageRequest): string[];
}

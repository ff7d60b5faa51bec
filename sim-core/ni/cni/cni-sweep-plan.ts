/**
 * What a message-size sweep of the coherent-NI model runs (the paper's Figs. 6 and 7, digest
 * §D.2-D.3): the sizes, the NIs a bus takes, the points of a request and the rounds of a
 * ping-pong. Light: the charts panel plans and counts the points it asks the worker for; the
 * runs are cni-sweep.ts's.
 */
import {
  NI_KIND_NAMES,
  NI_KINDS,
  SLOT_BLOCKS,
  splitPayload,
  type BusKind,
  type NiKindName,
} from './config';

export type CniMetric = 'latency' | 'bandwidth';

/** The paper's x axes: small messages for latency (Fig. 6), up to 4 KB for bandwidth (Fig. 7). */
export const CNI_SWEEP_SIZES: Readonly<Record<CniMetric, readonly number[]>> = {
  latency: [8, 16, 32, 64, 128, 256],
  bandwidth: [8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096],
};

/** Fewest rounds per ping-pong: the first is cold (misses), the median of the rest is kept. */
export const SWEEP_ROUNDS = 12;
/** Messages per stream: enough that the steady three quarters fill the sliding window many times. */
export const SWEEP_MESSAGES = 64;
/**
 * Cycle cap per network message of a point, far above the slowest NI (NI2w on the I/O bus, about
 * 2,000 cycles per message): a run that reaches it is stuck, not slow.
 */
export const CAP_CYCLES_PER_MESSAGE = 10_000;

export interface CniSweepRequest {
  metric: CniMetric;
  bus: BusKind;
  /** The NIs to run; those that cannot sit on `bus` are skipped (CNI16Qm on the I/O bus). */
  nis: NiKindName[];
  /** Message payload sizes in bytes. */
  sizes: number[];
}

export interface CniSweepPoint {
  ni: NiKindName;
  bus: BusKind;
  metric: CniMetric;
  bytes: number;
  /** Round trip in cycles (latency) or the fraction of 144 MB/s (bandwidth); null if not done. */
  value: number | null;
  /** Cycles the run took (the cap when it hit the cap). */
  cycles: number;
  /** 'cap': the run reached its cycle cap before every message arrived; 'error': the model stopped. */
  outcome: 'done' | 'cap' | 'error';
  /** Why there is no value, in words; empty when done. */
  problem: string;
}

/** The NIs of the paper's taxonomy that can sit on `bus`, in the paper's order (Table 1). */
export function niKindsOn(bus: BusKind): NiKindName[] {
  return NI_KIND_NAMES.filter((ni) => NI_KINDS[ni].buses.includes(bus));
}

/** The points a request runs, NI by NI, so each curve fills in left to right. */
export function cniSweepPlan(req: CniSweepRequest): { ni: NiKindName; bytes: number }[] {
  const fits = niKindsOn(req.bus);
  return req.nis
    .filter((ni) => fits.includes(ni))
    .flatMap((ni) => req.sizes.map((bytes) => ({ ni, bytes })));
}

/**
 * Ping-pong rounds for the median round trip to come from warm queues: a first pass around a
 * queue writes slots the processor has never cached (RDX, not INV), so the run goes twice round
 * the largest queue, plus some (CNI512Q's 128 slots: 272 rounds of one-part messages). The same
 * rule as the fidelity table's, so the chart and the table agree.
 */
export function pingpongRounds(ni: NiKindName, bytes: number): number {
  const slots = NI_KINDS[ni].queueBlocks / SLOT_BLOCKS;
  return Math.max(SWEEP_ROUNDS, Math.ceil((2 * slots + 16) / splitPayload(bytes).length));
}

/**
 * Message-size sweeps of the coherent-NI model: the data of the paper's Fig. 6 (ping-pong round
 * trip against message size) and Fig. 7 (streaming bandwidth, as a fraction of 144 MB/s, against
 * message size), one curve per NI on one bus (digest §D.2-D.3). A point is one complete run of a
 * two-node workload on the loaded scenario's machine; points are independent, so the caller can
 * report progress and stop between them.
 */
import type { CniScenario } from './cni-schema';
import { cniConfigOf } from './cni-config-of';
import type { CniWorkload } from './cni-config';
import { CniSystem } from './cni-system';
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

function workloadOf(ni: NiKindName, metric: CniMetric, bytes: number): CniWorkload {
  return metric === 'latency'
    ? { kind: 'pingpong', bytes, rounds: pingpongRounds(ni, bytes) }
    : { kind: 'stream', bytes, count: SWEEP_MESSAGES, from: 0, to: 1 };
}

export function cniSweepPoint(
  base: CniScenario,
  ni: NiKindName,
  bus: BusKind,
  metric: CniMetric,
  bytes: number,
): CniSweepPoint {
  const point = { ni, bus, metric, bytes };
  const workload = workloadOf(ni, metric, bytes);
  // Through cniConfigOf, so the bus's own Table 2 costs apply under the scenario's overrides.
  // Two nodes: Fig. 6 and Fig. 7 are process-to-process between a pair.
  const cfg = {
    ...cniConfigOf({
      ...base,
      system: { ...base.system, nodes: 2, ni, bus },
      workload: { messages: workload },
    }),
    checkInvariants: false,
  };
  const parts = splitPayload(bytes).length;
  const messages = parts * (workload.kind === 'pingpong' ? 2 * workload.rounds : SWEEP_MESSAGES);
  const cap = messages * CAP_CYCLES_PER_MESSAGE;
  let system: CniSystem | null = null;
  try {
    system = new CniSystem(cfg);
    while (!system.state.halted && system.state.cycle < cap) system.step();
    const stats = system.stats();
    if (!system.state.halted)
      return {
        ...point,
        value: null,
        cycles: stats.cycles,
        outcome: 'cap',
        problem:
          `hit the cap of ${cap} cycles with ${stats.messages.delivered} of ${messages} ` +
          'network messages delivered',
      };
    const value = metric === 'latency' ? stats.roundTrip : (stats.bandwidth?.ofLocalQueue ?? null);
    return { ...point, value, cycles: stats.cycles, outcome: 'done', problem: '' };
  } catch (e) {
    // A model error (an impossible transition) names the node and cycle: keep it for the table.
    return {
      ...point,
      value: null,
      cycles: system?.state.cycle ?? 0,
      outcome: 'error',
      problem: e instanceof Error ? e.message : String(e),
    };
  }
}

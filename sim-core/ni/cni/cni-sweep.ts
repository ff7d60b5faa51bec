/**
 * Message-size sweeps of the coherent-NI model: the data of the paper's Fig. 6 (ping-pong round
 * trip against message size) and Fig. 7 (streaming bandwidth, as a fraction of 144 MB/s, against
 * message size), one curve per NI on one bus (digest §D.2-D.3). A point is one complete run of a
 * two-node workload on the loaded scenario's machine; points are independent, so the caller can
 * report progress and stop between them. What a request runs: cni-sweep-plan.ts.
 */
import type { CniScenario } from './cni-schema';
import { cniConfigOf } from './cni-config-of';
import type { CniWorkload } from './cni-config';
import { CniSystem } from './cni-system';
import {
  CAP_CYCLES_PER_MESSAGE,
  pingpongRounds,
  SWEEP_MESSAGES,
  type CniMetric,
  type CniSweepPoint,
} from './cni-sweep-plan';
import { splitPayload, type BusKind, type NiKindName } from './config';

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

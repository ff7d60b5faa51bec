/**
 * Runs of the EDT machine at one point — an NI, a message size, a DMA rate — as the paper measured
 * them: a ping-pong of `rounds` round trips [002 L185], the one-way latency from VipPostSend() to
 * the receiver's poll (the median of the second half of the messages), and the breakdown of one
 * warm message into the paper's parts, User Data, Data Transfer and Transport [002 L196], summed
 * once from the phase ledger, with its DMA Init, Exec and Intr [002 L205-207]. The breakdown
 * sweep (the lost Fig. 8 and 9, drawn as this simulation's) and the fidelity rows both run these.
 */
import { anatomy } from '../../ledger/phase-ledger';
import type { PhaseSlice } from '../../ledger/phase-events';
import { edtConfigOf, type EdtConfig } from './edt-config';
import type { EdtModelEvent } from './edt-events';
import { DEFAULT_REGIONS, type EdtScenario } from './edt-schema';
import { PARTS } from './edt-node';
import { EdtSystem } from './edt-system';
import type { EdtNiName } from './ni-kinds';

/** Round trips of a point: "a number of times" [002 L185]; the first is cold. */
export const SWEEP_ROUNDS = 12;
/** Cycles per message a point may take before it is called stuck (the slowest takes ~20,000). */
const CAP_PER_MESSAGE = 200_000;

export interface EdtParts {
  userData: number;
  dataTransfer: number;
  transport: number;
}

export interface EdtPoint {
  ni: EdtNiName;
  bytes: number;
  rate: number;
  /** Median one-way latency of the warm messages (cycles = ns), null when the run failed. */
  latency: number | null;
  /** The warm message's parts (Fig. 8's split) and its DMA phases (Fig. 9's). */
  parts: EdtParts | null;
  dma: { init: number; exec: number; intr: number } | null;
  outcome: 'done' | 'cap' | 'error';
  problem: string;
}

export interface EdtSweepRequest {
  nis: EdtNiName[];
  sizes: number[];
  rates: number[];
  /** Round trips per point (the view runs fewer than the fidelity table: the run is warm after one). */
  rounds: number;
}

/** A point's configuration: the loaded scenario's machine with the point's NI, size and rate. */
export function pointConfig(
  base: EdtScenario,
  ni: EdtNiName,
  bytes: number,
  rate: number,
  rounds = SWEEP_ROUNDS,
): EdtConfig {
  const regions = base.system.regions;
  const fits = regions.send.bytes >= bytes && regions.recv.bytes >= bytes;
  return {
    ...edtConfigOf({
      ...base,
      system: { ...base.system, ni, regions: fits ? regions : { ...DEFAULT_REGIONS } },
      workload: { via: { ...base.workload.via, kind: 'pingpong', bytes, rounds } },
    }),
    dma: { ...base.system.dma, rate },
    checkInvariants: false,
  };
}

const DMA_PHASES = { 'DMA Init': 'init', 'DMA Exec': 'exec', 'DMA Intr': 'intr' } as const;

export function runPoint(
  cfg: EdtConfig,
  keep: (e: EdtModelEvent, cycle: number) => void = () => {},
): EdtSystem {
  const system = new EdtSystem(cfg);
  const cap = system.state.messages.length * CAP_PER_MESSAGE;
  while (!system.state.halted && system.state.cycle < cap)
    for (const e of system.step()) keep(e, system.state.cycle);
  return system;
}

export function edtPoint(
  base: EdtScenario,
  ni: EdtNiName,
  bytes: number,
  rate: number,
  rounds = SWEEP_ROUNDS,
): EdtPoint {
  const point = { ni, bytes, rate };
  const cfg = pointConfig(base, ni, bytes, rate, rounds);
  const slices: PhaseSlice[] = [];
  try {
    const system = runPoint(cfg, (e) => {
      if (e.kind === 'phase') slices.push(e);
    });
    const stats = system.stats();
    if (!system.state.halted)
      return {
        ...point,
        latency: null,
        parts: null,
        dma: null,
        outcome: 'cap',
        problem: `stopped at cycle ${stats.cycles} with ${stats.messages.delivered} of ${stats.messages.total} messages`,
      };
    // The last message host 0 sends: the ping-pong is warm by then.
    const warm = system.state.messages.filter((m) => m.src === 0).at(-1)!.id;
    const mine = slices.filter((s) => s.message === warm);
    const a = anatomy(mine)!;
    const dma = { init: 0, exec: 0, intr: 0 };
    for (const s of mine) {
      const which = DMA_PHASES[s.phase.split(' (')[0] as keyof typeof DMA_PHASES];
      if (which) dma[which] += s.end - s.start;
    }
    return {
      ...point,
      latency: stats.latency.oneWay,
      parts: {
        userData: a.byPart.get(PARTS.userData) ?? 0,
        dataTransfer: a.byPart.get(PARTS.dataTransfer) ?? 0,
        transport: a.byPart.get(PARTS.transport) ?? 0,
      },
      dma,
      outcome: 'done',
      problem: '',
    };
  } catch (e) {
    return {
      ...point,
      latency: null,
      parts: null,
      dma: null,
      outcome: 'error',
      problem: e instanceof Error ? e.message : String(e),
    };
  }
}

/** The points a request runs: rate by rate, NI by NI, size by size. */
export function edtSweepPlan(
  req: EdtSweepRequest,
): { ni: EdtNiName; bytes: number; rate: number }[] {
  return req.rates.flatMap((rate) =>
    req.nis.flatMap((ni) => req.sizes.map((bytes) => ({ ni, bytes, rate }))),
  );
}

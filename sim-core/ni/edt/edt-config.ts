/**
 * The resolved configuration of one EDT run (seed 002 Table 1 [002 L169-181] and the defaults of
 * costs.ts, filled by the schema), and the bus-node kit's cost table it gives: every transaction's
 * bus occupancy composed from arbitration, latency and data beats (round2-spec §B1.2 "Costs").
 */
import type { NetworkParams } from '../../net/networks';
import type { BusCostTable } from '../../node/bus/costs';
import type { DmaCosts } from '../../node/dma/dma-engine';
import {
  COST_SOURCES,
  type EdtBusCosts,
  type EdtDmaCosts,
  type EdtHostCosts,
  type EdtNiCosts,
} from './costs';
import type { ReceiveMode } from './edt-protocol';
import type { EdtScenario } from './edt-schema';
import type { Payload, WriteOrder } from './workload-kinds';
import type { RegionName } from './layout';
import type { EdtNiName } from './ni-kinds';

export interface EdtWorkload {
  kind: 'pingpong' | 'send';
  bytes: number;
  rounds: number;
  order: WriteOrder;
  storeGap: number;
  payload: Payload;
  prepareGap: number;
  readFirst: boolean;
}

export interface EdtConfig {
  ni: EdtNiName;
  receiveMode: ReceiveMode;
  assertShared: boolean;
  init: 'ni-read' | 'flush';
  hostCached: boolean;
  flush: boolean;
  blockBytes: number;
  mtu: number;
  regions: Readonly<Record<RegionName, { base: number; bytes: number }>>;
  bus: EdtBusCosts;
  host: EdtHostCosts;
  niCosts: EdtNiCosts;
  dma: EdtDmaCosts;
  network: NetworkParams;
  workload: EdtWorkload;
  seed: number;
  checkInvariants: boolean;
  /** Quiet cycles past the prescribed work before a stall is reported (edt-liveness.ts). */
  stallWatchdog: number;
}

export function edtConfigOf(scenario: EdtScenario): EdtConfig {
  const s = scenario.system;
  return {
    ni: s.ni,
    receiveMode: s.receiveMode,
    assertShared: s.assertShared,
    init: s.registration.init,
    hostCached: s.registration.hostCached,
    flush: s.flush,
    blockBytes: s.blockBytes,
    mtu: s.mtu,
    regions: {
      send: { ...s.regions.send },
      recv: { ...s.regions.recv },
      descriptors: { ...s.regions.descriptors },
      cq: { ...s.regions.cq },
    },
    bus: { ...s.costs.bus },
    host: { ...s.costs.host },
    niCosts: { ...s.costs.ni },
    dma: { ...s.dma },
    network: { ...s.network },
    workload: { ...scenario.workload.via },
    seed: scenario.seed,
    checkInvariants: scenario.checks.invariants,
    stallWatchdog: scenario.checks.stallWatchdog,
  };
}

/** Host cycles of a block's data beats on the bus. */
export const beatCycles = (cfg: EdtConfig) =>
  Math.ceil(cfg.blockBytes / cfg.bus.beatBytes) * cfg.bus.busCycle;

/**
 * The kit's cost table, in host cycles: a read from memory is arbitration + memory latency + the
 * beats (2 + 6 + 8 bus cycles = 160 for a 128-byte block), from a cache or the NI arbitration +
 * intervention latency + the beats (140), a write-back arbitration + the beats (100), an
 * invalidation or a RETRY address only (20), the doorbell an uncached store (20).
 */
export function edtCostTable(cfg: EdtConfig): BusCostTable {
  const b = cfg.bus;
  const beats = beatCycles(cfg);
  const memory = (b.arbitration + b.memoryLatency) * b.busCycle + beats;
  const intervention = (b.arbitration + b.interventionLatency) * b.busCycle + beats;
  return {
    transfer: {
      memory: { cpu: memory, device: memory },
      cpu: { cpu: intervention, device: intervention },
      device: { cpu: intervention, device: intervention },
    },
    addressOnly: b.invalidate * b.busCycle,
    writeBack: b.arbitration * b.busCycle + beats,
    uncachedLoad: b.uncachedLoad * b.busCycle,
    uncachedStore: b.uncachedStore * b.busCycle,
    retry: b.retry * b.busCycle,
  };
}

/** The host-side DMA engine's costs in host cycles, with the sources the ledger cites. */
export function edtDmaCosts(cfg: EdtConfig): DmaCosts {
  const ni = cfg.niCosts.niCycle;
  return {
    init: cfg.dma.init * ni,
    intr: cfg.dma.intr * ni,
    rate: cfg.dma.rate,
    rateScalesSetup: cfg.dma.rateScalesSetup,
    blockData: beatCycles(cfg),
    source: {
      init: COST_SOURCES['dma.init']!.source,
      intr: COST_SOURCES['dma.intr']!.source,
      exec: '[002 L180]: 1,600 MB/s peak over the bus, derated by dma.rate [002 L194]',
    },
  };
}

/** Fragments of a message at the MTU [002 L159, L189]. */
export const fragmentsOf = (cfg: EdtConfig, bytes: number) =>
  Math.max(1, Math.ceil(bytes / cfg.mtu));

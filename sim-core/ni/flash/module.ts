/**
 * The FLASH model as a plug-in (seed 003; round2-spec §B2): MAGIC's handlers, the block transfer,
 * local and global coherence, address validity; on the pipe of 22 cycles at 400 MB/s by default.
 */
import type { ModelModule } from '../../model';
import type { FlashConfig } from './flash-config';
import { planTransfer } from './flash-config';
import { resolveCosts, type CostName } from './flash-costs';
import { flashFace, type FlashTypes } from './flash-face';
import { flashMessaging } from './flash-messaging';
import { flashMeta } from './flash-meta';
import { flashSchema, type FlashOp, type FlashScenario } from './flash-schema';
import { FlashSystem } from './flash-system';
import { summariseFlash } from './flash-summary';

export type { FlashTypes } from './flash-face';

/**
 * Each node's program: the scenario's, or, when it gives none, the seed's set-up [003 L84]: every
 * receive posted first, then (after 200 cycles, long enough for the credit to arrive) the sends.
 */
function programsOf(sc: FlashScenario): FlashOp[][] {
  const { transfers, cpus: programs } = sc.workload;
  return Array.from({ length: sc.system.nodes }, (_, node) => {
    const given = programs.filter((p) => p.node === node);
    if (programs.length) return given.flatMap((p) => p.ops);
    const recvs = transfers.flatMap((t, i): FlashOp[] =>
      t.to === node ? [{ op: 'recv', transfer: i }] : [],
    );
    const sends = transfers.flatMap((t, i): FlashOp[] =>
      t.from === node ? [{ op: 'send', transfer: i }] : [],
    );
    return [...recvs, ...(sends.length ? [{ op: 'compute' as const, cycles: 400 }, ...sends] : [])];
  });
}

export function flashConfigOf(sc: FlashScenario): FlashConfig {
  const sys = sc.system;
  return {
    nodes: sys.nodes,
    handler: sys.handler,
    chunk: sys.chunk,
    coherence: sys.coherence,
    addressValidity: sys.addressValidity,
    network: { ...sys.network },
    queues: { ...sys.queues },
    dataBuffers: sys.dataBuffers,
    maxOps: sys.maxOps,
    inbox: sys.inbox,
    costs: resolveCosts(sys.costs as Partial<Record<CostName, number>>),
    transfers: sc.workload.transfers.map(planTransfer),
    programs: programsOf(sc),
    watchdog: sc.checks.stallWatchdog,
    checkInvariants: sc.checks.invariants,
    seed: sc.seed,
  };
}

export const flashModel: ModelModule<FlashTypes> = {
  ...flashFace,
  schema: flashSchema,
  configOf: flashConfigOf,
  create: (config) => new FlashSystem(config),
  meta: (config, instance) => flashMeta(config, instance.programs),
  settings: ({ system }) => ({
    handler: system.handler,
    chunk: system.chunk,
    network: system.network.kind,
    lanes: system.network.lanes,
  }),
  summary: summariseFlash,
  capabilities: { ...flashFace.capabilities, messaging: flashMessaging },
  derivedStats: {
    transferCycles: {
      desc: 'FLASH: cycles of the first transfer, from the command sequence to the receiver’s clean-up (−1 if unfinished)',
      of: ({ stats }) => stats.transfers[0]?.cycles ?? null,
    },
    perLine: {
      desc: 'FLASH: the first transfer’s marginal cycles a line (the component stream’s interval)',
      of: ({ stats }) => stats.transfers[0]?.perLine ?? null,
    },
  },
};

/**
 * The Cranium model as a plug-in (seed 001 §C, digest §C, §E.1): the Cranium NI and its
 * processor on every node of a torus of chaotic (or comparison) routers. Its face
 * (cranium-face.ts) and its engine.
 */
import { count } from '../../kernel/words';
import type { ModelModule } from '../../model';
import { summariseNetworkStats } from '../../network/network-summary';
import {
  DEFAULT_TIMING,
  NI_TIMINGS,
  MEMORY_MODELS,
  type CraniumConfig,
  type CraniumTiming,
} from './cranium-config';
import { craniumFace, type CraniumTypes } from './cranium-face';
import { craniumMessaging } from './cranium-messaging';
import type { CraniumStats } from './cranium-frame';
import { craniumSchema, type CraniumScenario } from './cranium-schema';
import { CraniumSystem } from './cranium-system';
import { instructionText } from './program';
import { variantGaps } from './variants';

export type { CraniumTypes } from './cranium-face';

/** The Cranium model's configuration for a scenario (also the base of its fidelity runs). */
export function craniumConfigOf(scenario: CraniumScenario): CraniumConfig {
  const sys = scenario.system;
  const w = scenario.workload;
  const side = sys.attached ?? sys.k;
  const timing: CraniumTiming = {
    ...DEFAULT_TIMING,
    ...MEMORY_MODELS[sys.memory],
    ...NI_TIMINGS[sys.ni],
    ...variantGaps(sys.variant, sys.variantCase),
    ...(Object.fromEntries(
      Object.entries(sys.timing).filter(([, v]) => v !== undefined),
    ) as Partial<CraniumTiming>),
  };
  return {
    network: {
      topology: { kind: sys.topology, k: sys.k, attached: side },
      router: sys.router,
      dateline: true,
      packetPhits: 11,
      multiQueue: sys.multiQueue,
      decisionCycles: sys.decisionCycles,
      injectionQueue: sys.outboxPackets,
      packets: [],
      traffic: w.background ? { ...w.background, hotspot: { node: 0, fraction: 0 } } : null,
      seed: scenario.seed,
      stallWatchdog: scenario.checks.stallWatchdog,
      checkInvariants: scenario.checks.invariants,
      halfDuplexP: sys.halfDuplexLink,
    },
    timing,
    pageBytes: sys.pageBytes,
    channels: sys.channels,
    inboxPackets: sys.inboxPackets,
    queueEntries: { ...sys.queueEntries },
    scheduler: sys.scheduler,
    alpha: sys.alpha,
    dmaCoherence: sys.dmaCoherence,
    freezeOnOverflow: sys.freezeOnOverflow,
    warmChannels: sys.warmChannels,
    barrierCycles: sys.barrierCycles,
    barrierHold: sys.barrierHold,
    nodes: w.nodes.map((n) => ({
      node: n.node,
      processId: n.processId,
      buffers: n.buffers.map((b) => ({
        handle: b.handle,
        cached: [...b.cached],
        dirty: [...b.dirty],
      })),
      cachedQueueFlags: n.cachedQueueFlags,
      program: n.program.map((i) => ({ ...i })),
    })),
    checkInvariants: scenario.checks.invariants,
  };
}

function summary(stats: CraniumStats): string[] {
  const lines = stats.messages.map(
    (m) =>
      `message ${m.id}: node ${m.src} → node ${m.dst}, ${m.bytes} B (${count(m.packets, 'packet')}) ${m.queue ? 'to the user queue' : 'by auto-receive'}: ${m.latency >= 0 ? `latency ${count(m.latency, 'cycle')}, ${m.throughput.toFixed(3)} B/cycle` : `not noticed by its receiver (${m.placed} of ${m.packets} placed)`}${m.outOfOrderPairs ? `, ${m.outOfOrderPairs} out-of-order pairs` : ''}`,
  );
  lines.push(
    `packets placed ${stats.packetsPlaced}; to error or system queues ${stats.toErrorQueues}; interrupts ${stats.interrupts}`,
  );
  return [...lines, ...summariseNetworkStats(stats.network)];
}

export const craniumModel: ModelModule<CraniumTypes> = {
  ...craniumFace,
  schema: craniumSchema,
  configOf: craniumConfigOf,
  create: (config) => new CraniumSystem(config),
  meta: (config) => ({
    model: 'cranium',
    topology: config.network.topology,
    nodes: config.network.topology.attached ** 2,
    router: config.network.router,
    packetPhits: config.network.packetPhits,
    multiQueue: config.network.multiQueue,
    timing: { ...config.timing },
    pageBytes: config.pageBytes,
    programs: config.nodes.map((n) => ({ node: n.node, lines: n.program.map(instructionText) })),
  }),
  settings: ({ system }) => ({ router: system.router, ni: system.ni, scheduler: system.scheduler }),
  capabilities: { ...craniumFace.capabilities, messaging: craniumMessaging },
  summary,
  derivedStats: {
    maxLatency: {
      desc: 'The longest message latency (Cranium: −1 if a message was never noticed)',
      of: ({ stats }) =>
        stats.messages.some((m) => m.latency < 0)
          ? -1
          : Math.max(...stats.messages.map((m) => m.latency)),
    },
    queueOverflows: {
      desc: 'Cranium: user or system queue overflows (the tail reaching the head)',
      of: ({ events }) => events.filter((e) => e.kind === 'cr.queue' && e.op === 'overflow').length,
    },
    freezes: {
      desc: 'Cranium: times an NI went into FREEZE',
      of: ({ events }) => events.filter((e) => e.kind === 'cr.flow' && e.to === 'FREEZE').length,
    },
    deroutedPercent: {
      desc: 'Deroutes per delivered packet, in percent',
      of: ({ stats }) => 100 * stats.network.deroutes.perPacket,
    },
  },
};

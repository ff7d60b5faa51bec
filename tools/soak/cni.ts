/**
 * The coherent NIs' soak family (seed 000): every NI kind × bus × protocol the schema accepts,
 * with random machines and workloads — message sizes over the paper's range (8–4096 bytes),
 * streams, bursts with and without replies, all-to-alls, ping-pongs and local queues, the queue
 * optimisations, virtual polling, snarfing, the write-back buffer, the window and the latency;
 * one run in five is large enough to overflow CNI16Qm's 16-block cache, or all 128 slots of its
 * memory queue. Every network message must be taken once, by its destination, in order per
 * sender, and the run must halt.
 */
import fc from 'fast-check';
import { PROTOCOL_NAMES, protocols, type ProtocolName } from '../../sim-core/memory/protocols';
import { defaultCniConfig } from '../../sim-core/fidelity/cni';
import type { CniConfig, CniWorkload } from '../../sim-core/ni/cni/cni-config';
import { CniSystem } from '../../sim-core/ni/cni/cni-system';
import {
  BUS_KINDS,
  BUS_NAMES,
  NI_KIND_NAMES,
  NI_KINDS,
  type BusKind,
  type NiKindName,
} from '../../sim-core/ni/cni/config';
import { bump, cleanAudit, neverEnded, note, type RunAudit, type SoakFamily } from './family';

export interface CniSoakConfiguration {
  label: string;
  ni: NiKindName;
  bus: BusKind;
  protocol: ProtocolName;
}

const all = NI_KIND_NAMES.flatMap((ni) =>
  BUS_KINDS.flatMap((bus) =>
    PROTOCOL_NAMES.map((protocol) => ({
      label: `${ni} · ${bus} · ${protocol}`,
      ni,
      bus,
      protocol,
    })),
  ),
);

const KINDS = ['alltoall', 'burst', 'pingpong', 'stream', 'local-queue'] as const;

const machine = fc.record({
  nodes: fc.integer({ min: 2, max: 4 }),
  kind: fc.constantFrom(...KINDS),
  bytes: fc.integer({ min: 8, max: 4096 }),
  count: fc.integer({ min: 1, max: 4 }),
  /** A large run: up to 8 rounds or 16 messages of any size, so queues and caches overflow. */
  large: fc.oneof(
    { arbitrary: fc.constant(false), weight: 4 },
    { arbitrary: fc.constant(true), weight: 1 },
  ),
  handlerCycles: fc.integer({ min: 0, max: 600 }),
  replies: fc.boolean(),
  pollWork: fc.integer({ min: 1, max: 40 }),
  softwareOverhead: fc.integer({ min: 0, max: 400 }),
  optimisations: fc.record({
    lazyPointers: fc.boolean(),
    validBits: fc.boolean(),
    senseReverse: fc.boolean(),
  }),
  virtualPolling: fc.constantFrom(
    undefined,
    'off' as const,
    'previous-block' as const,
    'same-block' as const,
  ),
  backoff: fc.integer({ min: 0, max: 200 }),
  snarfing: fc.boolean(),
  writeBackBuffer: fc.boolean(),
  pollCdr: fc.boolean(),
  window: fc.integer({ min: 1, max: 8 }),
  latency: fc.integer({ min: 1, max: 400 }),
  slots: fc.integer({ min: 1, max: 12 }),
  sendCycles: fc.integer({ min: 0, max: 300 }),
  receiveCycles: fc.integer({ min: 0, max: 300 }),
});
export type CniMachine = typeof machine extends fc.Arbitrary<infer M> ? M : never;

function workloadOf(m: CniMachine): CniWorkload {
  // Many network messages per user message make a long run: fewer user messages when large,
  // unless the run is meant to be large.
  const count = m.large ? m.count * 2 : Math.max(1, Math.min(m.count, Math.floor(4096 / m.bytes)));
  switch (m.kind) {
    case 'alltoall':
      return { kind: 'alltoall', bytes: m.bytes, rounds: count };
    case 'pingpong':
      return { kind: 'pingpong', bytes: m.bytes, rounds: count };
    case 'stream':
      return { kind: 'stream', bytes: m.bytes, count: count * 2, from: 0, to: m.nodes - 1 };
    case 'burst':
      return {
        kind: 'burst',
        bytes: m.bytes,
        count,
        senders: Array.from({ length: m.nodes - 1 }, (_, i) => i + 1),
        to: 0,
        handlerCycles: m.handlerCycles,
        replies: m.replies,
      };
    case 'local-queue':
      return {
        kind: 'local-queue',
        bytes: Math.min(m.bytes, 244),
        count: count * 4,
        // One slot is always unused without sense reverse (the schema refuses 1).
        slots: m.optimisations.senseReverse ? m.slots : Math.max(2, m.slots),
        sendCycles: m.sendCycles,
        receiveCycles: m.receiveCycles,
      };
  }
}

/** The machine a configuration and a random draw make, with its invariants checked. */
export function cniConfig(c: CniSoakConfiguration, m: CniMachine): CniConfig {
  const workload = workloadOf(m);
  const nodes = workload.kind === 'local-queue' ? 1 : workload.kind === 'pingpong' ? 2 : m.nodes;
  const base = defaultCniConfig(c.ni, c.bus, workload);
  return {
    ...base,
    nodes,
    protocol: protocols[c.protocol],
    pollWork: m.pollWork,
    softwareOverhead: m.softwareOverhead,
    optimisations: m.optimisations,
    virtualPolling: m.virtualPolling ?? base.virtualPolling,
    backoff: m.backoff,
    snarfing: m.snarfing && c.ni === 'CNI16Qm',
    writeBackBuffer: m.writeBackBuffer,
    pollCdr: m.pollCdr && c.ni === 'CNI4',
    network: { kind: 'pipe', latency: m.latency, window: m.window },
    checkInvariants: true,
  };
}

/** Runs a machine to its halt or `maxCycles`, checking every message it takes. */
export function auditCni(cfg: CniConfig, maxCycles: number): RunAudit {
  const sim = new CniSystem(cfg);
  const a = cleanAudit({ messages: true, order: true });
  const taken = new Map<number, number>();
  const lastSeq = new Map<string, number>();
  while (!sim.state.halted && sim.state.cycle < maxCycles) {
    for (const e of sim.step()) {
      if (e.kind === 'invariant.violation') {
        a.violations++;
        note(a, `cycle ${sim.state.cycle}: ${e.rule} invariant: ${e.detail}`);
      } else if (e.kind === 'sim.stall') {
        a.stalls++;
        note(a, `cycle ${sim.state.cycle}: stalled: ${e.waiting}`);
      } else if (e.kind === 'cni.lost') {
        a.lost = bump(a.lost);
        note(a, `cycle ${sim.state.cycle}: message ${e.msg} lost: ${e.why}`);
      } else if (e.kind === 'cni.msg' && e.phase === 'receive') {
        const m = sim.state.messages[e.msg]!;
        const times = (taken.get(e.msg) ?? 0) + 1;
        taken.set(e.msg, times);
        if (times > 1) {
          a.duplicated = bump(a.duplicated);
          note(a, `message ${e.msg} taken ${times} times`);
        }
        if (e.node !== m.dst) {
          a.misdelivered = bump(a.misdelivered);
          note(a, `message ${e.msg} for node ${m.dst} taken at node ${e.node}`);
        }
        const pair = `${m.src}>${m.dst}`;
        if (m.seq <= (lastSeq.get(pair) ?? -1)) {
          a.reordered = bump(a.reordered);
          note(a, `message ${e.msg} (number ${m.seq} from node ${m.src}) taken out of order`);
        }
        lastSeq.set(pair, Math.max(m.seq, lastSeq.get(pair) ?? -1));
      }
    }
  }
  a.cycles = sim.state.cycle;
  const untaken = sim.state.messages.filter((m) => !taken.has(m.id)).length;
  const unsent = sim.state.nodes.reduce((n, node) => n + node.app.outbox.length, 0);
  if (sim.state.halted) a.lost = (a.lost ?? 0) + untaken;
  else a.unfinished += untaken + unsent;
  if (!sim.state.halted)
    note(a, `${neverEnded(maxCycles)}: ${untaken + unsent} messages not taken`);
  else if (untaken) note(a, `halted with ${untaken} messages never taken`);
  return a;
}

export const cniSoak: SoakFamily<CniSoakConfiguration, CniMachine> = {
  name: 'cni',
  title: 'Coherent network interfaces (seed 000): NI × bus × protocol',
  configurations: all.filter((c) => NI_KINDS[c.ni].buses.includes(c.bus)),
  skipped: NI_KIND_NAMES.flatMap((ni) =>
    BUS_KINDS.filter((bus) => !NI_KINDS[ni].buses.includes(bus)).map(
      (bus) =>
        `${ni} · ${bus}, every protocol: refused by the schema (${ni} sits on the ${NI_KINDS[ni].buses.map((b) => BUS_NAMES[b]).join(', ')} only)`,
    ),
  ),
  orderNote:
    'network messages taken out of order per sender and receiver (the model promises order)',
  runCycles: 3_000_000,
  runs: () => machine,
  audit: (c, m, maxCycles) => auditCni(cniConfig(c, m), maxCycles),
};

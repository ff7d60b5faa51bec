/**
 * EDT's soak family (seed 002): VIA messages between two hosts through each NI — the EDT NI with
 * either receive mode, CC-DMA by intervention and by retry, the non-coherent DMA with its software
 * flush — and the two counterfactuals, the non-coherent DMA without the flush and an EDT NI that
 * never asserts SHARED. Random runs draw the message size (one word to 4 KB), ping-pong or one-way
 * sends and their rounds, the write order, the gap between stores, the payload (produced, or
 * prepared dirty or clean), a read before the write, the registration, the block size, the MTU,
 * the NI's fetch delay, the DMA rate and the network (no delay, or a pipe with latency). Every
 * message must be received once, by its destination, in the order it was sent on its VI, and the
 * run must halt. A safe NI's receiver must read only the sender's words (a stale word is an
 * invariant violation there); the non-coherent DMA without its flush must deliver every dirty
 * payload stale (`edt.stale`, the counterfactual's point), and the SHARED counterfactual may.
 */
import fc from 'fast-check';
import { EdtSystem } from '../../sim-core/ni/edt/edt-system';
import type { EdtScenario } from '../../sim-core/ni/edt/edt-schema';
import { edtModel } from '../../sim-core/ni/edt/module';
import { parseScenario } from '../../sim-core/scenario/parse';
import { bump, cleanAudit, neverEnded, note, type RunAudit, type SoakFamily } from './family';

export interface EdtSoakConfiguration {
  label: string;
  /** The scenario's system fields this configuration fixes. */
  system: Record<string, unknown>;
  /** What a receiver reading stale words means here: a failure, expected, or allowed. */
  stale: 'never' | 'every dirty payload' | 'allowed';
}

const configurations: EdtSoakConfiguration[] = [
  { label: 'EDT · DMA-engine receive', system: { ni: 'EDT' }, stale: 'never' },
  {
    label: 'EDT · coherent receive',
    system: { ni: 'EDT', receiveMode: 'coherent' },
    stale: 'never',
  },
  { label: 'CC-DMA intervention', system: { ni: 'CC-DMA_intv' }, stale: 'never' },
  { label: 'CC-DMA retry', system: { ni: 'CC-DMA_retry' }, stale: 'never' },
  {
    label: 'non-coherent DMA · flush',
    system: { ni: 'DMA_noncoherent', flush: true },
    stale: 'never',
  },
  {
    label: 'non-coherent DMA · no flush (stale expected)',
    system: { ni: 'DMA_noncoherent', flush: false },
    stale: 'every dirty payload',
  },
  {
    label: 'EDT · no SHARED (stale allowed)',
    system: { ni: 'EDT', assertShared: false },
    stale: 'allowed',
  },
];

export const edtMachine = fc.record({
  bytes: fc.oneof(fc.integer({ min: 8, max: 512 }), fc.integer({ min: 513, max: 4096 })),
  kind: fc.constantFrom('pingpong', 'send'),
  rounds: fc.integer({ min: 1, max: 3 }),
  order: fc.constantFrom('sequential', 'reverse', 'stride', 'random'),
  storeGap: fc.oneof(
    fc.constant(0),
    fc.integer({ min: 1, max: 40 }),
    fc.integer({ min: 41, max: 200 }),
  ),
  payload: fc.constantFrom('produce', 'prepared-dirty', 'prepared-clean'),
  prepareGap: fc.integer({ min: 0, max: 8000 }),
  readFirst: fc.boolean(),
  init: fc.constantFrom('ni-read', 'flush'),
  hostCached: fc.boolean(),
  blockBytes: fc.constantFrom(16, 32, 64, 128, 256),
  mtu: fc.constantFrom(256, 1500, 9000),
  fetchDelay: fc.integer({ min: 0, max: 40 }),
  rate: fc.constantFrom(1, 0.9, 0.75, 0.5, 0.25),
  latency: fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 2000 })),
  seed: fc.nat(),
});
export type EdtMachine = typeof edtMachine extends fc.Arbitrary<infer M> ? M : never;

/** The scenario: 4 KB buffers each way; descriptors (two blocks) and the CQ follow the block size. */
export function edtScenario(c: EdtSoakConfiguration, m: EdtMachine): unknown {
  const block = m.blockBytes;
  return {
    version: 1,
    id: 'soak-edt',
    title: 'soak',
    seed: m.seed,
    system: {
      kind: 'edt',
      ...c.system,
      registration: { init: m.init, hostCached: m.hostCached },
      blockBytes: block,
      mtu: m.mtu,
      regions: {
        send: { base: 0x10000, bytes: 4096 },
        recv: { base: 0x20000, bytes: 4096 },
        descriptors: { base: 0x30000, bytes: 2 * block },
        cq: { base: 0x30000 + 2 * block, bytes: block },
      },
      costs: { ni: { fetchDelay: m.fetchDelay } },
      dma: { rate: m.rate },
      network:
        m.latency === null ? { kind: 'zero' } : { kind: 'pipe', latency: m.latency, window: 64 },
    },
    workload: {
      via: {
        kind: m.kind,
        bytes: m.bytes,
        rounds: m.rounds,
        order: m.order,
        storeGap: m.storeGap,
        payload: m.payload,
        prepareGap: m.prepareGap,
        readFirst: m.readFirst,
      },
    },
  };
}

export function auditEdt(c: EdtSoakConfiguration, doc: unknown, maxCycles: number): RunAudit {
  const parsed = parseScenario(doc);
  if (!parsed.ok)
    throw new Error(`soak: an EDT scenario the schema refuses: ${JSON.stringify(parsed.error)}`);
  const scenario = parsed.value as unknown as EdtScenario;
  const sim = new EdtSystem(edtModel.configOf(scenario));
  const messages = sim.state.messages;
  const a = cleanAudit({ messages: true, order: true });
  const received = new Set<number>();
  const stale = new Set<number>();
  /** The last message received on each VI (by sender and receiver). */
  const lastOn = new Map<string, number>();
  while (!sim.state.halted && sim.state.cycle < maxCycles)
    for (const e of sim.step()) {
      const at = sim.state.cycle;
      if (e.kind === 'invariant.violation') {
        a.violations++;
        note(a, `cycle ${at}: ${e.rule} invariant: ${e.detail}`);
      } else if (e.kind === 'edt.stale' && e.where === 'receiver') stale.add(e.msg);
      else if (e.kind === 'sim.stall') {
        a.stalls++;
        note(a, `cycle ${at}: stalled: ${e.waiting}`);
      } else if (e.kind === 'edt.msg' && e.phase === 'complete') {
        const m = messages[e.msg]!;
        if (received.has(e.msg)) {
          a.duplicated = bump(a.duplicated);
          note(a, `message ${e.msg} received twice`);
        }
        received.add(e.msg);
        if (e.node !== m.dst) {
          a.misdelivered = bump(a.misdelivered);
          note(a, `message ${e.msg} for host ${m.dst} received by host ${e.node}`);
        }
        const vi = `${m.src}>${m.dst}`;
        if ((lastOn.get(vi) ?? -1) > e.msg) {
          a.reordered = bump(a.reordered);
          note(a, `message ${e.msg} received after message ${lastOn.get(vi)} on VI ${vi}`);
        }
        lastOn.set(vi, e.msg);
      }
    }
  a.cycles = sim.state.cycle;
  const missing = messages.length - received.size;
  if (sim.state.halted) {
    if (missing > 0) {
      a.lost = missing;
      note(a, `halted with ${received.size} of ${messages.length} messages received`);
    }
  } else {
    a.unfinished = missing;
    note(a, `${neverEnded(maxCycles)}: ${missing} messages not received`);
  }
  if (c.stale === 'never' && stale.size > 0) {
    a.violations += stale.size;
    note(a, `a safe NI delivered ${stale.size} messages stale`);
  }
  const dirty = scenario.workload.via.payload !== 'prepared-clean';
  if (c.stale === 'every dirty payload' && dirty && stale.size < received.size) {
    a.violations += received.size - stale.size;
    note(a, `the non-coherent DMA delivered ${received.size - stale.size} dirty payloads fresh`);
  }
  return a;
}

export const edtSoak: SoakFamily<EdtSoakConfiguration, EdtMachine> = {
  name: 'edt',
  title: 'EDT (seed 002): NI · receive mode · counterfactuals',
  configurations,
  skipped: [],
  orderNote: 'per VI (sender to receiver): VIA completes receives in the order they were sent',
  runCycles: 2_000_000,
  runs: () => edtMachine,
  audit: (c, m, maxCycles) => auditEdt(c, edtScenario(c, m), maxCycles),
};

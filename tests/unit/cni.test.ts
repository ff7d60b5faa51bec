/** The coherent-NI model (seed 000): the mechanisms behave as the paper and its digest describe. */
import { describe, expect, it } from 'vitest';
import { createSim } from '../../sim-core/sim';
import { parseScenario } from '../../sim-core/scenario/parse';
import { defaultCniConfig, runCni } from '../../sim-core/fidelity/cni';
import type { CniFrame, CniStats } from '../../sim-core/ni/cni/cni-frame';
import { NETWORK_KIND_NAMES } from '../../sim-core/net/networks';
import { runToEnd, scenarioOf } from '../property/support';
import { findBuiltin } from '../../scenarios/index';
import { CNI_BUS_PRESETS } from '../../sim-core/ni/cni/config';
import { CniSystem } from '../../sim-core/ni/cni/cni-system';
import { CNI_SOFTWARE_OVERHEAD } from '../../sim-core/ni/cni/cni-schema';
import type { SimEventBody } from '../../sim-core/trace/events';
import { loadsDuringHandshake } from '../property/cdr-handshake';

function cniDoc(system: Record<string, unknown>, messages: Record<string, unknown>) {
  return {
    version: 1,
    id: 'test',
    title: 'test',
    system: { kind: 'cni', ...system },
    workload: { messages },
    limits: { maxCycles: 200_000 },
  };
}

function run(system: Record<string, unknown>, messages: Record<string, unknown>) {
  const sim = createSim(scenarioOf(cniDoc(system, messages)));
  const events = runToEnd(sim, 200_000);
  return { sim, events, stats: sim.stats() as CniStats };
}

const localQueue = {
  kind: 'local-queue',
  bytes: 40,
  count: 64,
  slots: 8,
  sendCycles: 150,
  receiveCycles: 100,
};

describe('cachable queue optimisations (§B.3.5, lecture E4)', () => {
  // Per one-block message: naive ≈ 6, + lazy ≈ 4 + 4/N, + valid bits ≈ 3 + 4/N, + sense ≈ 2 + 4/N.
  const cases = [
    [{ lazyPointers: false, validBits: false, senseReverse: false }, 5.5, 6.5],
    [{ lazyPointers: true, validBits: false, senseReverse: false }, 4, 4.75],
    [{ lazyPointers: true, validBits: true, senseReverse: false }, 3, 3.75],
    [{ lazyPointers: true, validBits: true, senseReverse: true }, 2, 2.75],
  ] as const;
  it.each(cases)('%o costs between %d and %d transactions per message', (optimisations, lo, hi) => {
    const { stats } = run({ nodes: 1, optimisations }, localQueue);
    expect(stats.messages.delivered).toBe(64);
    expect(stats.violations).toBe(0);
    expect(stats.transactionsPerMessage).toBeGreaterThanOrEqual(lo);
    expect(stats.transactionsPerMessage).toBeLessThanOrEqual(hi);
  });

  it('sense reverse uses every slot: a 4-slot queue holds 4 messages at once', () => {
    const { events } = run(
      { nodes: 1 },
      { ...localQueue, count: 6, slots: 4, sendCycles: 0, receiveCycles: 300 },
    );
    let occupancy = 0;
    let most = 0;
    for (const e of events) {
      if (e.kind !== 'cni.pointer' || e.pointer === 'shadowHead') continue;
      occupancy += e.pointer === 'tail' ? 1 : -1;
      most = Math.max(most, occupancy);
    }
    expect(most).toBe(4);
  });
});

describe('remote queues without valid bits (§B.3.3)', () => {
  // The receiver then reads tail: the NI must publish it, and with sense reverse tail = head
  // with different senses is a full queue, not an empty one.
  it.each([false, true])('deliver a burst that fills the queue (sense reverse %s)', (sense) => {
    const { stats } = run(
      { nodes: 2, optimisations: { validBits: false, senseReverse: sense } },
      { kind: 'burst', bytes: 244, count: 12, senders: [0], to: 1, handlerCycles: 800 },
    );
    expect(stats.messages.delivered).toBe(12);
    expect(stats.violations).toBe(0);
  });
});

describe('cachable device registers (§B.2, lectures E1-E3)', () => {
  const arrivals = { kind: 'arrivals', messages: [{ at: 600, bytes: 40 }] };

  it('polling a CDR crosses the bus only when the device writes it; NI2w polls cross every time', () => {
    const cdr = run({ nodes: 1, ni: 'CNI4', pollCdr: true, pollWork: 20 }, arrivals).stats;
    const ni2w = run({ nodes: 1, ni: 'NI2w', pollWork: 20 }, arrivals).stats;
    const txns = (s: CniStats) =>
      Object.values(s.nodes[0]!.transactions).reduce((a, b) => a + b, 0);
    expect(txns(cdr)).toBeLessThan(10);
    expect(ni2w.nodes[0]!.transactions.UCR8).toBeGreaterThan(15);
  });

  it('clear-on-read loses a message; the three-step handshake does not', () => {
    const two = {
      kind: 'arrivals',
      messages: [
        { at: 1, bytes: 40 },
        { at: 1, bytes: 40 },
      ],
    };
    const broken = run({ nodes: 1, ni: 'CNI4', clearOnRead: true }, two);
    expect(broken.stats.messages.lost).toBe(1);
    expect(broken.events.some((e) => e.kind === 'cni.lost')).toBe(true);
    const handshake = run({ nodes: 1, ni: 'CNI4' }, two);
    expect(handshake.stats.messages.lost).toBe(0);
    expect(handshake.stats.messages.delivered).toBe(2);
  });

  it('polling the receive CDR waits out the handshake: no false hit on a stale copy', () => {
    // Found by npm run soak (CNI4 · io, every protocol): a send blocked while the NI was still
    // reading the send CDRs, so P drained a message, stored CLEAR and polled the receive CDR
    // again before the NI had invalidated it, and took the same message twice from its S copy.
    const { events, stats } = run(
      {
        nodes: 2,
        ni: 'CNI4',
        bus: 'io',
        pollCdr: true,
        softwareOverhead: 0,
        network: { latency: 150 },
      },
      { kind: 'alltoall', bytes: 488, rounds: 1 },
    );
    expect(loadsDuringHandshake(events)).toEqual([]);
    expect(stats.violations).toBe(0);
    const taken = events.flatMap((e) =>
      e.kind === 'cni.msg' && e.phase === 'receive' ? [e.msg] : [],
    );
    expect(taken.sort((a, b) => a - b)).toEqual([0, 1, 2, 3]);
  });

  it('virtual polling with no back-off steals blocks the processor is still writing', () => {
    const send = { kind: 'device-send', bytes: 200, count: 2 };
    const system = { nodes: 1, ni: 'CNI4', virtualPolling: 'same-block', wordCycles: 2 };
    const eager = run({ ...system, backoff: 0 }, send).stats.nodes[0]!.transactions;
    const patient = run({ ...system, backoff: 200 }, send).stats.nodes[0]!.transactions;
    expect(eager.INV).toBeGreaterThan(patient.INV + 10);
  });
});

describe('CNI16Qm (§B.6.4, lecture E9)', () => {
  const burst = { kind: 'burst', bytes: 244, count: 12, senders: [0], to: 1, handlerCycles: 800 };

  it('overflows into main memory with write-backs, and snarfing turns later reads into hits', () => {
    const plain = run({ nodes: 2, ni: 'CNI16Qm' }, burst).stats;
    const snarf = run({ nodes: 2, ni: 'CNI16Qm', snarfing: true }, burst);
    expect(plain.nodes[1]!.transactions.WB).toBeGreaterThan(0);
    expect(snarf.events.some((e) => e.kind === 'cni.coh' && e.event === 'Snarf')).toBe(true);
    expect(snarf.stats.nodes[1]!.transactions.RD).toBeLessThan(plain.nodes[1]!.transactions.RD);
  });

  it('goes on delivering under MESI and MSI, whose reads cancel the write-backs of unread blocks', () => {
    // Issue 23: the 17th message evicts a block of a slot P is reading; P's read takes it from
    // the NI's write-back buffer and cancels the write-back, which the NI was waiting for.
    const stream = { kind: 'stream', bytes: 1000, count: 8, from: 0, to: 1 };
    for (const protocol of ['MESI', 'MSI']) {
      const { sim, events, stats } = run({ nodes: 2, ni: 'CNI16Qm', protocol }, stream);
      expect(sim.halted, protocol).toBe(true);
      expect(stats.messages.delivered, protocol).toBe(40);
      expect(events.some((e) => e.kind === 'cni.coh' && e.from === 'MI_A' && e.to === 'I')).toBe(
        true,
      );
    }
  });

  it('interrupts the processor when all 128 memory slots are full, so blocked senders drain', () => {
    // Three nodes each send 8 × 17 network messages to each other: every receive queue fills
    // while its processor is still sending, and without the interrupt all three wait for ever.
    const doc = cniDoc({ nodes: 3, ni: 'CNI16Qm' }, { kind: 'alltoall', bytes: 4096, rounds: 8 });
    const sim = createSim(scenarioOf({ ...doc, limits: { maxCycles: 1_000_000 } }));
    const events = runToEnd(sim, 1_000_000);
    const stats = sim.stats() as CniStats;
    expect(sim.halted).toBe(true);
    expect(stats.messages.delivered).toBe(stats.messages.sent);
    const interrupts = events.filter(
      (e) => e.kind === 'cni.device' && /queue is full/.test(e.what),
    );
    expect(interrupts.length).toBeGreaterThan(0);
    expect(events.some((e) => e.kind === 'cni.msg' && e.phase === 'buffer')).toBe(true);
    expect(events.filter((e) => e.kind === 'invariant.violation')).toEqual([]);
  });

  it('is refused on the I/O bus, naming the field', () => {
    const result = parseScenario(cniDoc({ nodes: 2, ni: 'CNI16Qm', bus: 'io' }, burst));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error[0]).toMatchObject({ code: 'SCN003', path: 'system.bus' });
    }
  });
});

describe('the network between the NIs', () => {
  const stream = { kind: 'stream', bytes: 8, count: 24, from: 0, to: 1 };

  it('is chosen from the registry by system.network.kind; an unknown kind is refused', () => {
    expect(NETWORK_KIND_NAMES).toEqual(['pipe', 'zero', 'torus']);
    for (const kind of ['pipe', 'torus']) {
      const sim = createSim(scenarioOf(cniDoc({ nodes: 2, network: { kind } }, stream)));
      const events = runToEnd(sim, 200_000);
      expect(events.filter((e) => e.kind === 'cni.msg' && e.phase === 'receive')).toHaveLength(24);
      expect(sim.halted).toBe(true);
    }
    const result = parseScenario(cniDoc({ nodes: 2, network: { kind: 'ring' } }, stream));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error[0]).toMatchObject({ path: 'system.network.kind' });
  });

  it.each([{ kind: 'pipe' }, { kind: 'torus', hops: 8 }])(
    'keeps its state (%j) in the snapshot: a run restored with messages in flight replays exactly',
    (network) => {
      const doc = cniDoc({ nodes: 2, softwareOverhead: 0, network }, stream);
      const sim = createSim(scenarioOf(doc));
      const inFlight = () => (sim.frame() as CniFrame).network.inFlight.length;
      for (let c = 0; c < 20_000 && inFlight() < 2; c++) sim.step();
      expect(inFlight()).toBe(2);
      const snap = sim.snapshot();
      const first = runToEnd(sim, 200_000);
      const again = createSim(scenarioOf(doc));
      again.restore(snap);
      expect(runToEnd(again, 200_000)).toEqual(first);
    },
  );
});

describe('the default configuration', () => {
  it("is the schema's defaults, the paper's where it gives them", () => {
    const cfg = defaultCniConfig('CNI16Q', 'io', { kind: 'pingpong', bytes: 64, rounds: 1 });
    expect(cfg).toMatchObject({
      nodes: 2,
      ni: 'CNI16Q',
      bus: 'io',
      costs: CNI_BUS_PRESETS.io,
      optimisations: { lazyPointers: true, validBits: true, senseReverse: true },
      virtualPolling: 'previous-block',
      network: { kind: 'pipe', latency: 100, window: 4 },
      softwareOverhead: CNI_SOFTWARE_OVERHEAD,
      checkInvariants: false,
    });
    expect(cfg.protocol.name).toBe('MOESI');
    const local = {
      kind: 'local-queue' as const,
      bytes: 8,
      count: 1,
      slots: 4,
      sendCycles: 0,
      receiveCycles: 0,
    };
    expect(defaultCniConfig('CNI16Q', 'memory', local).nodes).toBe(1);
  });
});

describe('software flow control (§B.7, lecture E8)', () => {
  const e8 = findBuiltin('cni-bursts')!.doc as { system: object; workload: object };
  const runE8 = (ni: string) => {
    const sim = createSim(scenarioOf({ ...e8, system: { ...e8.system, ni } }));
    const events = runToEnd(sim, 200_000);
    return { events, stats: sim.stats() as CniStats };
  };
  const phase = (events: SimEventBody[], p: string) =>
    events.filter((e) => e.kind === 'cni.msg' && e.phase === p);

  it('a blocked CNI16Q sender buffers arrivals in user memory, and every message still arrives once, in order', () => {
    const { events, stats } = runE8('CNI16Q');
    const buffered = phase(events, 'buffer');
    expect(phase(events, 'blocked').length).toBeGreaterThan(0);
    expect(buffered.length).toBeGreaterThan(0);
    expect(buffered.every((e) => e.kind === 'cni.msg' && (e.node === 0 || e.node === 2))).toBe(
      true,
    );
    expect(stats.messages.lost).toBe(0);
    expect(stats.messages.delivered).toBe(stats.messages.sent);
    expect(events.filter((e) => e.kind === 'invariant.violation')).toEqual([]);
    // Each (sender, receiver) pair's messages are taken in the order they were sent.
    const taken = new Map<string, number[]>();
    for (const e of phase(events, 'receive')) {
      if (e.kind !== 'cni.msg') continue;
      const key = `${e.src}>${e.dst}`;
      taken.set(key, [...(taken.get(key) ?? []), e.msg]);
    }
    expect([...taken.keys()].sort()).toEqual(['0>1', '1>0', '1>2', '2>1']);
    for (const msgs of taken.values()) expect(msgs).toEqual([...msgs].sort((a, b) => a - b));
    // Every buffered message is handled later, from user memory.
    const received = new Set(phase(events, 'receive').map((e) => e.kind === 'cni.msg' && e.msg));
    expect(buffered.every((e) => e.kind === 'cni.msg' && received.has(e.msg))).toBe(true);
  });

  it('with no software overhead a node handles its buffered messages a cycle each, hundreds of them', () => {
    // Found by npm run test:soak: a blocked CNI4 node buffered 233 messages, and handling them at
    // no cost ran the interpreter's 200 steps without an operation.
    const cfg = defaultCniConfig('CNI4', 'io', { kind: 'alltoall', bytes: 3111, rounds: 6 });
    const sim = new CniSystem({
      ...cfg,
      nodes: 4,
      softwareOverhead: 0,
      pollCdr: true,
      virtualPolling: 'same-block',
      backoff: 103,
      pollWork: 28,
      network: { kind: 'pipe', latency: 319, window: 2 },
    });
    let buffered = 0;
    while (!sim.state.halted && sim.state.cycle < 2_000_000) {
      sim.step();
      buffered = Math.max(buffered, ...sim.state.nodes.map((n) => n.app.buffered.length));
    }
    expect(sim.state.halted).toBe(true);
    expect(buffered).toBeGreaterThan(200);
  });

  it('CNI512Q absorbs the bursts and CNI16Qm overflows into memory: neither buffers', () => {
    for (const ni of ['CNI512Q', 'CNI16Qm']) {
      const { events, stats } = runE8(ni);
      expect(phase(events, 'buffer')).toEqual([]);
      expect(stats.messages.delivered).toBe(stats.messages.sent);
    }
  });
});

describe('the I/O bridge (§B.8, lecture E10)', () => {
  it('NACKs the I/O side when both sides start together, and everything still arrives', () => {
    const stats = runCni(
      defaultCniConfig('CNI16Q', 'io', {
        kind: 'burst',
        bytes: 244,
        count: 8,
        senders: [0],
        to: 1,
        handlerCycles: 0,
      }),
    );
    expect(stats.messages.delivered).toBe(8);
    expect(stats.nodes.some((n) => n.nacks > 0)).toBe(true);
  });
});

/**
 * The torus model piece by piece, on small hand-checked cases (digest seed-001-cranium.md §B.12):
 * the traffic patterns' destinations, the bounded injection queue, the multi-queue's order, when
 * the chaos router deroutes and when it may not, the packet exchange's precondition, the dateline,
 * each routing function's choice, the scenario schema's limits, and the measurement window.
 * network.test.ts covers addressing, zero-load latency, tail-following and whole runs.
 */
import { describe, expect, it } from 'vitest';
import { clonePlain } from '../../sim-core/kernel/clone';
import { createStream } from '../../sim-core/kernel/rng';
import { windowStats, defaultMeasurementWindow } from '../../sim-core/network/measure';
import { Network } from '../../sim-core/network/network';
import { networkConfig, type NetworkConfig } from '../../sim-core/network/network-config';
import { packetRecord } from '../../sim-core/network/network-state';
import { dimensionOrderOutput } from '../../sim-core/network/routing';
import {
  PORTS,
  headerBetween,
  profitableSet,
  type Port,
  type Topology,
} from '../../sim-core/network/topology';
import { trafficPatterns, type PatternContext } from '../../sim-core/network/traffic';
import { parseScenario } from '../../sim-core/scenario/parse';
import type { SimEvent, SimEventBody } from '../../sim-core/trace/events';

const torus = (k: number, attached = k): Topology => ({ kind: 'torus', k, attached });
const noHotspot = { node: 0, fraction: 0 };

function run(net: Network, limit = 20_000): SimEventBody[] {
  const events: SimEventBody[] = [];
  for (let c = 0; c < limit && !net.state.halted; c++) events.push(...net.step());
  return events;
}

const violations = (events: SimEventBody[]) =>
  events.filter((e) => e.kind === 'invariant.violation' || e.kind === 'net.stall');

const routes = (events: SimEventBody[]) =>
  events.flatMap((e) => (e.kind === 'net.route' ? [e] : []));

describe('traffic patterns', () => {
  const ctx = (side: number, hotspot = noHotspot): PatternContext => ({ side, hotspot });
  const dest = (pattern: keyof typeof trafficPatterns, side: number, src: number) =>
    trafficPatterns[pattern].dest(src, ctx(side), createStream(1, `t${src}`));

  it('uniform: every other node, never the source itself', () => {
    for (let src = 0; src < 16; src++) {
      const rng = createStream(7, `u${src}`);
      const seen = new Set<number>();
      for (let i = 0; i < 400; i++) seen.add(trafficPatterns.uniform.dest(src, ctx(4), rng));
      expect(seen.has(src)).toBe(false);
      expect(seen.size).toBe(15);
      expect(Math.min(...seen)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...seen)).toBeLessThanOrEqual(15);
    }
  });

  it('transpose, bit-complement and tornado: fixed permutations', () => {
    // 4×4: node 1 is (x 1, y 0), so its transpose is (0, 1) = node 4; node 6 (2, 1) → (1, 2) = 9.
    expect([0, 1, 6, 15].map((n) => dest('transpose', 4, n))).toEqual([0, 4, 9, 15]);
    expect([0, 5, 10, 15].map((n) => dest('bit-complement', 4, n))).toEqual([15, 10, 5, 0]);
    // Tornado on a row of 8 shifts by ⌈8/2⌉ − 1 = 3 within the row: (6, 2) → (1, 2).
    expect([0, 6, 22].map((n) => dest('tornado', 8, n))).toEqual([3, 1, 17]);
    // On a row of 4 by 1.
    expect([0, 3, 7].map((n) => dest('tornado', 4, n))).toEqual([1, 0, 4]);
  });

  it('nearest neighbour: the four grid neighbours, wrapping at the edges, all used', () => {
    const rng = createStream(3, 'nn');
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) seen.add(trafficPatterns.neighbour.dest(0, ctx(4), rng));
    // Node 0 at (0, 0): north wraps to (0, 3) = 12, west to (3, 0) = 3.
    expect([...seen].sort((a, b) => a - b)).toEqual([1, 3, 4, 12]);
  });

  it('hot spot: the given fraction of every other node’s packets, the rest uniform', () => {
    const hotspot = { node: 27, fraction: 0.2 };
    let toHot = 0;
    let draws = 0;
    for (let src = 0; src < 64; src++) {
      if (src === hotspot.node) continue;
      const rng = createStream(5, `h${src}`);
      for (let i = 0; i < 400; i++) {
        const d = trafficPatterns.hotspot.dest(src, ctx(8, hotspot), rng);
        expect(d).not.toBe(src);
        draws++;
        if (d === hotspot.node) toHot++;
      }
    }
    // 0.2 directly plus the uniform share 0.8 / 63; 25,200 draws: σ ≈ 0.0026.
    expect(toHot / draws).toBeCloseTo(0.2 + 0.8 / 63, 1);
    expect(Math.abs(toHot / draws - (0.2 + 0.8 / 63))).toBeLessThan(0.012);
    // The hot node itself sends uniformly, never to itself.
    const rng = createStream(5, 'hot');
    for (let i = 0; i < 200; i++)
      expect(trafficPatterns.hotspot.dest(27, ctx(8, hotspot), rng)).not.toBe(27);
  });
});

describe('the injection queue', () => {
  it('refuses a packet when the node’s queue is full, and counts it', () => {
    const net = new Network(networkConfig(torus(4), { injectionQueue: 2 }));
    expect([net.submit(0, 5), net.submit(0, 6), net.submit(0, 7)]).toEqual([1, 2, null]);
    // Another node's queue is its own.
    expect(net.submit(1, 5)).toBe(3);
    expect(net.stats()).toMatchObject({ created: 3, refused: 1 });
  });

  it('pushes back: sources feeding one node fill their queues, refuse, and inject at its pace', () => {
    // Every other node of a 4×4 torus sends all its packets to node 0, which takes one per L cycles.
    const L = 11;
    const net = new Network(
      networkConfig(torus(4), {
        packetPhits: L,
        injectionQueue: 4,
        traffic: { pattern: 'hotspot', load: 0.9, until: 3000, hotspot: { node: 0, fraction: 1 } },
      }),
    );
    const events: SimEventBody[] = [];
    let fullQueues = 0;
    for (let c = 1; c <= 3000; c++) {
      events.push(...net.step());
      const queues = net.frame().injectionQueues;
      expect(Math.max(...queues)).toBeLessThanOrEqual(4);
      if (c === 3000) fullQueues = queues.filter((q) => q === 4).length;
    }
    const stats = net.stats();
    expect(stats.refused).toBeGreaterThan(stats.created);
    expect(fullQueues).toBeGreaterThan(10);
    // Node 0's P link delivers at most one packet per L cycles, and injection keeps pace with it:
    // what entered the network beyond what left it is what the frames can hold.
    // (Node 0 itself sends uniform traffic, which does not queue.)
    const toHot = events.filter((e) => e.kind === 'net.deliver' && e.node === 0).length;
    expect(toHot).toBeLessThanOrEqual(Math.ceil(3000 / L));
    expect(toHot).toBeGreaterThan(3000 / L - 20);
    expect(stats.injected - stats.delivered).toBeLessThanOrEqual(16 * 15);
    expect(violations(events)).toEqual([]);
  });
});

/**
 * A hand-built state on a small network at cycle `now`: packets placed in input frames and
 * multi-queue frames (as network.test.ts's packet-exchange jam does), every other frame empty.
 */
function handBuilt(topology: Topology, overrides: Partial<NetworkConfig>, now = 10) {
  const net = new Network(networkConfig(topology, { stallWatchdog: 300, ...overrides }));
  const L = net.cfg.packetPhits;
  const s = clonePlain(net.state);
  s.cycle = now;
  const place = (id: number, at: number, dst: number) => {
    const header = headerBetween(topology, at, dst);
    s.packets[id] = Object.assign(packetRecord(), {
      id,
      src: at,
      dst,
      dstRouter: dst,
      header,
      profitable: profitableSet(header, topology),
      createdAt: 1,
      injectedAt: 1,
      path: [at],
    });
    s.nextPacket = Math.max(s.nextPacket, id + 1);
    s.stats.created += 1;
    s.stats.injected += 1;
    s.stats.inFlight += 1;
  };
  return {
    net,
    /** A fully arrived packet in input frame `port` (channel 0) of router `at`, head in at `headAt`. */
    inFrame(id: number, at: number, port: Port, dst: number, headAt = 5) {
      place(id, at, dst);
      Object.assign(s.routers[at]!.in[net.layout.inputIndex(PORTS.indexOf(port), 0)]!, {
        pkt: id,
        headAt,
        arrived: L,
        lastArrival: Math.min(headAt + L - 1, now),
      });
    },
    mqFrame(id: number, at: number, slot: number, dst: number, enteredAt = 5) {
      place(id, at, dst);
      Object.assign(s.routers[at]!.mq[slot]!, { pkt: id, enteredAt });
    },
    start() {
      net.state = s;
      return net;
    },
  };
}

// 4×4 torus, router r at (r mod 4, ⌊r/4⌋). Router 5 is (1, 1); router 6, east of it, is (2, 1),
// so a packet for node 6 finds only E profitable at router 5.
const R = 5;
const EAST = 6;

/**
 * Router 5 with `mqPackets` multi-queue packets and one input packet (from W, or from the node)
 * all for node 6, while E is blocked: router 6's W input frame holds a packet whose header is
 * decoded only two cycles later.
 */
function eastBlocked(
  router: NetworkConfig['router'],
  opts: { multiQueue: number; mqPackets: number; from?: Port; seed?: number },
) {
  const b = handBuilt(torus(4), {
    router,
    packetPhits: 4,
    multiQueue: opts.multiQueue,
    seed: opts.seed ?? 1,
  });
  b.inFrame(1, EAST, 'W', 7, 10);
  for (let slot = 0; slot < opts.mqPackets; slot++) b.mqFrame(10 + slot, R, slot, EAST);
  b.inFrame(2, R, opts.from ?? 'W', EAST);
  return b.start();
}

describe('the multi-queue', () => {
  it('sends its oldest packet first (ties: the lower id), whatever the slot', () => {
    const b = handBuilt(torus(4), { packetPhits: 2, multiQueue: 4 });
    b.mqFrame(21, R, 0, EAST, 8);
    b.mqFrame(22, R, 1, EAST, 3);
    b.mqFrame(24, R, 2, EAST, 5);
    b.mqFrame(23, R, 3, EAST, 5);
    const events = run(b.start(), 500);
    expect(
      routes(events)
        .filter((e) => e.router === R)
        .map((e) => [e.packet, e.from, e.to, e.reason]),
    ).toEqual([
      [22, 'MQ', 'E', 'from-multi-queue'],
      [23, 'MQ', 'E', 'from-multi-queue'],
      [24, 'MQ', 'E', 'from-multi-queue'],
      [21, 'MQ', 'E', 'from-multi-queue'],
    ]);
    expect(violations(events)).toEqual([]);
  });

  it('comes before a new arrival that wants the same output', () => {
    const b = handBuilt(torus(4), { packetPhits: 2, multiQueue: 2 });
    b.inFrame(2, R, 'W', EAST, 5);
    b.mqFrame(11, R, 0, EAST, 9);
    const net = b.start();
    const first = routes(net.step()).find((e) => e.router === R);
    expect(first).toMatchObject({ packet: 11, from: 'MQ', to: 'E' });
    expect(violations(run(net, 500))).toEqual([]);
  });
});

describe('the random deroute', () => {
  it('happens only with the multi-queue full and a network input waiting, never to P', () => {
    const victims = new Set<number>();
    for (let seed = 1; seed <= 24; seed++) {
      const net = eastBlocked('chaos', { multiQueue: 2, mqPackets: 2, seed });
      const first = routes(net.step()).filter((e) => e.router === R);
      expect(first).toHaveLength(1);
      const d = first[0]!;
      expect(d).toMatchObject({ from: 'MQ', reason: 'deroute', profitable: ['E'] });
      expect(['N', 'S', 'W']).toContain(d.to);
      victims.add(d.packet);
      const rest = run(net, 2000);
      expect(violations(rest)).toEqual([]);
      expect(net.stats().delivered).toBe(4);
    }
    // The victim is drawn at random: over 24 seeds both packets are chosen.
    expect([...victims].sort()).toEqual([10, 11]);
  });

  it('does not happen with a free multi-queue frame: the input packet moves in', () => {
    const net = eastBlocked('chaos', { multiQueue: 3, mqPackets: 2 });
    const events = net.step();
    expect(routes(events).filter((e) => e.router === R)).toEqual([]);
    expect(events).toContainEqual({ kind: 'net.buffer', router: R, packet: 2, from: 'W', slot: 2 });
    expect(violations(run(net, 2000))).toEqual([]);
  });

  it('does not happen for an injected packet: it waits in the injection frame', () => {
    const net = eastBlocked('chaos', { multiQueue: 2, mqPackets: 2, from: 'P' });
    const events = net.step();
    expect(routes(events).filter((e) => e.router === R)).toEqual([]);
    expect(net.state.routers[R]!.in[PORTS.indexOf('P')]!.pkt).toBe(2);
    expect(violations(run(net, 2000))).toEqual([]);
  });

  it('is the chaos router’s: minimal adaptive routing leaves the input packet waiting', () => {
    const net = eastBlocked('minimal-no-escape', { multiQueue: 2, mqPackets: 2 });
    expect(routes(net.step()).filter((e) => e.router === R)).toEqual([]);
    expect(net.state.routers[R]!.in[PORTS.indexOf('W')]!.pkt).toBe(2);
    const rest = run(net, 2000);
    expect(rest.some((e) => e.kind === 'net.route' && e.reason === 'deroute')).toBe(false);
    expect(net.stats().delivered).toBe(4);
  });
});

describe('the packet exchange rule', () => {
  // Routers 0 and 1 of a 2×2 mesh, each stuck towards the other: a fully arrived packet in the
  // input frame from the other, S blocked by a packet just arrived below. Router 1's multi-queue
  // has `freeAtOne` free frames.
  function facing(freeAtOne: number) {
    const mesh: Topology = { kind: 'mesh', k: 2, attached: 2 };
    const b = handBuilt(mesh, { packetPhits: 2, multiQueue: 2 });
    b.mqFrame(1, 0, 0, 3);
    b.mqFrame(2, 0, 1, 3);
    b.mqFrame(3, 1, 0, 2);
    if (freeAtOne === 0) b.mqFrame(4, 1, 1, 2);
    b.inFrame(5, 0, 'E', 2);
    b.inFrame(6, 1, 'W', 3);
    b.inFrame(7, 2, 'N', 2, 10);
    b.inFrame(8, 3, 'N', 3, 10);
    return b.start();
  }

  it('swaps only when both multi-queues are full', () => {
    const swapping = facing(0);
    expect(routes(swapping.step()).map((e) => [e.router, e.reason])).toEqual([
      [0, 'exchange'],
      [1, 'exchange'],
    ]);
    expect(violations(run(swapping, 2000))).toEqual([]);
    const net = facing(1);
    const events = net.step();
    expect(routes(events).some((e) => e.reason === 'exchange')).toBe(false);
    // Router 1 buffers its stuck packet instead, which frees the link for router 0's.
    expect(events).toContainEqual({ kind: 'net.buffer', router: 1, packet: 6, from: 'W', slot: 1 });
    const rest = run(net, 2000);
    expect(violations(rest)).toEqual([]);
    expect(net.stats().delivered).toBe(7);
  });
});

describe('the dateline', () => {
  /** The input frames (router, port, virtual channel) the packet enters, in order. */
  function channels(src: number, dst: number): string[] {
    const net = new Network(
      networkConfig(torus(4), { router: 'dor', packetPhits: 4, packets: [{ at: 1, src, dst }] }),
    );
    const seen: string[] = [];
    const events: SimEventBody[] = [];
    while (!net.state.halted) {
      events.push(...net.step());
      net.state.routers.forEach((router, r) =>
        router.in.forEach((f, i) => {
          const at = `${r} ${PORTS[Math.floor(i / 2)]} vc${i % 2}`;
          if (f.pkt === 1 && i !== PORTS.indexOf('P') * 2 && !seen.includes(at)) seen.push(at);
        }),
      );
    }
    expect(violations(events)).toEqual([]);
    return seen;
  }

  it('moves a packet to channel 1 across the wrap-around link, and back to 0 in the next dimension', () => {
    // Node 3 (3, 0) → node 5 (1, 1): X +2 (E, the positive way at k/2) across the wrap 3 → 0,
    // then on to 1, then S.
    expect(channels(3, 5)).toEqual(['0 W vc1', '1 W vc1', '5 N vc0']);
  });

  it('keeps a packet that does not cross the wrap-around link on channel 0', () => {
    expect(channels(0, 10)).toEqual(['1 W vc0', '2 W vc0', '6 N vc0', '10 N vc0']);
  });
});

describe('each routing function on small cases', () => {
  it('chaos: any profitable output at the antipode, chosen at random', () => {
    const first = new Set<Port>();
    for (let seed = 1; seed <= 24; seed++) {
      const net = new Network(
        networkConfig(torus(4), { seed, packets: [{ at: 1, src: 0, dst: 10 }] }),
      );
      const events = run(net);
      first.add(routes(events)[0]!.to);
      expect(violations(events)).toEqual([]);
    }
    expect([...first].sort()).toEqual(['E', 'N', 'S', 'W']);
  });

  it.each(['minimal', 'minimal-no-escape'] as const)(
    '%s: the same choices at zero load (only the profitable outputs of [+1,+2])',
    (router) => {
      const first = new Set<Port>();
      for (let seed = 1; seed <= 24; seed++) {
        const net = new Network(
          networkConfig(torus(4), { router, seed, packets: [{ at: 1, src: 0, dst: 6 }] }),
        );
        const events = run(net);
        first.add(routes(events)[0]!.to);
        expect(violations(events)).toEqual([]);
      }
      expect([...first].sort()).toEqual(['E', 'S', 'W']);
    },
  );

  it('dimension-order: X first, then Y, the positive way at k/2', () => {
    expect(dimensionOrderOutput(2, 2)).toBe('E');
    expect(dimensionOrderOutput(1, -1)).toBe('W');
    expect(dimensionOrderOutput(-1, 0)).toBe('N');
    expect(dimensionOrderOutput(0, 0)).toBe('P');
    const net = new Network(
      networkConfig(torus(4), { router: 'dor', packets: [{ at: 1, src: 0, dst: 10 }] }),
    );
    const events = run(net);
    expect(violations(events)).toEqual([]);
    expect(routes(events).map((e) => [e.router, e.to])).toEqual([
      [0, 'E'],
      [1, 'E'],
      [2, 'S'],
      [6, 'S'],
      [10, 'P'],
    ]);
  });

  it('deflection: a stuck network packet leaves by any free network output; an injected one waits', () => {
    const deflected = eastBlocked('deflection', { multiQueue: 0, mqPackets: 0 });
    const d = routes(deflected.step()).filter((e) => e.router === R);
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ packet: 2, from: 'W', reason: 'deflect', profitable: ['E'] });
    expect(['N', 'S', 'W']).toContain(d[0]!.to);
    expect(violations(run(deflected, 2000))).toEqual([]);
    const injected = eastBlocked('deflection', { multiQueue: 0, mqPackets: 0, from: 'P' });
    expect(routes(injected.step()).filter((e) => e.router === R)).toEqual([]);
  });
});

describe('the scenario schema rejects a bad network with coded messages', () => {
  const doc = (system: object, traffic: object = {}) => ({
    version: 1,
    id: 'bad',
    title: 'Bad',
    system: { kind: 'network', k: 4, ...system },
    workload: { traffic: { pattern: 'uniform', load: 0.5, until: 100, ...traffic } },
  });
  const issues = (input: unknown) => {
    const r = parseScenario(input);
    return r.ok ? [] : r.error.map((i) => `${i.code} ${i.path}: ${i.message}`);
  };

  it('k outside 2..32, a node square larger than k, and a load outside 0..1', () => {
    expect(issues(doc({ k: 1 }))).toEqual(['SCN003 system.k: expected integer 2..32, got 1']);
    expect(issues(doc({ k: 33 }))).toEqual(['SCN003 system.k: expected integer 2..32, got 33']);
    expect(issues(doc({ attached: 5 }))).toEqual([
      'SCN003 system.attached: the attached square (5) cannot be larger than the torus (4)',
    ]);
    expect(issues(doc({}, { load: 1.5 }))).toEqual([
      'SCN003 workload.traffic.load: expected at most 1, got 1.5',
    ]);
    expect(issues(doc({}, { load: -0.1 }))).toEqual([
      'SCN003 workload.traffic.load: expected at least 0, got -0.1',
    ]);
    expect(issues(doc({}, { load: 'high' }))).toEqual([
      'SCN004 workload.traffic.load: expected number, got "high"',
    ]);
    expect(issues(doc({ k: 32, attached: 32 }))).toEqual([]);
  });
});

describe('the measurement window', () => {
  const delivery = (cycle: number, latency: number, extra: Partial<SimEvent> = {}): SimEvent =>
    ({
      kind: 'net.deliver',
      packet: cycle,
      node: 0,
      latency,
      networkLatency: latency - 1,
      hops: 2,
      deroutes: 0,
      cycle,
      seq: 0,
      ...extra,
    }) as SimEvent;

  it('defaults to the traffic period after its first fifth, or to the whole run', () => {
    expect(defaultMeasurementWindow({ until: 1500 }, 2500)).toEqual({ warmup: 300, window: 1200 });
    expect(defaultMeasurementWindow(null, 28)).toEqual({ warmup: 0, window: 28 });
  });

  it('counts loads over the window and latencies of the packets created in it', () => {
    const events = [
      delivery(15, 10), // created at 6: in the warm-up
      delivery(30, 10), // created at 21: measured
      delivery(40, 5, { hops: 4, deroutes: 2 }), // created at 36: measured
      delivery(80, 30), // created at 51: after the window (the drain)
    ];
    const m = windowStats(
      { warmup: 20, window: 30 },
      { nodes: 4, packetPhits: 10 },
      { created: 5, refused: 1, delivered: 1 },
      { created: 8, refused: 3, delivered: 3 },
      events,
    );
    expect(m).toMatchObject({
      packets: 3,
      delivered: 2,
      unfinished: 1,
      latency: { mean: 7.5, p50: 5, p95: 10, p99: 10, max: 10 },
      networkLatency: { mean: 6.5, p50: 4, max: 9 },
      hops: { mean: 3, max: 4 },
      deroutes: { total: 2, perPacket: 1 },
    });
    // (3 created + 2 refused) × 10 phits / (4 nodes × 30 cycles); 2 delivered in the window.
    expect(m.offeredLoad).toBeCloseTo(50 / 120, 12);
    expect(m.acceptedLoad).toBeCloseTo(20 / 120, 12);
  });

  it('on a run past saturation: accepted below offered, both over the traffic period', () => {
    const cfg = networkConfig(torus(8), {
      router: 'dor',
      traffic: { pattern: 'uniform', load: 0.7, until: 1000, hotspot: noHotspot },
    });
    const net = new Network(cfg);
    const w = defaultMeasurementWindow(cfg.traffic, 0);
    const log: SimEvent[] = [];
    let atStart = net.stats();
    let atEnd = atStart;
    while (!net.state.halted) {
      const cycle = net.state.cycle + 1;
      for (const [seq, e] of net.step().entries()) log.push({ ...e, cycle, seq });
      if (cycle === w.warmup) atStart = net.stats();
      if (cycle === w.warmup + w.window) atEnd = net.stats();
    }
    const m = windowStats(w, { nodes: 64, packetPhits: 20 }, atStart, atEnd, log);
    expect(violations(log)).toEqual([]);
    expect(m.offeredLoad).toBeGreaterThan(0.6);
    expect(m.acceptedLoad).toBeLessThan(m.offeredLoad - 0.1);
    expect(m.unfinished).toBe(0);
    // The live statistics count the traffic period too (warm-up included), not the drain after it.
    expect(Math.abs(net.stats().acceptedLoad - m.acceptedLoad)).toBeLessThan(0.05);
    expect(net.stats().acceptedLoad).toBeLessThan(net.stats().offeredLoad - 0.1);
    expect(m.latency.p50).toBeLessThanOrEqual(m.latency.p95);
    expect(m.networkLatency.mean).toBeLessThan(m.latency.mean);
  });
});

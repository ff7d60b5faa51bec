/**
 * Random traffic on random small tori and meshes: every run keeps its invariants (conservation,
 * delivery to the right node, frame capacity), delivers every packet once the traffic stops or
 * reports the deadlock that stopped it, and is a pure function of its seed (same seed, same
 * events; restoring a snapshot and running on equals running straight through). The chaos router, with its packet
 * exchange, never deadlocks at all: any topology, multi-queue size and load. With tail-following,
 * a stream of packets at zero load moves one packet per L cycles. Networks are drawn with nodes on
 * the whole k×k or on a smaller central square (transit-only routers around it, as in Fig. 5.5),
 * and with routing decisions of 2 to 8 cycles as well as the thesis's 4.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Network } from '../../sim-core/network/network';
import type { NetworkConfig } from '../../sim-core/network/network-config';
import { TRAFFIC_PATTERNS } from '../../sim-core/network/traffic';
import { clonePlain } from '../../sim-core/kernel/clone';

const patterns = TRAFFIC_PATTERNS;

/** How much smaller than k the square of routers with nodes is, and the routing decision's cycles. */
const shapeArb = {
  inset: fc.integer({ min: 0, max: 3 }),
  decisionCycles: fc.integer({ min: 2, max: 8 }),
};

const configArb = fc.record({
  kind: fc.constantFrom('torus' as const, 'mesh' as const),
  router: fc.constantFrom(
    'chaos' as const,
    'minimal' as const,
    'minimal-no-escape' as const,
    'dor' as const,
    'deflection' as const,
  ),
  dateline: fc.boolean(),
  k: fc.integer({ min: 2, max: 6 }),
  phits: fc.integer({ min: 2, max: 12 }),
  multiQueue: fc.integer({ min: 1, max: 5 }),
  pattern: fc.constantFrom(...patterns),
  load: fc.double({ min: 0.05, max: 1, noNaN: true }),
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  halfDuplexP: fc.boolean(),
  ...shapeArb,
});

type Drawn = Omit<
  typeof configArb extends fc.Arbitrary<infer T> ? T : never,
  keyof typeof shapeArb
> & { inset?: number; decisionCycles?: number };

function build(c: Drawn): NetworkConfig {
  return {
    topology: { kind: c.kind, k: c.k, attached: Math.max(1, c.k - (c.inset ?? 0)) },
    router: c.router,
    dateline: c.dateline,
    packetPhits: c.phits,
    multiQueue: c.multiQueue,
    decisionCycles: c.decisionCycles ?? 4,
    injectionQueue: 4,
    packets: [],
    traffic: { pattern: c.pattern, load: c.load, until: 300, hotspot: { node: 0, fraction: 0.3 } },
    seed: c.seed,
    stallWatchdog: 2000,
    checkInvariants: true,
    halfDuplexP: c.halfDuplexP,
  };
}

describe('random traffic on random small networks', () => {
  it('keeps its invariants with every router and configuration, and names any deadlock it stalls in', () => {
    fc.assert(
      fc.property(configArb, (c) => {
        const net = new Network(build(c));
        for (let i = 0; i < 5_000 && !net.state.halted; i++) {
          for (const e of net.step()) {
            expect(e.kind, JSON.stringify(e)).not.toBe('invariant.violation');
            // Nothing is silent: a stall always comes with the cycle of waiting packets.
            if (e.kind === 'net.stall')
              expect(e.deadlock.length, JSON.stringify(e)).toBeGreaterThan(1);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('at the thesis design point (torus, 5-frame multi-queue) delivers every packet', () => {
    const designPoint = fc.record({
      kind: fc.constant('torus' as const),
      router: fc.constant('chaos' as const),
      dateline: fc.constant(true),
      k: fc.integer({ min: 3, max: 6 }),
      phits: fc.integer({ min: 4, max: 20 }),
      multiQueue: fc.constant(5),
      pattern: fc.constantFrom(...patterns),
      load: fc.double({ min: 0.05, max: 1, noNaN: true }),
      seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      halfDuplexP: fc.boolean(),
    });
    fc.assert(
      fc.property(designPoint, (c) => {
        const net = new Network(build(c));
        for (let i = 0; i < 20_000 && !net.state.halted; i++) {
          for (const e of net.step()) expect(e.kind, JSON.stringify(e)).not.toBe('net.stall');
        }
        expect(net.state.halted).toBe(true);
        expect(net.stats().delivered).toBe(net.stats().created);
      }),
      { numRuns: 40 },
    );
  });

  // The two deadlock-free adaptive routers: chaos by the packet exchange, minimal adaptive by
  // its dimension-order escape channels with a dateline (docs/fidelity/router.md).
  it.each([
    ['chaos', 'the packet exchange', 200],
    ['minimal', 'escape channels', 60],
  ] as const)(
    'the %s router never deadlocks (%s): any small torus or mesh, node square, multi-queue 1–5, decision time, packet length, load',
    (router, _, numRuns) => {
      const anyNetwork = fc.record({
        kind: fc.constantFrom('torus' as const, 'mesh' as const),
        router: fc.constant(router),
        dateline: fc.constant(true),
        k: fc.integer({ min: 2, max: 6 }),
        phits: fc.integer({ min: 2, max: 12 }),
        multiQueue: fc.integer({ min: 1, max: 5 }),
        pattern: fc.constantFrom(...patterns),
        load: fc.double({ min: 0.05, max: 1, noNaN: true }),
        seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        halfDuplexP: fc.boolean(),
        ...shapeArb,
      });
      fc.assert(
        fc.property(anyNetwork, (c) => {
          const net = new Network(build(c));
          for (let i = 0; i < 20_000 && !net.state.halted; i++) {
            for (const e of net.step()) expect(e.kind, JSON.stringify(e)).not.toBe('net.stall');
          }
          expect(net.state.halted).toBe(true);
          expect(net.stats().delivered).toBe(net.stats().created);
        }),
        { numRuns },
      );
    },
  );

  // Before the packet exchange (digest §B.9) was modelled, a saturated tiny mesh with a one-frame
  // multi-queue filled every frame and deadlocked: fast-check found this case (seed -296906112).
  it('a saturated 4×4 mesh with a one-frame multi-queue never stalls (the packet exchange)', () => {
    const net = new Network(
      build({
        kind: 'mesh',
        router: 'chaos',
        dateline: true,
        k: 4,
        phits: 2,
        multiQueue: 1,
        pattern: 'bit-complement',
        load: 0.14247053861618045,
        seed: 0,
        halfDuplexP: false,
      }),
    );
    let exchanges = 0;
    for (let i = 0; i < 20_000 && !net.state.halted; i++) {
      for (const e of net.step()) {
        expect(e.kind).not.toBe('net.stall');
        if (e.kind === 'net.route' && e.reason === 'exchange') exchanges++;
      }
    }
    expect(net.state.halted).toBe(true);
    expect(net.stats().delivered).toBe(net.stats().created);
    // It is the exchange that keeps it going: the frames do fill up.
    expect(exchanges).toBeGreaterThan(0);
  });

  it('tail-following: at zero load a stream of packets arrives one per L cycles, each in its zero-load time', () => {
    const streamArb = fc.record({
      kind: fc.constantFrom('torus' as const, 'mesh' as const),
      router: fc.constantFrom(
        'chaos' as const,
        'minimal' as const,
        'minimal-no-escape' as const,
        'dor' as const,
      ),
      dateline: fc.boolean(),
      k: fc.integer({ min: 2, max: 6 }),
      decisionCycles: fc.integer({ min: 3, max: 6 }),
      extraPhits: fc.integer({ min: 1, max: 20 }),
      count: fc.integer({ min: 2, max: 8 }),
      inset: shapeArb.inset,
      src: fc.nat(),
      dst: fc.nat(),
      halfDuplexP: fc.boolean(),
    });
    fc.assert(
      fc.property(streamArb, (c) => {
        // At least two nodes, so that source and destination differ.
        const inset = Math.min(c.inset, c.k - 2);
        const nodes = (c.k - inset) * (c.k - inset);
        const src = c.src % nodes;
        const dst = src === c.dst % nodes ? (src + 1) % nodes : c.dst % nodes;
        // The header pipeline of one packet must be done before the next one is reserved.
        const L = c.decisionCycles + c.extraPhits;
        const net = new Network({
          ...build({
            kind: c.kind,
            router: c.router,
            dateline: c.dateline,
            k: c.k,
            phits: L,
            multiQueue: 5,
            pattern: 'uniform',
            load: 0.1,
            seed: 1,
            halfDuplexP: c.halfDuplexP,
            inset,
          }),
          decisionCycles: c.decisionCycles,
          injectionQueue: c.count,
          traffic: null,
          packets: Array.from({ length: c.count }, () => ({ at: 1, src, dst })),
        });
        const delivered: number[] = [];
        const latencies = new Set<number>();
        for (let i = 0; i < 5_000 && !net.state.halted; i++) {
          for (const e of net.step()) {
            expect(e.kind, JSON.stringify(e)).not.toBe('invariant.violation');
            if (e.kind === 'net.deliver') {
              delivered.push(net.state.cycle);
              latencies.add(e.networkLatency);
            }
          }
        }
        expect(delivered).toHaveLength(c.count);
        expect(delivered.slice(1).map((x, i) => x - delivered[i]!)).toEqual(
          Array(c.count - 1).fill(L),
        );
        expect(latencies.size).toBe(1);
      }),
      { numRuns: 100 },
    );
  });

  it('is determined by its seed, and restore + replay equals a straight run', () => {
    fc.assert(
      fc.property(
        configArb,
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 100 }),
        (c, k, n) => {
          const straight = new Network(build(c));
          const events: unknown[] = [];
          for (let i = 0; i < k; i++) straight.step();
          const snapshot = clonePlain(straight.state);
          for (let i = 0; i < n; i++) events.push(straight.step());

          // Restored as a session restores a keyframe: revived into the network's own records.
          const replayed = new Network(build(c));
          replayed.state = replayed.revive(snapshot);
          const again: unknown[] = [];
          for (let i = 0; i < n; i++) again.push(replayed.step());
          expect(again).toEqual(events);
          expect(replayed.frame()).toEqual(straight.frame());
          expect(replayed.state).toEqual(straight.state);
        },
      ),
      { numRuns: 40 },
    );
  });
});

/**
 * The torus and the chaotic router: relative addressing (digest §B.1), the zero-load latency
 * 4·(j+1) + L of every path (thesis L1334), and routing behaviour the lecture scenarios rely on.
 */
import { describe, expect, it } from 'vitest';
import { Network } from '../../sim-core/network/network';
import { networkConfig, type NetworkConfig } from '../../sim-core/network/network-config';
import { packetRecord } from '../../sim-core/network/network-state';
import {
  PORTS,
  afterHop,
  headerBetween,
  neighbour,
  normalise,
  profitable,
  profitableSet,
  routerOfNode,
  type Port,
  type Topology,
} from '../../sim-core/network/topology';
import { clonePlain } from '../../sim-core/kernel/clone';
import type { SimEventBody } from '../../sim-core/trace/events';
import { narrate } from '../../sim-core/trace/narrate';
import { networkModel } from '../../sim-core/network/module';

const torus = (k: number, attached = k): Topology => ({ kind: 'torus', k, attached });

const config = networkConfig;

function runToHalt(net: Network, limit = 100_000): SimEventBody[] {
  const events: SimEventBody[] = [];
  for (let c = 0; c < limit && !net.state.halted; c++) events.push(...net.step());
  return events;
}

describe('relative addressing', () => {
  it('normalises a displacement to (−k/2, k/2] on a torus and leaves a mesh alone', () => {
    expect([-3, -2, -1, 0, 1, 2, 3, 4, 5].map((d) => normalise(d, torus(4)))).toEqual([
      1, 2, -1, 0, 1, 2, -1, 0, 1,
    ]);
    expect(normalise(-3, { kind: 'mesh', k: 4, attached: 4 })).toBe(-3);
    expect([-2, -1, 0, 1, 2, 3].map((d) => normalise(d, torus(5)))).toEqual([-2, -1, 0, 1, 2, -2]);
  });

  it('makes both directions profitable at exactly k/2, and P at [0,0]', () => {
    expect(profitable({ dy: 2, dx: 2 }, torus(4))).toEqual(['N', 'E', 'S', 'W']);
    expect(profitable({ dy: 1, dx: 2 }, torus(4))).toEqual(['E', 'S', 'W']);
    expect(profitable({ dy: -1, dx: 0 }, torus(4))).toEqual(['N']);
    expect(profitable({ dy: 0, dx: 0 }, torus(4))).toEqual(['P']);
    expect(profitable({ dy: 2, dx: 0 }, torus(5))).toEqual(['S']);
  });

  it('rewrites the header per hop and re-normalises after a wrong-way step', () => {
    expect(afterHop({ dy: 1, dx: 2 }, 'E', torus(4))).toEqual({ dy: 1, dx: 1 });
    expect(afterHop({ dy: 0, dx: 1 }, 'W', torus(4))).toEqual({ dy: 0, dx: 2 });
    expect(afterHop({ dy: 0, dx: 2 }, 'W', torus(4))).toEqual({ dy: 0, dx: -1 });
  });

  it('wires the torus with wrap-around links and the mesh without', () => {
    expect(neighbour(torus(4), 0, 'W')).toBe(3);
    expect(neighbour(torus(4), 0, 'N')).toBe(12);
    expect(neighbour({ kind: 'mesh', k: 4, attached: 4 }, 0, 'W')).toBeNull();
  });

  it('puts processing nodes on the central square (Fig. 5.5: 8×8 inside 12×12)', () => {
    const t = torus(12, 8);
    expect(routerOfNode(t, 0)).toBe(2 * 12 + 2);
    expect(routerOfNode(t, 63)).toBe(9 * 12 + 9);
    expect(headerBetween(t, routerOfNode(t, 0), routerOfNode(t, 63))).toEqual({ dy: -5, dx: -5 });
  });
});

describe('zero-load latency is 4·(j+1) + L for every destination', () => {
  it.each([
    [4, 11],
    [8, 20],
    [5, 7],
  ])('on a %i×%i torus with %i-phit packets', (k, L) => {
    const t = torus(k);
    for (let dst = 1; dst < k * k; dst++) {
      const net = new Network(config(t, { packetPhits: L, packets: [{ at: 1, src: 0, dst }] }));
      const delivered = runToHalt(net).find((e) => e.kind === 'net.deliver');
      const h = headerBetween(t, 0, dst);
      const j = Math.abs(h.dx) + Math.abs(h.dy);
      expect(delivered).toMatchObject({
        kind: 'net.deliver',
        hops: j,
        deroutes: 0,
        networkLatency: 4 * (j + 1) + L,
      });
    }
  });
});

describe('tail-following: a stream of packets moves one packet per L cycles', () => {
  /** N packets queued at once at node `src` for `dst`; the cycles of their injections and deliveries. */
  function stream(overrides: Partial<NetworkConfig>, src: number, dst: number, n = 6) {
    const net = new Network(
      config(torus(4), {
        ...overrides,
        packets: Array.from({ length: n }, () => ({ at: 1, src, dst })),
      }),
    );
    const injected: number[] = [];
    const delivered: number[] = [];
    const latency: number[] = [];
    for (let c = 0; c < 2000 && !net.state.halted; c++) {
      for (const e of net.step()) {
        expect(e.kind).not.toBe('invariant.violation');
        if (e.kind === 'net.inject') injected.push(net.state.cycle);
        if (e.kind === 'net.deliver') {
          delivered.push(net.state.cycle);
          latency.push(e.networkLatency);
        }
      }
    }
    expect(delivered).toHaveLength(n);
    const gaps = (xs: number[]) => xs.slice(1).map((x, i) => x - xs[i]!);
    return { net, injected: gaps(injected), delivered: gaps(delivered), latency };
  }

  it.each([
    ['chaos', 11],
    ['chaos', 20],
    ['dor', 11],
    ['dor', 20],
    ['minimal', 11],
    ['minimal', 20],
    ['minimal-no-escape', 11],
    ['minimal-no-escape', 20],
  ] as const)('%s router, %i-phit packets, to a neighbour and 3 hops away', (router, L) => {
    for (const [dst, hops] of [
      [1, 1],
      [9, 3],
    ] as const) {
      const run = stream({ router, packetPhits: L }, 0, dst);
      // Back to back on the injection link, on every network link and on the delivery link…
      expect(run.injected).toEqual([L, L, L, L, L]);
      expect(run.delivered).toEqual([L, L, L, L, L]);
      // …and each packet takes exactly its zero-load time: none waits for the one ahead.
      expect(run.latency).toEqual(Array(6).fill(4 * (hops + 1) + L));
    }
  });

  it('keeps the pace over a half-duplex P link when the traffic goes one way', () => {
    expect(stream({ packetPhits: 11, halfDuplexP: true }, 0, 1).delivered).toEqual([
      11, 11, 11, 11, 11,
    ]);
  });

  it('turns a half-duplex P link round only between packets, taking turns on the TB bit', () => {
    const L = 11;
    // Nodes 0 and 1 (neighbours) each send 20 packets to the other at once.
    const packets = Array.from({ length: 40 }, (_, i) => ({ at: 1, src: i % 2, dst: 1 - (i % 2) }));
    const net = new Network(
      config(torus(4), { packetPhits: L, halfDuplexP: true, injectionQueue: 20, packets }),
    );
    // Node 1's P link: the cycle each packet starts across it, in (injection) or out (delivery).
    const uses: { dir: 'i' | 'd'; cycle: number }[] = [];
    for (let c = 0; c < 3000 && !net.state.halted; c++) {
      for (const e of net.step()) {
        if (e.kind === 'net.inject' && e.node === 1)
          uses.push({ dir: 'i', cycle: net.state.cycle });
        if (e.kind === 'net.deliver' && e.node === 1)
          uses.push({ dir: 'd', cycle: net.state.cycle - L + 1 });
      }
    }
    expect(net.stats().delivered).toBe(40);
    uses.sort((a, b) => a.cycle - b.cycle);
    // One packet at a time: L cycles each, the next one starting the cycle after at the earliest.
    for (let i = 1; i < uses.length; i++)
      expect(uses[i]!.cycle - uses[i - 1]!.cycle).toBeGreaterThanOrEqual(L);
    // While both directions have packets waiting they take turns, on the TB bit, whichever way
    // the last one went (once the first deliveries have arrived; at the end only deliveries are
    // left). Deciding only after an injection would let injections take two turns in three.
    const dirs = uses.map((u) => u.dir).join('');
    expect(dirs.slice(3, 36)).toMatch(/^(id)+i?$/);
  });

  it('shows both packets of a frame: the leaving one as the frame’s, the next as its own segment', () => {
    const L = 11;
    const net = new Network(
      config(torus(4), {
        packetPhits: L,
        packets: [
          { at: 1, src: 0, dst: 1 },
          { at: 1, src: 0, dst: 1 },
        ],
      }),
    );
    // Packet 1's head enters the injection frame at cycle 2 and crosses the crossbar from 5 on;
    // packet 2's head enters at 2 + L = 13, right behind packet 1's tail.
    for (let c = 0; c < 14; c++) net.step();
    const frame = net.frame();
    const injection = frame.routers[0]!.inputs[PORTS.indexOf('P')]!;
    expect(injection).toMatchObject({ packet: 1, phits: 1, state: 'leaving' });
    const second = frame.packets.find((p) => p.id === 2)!;
    expect(second.segments).toEqual([{ kind: 'in', router: 0, port: 'P', phits: 2 }]);
    // At 15 packet 1's tail crosses the crossbar: packet 2 moves to the front of the injection
    // frame and, its header long decoded, is granted the east output frame behind packet 1.
    net.step();
    const s = net.state.routers[0]!;
    expect(s.in[PORTS.indexOf('P')]).toMatchObject({ pkt: 2, nextPkt: -1, grant: 1 });
    expect(s.out[PORTS.indexOf('E')]).toMatchObject({ pkt: 1, received: L, nextPkt: 2 });
    expect(net.state.routers[1]!.in[PORTS.indexOf('W')]).toMatchObject({ pkt: 1, nextPkt: 2 });
  });
});

describe('the chaos router', () => {
  it('delivers a packet only where its header reads [0,0], to the right node', () => {
    const net = new Network(
      config(torus(6), {
        traffic: { pattern: 'uniform', load: 0.3, until: 400, hotspot: { node: 0, fraction: 0 } },
      }),
    );
    const events = runToHalt(net);
    expect(events.filter((e) => e.kind === 'invariant.violation')).toEqual([]);
    expect(net.stats()).toMatchObject({ inFlight: 0 });
    expect(net.stats().delivered).toBe(net.stats().created);
  });

  it('never deroutes at light load and deroutes under a hot spot, only to network outputs', () => {
    const light = new Network(
      config(torus(8), {
        traffic: { pattern: 'uniform', load: 0.05, until: 1000, hotspot: { node: 0, fraction: 0 } },
      }),
    );
    expect(
      runToHalt(light).filter((e) => e.kind === 'net.route' && e.reason === 'deroute'),
    ).toEqual([]);
    const hot = new Network(
      config(torus(8), {
        traffic: {
          pattern: 'hotspot',
          load: 0.3,
          until: 1000,
          hotspot: { node: 27, fraction: 0.3 },
        },
      }),
    );
    const deroutes = runToHalt(hot).filter((e) => e.kind === 'net.route' && e.reason === 'deroute');
    expect(deroutes.length).toBeGreaterThan(0);
    for (const d of deroutes) {
      if (d.kind !== 'net.route') continue;
      expect(d.to).not.toBe('P');
      expect(d.profitable).not.toContain(d.to);
      expect(d.from).toBe('MQ');
    }
  });

  it('never moves an injected packet into the multi-queue', () => {
    const net = new Network(
      config(torus(8), {
        traffic: { pattern: 'hotspot', load: 0.4, until: 800, hotspot: { node: 9, fraction: 0.4 } },
      }),
    );
    const buffered = runToHalt(net).filter((e) => e.kind === 'net.buffer');
    expect(buffered.length).toBeGreaterThan(0);
    for (const b of buffered) if (b.kind === 'net.buffer') expect(b.from).not.toBe('P');
  });

  it('on a mesh never uses a wrap-around link', () => {
    const mesh: Topology = { kind: 'mesh', k: 5, attached: 5 };
    const net = new Network(
      config(mesh, {
        traffic: { pattern: 'uniform', load: 0.2, until: 500, hotspot: { node: 0, fraction: 0 } },
      }),
    );
    for (const e of runToHalt(net)) {
      if (e.kind !== 'net.route' || e.to === 'P') continue;
      expect(neighbour(mesh, e.router, e.to)).not.toBeNull();
    }
    expect(net.stats().delivered).toBe(net.stats().created);
  });
});

describe('the packet exchange', () => {
  // A hand-built jam on a 2×2 mesh (routers 0 1 / 2 3, node n at router n), 2-phit packets, a
  // one-frame multi-queue. Routers 0 and 1 each hold a multi-queue packet and, in the input frame
  // from the other, a fully arrived packet with no frame to go to; their south outputs are
  // blocked by packets that have just arrived at routers 2 and 3 (headers not yet decoded). No
  // output is free, so no
  // deroute is possible: only the exchange can move anything.
  const mesh: Topology = { kind: 'mesh', k: 2, attached: 2 };
  const L = 2;
  const now = 10;

  function jam(router: 'chaos' | 'minimal-no-escape', a: { dst: number }) {
    const net = new Network(
      config(mesh, { router, packetPhits: L, multiQueue: 1, stallWatchdog: 200 }),
    );
    const s = clonePlain(net.state);
    s.cycle = now;
    const place = (id: number, at: number, dst: number) => {
      const header = headerBetween(mesh, at, dst);
      s.packets[id] = Object.assign(packetRecord(), {
        id,
        src: at,
        dst,
        dstRouter: dst,
        header,
        profitable: profitableSet(header, mesh),
        createdAt: 1,
        injectedAt: 1,
        path: [at],
      });
      s.nextPacket = Math.max(s.nextPacket, id + 1);
      s.stats.created += 1;
      s.stats.injected += 1;
      s.stats.inFlight += 1;
    };
    const inFrame = (id: number, at: number, port: Port, dst: number, headAt: number) => {
      place(id, at, dst);
      Object.assign(s.routers[at]!.in[PORTS.indexOf(port)]!, {
        pkt: id,
        headAt,
        arrived: L,
        lastArrival: Math.min(headAt + L - 1, now),
      });
    };
    const mqFrame = (id: number, at: number, dst: number) => {
      place(id, at, dst);
      Object.assign(s.routers[at]!.mq[0]!, { pkt: id, enteredAt: 5 });
    };
    mqFrame(1, 0, a.dst); // a: router 0's multi-queue
    inFrame(2, 0, 'E', 2, 5); // x: came from router 1, wants S
    mqFrame(3, 1, 2); // b: router 1's multi-queue, wants S or W
    inFrame(4, 1, 'W', 3, 5); // y: came from router 0, wants S
    inFrame(5, 2, 'N', 2, now); // just arrived at router 2 for its node: blocks 0's S
    inFrame(6, 3, 'N', 3, now); // just arrived at router 3 for its node: blocks 1's S
    net.state = s;
    return net;
  }

  it('swaps packets across the link when both routers are stuck towards each other', () => {
    const net = jam('chaos', { dst: 3 });
    const first = net.step();
    // Router 0 sends a east (profitable for it) and router 1 sends b west (profitable too).
    expect(first.filter((e) => e.kind === 'net.route')).toEqual([
      expect.objectContaining({ router: 0, packet: 1, from: 'MQ', to: 'E', reason: 'exchange' }),
      expect.objectContaining({ router: 1, packet: 3, from: 'MQ', to: 'W', reason: 'exchange' }),
    ]);
    expect(
      narrate(
        first.map((e, seq) => ({ ...e, cycle: now + 1, seq })),
        networkModel.meta(net.cfg, net),
      ),
    ).toContain('router 0: packet 1 is EXCHANGED');
    // Each stuck packet is promised the frame that leaves and waits for it, not for a route.
    const after = net.frame();
    expect(after.routers[0]!.outputs[PORTS.indexOf('E')]!.packet).toBe(1);
    expect(after.routers[0]!.inputs[PORTS.indexOf('E')]!.packet).toBe(2);
    const events: SimEventBody[] = [];
    for (let i = 0; i < L; i++) events.push(...net.step());
    // L cycles later the multi-queue frames have emptied across the crossbars: x and y move in…
    expect(events.filter((e) => e.kind === 'net.buffer')).toEqual([
      { kind: 'net.buffer', router: 0, packet: 2, from: 'E', slot: 0, exchange: true },
      { kind: 'net.buffer', router: 1, packet: 4, from: 'W', slot: 0, exchange: true },
    ]);
    expect(
      narrate(
        events.map((e, seq) => ({ ...e, cycle: 0, seq })),
        networkModel.meta(net.cfg, net),
      ),
    ).toContain(
      'router 0: packet 2 moves into multi-queue slot 0, the frame its router freed in the packet exchange',
    );
    // …and their input frames are reserved for the packets coming the other way.
    expect(net.state.routers[0]!.in[PORTS.indexOf('E')]!.pkt).toBe(3);
    expect(net.state.routers[1]!.in[PORTS.indexOf('W')]!.pkt).toBe(1);
    net.step();
    expect(net.frame().packets.find((p) => p.id === 1)!.segments).toContainEqual({
      kind: 'in',
      router: 1,
      port: 'W',
      phits: 1,
    });
    const rest = runToHalt(net, 500);
    expect(rest.filter((e) => e.kind === 'net.stall' || e.kind === 'invariant.violation')).toEqual(
      [],
    );
    expect(net.state.halted).toBe(true);
    expect(net.stats().delivered).toBe(6);
    // Both exchanged packets went a profitable way: no deroute was counted.
    expect(net.stats().deroutes.total).toBe(0);
  });

  it('sends a random multi-queue packet the wrong way when none finds the link profitable: a deroute', () => {
    // a wants only S now (node 2), so router 0 has nothing that wants east: its one packet goes anyway.
    const net = jam('chaos', { dst: 2 });
    const route = net
      .step()
      .find((e) => e.kind === 'net.route' && e.router === 0 && e.reason === 'exchange');
    expect(route).toMatchObject({ packet: 1, to: 'E', profitable: ['S'] });
    runToHalt(net, 500);
    expect(net.state.halted).toBe(true);
    expect(net.stats().delivered).toBe(6);
    expect(net.stats().deroutes.total).toBe(1);
  });

  it('is the chaos router’s alone: minimal adaptive routing in the same jam waits instead', () => {
    const net = jam('minimal-no-escape', { dst: 3 });
    const events = runToHalt(net, 100);
    expect(events.some((e) => e.kind === 'net.route' && e.reason === 'exchange')).toBe(false);
  });
});

describe('dimension-order routing', () => {
  const dor = (topology: Topology, overrides: Partial<NetworkConfig> = {}) =>
    config(topology, { router: 'dor', ...overrides });

  it('takes X then Y, and 4·(j+1) + L cycles at zero load', () => {
    const t = torus(8);
    for (let dst = 1; dst < 64; dst++) {
      const events = runToHalt(new Network(dor(t, { packets: [{ at: 1, src: 0, dst }] })));
      const turns = events.flatMap((e) => (e.kind === 'net.route' && e.to !== 'P' ? [e.to] : []));
      // Every X hop comes before every Y hop.
      const firstY = turns.findIndex((d) => d === 'N' || d === 'S');
      expect(
        turns.slice(firstY < 0 ? turns.length : firstY).every((d) => d === 'N' || d === 'S'),
      ).toBe(true);
      const delivered = events.find((e) => e.kind === 'net.deliver');
      const h = headerBetween(t, 0, dst);
      const j = Math.abs(h.dx) + Math.abs(h.dy);
      expect(delivered).toMatchObject({ hops: j, networkLatency: 4 * (j + 1) + 20 });
    }
  });

  it('delivers the packets of each source–destination pair in order (it is oblivious)', () => {
    const net = new Network(
      dor(torus(6), {
        traffic: { pattern: 'uniform', load: 0.25, until: 1500, hotspot: { node: 0, fraction: 0 } },
      }),
    );
    const created = new Map<number, string>();
    const lastDelivered = new Map<string, number>();
    for (let c = 0; c < 10_000 && !net.state.halted; c++) {
      for (const e of net.step()) {
        if (e.kind === 'net.inject') created.set(e.packet, `${e.node}→${e.dst}`);
        if (e.kind === 'net.deliver') {
          const pair = created.get(e.packet)!;
          expect(e.packet, pair).toBeGreaterThan(lastDelivered.get(pair) ?? 0);
          lastDelivered.set(pair, e.packet);
        }
      }
    }
    expect(net.state.halted).toBe(true);
  });

  it('deadlocks on a torus without a dateline, names the cycle, and does not with one', () => {
    const traffic = {
      pattern: 'uniform' as const,
      load: 0.9,
      until: 600,
      hotspot: { node: 0, fraction: 0 },
    };
    const base = { packetPhits: 11, injectionQueue: 8, seed: 4, stallWatchdog: 100, traffic };
    const without = new Network(dor(torus(4), { ...base, dateline: false }));
    const stall = runToHalt(without, 2000).find((e) => e.kind === 'net.stall');
    expect(stall).toBeDefined();
    if (stall?.kind !== 'net.stall') return;
    expect(stall.deadlock.length).toBeGreaterThan(1);
    // A ring: every packet in the cycle waits along the same dimension.
    const dims = new Set(
      stall.deadlock.map((d) => (d.waitsFor === 'N' || d.waitsFor === 'S' ? 'y' : 'x')),
    );
    expect(dims.size).toBe(1);

    const withDateline = new Network(dor(torus(4), { ...base, dateline: true }));
    const events = runToHalt(withDateline, 20_000);
    expect(events.filter((e) => e.kind === 'net.stall')).toEqual([]);
    expect(withDateline.state.halted).toBe(true);
  });

  it('has two virtual channels per port only with a dateline on a torus, and no multi-queue', () => {
    expect(new Network(dor(torus(4))).state.routers[0]!.in).toHaveLength(10);
    expect(new Network(dor(torus(4), { dateline: false })).state.routers[0]!.in).toHaveLength(5);
    expect(new Network(dor({ kind: 'mesh', k: 4, attached: 4 })).state.routers[0]!.in).toHaveLength(
      5,
    );
    expect(new Network(dor(torus(4))).state.routers[0]!.mq).toHaveLength(0);
  });
});

describe('minimal adaptive routing without escape channels (no deroutes)', () => {
  it('has the same zero-load latency and never deroutes, even under a hot spot', () => {
    const t = torus(6);
    const single = runToHalt(
      new Network(
        config(t, { router: 'minimal-no-escape', packets: [{ at: 1, src: 0, dst: 21 }] }),
      ),
    );
    const h = headerBetween(t, 0, 21);
    const j = Math.abs(h.dx) + Math.abs(h.dy);
    expect(single.find((e) => e.kind === 'net.deliver')).toMatchObject({
      networkLatency: 4 * (j + 1) + 20,
    });
    const hot = new Network(
      config(torus(8), {
        router: 'minimal-no-escape',
        traffic: {
          pattern: 'hotspot',
          load: 0.3,
          until: 800,
          hotspot: { node: 27, fraction: 0.3 },
        },
      }),
    );
    const events = runToHalt(hot, 4000);
    expect(events.filter((e) => e.kind === 'net.route' && e.reason === 'deroute')).toEqual([]);
    expect(events.some((e) => e.kind === 'net.buffer')).toBe(true);
  });
});

describe('deflection routing (bufferless hot potato)', () => {
  it('deflects only fully arrived network packets, never to P, and never from the injection frame', () => {
    const net = new Network(
      config(torus(8), {
        router: 'deflection',
        traffic: { pattern: 'uniform', load: 0.5, until: 1500, hotspot: { node: 0, fraction: 0 } },
      }),
    );
    expect(net.state.routers[0]!.mq).toHaveLength(0);
    const deflections = runToHalt(net).filter(
      (e) => e.kind === 'net.route' && e.reason === 'deflect',
    );
    expect(deflections.length).toBeGreaterThan(0);
    for (const d of deflections) {
      if (d.kind !== 'net.route') continue;
      expect(d.to).not.toBe('P');
      expect(d.from).not.toBe('P');
      expect(d.profitable).not.toContain(d.to);
    }
    expect(net.state.halted).toBe(true);
    expect(net.stats().delivered).toBe(net.stats().created);
  });
});

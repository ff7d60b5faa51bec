/**
 * The message networks (sim-core/net/, round2-spec S3): the pipe's serialisation (bytes per cycle
 * on the source's link), its separate request and reply lanes (a refused request never blocks a
 * reply), seed 000's behaviour when neither is asked for; and the torus adapter, which carries a
 * message as fixed-length packets and reassembles it from fragments that may arrive in any order,
 * and for a pipe-based model keeps the pipe's promises (its window, acknowledged across the torus,
 * and its order) at the torus's own clock; an empty torus skips its idle cycles exactly.
 */
import { describe, expect, it } from 'vitest';
import { pipe } from '../../sim-core/net/pipe';
import { torusNetwork, type TorusMessages } from '../../sim-core/net/torus';
import { Network } from '../../sim-core/network/network';
import { networkConfig } from '../../sim-core/network/network-config';

describe('the pipe', () => {
  it('without bytes per cycle or lanes, delivers after the latency and keeps its seed-000 state', () => {
    const p = { latency: 100, window: 4 };
    const net = pipe.initial();
    pipe.inject(net, p, 5, 7, 0, 1);
    expect(net).toEqual({ inFlight: [{ msg: 7, arrivesAt: 105 }], acks: [], window: { '0>1': 1 } });
    expect(pipe.deliverDue(net, 104)).toEqual([]);
    expect(pipe.deliverDue(net, 105)).toEqual([7]);
  });

  it('serialises a node’s messages on its link: 160 B at 4 B a cycle holds it 40 cycles', () => {
    const p = { latency: 22, window: 8, bytesPerCycle: 4, lanes: 2 };
    const net = pipe.initial();
    pipe.inject(net, p, 0, 1, 0, 1, { bytes: 160, lane: 0 });
    expect(pipe.linkFreeAt!(net, 0, 0)).toBe(40);
    pipe.inject(net, p, 0, 2, 0, 1, { bytes: 160, lane: 0 });
    expect(pipe.linkFreeAt!(net, 0, 0)).toBe(80);
    // Another node's link is its own.
    expect(pipe.linkFreeAt!(net, 1, 0)).toBe(0);
    expect(pipe.deliverDue(net, 61)).toEqual([]);
    expect(pipe.deliverDue(net, 62)).toEqual([1]);
    expect(pipe.deliverDue(net, 102)).toEqual([2]);
  });

  it('keeps a window per lane, and a refused request does not hold back a reply', () => {
    const p = { latency: 10, window: 1, bytesPerCycle: 4, lanes: 2 };
    const net = pipe.initial();
    pipe.inject(net, p, 0, 1, 0, 1, { bytes: 32, lane: 0 });
    expect(pipe.canInject(net, p, 0, 1, 0)).toBe(false);
    expect(pipe.canInject(net, p, 0, 1, 1)).toBe(true);
    pipe.inject(net, p, 0, 2, 0, 1, { bytes: 32, lane: 1 });
    const accept = (msg: number) => msg !== 1;
    expect(pipe.deliverDue(net, 30, accept)).toEqual([2]);
    // The request waits in the network until its node takes it; its window stays full meanwhile.
    expect(pipe.canInject(net, p, 0, 1, 0)).toBe(false);
    expect(pipe.deliverDue(net, 31, () => true)).toEqual([1]);
    pipe.acknowledge(net, p, 31, 0, 1, 0);
    pipe.deliverDue(net, 41);
    expect(pipe.canInject(net, p, 0, 1, 0)).toBe(true);
  });

  it('with one lane, a refused message blocks the ones behind it to the same node (a FIFO)', () => {
    const p = { latency: 10, window: 4, bytesPerCycle: 4, lanes: 1 };
    const net = pipe.initial();
    pipe.inject(net, p, 0, 1, 0, 1, { bytes: 32, lane: 0 });
    pipe.inject(net, p, 0, 2, 0, 1, { bytes: 32, lane: 1 });
    expect(pipe.deliverDue(net, 50, (m) => m !== 1)).toEqual([]);
    expect(pipe.deliverDue(net, 51)).toEqual([1, 2]);
  });
});

describe('the torus adapter', () => {
  const config = (router: 'chaos' | 'dor' = 'chaos') =>
    networkConfig(
      { kind: 'torus', k: 4, attached: 4 },
      { router, packetPhits: 8, injectionQueue: 64, stallWatchdog: 100_000 },
    );

  it('carries a message as ⌈bytes / packet⌉ packets and hands it over whole', () => {
    const torus = torusNetwork({ config: config(), phitBytes: 4, reassembly: 8 });
    const net = torus.initial();
    const p = { latency: 0, window: 1 };
    expect(torus.canInject(net, p, 0, 5, 0, 100)).toBe(true);
    torus.inject(net, p, 0, 42, 0, 5, { bytes: 100, lane: 0 });
    expect(Object.keys(net.store.packets)).toHaveLength(4); // 100 B in 32-byte packets
    let got: number[] = [];
    for (let c = 1; c < 300 && got.length === 0; c++) got = torus.deliverDue(net, c);
    expect(got).toEqual([42]);
    expect(torus.inTransit(net)).toEqual([]);
  });

  it('reassembles messages whose fragments arrive out of order, each exactly once', () => {
    const torus = torusNetwork({ config: config('chaos'), phitBytes: 4, reassembly: 64 });
    const net = torus.initial();
    const p = { latency: 0, window: 1 };
    // Many long messages from everywhere to two nodes: the chaos router deroutes and reorders.
    let msg = 0;
    for (let src = 0; src < 16; src++)
      for (const dst of [5, 10])
        if (src !== dst) torus.inject(net, p, 0, msg++, src, dst, { bytes: 8 * 32, lane: 0 });
    const order: Record<number, number[]> = {};
    const delivered: number[] = [];
    for (let c = 1; c < 5000 && delivered.length < msg; c++) {
      const before = JSON.stringify(net.parts);
      delivered.push(...torus.deliverDue(net, c));
      for (const [m, part] of Object.entries(
        JSON.parse(before) as Record<string, { missing: number[] }>,
      )) {
        const now = net.parts[Number(m)];
        const arrived = now ? part.missing.filter((f) => !now.missing.includes(f)) : part.missing;
        (order[Number(m)] ??= []).push(...arrived);
      }
    }
    expect([...delivered].sort((a, b) => a - b)).toEqual(Array.from({ length: msg }, (_, i) => i));
    const reordered = Object.values(order).filter((fs) =>
      fs.some((f, i) => i > 0 && f < fs[i - 1]!),
    );
    expect(reordered.length, 'some message arrived out of order').toBeGreaterThan(0);
    for (const fs of Object.values(order))
      expect([...fs].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('holds packets back while its node refuses whole messages (backpressure)', () => {
    const torus = torusNetwork({ config: config(), phitBytes: 4, reassembly: 1 });
    const net = torus.initial();
    const p = { latency: 0, window: 1 };
    for (let m = 0; m < 3; m++) torus.inject(net, p, 0, m, 0, 1, { bytes: 32, lane: 0 });
    for (let c = 1; c < 200; c++) torus.deliverDue(net, c, () => false);
    expect(net.whole).toHaveLength(1);
    expect(Object.keys(net.parts)).toHaveLength(2);
    const got: number[] = [];
    for (let c = 200; c < 400; c++) got.push(...torus.deliverDue(net, c, () => true));
    expect(got).toEqual([0, 1, 2]);
  });
});

describe('the torus adapter for a pipe-based model (the common torus)', () => {
  const config = (injectionQueue = 4) =>
    networkConfig(
      { kind: 'torus', k: 4, attached: 4 },
      { packetPhits: 11, injectionQueue, stallWatchdog: 100_000 },
    );
  const p = { latency: 100, window: 2 };
  const at = (torus: ReturnType<typeof torusNetwork>, net: TorusMessages, msg: number) => {
    for (let c = 1; c < 5000; c++) if (torus.deliverDue(net, c).includes(msg)) return c;
    return -1;
  };

  it('carries 32 B a packet behind the torus’s 12-B header, a frame at a time', () => {
    const torus = torusNetwork({
      config: config(64),
      phitBytes: 4,
      headerBytes: 12,
      reassembly: 8,
    });
    const net = torus.initial();
    torus.inject(net, p, 0, 1, 0, 5, { bytes: 268, lane: 0 });
    expect(Object.keys(net.store.packets)).toHaveLength(9); // ⌈268 / 32⌉
    // 4,096 B in frames of 1,500: 47 + 47 + 35 packets, not ⌈4096 / 32⌉ = 128.
    torus.inject(net, p, 0, 2, 0, 6, { bytes: 4096, lane: 0, frameBytes: 1500 });
    expect(net.parts[2]!.missing).toHaveLength(129);
  });

  it('runs at its own clock under the model’s: one torus cycle is 2 cycles of a 5-ns model', () => {
    const run = (clock?: { modelNs: number; torusNs: number }) => {
      const torus = torusNetwork({
        config: config(),
        phitBytes: 4,
        reassembly: 8,
        ...(clock ? { clock } : {}),
      });
      const net = torus.initial();
      torus.inject(net, p, 0, 7, 0, 1, { bytes: 44, lane: 0 });
      return { cycle: at(torus, net, 7), torusCycle: net.torus.cycle };
    };
    const own = run();
    const halved = run({ modelNs: 5, torusNs: 10 });
    expect(halved.cycle).toBe(own.cycle * 2);
    expect(halved.torusCycle).toBe(own.torusCycle);
    // A 50-ns model sees five torus cycles in each of its own.
    expect(run({ modelNs: 50, torusNs: 10 }).cycle).toBe(Math.ceil(own.cycle / 5));
  });

  it('streams a message longer than the injection queue into it, and sends nothing else meanwhile', () => {
    const torus = torusNetwork({ config: config(4), phitBytes: 4, reassembly: 8 });
    const net = torus.initial();
    expect(torus.canInject(net, p, 0, 1, 0, 40 * 44)).toBe(true);
    torus.inject(net, p, 0, 1, 0, 1, { bytes: 40 * 44, lane: 0 });
    expect(net.waiting[0]).toHaveLength(36);
    expect(torus.canInject(net, p, 0, 2, 0, 44)).toBe(false);
    expect(at(torus, net, 1)).toBeGreaterThan(40 * 11);
    expect(net.waiting).toEqual({});
    expect(torus.canInject(net, p, 0, 2, 0, 44)).toBe(true);
  });

  it('holds the window end to end: an acknowledgement crosses back as a packet to free it', () => {
    const torus = torusNetwork({ config: config(), phitBytes: 4, reassembly: 8, windowed: true });
    const net = torus.initial();
    torus.inject(net, p, 0, 1, 0, 2, { bytes: 8, lane: 0 });
    torus.inject(net, p, 0, 2, 0, 2, { bytes: 8, lane: 0 });
    expect(torus.canInject(net, p, 0, 2)).toBe(false);
    expect(torus.canInject(net, p, 0, 3)).toBe(true);
    const arrived = at(torus, net, 1);
    torus.acknowledge(net, p, arrived, 0, 2);
    expect(torus.canInject(net, p, 0, 2)).toBe(false);
    let freed = -1;
    for (let c = arrived + 1; c < 5000 && freed < 0; c++) {
      torus.deliverDue(net, c);
      if (torus.canInject(net, p, 0, 2)) freed = c;
    }
    // Two hops back: 4·(2+1) + 11 cycles at least.
    expect(freed - arrived).toBeGreaterThanOrEqual(23);
  });

  it('with `ordered`, hands a pair’s messages over in the order they were sent', () => {
    const torus = torusNetwork({
      config: networkConfig(
        { kind: 'torus', k: 4, attached: 4 },
        { packetPhits: 11, injectionQueue: 64, stallWatchdog: 100_000 },
      ),
      phitBytes: 4,
      reassembly: 64,
      ordered: true,
    });
    const net = torus.initial();
    // Long messages from every node to node 5 interleave on the chaos routers.
    const sent: Record<number, number[]> = {};
    let msg = 0;
    for (let round = 0; round < 3; round++)
      for (let src = 0; src < 16; src++)
        if (src !== 5) {
          torus.inject(net, p, 0, msg, src, 5, { bytes: (1 + ((msg * 7) % 9)) * 44, lane: 0 });
          (sent[src] ??= []).push(msg++);
        }
    const got: number[] = [];
    for (let c = 1; c < 20_000 && got.length < msg; c++) got.push(...torus.deliverDue(net, c));
    expect(got).toHaveLength(msg);
    for (const mine of Object.values(sent))
      expect(got.filter((m) => mine.includes(m))).toEqual(mine);
  });

  it('delivers a message from outside the model at its cycle', () => {
    const torus = torusNetwork({ config: config(), phitBytes: 4, reassembly: 8 });
    const net = torus.initial();
    torus.arriveFromOutside(net, 9, 30);
    expect(torus.deliverDue(net, 29)).toEqual([]);
    expect(torus.inTransit(net)).toEqual([{ msg: 9, arrivesAt: 30 }]);
    expect(torus.deliverDue(net, 30)).toEqual([9]);
    expect(torus.inTransit(net)).toEqual([]);
  });
});

describe('an empty torus idles', () => {
  it('to the state the same number of steps gives', () => {
    const cfg = networkConfig({ kind: 'torus', k: 4, attached: 4 }, { stallWatchdog: 100_000 });
    // A network with a port (a model attached) runs on when empty; one without halts.
    const port = { accepts: () => true, started: () => {}, delivered: () => {} };
    const stepped = new Network(cfg, port);
    const idled = new Network(cfg, port);
    // Not at the start: after a packet has come and gone, with the pointers turned.
    for (const net of [stepped, idled]) {
      net.submit(0, 10);
      for (let c = 0; c < 60; c++) net.step();
    }
    expect(stepped.state.stats.inFlight).toBe(0);
    for (let c = 0; c < 37; c++) stepped.step();
    expect(idled.idle(37)).toBe(true);
    expect(idled.state).toEqual(stepped.state);
    idled.submit(1, 2);
    expect(idled.idle(5), 'not while a packet waits').toBe(false);
  });
});

/**
 * The message networks (sim-core/net/, round2-spec S3): the pipe's serialisation (bytes per cycle
 * on the source's link), its separate request and reply lanes (a refused request never blocks a
 * reply), seed 000's behaviour when neither is asked for; and the torus adapter, which carries a
 * message as fixed-length packets and reassembles it from fragments that may arrive in any order.
 */
import { describe, expect, it } from 'vitest';
import { pipe } from '../../sim-core/net/pipe';
import { torusNetwork } from '../../sim-core/net/torus';
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

/**
 * The network's state as a snapshot sees it: a restored copy (reviveNetworkState) is the same
 * state in records of the network's own shapes, and the invariant checks fire on a corrupted one
 * (capacity, the occupancy bookkeeping the per-cycle passes rely on, and conservation).
 */
import { describe, expect, it } from 'vitest';
import { clonePlain } from '../../sim-core/kernel/clone';
import { Network } from '../../sim-core/network/network';
import { networkConfig } from '../../sim-core/network/network-config';
import { reviveNetworkState, type NetworkState } from '../../sim-core/network/network-state';
import type { SimEventBody } from '../../sim-core/trace/events';

const L = 20;

/** An 8×8 chaos torus under uniform traffic, run for `cycles` cycles. */
function busyNetwork(cycles: number): Network {
  const net = new Network(
    networkConfig(
      { kind: 'torus', k: 8, attached: 8 },
      {
        traffic: {
          pattern: 'uniform',
          load: 0.5,
          until: 10_000,
          hotspot: { node: 0, fraction: 0 },
        },
        seed: 3,
      },
    ),
  );
  for (let i = 0; i < cycles; i++) net.step();
  return net;
}

function run(net: Network, cycles: number): SimEventBody[] {
  const events: SimEventBody[] = [];
  for (let i = 0; i < cycles; i++) events.push(...net.step());
  return events;
}

/** Each record's keys, in order, which is what gives it its shape in the engine. */
const keysOf = (o: object) => Object.keys(o).join(',');

describe('a restored network state (reviveNetworkState)', () => {
  it('equals the snapshot it was made from, and shares nothing with it', () => {
    const snapshot = clonePlain(busyNetwork(700).state);
    const revived = reviveNetworkState(snapshot);
    expect(revived).toEqual(snapshot);
    const before = clonePlain(snapshot);
    const net = busyNetwork(0);
    net.state = revived;
    run(net, 50);
    expect(snapshot).toEqual(before);
  });

  it('runs on exactly as the original does', () => {
    const original = busyNetwork(700);
    const restored = busyNetwork(0);
    restored.state = reviveNetworkState(clonePlain(original.state));
    expect(run(restored, 400)).toEqual(run(original, 400));
    expect(restored.state).toEqual(original.state);
  });

  it('rebuilds every record with the fields in the order the network creates them', () => {
    const live = busyNetwork(700).state;
    // A generic copy adds fields in the snapshot's order too; what differs is how the engine
    // stores them, which a test cannot see. The order is what must match the network's literals.
    const revived = reviveNetworkState(clonePlain(live));
    const fresh = busyNetwork(0).state;
    const router = revived.routers[0]!;
    expect(keysOf(router)).toBe(keysOf(fresh.routers[0]!));
    expect(keysOf(router.in[0]!)).toBe(keysOf(fresh.routers[0]!.in[0]!));
    expect(keysOf(router.out[0]!)).toBe(keysOf(fresh.routers[0]!.out[0]!));
    expect(keysOf(router.mq[0]!)).toBe(keysOf(fresh.routers[0]!.mq[0]!));
    expect(keysOf(revived.stats)).toBe(keysOf(fresh.stats));
    const ids = Object.keys(revived.packets);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids)
      expect(keysOf(revived.packets[Number(id)]!)).toBe(keysOf(live.packets[Number(id)]!));
  });
});

describe('the network’s invariant checks', () => {
  const violations = (events: SimEventBody[]) =>
    events.flatMap((e) => (e.kind === 'invariant.violation' ? [`${e.rule}: ${e.detail}`] : []));

  /** A busy network whose state the test corrupts before it runs on. */
  function corrupted(corrupt: (s: NetworkState) => void): Network {
    const net = busyNetwork(640);
    const s = clonePlain(net.state);
    corrupt(s);
    net.state = s;
    return net;
  }

  it('are silent on a correct run', () => {
    expect(violations(run(busyNetwork(0), 2_000))).toEqual([]);
  });

  it('catch a frame holding more than L phits in the very cycle', () => {
    const net = corrupted((s) => {
      const r = s.routers.findIndex((router) => router.out.some((f) => f.pkt >= 0));
      const f = s.routers[r]!.out.find((o) => o.pkt >= 0)!;
      f.received = L + 3;
    });
    expect(violations(net.step())).toEqual([
      expect.stringMatching(/^capacity: router \d+ holds more than L phits/),
    ]);
  });

  it('catch a packet that went missing', () => {
    const net = corrupted((s) => {
      s.stats.created += 1;
    });
    expect(violations(net.step())).toEqual([expect.stringMatching(/^conservation: created/)]);
  });

  it('catch occupancy bookkeeping that disagrees with the frames at the next full audit', () => {
    // An output frame emptied behind the network's back (in place: a new state object would be
    // re-indexed), so its occupancy bit still says it holds a packet, in the cycle before a full
    // audit (they come every 64 cycles; a grant would soon fill the frame and its bit again).
    const net = busyNetwork(11 * 64 - 1);
    const r = net.state.routers.findIndex((router) =>
      router.out.some((f) => f.pkt >= 0 && f.nextPkt < 0),
    );
    const frame = net.state.routers[r]!.out.find((f) => f.pkt >= 0 && f.nextPkt < 0)!;
    Object.assign(frame, { pkt: -1, received: 0, sent: 0 });
    const found = violations(net.step());
    expect(found).toContain(
      `capacity: router ${r}'s record of its occupied frames disagrees with the frames`,
    );
  });
});

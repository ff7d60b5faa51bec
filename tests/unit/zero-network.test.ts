/** The no-delay network (sim-core/net/zero.ts; seed 002 [L183]): a message arrives in its cycle. */
import { describe, expect, it } from 'vitest';
import { networkOf } from '../../sim-core/net/networks';

describe('the zero network', () => {
  const params = { latency: 0, window: 1 };
  const run = { nodes: 2, nsPerCycle: 1, seed: 1, stallWatchdog: 1000, checkInvariants: false };
  const zero = networkOf({ kind: 'zero', ...params }, run);

  it('delivers a message in the cycle it was injected, in order, with no window to wait for', () => {
    const net = zero.initial();
    expect(zero.canInject(net, params, 0, 1)).toBe(true);
    zero.inject(net, params, 7, 3, 0, 1);
    zero.inject(net, params, 7, 4, 0, 1);
    expect(zero.canInject(net, params, 0, 1)).toBe(true);
    expect(zero.inTransit(net)).toHaveLength(2);
    expect(zero.deliverDue(net, 6)).toEqual([]);
    expect(zero.deliverDue(net, 7)).toEqual([3, 4]);
    expect(zero.inTransit(net)).toEqual([]);
  });

  it('takes a message from outside at its cycle', () => {
    const net = zero.initial();
    zero.arriveFromOutside(net, 9, 12);
    expect(zero.deliverDue(net, 11)).toEqual([]);
    expect(zero.deliverDue(net, 12)).toEqual([9]);
  });
});

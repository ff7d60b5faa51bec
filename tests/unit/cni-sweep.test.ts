/** Message-size sweeps of the coherent-NI model (Figs. 6-7): points, the plan, the cycle cap. */
import { describe, expect, it } from 'vitest';
import {
  cniSweepPlan,
  cniSweepPoint,
  parseScenario,
  pingpongRounds,
  type CniScenario,
} from '../../sim-core/index';
import { findBuiltin } from '../../scenarios/index';

function scenario(system: Record<string, unknown> = {}): CniScenario {
  const doc = findBuiltin('cni-remote-pingpong')!.doc as { system: Record<string, unknown> };
  const parsed = parseScenario({ ...doc, system: { ...doc.system, ...system } });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  return parsed.value as CniScenario;
}

describe('cni sweeps', () => {
  it('plan NI by NI, and leave CNI16Qm off the I/O bus', () => {
    const nis = ['NI2w', 'CNI16Qm', 'CNI4'] as const;
    expect(
      cniSweepPlan({ metric: 'latency', bus: 'memory', nis: [...nis], sizes: [8, 16] }),
    ).toEqual([
      { ni: 'NI2w', bytes: 8 },
      { ni: 'NI2w', bytes: 16 },
      { ni: 'CNI16Qm', bytes: 8 },
      { ni: 'CNI16Qm', bytes: 16 },
      { ni: 'CNI4', bytes: 8 },
      { ni: 'CNI4', bytes: 16 },
    ]);
    expect(
      cniSweepPlan({ metric: 'latency', bus: 'io', nis: [...nis], sizes: [8] }).map((p) => p.ni),
    ).toEqual(['NI2w', 'CNI4']);
  });

  it('run a ping-pong twice round the largest queue, so the median comes from warm slots', () => {
    expect(pingpongRounds('NI2w', 64)).toBe(16);
    expect(pingpongRounds('CNI16Q', 64)).toBe(24);
    expect(pingpongRounds('CNI512Q', 64)).toBe(272);
    // 256 bytes are two network messages: each round takes two slots.
    expect(pingpongRounds('CNI512Q', 256)).toBe(136);
  });

  it('measure a round trip on each bus with that bus’s own costs', () => {
    const base = scenario();
    const memory = cniSweepPoint(base, 'CNI16Q', 'memory', 'latency', 64);
    const io = cniSweepPoint(base, 'CNI16Q', 'io', 'latency', 64);
    expect(memory).toMatchObject({ outcome: 'done', problem: '', bus: 'memory', bytes: 64 });
    expect(io.outcome).toBe('done');
    expect(io.value!).toBeGreaterThan(memory.value!);
    // Deterministic: the same point twice is the same number.
    expect(cniSweepPoint(base, 'CNI16Q', 'memory', 'latency', 64)).toEqual(memory);
  });

  it('warm queues: CNI512Q is as fast as CNI16Q for small messages (Fig. 6, L891-902)', () => {
    const base = scenario();
    const q16 = cniSweepPoint(base, 'CNI16Q', 'memory', 'latency', 8).value!;
    const q512 = cniSweepPoint(base, 'CNI512Q', 'memory', 'latency', 8).value!;
    const ni2w = cniSweepPoint(base, 'NI2w', 'memory', 'latency', 256).value!;
    expect(q512).toBe(q16);
    expect(ni2w).toBeGreaterThan(cniSweepPoint(base, 'CNI16Q', 'memory', 'latency', 256).value!);
  });

  it('give bandwidth as a fraction of 144 MB/s that grows with the message size', () => {
    const base = scenario();
    const small = cniSweepPoint(base, 'CNI16Q', 'memory', 'bandwidth', 16);
    const large = cniSweepPoint(base, 'CNI16Q', 'memory', 'bandwidth', 512);
    expect(small.outcome).toBe('done');
    expect(small.value!).toBeGreaterThan(0);
    expect(large.value!).toBeGreaterThan(small.value!);
  });

  it('report a run that hits the cycle cap instead of running on', () => {
    // 100,000 cycles of software per message: far past the cap of 10,000 cycles per message.
    const slow = scenario({ softwareOverhead: 100_000 });
    const point = cniSweepPoint(slow, 'NI2w', 'memory', 'latency', 8);
    expect(point).toMatchObject({ outcome: 'cap', value: null, cycles: 320_000 });
    expect(point.problem).toMatch(/^hit the cap of 320000 cycles with \d+ of 32 network messages/);
  });
});

/**
 * The coherent-NI model's invariants fire: each test corrupts a run's state through the public
 * snapshot/restore and expects the matching invariant.violation (single writer or many readers,
 * queue occupancy, and lost, duplicated or reordered delivery).
 */
import { describe, expect, it } from 'vitest';
import type { NetworkPipe } from '../../sim-core/net/pipe';
import type { CniState } from '../../sim-core/ni/cni/cni-state';
import { slotBlock } from '../../sim-core/ni/cni/layout';
import { createSim, type Simulation } from '../../sim-core/sim';
import type { SimEventBody } from '../../sim-core/trace/events';
import { scenarioOf } from '../property/support';

function cniSim(system: Record<string, unknown>, messages: Record<string, unknown>): Simulation {
  return createSim(
    scenarioOf({
      version: 1,
      id: 'test',
      title: 'test',
      system: { kind: 'cni', ...system },
      workload: { messages },
    }),
  );
}

function queueOf(sim: Simulation) {
  const meta = sim.meta();
  if (meta.model !== 'cni') throw new Error('not a coherent-NI run');
  return meta.queues[0]!;
}

/** Edits the run's state as a snapshot and puts it back. */
function corrupt(sim: Simulation, edit: (state: CniState) => void) {
  const snap = sim.snapshot();
  if (snap.model !== 'cni') throw new Error('not a coherent-NI run');
  edit(snap.state);
  sim.restore(snap);
}

function stepUntil(sim: Simulation, done: (state: CniState) => boolean, limit = 20_000) {
  const state = () => (sim.snapshot() as { state: CniState }).state;
  while (!sim.halted && sim.cycle < limit && !done(state())) sim.step();
  expect(sim.halted, 'the run ended before the state to corrupt came up').toBe(false);
}

/** The violations of the next `cycles` cycles, stopping at the cycle of the first. */
function violations(sim: Simulation, cycles = 2_000) {
  for (let i = 0; i < cycles && !sim.halted; i++) {
    const found = sim.step().filter((e): e is SimEventBody & { kind: 'invariant.violation' } => {
      return e.kind === 'invariant.violation';
    });
    if (found.length) return found;
  }
  return [];
}

const localQueue = {
  kind: 'local-queue',
  bytes: 40,
  count: 24,
  slots: 8,
  sendCycles: 100,
  receiveCycles: 150,
};

describe('single writer or many readers', () => {
  it('fires when a writable copy sits beside a readable one (M beside S)', () => {
    const sim = cniSim({ nodes: 1 }, localQueue);
    const q = queueOf(sim);
    // P1 polls the slot at head, holding it in S; give P a modified copy of the same data.
    let polled = -1;
    stepUntil(sim, (s) => {
      polled = slotBlock(q, s.nodes[0]!.queues[q.name]!.receiver.pointer, 0);
      return s.cycle > 400 && s.nodes[0]!.agents.P1!.lines[polled]?.state === 'S';
    });
    corrupt(sim, (s) => {
      const node = s.nodes[0]!;
      node.agents.P!.lines[polled] = {
        state: 'M',
        data: { ...node.agents.P1!.lines[polled]!.data! },
      };
    });
    const found = violations(sim);
    expect(found.map((v) => v.rule)).toContain('single-writer');
    expect(found.find((v) => v.rule === 'single-writer')!.detail).toMatch(/1 writers/);
  });

  it('fires on two owners of one block', () => {
    const sim = cniSim({ nodes: 1 }, localQueue);
    stepUntil(sim, (s) => s.cycle > 400 && s.nodes[0]!.agents.P1!.lines[0]?.state === 'S');
    corrupt(sim, (s) => {
      const node = s.nodes[0]!;
      for (const name of ['P', 'P1'] as const)
        node.agents[name]!.lines[0] = { state: 'O', data: { ...node.latest[0]! } };
    });
    expect(violations(sim).map((v) => v.rule)).toContain('single-writer');
  });
});

describe('queue occupancy', () => {
  it('fires when a queue claims more messages than it has slots', () => {
    const sim = cniSim({ nodes: 1 }, localQueue);
    stepUntil(sim, (s) => s.cycle > 300);
    corrupt(sim, (s) => {
      s.nodes[0]!.queues.q!.sender.count += 9;
    });
    const found = violations(sim);
    expect(found.map((v) => v.rule)).toEqual(['capacity']);
    expect(found[0]!.detail).toMatch(/of 8 slots/);
  });
});

describe('delivery: once each, in order per sender', () => {
  const stream = { kind: 'stream', bytes: 8, count: 24, from: 0, to: 1 };
  /** A stream of small messages with no software overhead: two are on the wire at once. */
  const twoInFlight = () => {
    const sim = cniSim({ nodes: 2, ni: 'CNI16Q', softwareOverhead: 0 }, stream);
    stepUntil(sim, (s) => (s.net as NetworkPipe).inFlight.length >= 2);
    return sim;
  };

  it('fires when a message is lost on the way', () => {
    const sim = twoInFlight();
    corrupt(sim, (s) => {
      (s.net as NetworkPipe).inFlight.shift();
    });
    const found = violations(sim);
    expect(found.map((v) => v.rule)).toEqual(['delivery']);
    expect(found[0]!.detail).toMatch(/arrived as number (\d+), expected (\d+)/);
  });

  it('fires when a message arrives twice', () => {
    const sim = twoInFlight();
    corrupt(sim, (s) => {
      const first = (s.net as NetworkPipe).inFlight[0]!;
      (s.net as NetworkPipe).inFlight.splice(1, 0, { ...first, arrivesAt: first.arrivesAt + 1 });
    });
    expect(violations(sim).map((v) => v.rule)).toEqual(['delivery']);
  });

  it('fires when two messages overtake each other', () => {
    const sim = twoInFlight();
    corrupt(sim, (s) => {
      const [a, b] = (s.net as NetworkPipe).inFlight;
      [a!.arrivesAt, b!.arrivesAt] = [b!.arrivesAt, a!.arrivesAt];
    });
    expect(violations(sim).map((v) => v.rule)).toEqual(['delivery']);
  });

  it('stays quiet on the same runs left alone', () => {
    const sim = twoInFlight();
    expect(violations(sim, 100_000)).toEqual([]);
    expect(sim.halted).toBe(true);
  });
});

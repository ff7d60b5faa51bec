/**
 * The progress watchdogs (kernel/watchdog.ts): a run that stops making progress says so, as one
 * `sim.stall` per quiet spell naming where its work waits, in every model that runs programs or
 * accepts messages; a slow run that keeps moving is never reported; the narration tells it.
 */
import { describe, expect, it } from 'vitest';
import { CniSystem } from '../../sim-core/ni/cni/cni-system';
import { defaultCniConfig } from '../../sim-core/fidelity/cni';
import { createSim } from '../../sim-core/sim';
import { narrate } from '../../sim-core/trace/narrate';
import type { SimEvent, SimEventBody } from '../../sim-core/trace/events';
import { builtinScenarios } from '../../scenarios/index';
import { programsDoc, runToEnd, scenarioOf } from '../property/support';

const stalls = (events: readonly SimEventBody[]) => events.filter((e) => e.kind === 'sim.stall');

describe('the bus model', () => {
  const spin = (until: number) =>
    scenarioOf(
      programsDoc(
        [
          [{ op: 'store', addr: '0x40', value: 2 }],
          [
            { op: 'spin', addr: '0x40', until },
            { op: 'load', addr: '0x80' },
          ],
        ],
        { protocol: 'MESI' },
        { checks: { stallWatchdog: 500 } },
      ),
    );

  it('reports a spin on a value nobody stores, once, naming the processor and its instruction', () => {
    const sim = createSim(spin(1));
    const events = runToEnd(sim, 5_000);
    expect(sim.halted).toBe(false);
    const reported = stalls(events);
    expect(reported).toHaveLength(1);
    expect(reported[0]).toMatchObject({
      quietCycles: 500,
      progress: 'no instruction has retired',
      waiting: 'P1 spins at "spin until [0x40] = 1"',
    });
  });

  it('is quiet while the spin is satisfied and the programs finish', () => {
    const sim = createSim(spin(2));
    expect(stalls(runToEnd(sim, 5_000))).toEqual([]);
    expect(sim.halted).toBe(true);
  });
});

describe('the coherent NIs', () => {
  it('report an NI that stops taking messages in, naming what waits where', () => {
    const cfg = defaultCniConfig('CNI16Q', 'memory', {
      kind: 'stream',
      bytes: 244,
      count: 8,
      from: 0,
      to: 1,
    });
    const sim = new CniSystem({ ...cfg, nodes: 2, stallWatchdog: 300 });
    const events: SimEventBody[] = [];
    for (let i = 0; i < 400; i++) events.push(...sim.step());
    // The receiving NI breaks down: it stops running, so arrivals wait at it for ever.
    sim.state.nodes[1]!.agents.NI!.halted = true;
    while (sim.state.cycle < 20_000) events.push(...sim.step());
    const reported = stalls(events);
    expect(reported).toHaveLength(1);
    expect(reported[0]).toMatchObject({ progress: 'no message has taken a step or been written' });
    expect(reported[0]!.kind === 'sim.stall' && reported[0]!.waiting).toMatch(
      /node 1: .*arrived, waiting at the NI/,
    );
    // Its limit is the watchdog's plus the longest work the scenario prescribes.
    expect(reported[0]!.kind === 'sim.stall' && reported[0]!.quietCycles).toBe(
      300 + cfg.network.latency + cfg.softwareOverhead + cfg.pollWork + 8 * cfg.wordCycles,
    );
  });

  it('stay quiet through a block bouncing between P and the NI (E3: slow, not stuck)', () => {
    const e3 = builtinScenarios.find((s) => s.id === 'cni-virtual-polling')!;
    const sim = createSim(scenarioOf(e3.doc));
    expect(stalls(runToEnd(sim, 20_000))).toEqual([]);
    expect(sim.halted).toBe(true);
  });
});

describe('the Cranium NI', () => {
  it('reports an NI frozen by an overflow that no program thaws', () => {
    const sim = createSim(
      scenarioOf({
        version: 1,
        id: 'freeze',
        title: 'freeze',
        system: { kind: 'cranium', k: 4, queueEntries: { user: 2 } },
        workload: {
          nodes: [
            {
              node: 0,
              buffers: [{ handle: 1 }],
              program: [
                { op: 'send', channel: 2, to: 1, buffer: 1, packets: 3, queue: true },
                { op: 'waitSend', channel: 2 },
              ],
            },
            {
              node: 1,
              buffers: [{ handle: 1 }],
              program: [
                { op: 'compute', cycles: 200 },
                { op: 'pollQueue', count: 3 },
              ],
            },
          ],
        },
      }),
    );
    const events = runToEnd(sim, 10_000);
    const reported = stalls(events);
    expect(reported).toHaveLength(1);
    expect(reported[0]!.kind === 'sim.stall' && reported[0]!.waiting).toMatch(
      /node 1: spins at .*, the NI is in FREEZE/,
    );
  });
});

describe('the narration', () => {
  it('tells a stall as a warning with what did not happen and where the work waits', () => {
    const sim = createSim(
      scenarioOf(
        programsDoc(
          [[{ op: 'spin', addr: '0x40', until: 1 }]],
          {},
          { checks: { stallWatchdog: 50 } },
        ),
      ),
    );
    const events = runToEnd(sim, 200);
    const stall = events.find((e) => e.kind === 'sim.stall')!;
    const text = narrate([{ ...stall, cycle: 0, seq: 0 } as SimEvent], sim.meta());
    expect(text).toBe(
      '⚠ Stalled: no instruction has retired for 50 cycles, with work outstanding — P0 spins at "spin until [0x40] = 1"',
    );
  });
});

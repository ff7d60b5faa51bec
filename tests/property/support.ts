/**
 * Helpers shared by the unit, property and coverage suites: building scenarios from plain
 * documents and running them to the end.
 */
import { Network } from '../../sim-core/network/network';
import { networkConfig } from '../../sim-core/network/network-config';
import type { NetworkFrame } from '../../sim-core/network/network-frame';
import type { Frame, Simulation } from '../../sim-core/sim';
import type { BusFrame } from '../../sim-core/bus/bus-frame';
import { parseScenario } from '../../sim-core/scenario/parse';
import type { Scenario } from '../../sim-core/scenario/schema';
import type { SimEventBody } from '../../sim-core/trace/events';

/** Parses a scenario document; a test's own scenario must be valid, so this throws if not. */
export function scenarioOf(doc: unknown): Scenario {
  const result = parseScenario(doc);
  if (!result.ok) throw new Error(`invalid test scenario: ${JSON.stringify(result.error)}`);
  return result.value;
}

export type ProgramDoc = Record<string, unknown>[];

/** A scenario document with explicit programs, one per node. */
export function programsDoc(
  programs: ProgramDoc[],
  system: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    version: 1,
    id: 'test',
    title: 'test',
    system: { nodes: programs.length, ...system },
    workload: { programs },
    ...extra,
  };
}

/** Steps a simulation until it halts (or `limit` cycles), returning every event body in order. */
export function runToEnd(sim: Simulation, limit: number): SimEventBody[] {
  const events: SimEventBody[] = [];
  while (!sim.halted && sim.cycle < limit) events.push(...sim.step());
  return events;
}

export const PROTOCOL_NAMES = ['MSI', 'MESI', 'MOESI'] as const;

/** The frame of a bus-model view: these suites run bus scenarios only. */
export function busFrameOf(view: { frame: Frame }): BusFrame {
  if (view.frame.model !== 'bus') throw new Error(`expected a bus frame, got ${view.frame.model}`);
  return view.frame;
}

/** The frame of an 8×8 chaos torus under uniform random traffic at `load`, after `cycles`. */
export function busyTorusFrame(load: number, seed: number, cycles: number): NetworkFrame {
  const net = new Network(
    networkConfig(
      { kind: 'torus', k: 8, attached: 8 },
      {
        traffic: { pattern: 'uniform', load, until: 5_000, hotspot: { node: 0, fraction: 0 } },
        seed,
      },
    ),
  );
  for (let i = 0; i < cycles; i++) net.step();
  return net.frame();
}

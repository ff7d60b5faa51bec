/**
 * Protocol-table coverage: every cell of MSI, MESI and MOESI that is not marked impossible is
 * fired by some run — the coherence and coherent-NI lectures under each protocol (the NIs' block
 * writes are what fire IM_D × Done, and E9 with snarfing on fires I × Snarf), seeded random
 * workloads on tiny caches, and directed races for the rare transient cells. A cell nobody reaches is either dead
 * table text or a scenario gap; the failure message lists them.
 */
import { describe, expect, it } from 'vitest';
import { builtinScenarios } from '../../scenarios/index';
import { protocols, type ProtocolName } from '../../sim-core/memory/protocols';
import { applyOverrides, type Override } from '../../sim-core/scenario/overrides';
import type { Scenario } from '../../sim-core/scenario/schema';
import { createSim } from '../../sim-core/sim';
import type { SimEventBody } from '../../sim-core/trace/events';
import {
  PROTOCOL_NAMES,
  programsDoc,
  runToEnd,
  scenarioOf,
  type ProgramDoc,
} from '../property/support';

const cellName = (state: string, event: string) => `${state} × ${event}`;

/** Every cell that is not marked impossible. */
function possibleCells(name: ProtocolName): string[] {
  const p = protocols[name];
  return p.stateOrder.flatMap((state) =>
    p.eventOrder
      .filter((event) => p.table[state]![event].kind !== 'impossible')
      .map((event) => cellName(state, event)),
  );
}

function run(scenario: Scenario): SimEventBody[] {
  const sim = createSim(scenario);
  const events = runToEnd(sim, scenario.limits.maxCycles);
  expect(
    events.filter((e) => e.kind === 'invariant.violation'),
    `invariant violations in ${scenario.id} under ${scenario.system.kind === 'bus' ? scenario.system.protocol : '?'}`,
  ).toEqual([]);
  return events;
}

/** Cells fired by the bus model's caches and by the coherent-NI model's agents alike. */
function firedCells(events: readonly SimEventBody[]): Set<string> {
  const fired = new Set<string>();
  for (const e of events) {
    if (e.kind === 'coh.transition') fired.add(cellName(e.from, e.event));
    if (e.kind === 'cni.coh') fired.add(cellName(e.from, e.event));
  }
  return fired;
}

// ---- the runs ----

/**
 * The coherence and coherent-NI lectures: both models run on the same tables. E9 runs a second
 * time with snarfing on, the only setting under which the bus fires Snarf.
 */
function builtinRuns(protocol: ProtocolName): Scenario[] {
  const tableScenarios = builtinScenarios.filter((b) =>
    ['bus', 'cni'].includes((b.doc as { system: { kind?: string } }).system.kind ?? 'bus'),
  );
  const snarfing = builtinScenarios.find((b) => b.id === 'cni-overflow-snarfing')!;
  return [
    ...tableScenarios.map((builtin) => ({ doc: builtin.doc, extra: [] as Override[] })),
    { doc: snarfing.doc, extra: [{ path: 'system.snarfing', value: true }] },
  ].map(({ doc, extra }) => {
    const applied = applyOverrides(doc, [
      { path: 'system.protocol', value: protocol },
      { path: 'checks.invariants', value: true },
      ...extra,
    ]);
    if (!applied.ok) throw new Error(JSON.stringify(applied.error));
    return scenarioOf(applied.value);
  });
}

/** Fixed seeds, 2–4 nodes, two-set direct-mapped caches over six blocks: constant conflict. */
function randomRuns(protocol: ProtocolName): Scenario[] {
  const runs: Scenario[] = [];
  for (const seed of [1, 2, 3, 4])
    for (const nodes of [2, 3, 4])
      runs.push(
        scenarioOf({
          version: 1,
          id: `coverage-${seed}-${nodes}`,
          title: 'coverage',
          seed,
          system: {
            nodes,
            protocol,
            cache: { sizeBytes: 128, associativity: 1, blockBytes: 32, replacement: 'random' },
          },
          workload: {
            random: { opsPerProcessor: 40, blocks: 6, storeFraction: 0.4, computeMax: 3 },
          },
        }),
      );
  return runs;
}

/**
 * Directed races. Caches have one 64-byte line, so touching Y evicts X. Requests are granted
 * oldest first, so a request made while the bus is busy (here P2's load of Z holds it) wins over
 * one made a cycle later: that is how each race puts a snoop into a transient state.
 */
const X = '0x40';
const Y = '0x80';
const Z = '0xc0';
const load = (addr: string) => ({ op: 'load', addr });
const store = (addr: string, value: number) => ({ op: 'store', addr, value });
const compute = (cycles: number) => ({ op: 'compute', cycles });

interface Race {
  target: string;
  /** The cache whose line must take the target cell. */
  cache: number;
  protocols: readonly ProtocolName[];
  programs: ProgramDoc[];
}

const ALL = PROTOCOL_NAMES;
const races: Race[] = [
  {
    // Both sharers store in the same cycle; P0 asks first, so P1's pending upgrade is invalidated.
    target: cellName('SM_A', 'OtherInv'),
    cache: 1,
    protocols: ALL,
    programs: [
      [load(X), compute(44), store(X, 1)],
      [load(X), compute(2), store(X, 2)],
    ],
  },
  {
    // P0's upgrade waits behind P2's and P3's queued misses; P3's read of X snoops it.
    target: cellName('SM_A', 'OtherRd'),
    cache: 0,
    protocols: ALL,
    programs: [[load(X), store(X, 1)], [load(X)], [load(Z)], [load(X)]],
  },
  {
    target: cellName('SM_A', 'OtherRdX'),
    cache: 0,
    protocols: ALL,
    programs: [[load(X), store(X, 1)], [load(X)], [load(Z)], [store(X, 2)]],
  },
  {
    // P1's upgrade is queued before P0's read miss while the bus is busy.
    target: cellName('IS_AD', 'OtherInv'),
    cache: 0,
    protocols: ALL,
    programs: [[compute(45), load(X)], [load(X), store(X, 1)], [compute(5), load(Z)], [load(X)]],
  },
  {
    // P0 evicts its dirty X; P3's read, queued earlier, finds it in the write-back buffer.
    target: cellName('MI_A', 'OtherRd'),
    cache: 0,
    protocols: ALL,
    programs: [[store(X, 1), load(Y)], [load(Z)], [load(X)]],
  },
  {
    target: cellName('MI_A', 'OtherRdX'),
    cache: 0,
    protocols: ALL,
    programs: [[store(X, 1), load(Y)], [load(Z)], [store(X, 2)]],
  },
  {
    // P0 owns X (O), P1 shares it; both store, P1's upgrade is queued first.
    target: cellName('OM_A', 'OtherInv'),
    cache: 0,
    protocols: ['MOESI'],
    programs: [
      [store(X, 1), compute(65), store(X, 2)],
      [compute(60), load(X), store(X, 3)],
      [compute(60), load(Z)],
    ],
  },
  {
    target: cellName('OM_A', 'OtherRd'),
    cache: 0,
    protocols: ['MOESI'],
    programs: [
      [store(X, 1), compute(20), store(X, 2)],
      [compute(60), load(X)],
      [compute(5), load(Z)],
      [load(X)],
    ],
  },
  {
    target: cellName('OM_A', 'OtherRdX'),
    cache: 0,
    protocols: ['MOESI'],
    programs: [
      [store(X, 1), compute(20), store(X, 2)],
      [compute(60), load(X)],
      [compute(60), load(Z)],
      [compute(60), store(X, 3)],
    ],
  },
  {
    // P0 evicts its owned X; P1, a sharer, upgrades first: the buffered owner is invalidated.
    target: cellName('OI_A', 'OtherInv'),
    cache: 0,
    protocols: ['MOESI'],
    programs: [
      [store(X, 1), compute(65), load(Y)],
      [compute(60), load(X), store(X, 2)],
      [compute(60), load(Z)],
    ],
  },
  {
    target: cellName('OI_A', 'OtherRd'),
    cache: 0,
    protocols: ['MOESI'],
    programs: [[store(X, 1), compute(20), load(Y)], [compute(60), load(X)], [load(Z)], [load(X)]],
  },
  {
    target: cellName('OI_A', 'OtherRdX'),
    cache: 0,
    protocols: ['MOESI'],
    programs: [
      [store(X, 1), compute(20), load(Y)],
      [compute(60), load(X)],
      [load(Z)],
      [compute(60), store(X, 3)],
    ],
  },
];

const raceScenario = (race: Race, protocol: ProtocolName) =>
  scenarioOf(
    programsDoc(race.programs, {
      protocol,
      cache: { sizeBytes: 64, associativity: 1, blockBytes: 64 },
    }),
  );

// ---- the tests ----

describe('directed races reach their cell', () => {
  const cases = races.flatMap((race) => race.protocols.map((p) => [race.target, p, race] as const));
  it.each(cases)('%s under %s', (_target, protocol, race) => {
    const events = run(raceScenario(race, protocol));
    const hit = events.filter(
      (e) =>
        e.kind === 'coh.transition' &&
        e.cache === race.cache &&
        cellName(e.from, e.event) === race.target,
    );
    expect(hit.length, `P${race.cache} should take ${race.target}`).toBeGreaterThan(0);
    expect(events.at(-1)).toEqual({ kind: 'sim.halt', reason: 'all programs finished' });
  });
});

describe.each(PROTOCOL_NAMES)('%s table coverage', (protocol) => {
  it('every possible cell is fired by some run', () => {
    expect(builtinScenarios.length).toBeGreaterThan(0);
    const scenarios = [
      ...builtinRuns(protocol),
      ...randomRuns(protocol),
      ...races.filter((r) => r.protocols.includes(protocol)).map((r) => raceScenario(r, protocol)),
    ];
    const fired = new Set<string>();
    for (const scenario of scenarios) for (const cell of firedCells(run(scenario))) fired.add(cell);

    const uncovered = possibleCells(protocol).filter((c) => !fired.has(c));
    expect(uncovered, `uncovered ${protocol} cells:\n  ${uncovered.join('\n  ')}`).toEqual([]);
    // Nothing fires that the table calls impossible (the model would log a violation too).
    const impossible = [...fired].filter((c) => !possibleCells(protocol).includes(c));
    expect(impossible).toEqual([]);
  });
});

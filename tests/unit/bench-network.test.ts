/**
 * The bench's common network (issue 18; round2-spec §A.3 item 5): every model that can run on
 * the common pipe carries its stated latency and bandwidth in its network phase; on the torus
 * every NI is slower at 8 hops than at 1, by the routers' 4 cycles a hop in the network phase
 * alone, and its points name the mapping they rest on; a model's own scenario runs on the torus
 * and delivers; a model that cannot run on a network says why; the network is in the bench's
 * settings and the CLI's table, bad values refused; a common network's time is not re-clocked.
 */
import { describe, expect, it } from 'vitest';
import { benchNis, benchRow, measurePoint, type BenchNi } from '../../sim-core/bench/bench';
import { PHASE_CATEGORIES } from '../../sim-core/ledger/phase-events';
import { benchNsPerCycle } from '../../sim-core/bench/bench-clock';
import {
  COMMON_PIPE,
  commonPipeCycles,
  type BenchNetwork,
  type Provenance,
} from '../../sim-core/messaging';
import { parseScenario } from '../../sim-core/scenario/parse';
import { createSim } from '../../sim-core/sim';
import { findBuiltin } from '../../scenarios/index';
import { runMessageBench } from '../../tools/sim';
import { runToEnd, scenarioOf } from '../property/support';

const ni = (variant: string): BenchNi => {
  const found = benchNis().find((n) => n.variant === variant);
  if (!found) throw new Error(`no NI ${variant}`);
  return found;
};
const row = (
  variant: string,
  bytes: number,
  network: BenchNetwork,
  provenance: Provenance = 'produce',
) => benchRow(ni(variant), bytes, provenance, 'published', new Map(), network);

/** Each model's cycle in ns (its face's clocks). */
const NS_PER_CYCLE: Record<string, number> = { CNI16Q: 5, EDT: 1, FLASH: 10, FUGU: 50 };

describe('the common pipe', () => {
  it('states its numbers in time: the same 500 ns and 400 MB/s in every model’s cycles', () => {
    expect(commonPipeCycles(5)).toEqual({ latency: 100, bytesPerCycle: 2 });
    expect(commonPipeCycles(1)).toEqual({ latency: 500, bytesPerCycle: 0.4 });
    expect(commonPipeCycles(50)).toEqual({ latency: 10, bytesPerCycle: 20 });
    expect(COMMON_PIPE).toEqual({ latencyNs: 500, mbPerS: 400 });
  });

  it.each(Object.keys(NS_PER_CYCLE))(
    '%s: the pipe’s latency and bandwidth are in the message’s network phase',
    (variant) => {
      const bytes = 1024;
      const { latency, bytesPerCycle } = commonPipeCycles(NS_PER_CYCLE[variant]!);
      const piped = row(variant, bytes, { kind: 'pipe' });
      expect(piped.problem).toBeNull();
      // Latency plus the payload's serialisation, to within a cycle of rounding.
      expect(piped.anatomy!.byCategory.network).toBeGreaterThanOrEqual(
        latency + Math.floor(bytes / bytesPerCycle) - 1,
      );
      expect(piped.hatched.join(' ')).toMatch(/common pipe's 500 ns and 400 MB\/s/);
    },
  );

  it('adds exactly its time to EDT, whose own network takes none [002 L183]', () => {
    const own = row('EDT', 1024, { kind: 'own' });
    const piped = row('EDT', 1024, { kind: 'pipe' });
    expect(own.anatomy!.byCategory.network).toBe(0);
    expect(piped.anatomy!.byCategory.network).toBe(500 + 1024 / 0.4);
    expect(piped.latencyCycles! - own.latencyCycles!).toBe(500 + 1024 / 0.4);
  });

  it('cannot carry Cranium, whose NI is its torus router’s port: the point says so', () => {
    const r = row('Cranium', 64, { kind: 'pipe' }, 'prepared-clean');
    expect(r.latencyCycles).toBeNull();
    expect(r.problem).toMatch(/cannot run on a pipe/);
  });

  it('is not re-clocked with the nodes: its slice keeps its nanoseconds at a common clock', () => {
    const clocks = { cycleDomain: 'cpu', cpuHz: 20e6, systemHz: 20e6, source: '' } as const;
    const none = { 'host-sw': 0, 'ni-sw': 0, 'ni-hw': 0, bus: 0, memory: 0, network: 0, wait: 0 };
    const network = { ...none, network: 10 };
    expect(benchNsPerCycle(clocks, 'common', network, true)).toBe(50);
    expect(benchNsPerCycle(clocks, 'common', network, false)).toBe(10);
  });
});

describe('the common torus', () => {
  it.each([
    ['Cranium', 'prepared-clean'],
    ['FLASH', 'prepared-clean'],
  ] as const)('%s: 8 hops take longer than 1', (variant, provenance) => {
    const near = row(variant, 256, { kind: 'torus', hops: 1 }, provenance);
    const far = row(variant, 256, { kind: 'torus', hops: 8 }, provenance);
    expect(near.problem).toBeNull();
    expect(far.problem).toBeNull();
    expect(far.latencyCycles!).toBeGreaterThan(near.latencyCycles!);
  });

  it('is Cranium’s own network at 8 hops: the same point as its own', () => {
    const own = row('Cranium', 256, { kind: 'own' }, 'prepared-clean');
    const torus = row('Cranium', 256, { kind: 'torus', hops: 8 }, 'prepared-clean');
    expect(torus.latencyCycles).toBe(own.latencyCycles);
  });

  /** A latency point alone (the stream is not needed here). */
  const latencyOf = (variant: string, bytes: number, hops: number) =>
    measurePoint(ni(variant), bytes, 'produce', new Map(), false, { kind: 'torus', hops }).row;
  const PIPE_NIS = ['NI2w', 'CNI4', 'CNI16Q', 'CNI512Q', 'CNI16Qm'];
  const EDT_NIS = ['EDT', 'CC-DMA_intv', 'CC-DMA_retry'];

  it.each([...PIPE_NIS, ...EDT_NIS, 'FUGU'])(
    '%s runs on it: 8 hops take longer than 1, and its points name the mapping',
    (variant) => {
      const near = latencyOf(variant, 64, 1);
      const far = latencyOf(variant, 64, 8);
      expect(near.problem).toBeNull();
      expect(far.problem).toBeNull();
      expect(far.latencyCycles!).toBeGreaterThan(near.latencyCycles!);
      expect(far.anatomy!.byCategory.network).toBeGreaterThan(near.anatomy!.byCategory.network);
      expect(far.hatched.join(' ')).toMatch(/Cranium's 44-B packets .* \[default\] mapping/);
    },
  );

  // NI2w's and CNI4's receivers poll across the bus while they wait, so a longer wait shows in
  // their bus and software slices too; the other NIs wait without a bus transaction.
  it.each([
    ['CNI16Q', 5],
    ['CNI16Qm', 5],
    ['EDT', 1],
    ['CC-DMA_retry', 1],
    ['FUGU', 50],
  ])(
    '%s: the 7 extra hops are the routers’ 4 cycles each (280 ns), all in the network phase',
    (variant, nsPerCycle) => {
      const near = latencyOf(variant, 256, 1);
      const far = latencyOf(variant, 256, 8);
      const extra = (7 * 4 * 10) / nsPerCycle;
      const grew = far.anatomy!.byCategory.network - near.anatomy!.byCategory.network;
      expect(Math.abs(grew - extra)).toBeLessThanOrEqual(1);
      for (const c of PHASE_CATEGORIES.filter((c) => c !== 'network'))
        expect(far.anatomy!.byCategory[c], c).toBe(near.anatomy!.byCategory[c]);
    },
  );
});

describe('a model’s own scenario on the common torus', () => {
  /** A built-in scenario with its network swapped for the torus. */
  const onTorus = (id: string, network: Record<string, unknown>) => {
    const doc = structuredClone(findBuiltin(id)!.doc) as { system: Record<string, unknown> };
    doc.system.network = { ...(doc.system.network as object), ...network };
    return scenarioOf(doc);
  };

  type Counts = (stats: never) => { sent: number; delivered: number };
  const cni: Counts = (s: { messages: { sent: number; delivered: number } }) => s.messages;
  const edt: Counts = (s: { messages: { total: number; delivered: number } }) => ({
    sent: s.messages.total,
    delivered: s.messages.delivered,
  });
  const fugu: Counts = (s: { launched: number; delivered: number }) => ({
    sent: s.launched,
    delivered: s.delivered,
  });

  it.each([
    ['cni-remote-pingpong', { kind: 'torus', hops: 4 }, cni],
    ['cni-bursts', { kind: 'torus' }, cni],
    ['edt-eager-send', { kind: 'torus', hops: 2 }, edt],
    ['fugu-fast-path', { kind: 'torus', hops: 8 }, fugu],
    ['fugu-overflow-control', { kind: 'torus' }, fugu],
  ] as const)('%s runs on %j and delivers every message', (id, network, counts) => {
    const sim = createSim(onTorus(id, network));
    const events = runToEnd(sim, 3_000_000);
    expect(events.filter((e) => e.kind === 'sim.stall')).toEqual([]);
    expect(events.filter((e) => e.kind === 'invariant.violation')).toEqual([]);
    expect(sim.halted, 'the run halted').toBe(true);
    const { sent, delivered } = counts(sim.stats() as never);
    expect(sent).toBeGreaterThan(0);
    expect(delivered).toBe(sent);
  });

  it.each([
    ['cni-remote-pingpong', { kind: 'pipe', hops: 2 }, /set system.network.kind to "torus"/],
    ['edt-eager-send', { kind: 'torus', hops: 9 }, /expected/],
    ['fugu-overflow-control', { kind: 'torus', hops: 4 }, /8 nodes 4 hops apart do not fit/],
  ] as const)('%s refuses %j', (id, network, message) => {
    const doc = structuredClone(findBuiltin(id)!.doc) as { system: Record<string, unknown> };
    doc.system.network = { ...(doc.system.network as object), ...network };
    const result = parseScenario(doc);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error[0]!.path).toBe('system.network.hops');
      expect(result.error[0]!.message).toMatch(message);
    }
  });
});

describe('the network in the bench’s settings and the CLI', () => {
  const bench = (system: Record<string, unknown>) =>
    parseScenario({
      version: 1,
      id: 'bench-network-test',
      title: 'network',
      system: { kind: 'bench', ...system },
      workload: { race: {} },
    });

  it('defaults to each model’s own network and the thesis’s 8 hops', () => {
    const sc = bench({});
    expect(sc.ok && sc.value.system).toMatchObject({ network: 'own', hops: 8 });
  });

  it.each([
    [{ network: 'ring' }, 'system.network'],
    [{ network: 'torus', hops: 9 }, 'system.hops'],
    [{ network: 'torus', hops: 0 }, 'system.hops'],
  ])('refuses %j at %s', (system, path) => {
    const sc = bench(system);
    expect(sc.ok).toBe(false);
    if (!sc.ok) expect(sc.error.map((e) => e.path).join(' ')).toContain(path);
  });

  it.each([
    [['--network', 'ring'], '--network'],
    [['--network', 'torus', '--hops', '9'], '--hops'],
    [['--network', 'torus', '--hops', '0'], '--hops'],
    [['--network', 'pipe', '--hops', '2'], '--hops'],
  ])('the CLI refuses %j', (args, flag) => {
    const err: string[] = [];
    const code = runMessageBench([...args, '--nis', 'FUGU', '--sizes', '8'], {
      out: () => {},
      err: (l) => err.push(l),
    });
    expect(code).not.toBe(0);
    expect(err.join('\n')).toMatch(new RegExp(`CLI002 ${flag}`));
  });

  it('names the network the table ran on', () => {
    const out: string[] = [];
    const code = runMessageBench(
      ['--network', 'pipe', '--nis', 'FUGU', '--sizes', '8', '--provenance', 'produce'],
      { out: (l) => out.push(l), err: () => {} },
    );
    expect(code).toBe(0);
    expect(out[0]).toContain('every model on a common pipe of 500 ns and 400 MB/s per link');
  });
});

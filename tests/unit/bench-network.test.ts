/**
 * The bench's common network (issue 18; round2-spec §A.3 item 5): every model that can run on
 * the common pipe carries its stated latency and bandwidth in its network phase; the torus at
 * 8 hops is slower than at 1; a model that cannot run on a network says why; the network is
 * in the bench's settings and the CLI's table; a common network's time is not re-clocked.
 */
import { describe, expect, it } from 'vitest';
import { benchNis, benchRow, type BenchNi } from '../../sim-core/bench/bench';
import { benchNsPerCycle } from '../../sim-core/bench/bench-clock';
import {
  COMMON_PIPE,
  commonPipeCycles,
  type BenchNetwork,
  type Provenance,
} from '../../sim-core/messaging';
import { parseScenario } from '../../sim-core/scenario/parse';
import { runMessageBench } from '../../tools/sim';

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

  it.each(['CNI16Q', 'EDT', 'FUGU'])('%s: not wired to the torus yet, and says so', (v) => {
    const r = row(v, 64, { kind: 'torus', hops: 1 });
    expect(r.latencyCycles).toBeNull();
    expect(r.problem).toMatch(/torus adapter .* not wired/);
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

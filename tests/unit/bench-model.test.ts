/**
 * The message bench as a model (sim-core/bench/module.ts): the race delivers each NI at the
 * latency the bench table gives it, in rank order, the same way every time; its sweep gives the
 * table's rows; its scenario part names unknown NIs; and the papers' marks carry their fidelity
 * rows' published values (tests/unit/message-bench.test.ts checks the table itself).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { benchNis, benchRow } from '../../sim-core/bench/bench';
import { BENCH_ANCHORS } from '../../sim-core/bench/bench-anchors';
import type { BenchPoint } from '../../sim-core/bench/bench-frame';
import { benchModel } from '../../sim-core/bench/module';
import { reconstructedThroughput, TABLE_6_1 } from '../../sim-core/fidelity/cranium';
import { parseScenario } from '../../sim-core/scenario/parse';
import { createSim } from '../../sim-core/sim';
import { placeMarks } from '../../src/models/bench/bench-data';

const doc = (system: object, race: object) => ({
  version: 1,
  id: 'bench-test',
  title: 'bench test',
  system: { kind: 'bench', ...system },
  workload: { race },
  limits: { maxCycles: 40_000 },
});

function race(system: object, race: object) {
  const parsed = parseScenario(doc(system, race));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  const sim = createSim(parsed.value);
  const delivered: { ni: string; cycle: number; ns: number; rank: number }[] = [];
  const events: unknown[] = [];
  while (!sim.halted)
    for (const e of sim.step()) {
      events.push({ ...e, cycle: sim.cycle });
      if (e.kind === 'bench.delivered') delivered.push({ ...e, cycle: sim.cycle });
    }
  return { sim, delivered, events };
}

describe('the race', () => {
  const system = { nis: ['CNI16Q', 'Cranium', 'FLASH', 'FUGU'], clock: 'common' };
  const body = { bytes: 8, provenance: 'produce' };

  it('delivers every NI at the bench table’s latency, in rank order, and halts there', () => {
    const { sim, delivered } = race(system, body);
    const rows = system.nis.map((v) =>
      benchRow(
        benchNis().find((n) => n.variant === v)!,
        8,
        'produce',
        'common',
      ),
    );
    expect(delivered.map((d) => d.ni).sort()).toEqual([...system.nis].sort());
    for (const d of delivered) {
      const row = rows.find((r) => r.variant === d.ni)!;
      expect(d.ns).toBeCloseTo(row.latencyNs!, 6);
      expect(d.cycle).toBe(Math.ceil(row.latencyNs! - 1e-9));
    }
    expect(delivered.map((d) => d.rank)).toEqual([1, 2, 3, 4]);
    expect(delivered.map((d) => d.ns)).toEqual(
      [...delivered.map((d) => d.ns)].sort((a, b) => a - b),
    );
    expect(sim.cycle).toBe(delivered.at(-1)!.cycle);
    const frame = sim.frame();
    expect(frame.model).toBe('bench');
    if (frame.model === 'bench')
      expect(frame.lanes.every((l) => l.status === 'delivered')).toBe(true);
  });

  it('is the same run every time', () => {
    expect(race(system, body).events).toEqual(race(system, body).events);
  });

  it('tells an NI that cannot send the message, and still halts', () => {
    const { delivered, events } = race({ nis: ['FUGU', 'Cranium'] }, { bytes: 4096 });
    expect(delivered.map((d) => d.ni)).toEqual(['Cranium']);
    expect(events).toContainEqual(
      expect.objectContaining({ kind: 'bench.unavailable', ni: 'FUGU' }),
    );
  });

  it('refuses an NI the bench does not know, naming the field', () => {
    const parsed = parseScenario(doc({ nis: ['CNI16Q', 'NI9'] }, {}));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error[0]!.path).toBe('system.nis.1');
  });
});

describe('the bench sweep', () => {
  it('gives the bench table’s rows, their runs as one JSON text each', () => {
    const plan = benchModel.capabilities.sweeps!.bench!(
      {} as never,
      {
        nis: ['Cranium'],
        sizes: [8, 64],
        provenances: ['prepared-clean'],
        clock: 'published',
      } as never,
    );
    const points = plan.map((run) => run() as BenchPoint);
    expect(points.map((p) => [p.variant, p.bytes])).toEqual([
      ['Cranium', 8],
      ['Cranium', 64],
    ]);
    const row = benchRow(
      benchNis().find((n) => n.variant === 'Cranium')!,
      64,
      'prepared-clean',
      'published',
    );
    expect(points[1]!.latencyNs).toBe(row.latencyNs);
    expect(JSON.parse(points[1]!.open!.doc)).toEqual(row.open!.scenario);
  });
});

describe('the papers’ marks', () => {
  const source = (file: string) => readFileSync(`sim-core/fidelity/${file}`, 'utf8');
  /** Where each mark's value stands in its fidelity row's source. */
  const written: Record<string, [string, string]> = {
    'flash.4KB.uncached': ['flash.ts', "fourKbRow('flash.4KB.uncached', 'uncached', 15.6"],
    'flash.4KB.dirty': ['flash.ts', "fourKbRow('flash.4KB.dirty', 'dirty', 17.7"],
    'flash.peak.uncached': ['flash.ts', "peakRow('uncached', 320)"],
    'edt.gain.intv.64': ['edt.ts', 'const paper = bytes === 64 ? 17 : 38;'],
    'edt.gain.intv.4096': ['edt.ts', 'const paper = bytes === 64 ? 17 : 38;'],
    'fugu.t4_4.send + fugu.t4_4.subtotal.soft': ['fugu.ts', 'soft: { subtotal: 66, total: 115 }'],
    'cni.rtt64.mem': ['cni.ts', "const paper = bus === 'memory' ? 37 : 74;"],
    'cni.bw64.mem': ['cni.ts', "const paper = bus === 'memory' ? 125 : 123;"],
    'cni.abs.peak': ['cni-figures.ts', 'paper: 107,'],
  };

  it('each carries its fidelity row’s published value', () => {
    for (const a of BENCH_ANCHORS) {
      const v = a.value;
      if (a.row.startsWith('cranium.table6_1.')) {
        const name = a.row.split('.')[2] as keyof typeof TABLE_6_1;
        expect(v).toEqual({ cycles: TABLE_6_1[name].totals[8] });
      } else if (a.row.startsWith('cranium.fig6_2.')) {
        expect('bytesPerCycle' in v && v.bytesPerCycle).toBeCloseTo(
          reconstructedThroughput(a.bytes / 32, TABLE_6_1.autoWarm.totals[8]),
          9,
        );
      } else {
        const [file, text] = written[a.row] ?? ['', ''];
        expect(source(file), a.row).toContain(text);
      }
    }
    expect(BENCH_ANCHORS.find((a) => a.row === 'edt.gain.intv.4096')!.value).toEqual({
      times: 1 - 0.38,
      of: 'CC-DMA_intv',
    });
  });

  it('stand on the point they describe, in either unit', () => {
    const row = (variant: string, bytes: number, latencyNs: number, cycles: number) =>
      ({
        model: 'x',
        variant,
        label: variant,
        bytes,
        provenance: 'prepared-clean',
        latencyCycles: cycles,
        latencyNs,
        bytesPerCycle: 1,
        mbPerS: 100,
        anatomy: null,
        hatched: [],
        open: null,
        problem: null,
      }) satisfies BenchPoint;
    const rows = [row('FLASH', 4096, 15_640, 1564), row('Cranium', 8, 830, 83)];
    const ns = placeMarks(rows, 'latency', 'ns', 'prepared-clean');
    expect(ns.map((m) => [m.anchor.row, m.y])).toEqual([
      ['cranium.table6_1.autoWarm.8', 830],
      ['flash.4KB.uncached', 15_600],
    ]);
    const cycles = placeMarks(rows, 'latency', 'cycles', 'prepared-clean');
    expect(cycles.map((m) => m.y)).toEqual([83, 1560]);
    // FLASH's dirty mark belongs to the dirty provenance only.
    expect(placeMarks(rows, 'latency', 'ns', 'produce').map((m) => m.anchor.row)).toEqual([]);
  });
});

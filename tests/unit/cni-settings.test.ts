/**
 * The coherent-NI Settings switches: each names a real field of the scenario schema (a change
 * parses and takes effect), and each NI shows only the switches its model reads.
 */
import { describe, expect, it } from 'vitest';
import { findBuiltin } from '../../scenarios/index';
import { applyOverrides, parseScenario, type Scenario } from '../../sim-core/index';
import { SWITCHES, switchesFor, type Switch } from '../../src/models/cni/CniSettings';

type CniSystem = Extract<Scenario['system'], { kind: 'cni' }>;

function parse(id: string, overrides: { path: string; value: unknown }[] = []): CniSystem {
  const doc = applyOverrides(findBuiltin(id)!.doc, overrides);
  if (!doc.ok) throw new Error(JSON.stringify(doc.error));
  const parsed = parseScenario(doc.value);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  if (parsed.value.system.kind !== 'cni') throw new Error(`${id} is not a cni scenario`);
  return parsed.value.system;
}

/** The overrides a switch's control makes to move away from the current value. */
function change(s: Switch, system: CniSystem): { path: string; value: unknown }[] {
  const fields =
    s.kind === 'toggle'
      ? s.set(system, !s.get(system))
      : s.kind === 'number'
        ? { [s.path]: system[s.path] + 7 }
        : { [s.path]: 'same-block' };
  return Object.entries(fields).map(([k, value]) => ({ path: `system.${k}`, value }));
}

const read = (s: Switch, system: CniSystem): unknown =>
  s.kind === 'toggle' ? s.get(system) : system[s.path];

const paths = (ni: Parameters<typeof switchesFor>[0], localQueue = false) =>
  switchesFor(ni, localQueue).map((s) => s.path);

describe('CNI settings', () => {
  it('every switch is a schema field: its change parses and is the only thing that changes', () => {
    for (const s of SWITCHES) {
      const before = parse('cni-overflow-snarfing');
      const after = parse('cni-overflow-snarfing', change(s, before));
      expect(read(s, after), s.path).not.toEqual(read(s, before));
      for (const other of SWITCHES.filter((o) => o !== s))
        expect(read(other, after), `${other.path} after ${s.path}`).toEqual(read(other, before));
    }
  });

  it('a local queue (E4) shows only the three queue optimisations', () => {
    expect(paths('CNI16Q', true)).toEqual([
      'optimisations.lazyPointers',
      'optimisations.validBits',
      'optimisations.senseReverse',
    ]);
  });

  it('CNI4 (E1-E3) shows clear-on-read, CDR polling, virtual polling, back-off and overhead', () => {
    expect(paths('CNI4')).toEqual([
      'clearOnRead',
      'pollCdr',
      'virtualPolling',
      'backoff',
      'softwareOverhead',
    ]);
  });

  it('NI2w caches nothing: only the software overhead', () => {
    expect(paths('NI2w')).toEqual(['softwareOverhead']);
  });

  it('the write-back buffer and snarfing are CNI16Qm’s alone', () => {
    expect(paths('CNI16Qm')).toEqual(expect.arrayContaining(['writeBackBuffer', 'snarfing']));
    for (const ni of ['CNI16Q', 'CNI512Q'] as const) {
      expect(paths(ni)).not.toContain('snarfing');
      expect(paths(ni)).toContain('optimisations.senseReverse');
    }
  });

  it('an optimisation switch keeps the other two as they are', () => {
    const noValidBits = parse('cni-local-queue', [
      { path: 'system.optimisations.validBits', value: false },
    ]);
    const senseReverse = SWITCHES.find((s) => s.path === 'optimisations.senseReverse')!;
    const after = parse('cni-local-queue', change(senseReverse, noValidBits));
    expect(after.optimisations).toEqual({
      lazyPointers: true,
      validBits: false,
      senseReverse: false,
    });
  });
});

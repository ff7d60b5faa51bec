/**
 * Table 6.4's NI designs as a Cranium choice (sim-core/ni/cranium/variants.ts): the registry's
 * per-packet costs, the schema's check of what a design lacks, and the simulated gap.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../sim-core/scenario/parse';
import { CRANIUM_VARIANT_NAMES, variantGaps } from '../../sim-core/ni/cranium/variants';
import { variantGap } from '../../sim-core/fidelity/cranium-analysis';
import niDesigns from '../../scenarios/cranium/ni-designs.json';

describe('Cranium NI designs (Table 6.4)', () => {
  it('adds each design’s itemised cost at the side the thesis names', () => {
    expect(variantGaps('cranium', 'worst')).toEqual({ sendGap: 0, receiveGap: 0 });
    expect(variantGaps('M1', 'best')).toEqual({ sendGap: 18, receiveGap: 0 });
    expect(variantGaps('M1', 'worst')).toEqual({ sendGap: 31, receiveGap: 0 });
    expect(variantGaps('M2', 'worst')).toEqual({ sendGap: 0, receiveGap: 113 });
    expect(variantGaps('M3', 'best')).toEqual({ sendGap: 29, receiveGap: 0 });
    expect(variantGaps('M4', 'worst')).toEqual({ sendGap: 0, receiveGap: 0 });
  });

  it('the simulated gap between packets is the larger of the link (11) and the design cost', () => {
    expect(variantGap('M1', 'best')).toBe(18);
    expect(variantGap('M2', 'best')).toBe(31);
    expect(variantGap('M4', 'best')).toBe(11);
  });

  it('runs the lecture program on every design, and rejects a queue send on M4 naming the field', () => {
    for (const variant of CRANIUM_VARIANT_NAMES) {
      const doc = { ...niDesigns, system: { ...niDesigns.system, variant } };
      expect(parseScenario(doc).ok, variant).toBe(true);
    }
    const queued = structuredClone(niDesigns) as typeof niDesigns;
    (queued.workload.nodes[0]!.program[1] as Record<string, unknown>).queue = true;
    const parsed = parseScenario({ ...queued, system: { ...queued.system, variant: 'M4' } });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok)
      expect(parsed.error.map((e) => `${e.code} ${e.path} ${e.message}`)).toEqual([
        'SCN003 workload.nodes.0.program.1.op the M4 variant has no queue channels: receive with recv (system.variant)',
      ]);
  });

  it('rejects an unknown design and case with the choices', () => {
    const parsed = parseScenario({ ...niDesigns, system: { ...niDesigns.system, variant: 'M5' } });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error[0]!.path).toBe('system.variant');
  });
});

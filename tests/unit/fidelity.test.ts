/** The fidelity rows this project can already reproduce must pass (npm run fidelity prints them). */
import { describe, expect, it } from 'vitest';
import {
  chaosVsDeflectionRow,
  chaosVsDorRow,
  hotspotRow,
  postSaturationRow,
  zeroLoadRow,
} from '../../sim-core/fidelity/torus';

describe('fidelity against the Cranium thesis (seed 001)', () => {
  it('torus.zeroLoad: every hop count on 8×8 takes exactly 4·(j+1) + L cycles', () => {
    expect(zeroLoadRow()).toMatchObject({ id: 'torus.zeroLoad', ours: 0, pass: true });
  });

  it('torus.chaos.post.sat: at offered load 1.0 the chaos router keeps ≥ 90% of its saturation throughput', () => {
    const row = postSaturationRow();
    expect(row.pass, row.metric).toBe(true);
  });

  it('torus.chaos.vs.dor.sat: chaos saturates higher than dimension-order on 8×8 (Bolding)', () => {
    const row = chaosVsDorRow();
    expect(row.pass, row.metric).toBe(true);
  });

  it('torus.chaos.hotspot: under hot-spot traffic chaos accepts more than dimension-order', () => {
    const row = hotspotRow();
    expect(row.pass, row.metric).toBe(true);
  });

  it('torus.chaos.vs.deflection.sat: chaos saturates higher than deflection routing on 8×8', () => {
    const row = chaosVsDeflectionRow();
    expect(row.pass, row.metric).toBe(true);
  });
});

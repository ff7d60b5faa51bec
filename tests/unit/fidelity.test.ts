/** The fidelity rows this project can already reproduce must pass (npm run fidelity prints them). */
import { describe, expect, it } from 'vitest';
import {
  chaosVsDeflectionRow,
  chaosVsDorRow,
  hotspotRow,
  postSaturationRow,
  zeroLoadRow,
} from '../../sim-core/fidelity/torus';
import {
  bw64Row,
  cni4KneeRow,
  latencyOrderRow,
  rtt64Row,
  roundTrip,
  snarfRow,
  txPerBlockRow,
} from '../../sim-core/fidelity/cni';
import { craniumRows } from '../../sim-core/fidelity/cranium';
import { bestCaseRow, cniBestCaseRow, gainRow, worstCaseRow } from '../../sim-core/fidelity/edt';

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

  it('torus.chaos.hotspot: under hot-spot traffic chaos saturates higher than dimension-order', () => {
    const row = hotspotRow();
    expect(row.pass, row.metric).toBe(true);
  });

  it('torus.chaos.vs.deflection.sat: chaos saturates higher than deflection routing on 8×8', () => {
    const row = chaosVsDeflectionRow();
    expect(row.pass, row.metric).toBe(true);
  });
});

describe('fidelity against the coherent-network-interface paper (seed 000)', () => {
  it.each([
    ['cni.order.latency.io', () => latencyOrderRow('io')],
    ['cni.rtt64.mem', () => rtt64Row('memory')],
    ['cni.rtt64.io', () => rtt64Row('io')],
    ['cni.bw64.mem', () => bw64Row('memory')],
    ['cni.bw64.io', () => bw64Row('io')],
    ['cni.cq.txPerBlock', txPerBlockRow],
    ['cni.cni4.knee', cni4KneeRow],
    ['cni.snarf.gain', snarfRow],
  ] as const)('%s passes', (id, row) => {
    const r = row();
    expect(r.id).toBe(id);
    expect(r.pass, `${r.metric}: ours ${r.ours}, paper ${r.paper}`).toBe(true);
  });

  it('cni.order.latency.mem: NI2w > CNI4 > CNI16Qm > CNI16Q ≈ CNI512Q', () => {
    const r = latencyOrderRow('memory');
    expect(r.pass, r.metric).toBe(true);
  });

  it('CNI16Qm is only "slightly worse" than CNI16Q (L898-902): its flushes cost less than 15%', () => {
    const cni16qm = roundTrip('CNI16Qm', 'memory');
    const cni16q = roundTrip('CNI16Q', 'memory');
    expect(cni16qm).toBeGreaterThan(cni16q);
    expect(cni16qm / cni16q).toBeLessThan(1.15);
  });
});

describe('fidelity against the Cranium thesis: the NI (seed 001 §6.1)', () => {
  const rows = craniumRows();
  const row = (id: string) => rows.find((r) => r.id === id)!;

  it('Table 6.1: every row at 1 and 8 hops, exactly', () => {
    const table = rows.filter((r) => r.id.startsWith('cranium.table6_1.'));
    expect(table).toHaveLength(10);
    for (const r of table) expect(r.ours, r.id).toBe(r.paper);
  });

  it('the thesis throughput claims for one packet and 2 KB', () => {
    for (const id of ['cranium.claim.cold1', 'cranium.claim.warm1', 'cranium.claim.2KB'])
      expect(row(id).pass, `${id}: ${String(row(id).ours)}`).toBe(true);
  });

  it('auto-receive completes at the last packet whatever the arrival order', () => {
    expect(row('cranium.ooo.completion').pass, row('cranium.ooo.completion').metric).toBe(true);
  });

  it('Fig. 6.2: throughput within 5% of the reconstruction at every size, distance and temperature', () => {
    const fig = rows.filter((r) => r.id.startsWith('cranium.fig6_2.'));
    expect(fig).toHaveLength(36);
    expect(
      fig.filter((r) => !r.pass).map((r) => `${r.id} ${String(r.ours)}/${String(r.paper)}`),
    ).toEqual([]);
    expect(row('cranium.claim.16KB').pass).toBe(true);
  });
});

/**
 * Seed 002 (EDT): the exact transaction counts and the two calibrated gains. The rows that need
 * the whole size sweep (21 ping-pongs, and 42 more at the derated rates: about two
 * minutes) run in `npm run fidelity` only: edt.order.latency, edt.gain.monotone,
 * edt.gain.derated, edt.gain.vsAll, edt.breakdown.*, edt.fig9.exec (docs/fidelity/edt.md, which
 * also names the known failure, edt.breakdown.userData).
 */
describe('fidelity against the Eager Data Transfer paper (seed 002)', () => {
  it.each([
    ['edt.tx.best', bestCaseRow],
    ['edt.tx.worst', worstCaseRow],
    ['edt.gain.intv.64', () => gainRow(64)],
    ['edt.gain.intv.4096', () => gainRow(4096)],
    ['cross.edt.cni.bestCase', cniBestCaseRow],
  ] as const)('%s passes', (id, row) => {
    const r = row();
    expect(r.id).toBe(id);
    expect(r.pass, `${r.metric}: ours ${r.ours}, paper ${r.paper}`).toBe(true);
  });
});

/** The coherent-NI model (seed 000): the mechanisms behave as the paper and its digest describe. */
import { describe, expect, it } from 'vitest';
import { createSim } from '../../sim-core/sim';
import { parseScenario } from '../../sim-core/scenario/parse';
import { defaultCniConfig, runCni } from '../../sim-core/fidelity/cni';
import type { CniStats } from '../../sim-core/ni/cni/cni-frame';
import { runToEnd, scenarioOf } from '../property/support';

function cniDoc(system: Record<string, unknown>, messages: Record<string, unknown>) {
  return {
    version: 1,
    id: 'test',
    title: 'test',
    system: { kind: 'cni', ...system },
    workload: { messages },
    limits: { maxCycles: 200_000 },
  };
}

function run(system: Record<string, unknown>, messages: Record<string, unknown>) {
  const sim = createSim(scenarioOf(cniDoc(system, messages)));
  const events = runToEnd(sim, 200_000);
  return { sim, events, stats: sim.stats() as CniStats };
}

const localQueue = {
  kind: 'local-queue',
  bytes: 40,
  count: 64,
  slots: 8,
  sendCycles: 150,
  receiveCycles: 100,
};

describe('cachable queue optimisations (§B.3.5, lecture E4)', () => {
  // Per one-block message: naive ≈ 6, + lazy ≈ 4 + 4/N, + valid bits ≈ 3 + 4/N, + sense ≈ 2 + 4/N.
  const cases = [
    [{ lazyPointers: false, validBits: false, senseReverse: false }, 5.5, 6.5],
    [{ lazyPointers: true, validBits: false, senseReverse: false }, 4, 4.75],
    [{ lazyPointers: true, validBits: true, senseReverse: false }, 3, 3.75],
    [{ lazyPointers: true, validBits: true, senseReverse: true }, 2, 2.75],
  ] as const;
  it.each(cases)('%o costs between %d and %d transactions per message', (optimisations, lo, hi) => {
    const { stats } = run({ nodes: 1, optimisations }, localQueue);
    expect(stats.messages.delivered).toBe(64);
    expect(stats.violations).toBe(0);
    expect(stats.transactionsPerMessage).toBeGreaterThanOrEqual(lo);
    expect(stats.transactionsPerMessage).toBeLessThanOrEqual(hi);
  });

  it('sense reverse uses every slot: a 4-slot queue holds 4 messages at once', () => {
    const { events } = run(
      { nodes: 1 },
      { ...localQueue, count: 6, slots: 4, sendCycles: 0, receiveCycles: 300 },
    );
    let occupancy = 0;
    let most = 0;
    for (const e of events) {
      if (e.kind !== 'cni.pointer' || e.pointer === 'shadowHead') continue;
      occupancy += e.pointer === 'tail' ? 1 : -1;
      most = Math.max(most, occupancy);
    }
    expect(most).toBe(4);
  });
});

describe('cachable device registers (§B.2, lectures E1-E3)', () => {
  const arrivals = { kind: 'arrivals', messages: [{ at: 600, bytes: 40 }] };

  it('polling a CDR crosses the bus only when the device writes it; NI2w polls cross every time', () => {
    const cdr = run({ nodes: 1, ni: 'CNI4', pollCdr: true, pollWork: 20 }, arrivals).stats;
    const ni2w = run({ nodes: 1, ni: 'NI2w', pollWork: 20 }, arrivals).stats;
    const txns = (s: CniStats) =>
      Object.values(s.nodes[0]!.transactions).reduce((a, b) => a + b, 0);
    expect(txns(cdr)).toBeLessThan(10);
    expect(ni2w.nodes[0]!.transactions.UCR8).toBeGreaterThan(15);
  });

  it('clear-on-read loses a message; the three-step handshake does not', () => {
    const two = {
      kind: 'arrivals',
      messages: [
        { at: 1, bytes: 40 },
        { at: 1, bytes: 40 },
      ],
    };
    const broken = run({ nodes: 1, ni: 'CNI4', clearOnRead: true }, two);
    expect(broken.stats.messages.lost).toBe(1);
    expect(broken.events.some((e) => e.kind === 'cni.lost')).toBe(true);
    const handshake = run({ nodes: 1, ni: 'CNI4' }, two);
    expect(handshake.stats.messages.lost).toBe(0);
    expect(handshake.stats.messages.delivered).toBe(2);
  });

  it('virtual polling with no back-off steals blocks the processor is still writing', () => {
    const send = { kind: 'device-send', bytes: 200, count: 2 };
    const system = { nodes: 1, ni: 'CNI4', virtualPolling: 'same-block', wordCycles: 2 };
    const eager = run({ ...system, backoff: 0 }, send).stats.nodes[0]!.transactions;
    const patient = run({ ...system, backoff: 200 }, send).stats.nodes[0]!.transactions;
    expect(eager.INV).toBeGreaterThan(patient.INV + 10);
  });
});

describe('CNI16Qm (§B.6.4, lecture E9)', () => {
  const burst = { kind: 'burst', bytes: 244, count: 12, senders: [0], to: 1, handlerCycles: 800 };

  it('overflows into main memory with write-backs, and snarfing turns later reads into hits', () => {
    const plain = run({ nodes: 2, ni: 'CNI16Qm' }, burst).stats;
    const snarf = run({ nodes: 2, ni: 'CNI16Qm', snarfing: true }, burst);
    expect(plain.nodes[1]!.transactions.WB).toBeGreaterThan(0);
    expect(snarf.events.some((e) => e.kind === 'cni.coh' && e.event === 'Snarf')).toBe(true);
    expect(snarf.stats.nodes[1]!.transactions.RD).toBeLessThan(plain.nodes[1]!.transactions.RD);
  });

  it('is refused on the I/O bus, naming the field', () => {
    const result = parseScenario(cniDoc({ nodes: 2, ni: 'CNI16Qm', bus: 'io' }, burst));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error[0]).toMatchObject({ code: 'SCN003', path: 'system.bus' });
    }
  });
});

describe('the I/O bridge (§B.8, lecture E10)', () => {
  it('NACKs the I/O side when both sides start together, and everything still arrives', () => {
    const stats = runCni(
      defaultCniConfig('CNI16Q', 'io', {
        kind: 'burst',
        bytes: 244,
        count: 8,
        senders: [0],
        to: 1,
        handlerCycles: 0,
      }),
    );
    expect(stats.messages.delivered).toBe(8);
    expect(stats.nodes.some((n) => n.nacks > 0)).toBe(true);
  });
});

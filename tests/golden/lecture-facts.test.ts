/**
 * The numbers the lectures quote are the simulator's: each walkthrough note or summary below
 * states a measured result in words ("8,192 bytes in 2,875 cycles", "about 6, 4.5, 3.5 and 2.5
 * transactions per message"), and a change to the model that moves it must move the text too.
 */
import { describe, expect, it } from 'vitest';
import { builtinScenarios } from '../../scenarios/index';
import { applyOverrides, parseScenario, Session, type Override } from '../../sim-core/index';

/** A built-in scenario with overrides, run to its end: its statistics and its text. */
function runToEnd(id: string, overrides: Override[] = []) {
  const doc = builtinScenarios.find((s) => s.id === id)!.doc;
  const applied = applyOverrides(doc, overrides);
  if (!applied.ok) throw new Error(applied.error.message);
  const parsed = parseScenario(applied.value);
  if (!parsed.ok) throw new Error(parsed.error[0]!.message);
  const session = new Session(parsed.value);
  session.seek(parsed.value.limits.maxCycles);
  const text = [parsed.value.summary, ...parsed.value.walkthrough.map((n) => n.note)].join('\n');
  // Each model's statistics have their own shape; the checks below read what they quote.
  return { stats: session.stats() as unknown as Record<string, unknown>, text };
}

interface CraniumMessage {
  commandAt: number;
  sentAll: number;
  completedAt: number;
  notifiedAt: number;
  latency: number;
  throughput: number;
  bytes: number;
  arrivals: number[];
}
const messages = (stats: Record<string, unknown>) => stats.messages as CraniumMessage[];

describe('the numbers the lectures quote', () => {
  it('E4: about 6, 4.5, 3.5 and 2.5 bus transactions per message as the optimisations go on', () => {
    const perMessage = (lazyPointers: boolean, validBits: boolean, senseReverse: boolean) =>
      runToEnd('cni-local-queue', [
        { path: 'system.optimisations', value: { lazyPointers, validBits, senseReverse } },
      ]).stats.transactionsPerMessage as number;
    const measured = [
      perMessage(false, false, false),
      perMessage(true, false, false),
      perMessage(true, true, false),
      perMessage(true, true, true),
    ];
    const quoted = [6, 4.5, 3.5, 2.5];
    measured.forEach((m, i) =>
      expect(Math.abs(m - quoted[i]!), `run ${i}: ${m}`).toBeLessThan(0.25),
    );
    expect([...measured].sort((a, b) => b - a)).toEqual(measured);
    expect(runToEnd('cni-local-queue').text).toContain('6, 4.5, 3.5');
  });

  it('F6: sequence 5 overtakes 4, the last to land; complete at 384, notified at 397', () => {
    const { stats, text } = runToEnd('cranium-out-of-order');
    const [m] = messages(stats);
    expect(m!.arrivals.indexOf(5)).toBeLessThan(m!.arrivals.indexOf(4));
    expect(m!.arrivals.at(-1)).toBe(4);
    expect(m!.completedAt).toBe(384);
    expect(m!.notifiedAt).toBe(397);
    expect(text).toContain('The last packet to land is sequence 4');
  });

  it('F8: 8,192 bytes in 2,875 cycles, 2.85 B/cycle, 98% of the 2.91 B/cycle link', () => {
    const { stats, text } = runToEnd('cranium-long-message');
    const [m] = messages(stats);
    expect(m!.bytes).toBe(8192);
    expect(m!.latency).toBe(2875);
    expect(m!.sentAll).toBe(2841);
    expect(m!.notifiedAt).toBe(2917);
    expect(m!.throughput.toFixed(2)).toBe('2.85');
    expect(Math.round((100 * m!.throughput) / (32 / 11))).toBe(98);
    expect(text).toContain('8,192 bytes in 2,875 cycles');
  });

  it('F11: under FCFS the long message ends at 2,876 and the short one waits until 2,892; round robin frees it', () => {
    const fcfs = messages(runToEnd('cranium-scheduler').stats);
    expect(fcfs[0]!.notifiedAt).toBe(2876);
    expect(fcfs[1]!.notifiedAt).toBe(2892);
    expect(fcfs[1]!.commandAt - fcfs[0]!.commandAt).toBe(10);
    const rr = messages(
      runToEnd('cranium-scheduler', [{ path: 'system.scheduler', value: 'rr' }]).stats,
    );
    // "Leaves within a packet time or two", and the long message "hardly slows down".
    expect(rr[1]!.notifiedAt - rr[1]!.commandAt).toBeLessThan(100);
    expect(rr[0]!.notifiedAt - fcfs[0]!.notifiedAt).toBeLessThanOrEqual(22);
  });

  it('chaos against dimension-order: 0.624 against 0.420 accepted over the traffic window', () => {
    const dor = runToEnd('chaos-vs-dor');
    const chaos = runToEnd('chaos-vs-dor', [{ path: 'system.router', value: 'chaos' }]);
    expect((dor.stats.acceptedLoad as number).toFixed(3)).toBe('0.420');
    expect((chaos.stats.acceptedLoad as number).toFixed(3)).toBe('0.624');
    expect(dor.text).toContain('0.624 against 0.420');
  });

  it('EDT: the one-way latencies and transaction counts the B1 notes quote', () => {
    const latency = (id: string, overrides: Override[] = []) => {
      const run = runToEnd(id, overrides);
      return { ...run, oneWay: (run.stats.latency as { oneWay: number }).oneWay };
    };
    const eager = latency('edt-eager-send');
    expect(eager.oneWay).toBe(5504);
    expect(eager.text).toContain('5,504');
    expect(latency('edt-gap').oneWay).toBe(6517);
    expect(latency('edt-gap').text).toContain('6,517');
    expect(latency('edt-retry-vs-intv').oneWay).toBe(6937);
    expect(latency('edt-retry-vs-intv').text).toContain('6,937');
    const thrash = latency('edt-thrash');
    expect(thrash.oneWay).toBe(13569);
    const perBlock = (thrash.stats.nodes as { sendTxnsPerBlock: number }[])[0]!.sendTxnsPerBlock;
    expect(perBlock * 2).toBe(64);
    expect(thrash.text).toContain('2·B·W = 2 × 2 × 16 = 64');
    const sweep = latency('edt-size-sweep');
    expect((sweep.stats.perMessage as { latency: number }[])[0]!.latency).toBe(12409);
    expect(sweep.text).toContain('12,409');
  });
});

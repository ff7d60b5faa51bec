/**
 * The EDT model (seed 002) piece by piece: its scenario fields and their coded errors, the share
 * link carrying every setting, the TAG table, the write orders, the NI's own block table, and the
 * transactions each NI puts on the bus for one message — the counts the paper's §5 and §2 argue
 * [002 L43, L134-138] — with the invariants quiet and every message received.
 */
import { describe, expect, it } from 'vitest';
import { findBuiltin } from '../../scenarios/index';
import { createStream } from '../../sim-core/kernel/rng';
import { moduleOf, parseScenario, Session } from '../../sim-core/index';
import { decodeLink, encodeLink } from '../../sim-core/scenario/share-link';
import { edtNiProtocol } from '../../sim-core/ni/edt/edt-protocol';
import { layoutOf, tagLookup } from '../../sim-core/ni/edt/layout';
import { storeOrder } from '../../sim-core/ni/edt/via';
import type { EdtStats } from '../../sim-core/ni/edt/edt-stats';
import type { EdtFrame } from '../../sim-core/ni/edt/edt-frame';
import { EdtSystem } from '../../sim-core/ni/edt/edt-system';
import type { EdtScenario } from '../../sim-core/ni/edt/edt-schema';
import { edtModel } from '../../sim-core/ni/edt/module';
import { MESI } from '../../sim-core/memory/protocols/mesi';
import type { EdtModelEvent } from '../../sim-core/ni/edt/edt-events';

const REGIONS = {
  send: { base: '0x10000', bytes: 256 },
  recv: { base: '0x20000', bytes: 256 },
  descriptors: { base: '0x30000', bytes: 256 },
  cq: { base: '0x30100', bytes: 128 },
};

const doc = (system: Record<string, unknown> = {}, via: Record<string, unknown> = {}) => ({
  version: 1,
  id: 'edt-test',
  title: 'EDT test',
  system: { kind: 'edt', regions: REGIONS, ...system },
  workload: { via: { kind: 'send', bytes: 256, ...via } },
  limits: { maxCycles: 200_000 },
});

function issues(d: unknown) {
  const r = parseScenario(d);
  return r.ok ? [] : r.error.map((i) => `${i.code} ${i.path}`);
}

function run(system: Record<string, unknown> = {}, via: Record<string, unknown> = {}) {
  const parsed = parseScenario(doc(system, via));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  const s = new Session(parsed.value);
  s.seek(parsed.value.limits.maxCycles);
  const events = s.eventsUpToNow();
  const sendTxns = events
    .filter((e) => e.kind === 'edt.txn' && e.node === 0 && e.target.startsWith('send['))
    .map((e) => (e.kind === 'edt.txn' ? e.txnKind : ''));
  return { s, events, stats: s.stats() as EdtStats, sendTxns };
}

const count = (kinds: string[]) =>
  Object.fromEntries([...new Set(kinds)].map((k) => [k, kinds.filter((x) => x === k).length]));

describe('the EDT scenario fields', () => {
  it('accepts the defaults and names each bad field with its code', () => {
    expect(issues(doc())).toEqual([]);
    expect(issues(doc({ regions: { ...REGIONS, recv: REGIONS.send } }))).toEqual([
      'SCN015 system.regions.recv.base',
    ]);
    expect(issues(doc({ regions: { ...REGIONS, cq: { base: '0x30110', bytes: 128 } } }))).toEqual([
      'SCN015 system.regions.cq.base',
    ]);
    expect(issues(doc({}, { bytes: 300 }))).toEqual([
      'SCN015 workload.via.bytes',
      'SCN015 workload.via.bytes',
    ]);
    expect(issues(doc({ dma: { rate: 0 } }))).toEqual(['SCN003 system.dma.rate']);
    expect(issues(doc({ dma: { rate: 1.25 } }))).toEqual(['SCN003 system.dma.rate']);
    expect(issues(doc({ blockBytes: 96 }))).toEqual(['SCN009 system.blockBytes']);
    expect(issues(doc({ ni: 'CNI16Q' }))).toEqual(['SCN006 system.ni']);
  });

  it('the messages say what is wrong in words, naming the regions', () => {
    const r = parseScenario(doc({ regions: { ...REGIONS, recv: REGIONS.send } }));
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.error[0]!.message).toBe(
        'registered region recv [0x10000, 0x10100) overlaps send [0x10000, 0x10100)',
      );
  });

  it('a share link carries every EDT setting: NI, modes, costs, DMA and the workload', () => {
    const overrides = [
      { path: 'system.ni', value: 'CC-DMA_retry' },
      { path: 'system.receiveMode', value: 'coherent' },
      { path: 'system.assertShared', value: false },
      { path: 'system.dma', value: { rate: 0.5, init: 3, intr: 4, rateScalesSetup: true } },
      { path: 'system.costs', value: { ni: { fetchDelay: 2 }, host: { store: 2 } } },
      { path: 'workload.via.order', value: 'stride' },
      { path: 'workload.via.storeGap', value: 120 },
      { path: 'workload.via.payload', value: 'prepared-dirty' },
    ];
    const state = {
      source: { kind: 'builtin' as const, id: 'edt-eager-send', overrides },
      seed: 3,
      cycle: 40,
      views: ['via' as const, 'edtni' as const],
    };
    const back = decodeLink(encodeLink(state));
    expect(back?.ok && back.value).toEqual(state);
  });
});

describe('the EDT NI', () => {
  it('maps a registered host address to its NI address through the TAG entry', () => {
    const layout = layoutOf(
      {
        send: { base: 0x10000, bytes: 256 },
        recv: { base: 0x20000, bytes: 256 },
        descriptors: { base: 0x30000, bytes: 256 },
        cq: { base: 0x30100, bytes: 128 },
      },
      128,
    );
    expect(layout.tags.map((t) => [t.region, t.sna, t.ena])).toEqual([
      ['send', 0, 0xff],
      ['recv', 0x100, 0x1ff],
      ['descriptors', 0x200, 0x2ff],
      ['cq', 0x300, 0x37f],
    ]);
    expect(tagLookup(layout, 0x10088)).toEqual({ entry: 0, niAddr: 0x88 });
    expect(tagLookup(layout, 0x30100)).toEqual({ entry: 3, niAddr: 0x300 });
    expect(tagLookup(layout, 0x40000)).toBeNull();
  });

  it('has a total table per receive mode, and the counterfactual is the same table without SHARED', () => {
    const coherent = edtNiProtocol('coherent', true);
    const dma = edtNiProtocol('dma-engine', true);
    expect(coherent.stateOrder).toEqual(['M', 'S', 'I', 'SM_A']);
    expect(dma.stateOrder).toEqual(['S', 'I', 'V']);
    const cell = (p: typeof dma, s: string, e: 'HostRead' | 'HostWrite' | 'NetData' | 'WbDone') =>
      p.table[s]![e];
    expect(cell(dma, 'S', 'HostWrite')).toMatchObject({ next: 'I', actions: ['scheduleFetch'] });
    expect(cell(dma, 'S', 'NetData')).toMatchObject({ next: 'V', actions: ['fill', 'writeBack'] });
    expect(cell(dma, 'V', 'WbDone')).toMatchObject({ next: 'I' });
    expect(cell(dma, 'I', 'HostRead')).toMatchObject({ actions: ['assertShared'] });
    expect(cell(edtNiProtocol('dma-engine', false), 'I', 'HostRead')).toMatchObject({
      actions: [],
    });
  });

  it('writes a message in the order asked: blocks reversed, or a stride of one block', () => {
    const rng = createStream(1, 'x');
    expect(storeOrder('sequential', 6, 4, rng)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(storeOrder('reverse', 6, 4, rng)).toEqual([4, 5, 0, 1, 2, 3]);
    expect(storeOrder('stride', 6, 4, rng)).toEqual([0, 4, 1, 5, 2, 3]);
    expect([...storeOrder('random', 6, 4, rng)].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('one message, each NI: the transactions on the send buffer', () => {
  it('EDT: one INV by the host and one RD by the NI per block, and no DMA', () => {
    const { sendTxns, stats, events } = run({ ni: 'EDT' });
    expect(count(sendTxns)).toEqual({ INV: 2, RD: 2 });
    expect(stats.dma).toBeNull();
    expect(events.some((e) => e.kind === 'dma.phase')).toBe(false);
    expect(stats.messages.delivered).toBe(1);
  });

  it('CC-DMA by intervention: the user’s INV and one DMA read the cache supplies', () => {
    const { sendTxns, events } = run({ ni: 'CC-DMA_intv' });
    expect(count(sendTxns)).toEqual({ INV: 2, DMARD: 2 });
    const reads = events.filter((e) => e.kind === 'dma.block' && e.node === 0 && e.dir === 'read');
    expect(reads.map((e) => e.kind === 'dma.block' && e.source)).toEqual(['P', 'P', 'P']);
  });

  it('CC-DMA by retry: RETRY, the owner’s write-back and the DMA’s second read per dirty block', () => {
    const { sendTxns, stats } = run({ ni: 'CC-DMA_retry' });
    expect(count(sendTxns)).toEqual({ INV: 2, RETRY: 2, WB: 2, DMARD: 2 });
    expect(stats.nodes[0]!.sendTxnsPerBlock).toBe(4);
    expect(stats.dma!.retries).toBeGreaterThanOrEqual(3);
  });

  it('a clean payload costs retry nothing more than intervention', () => {
    const latency = (ni: string) => run({ ni }, { payload: 'prepared-clean' }).stats.latency.oneWay;
    const retry = run({ ni: 'CC-DMA_retry' }, { payload: 'prepared-clean' });
    expect(
      retry.events.filter(
        (e) => e.kind === 'edt.txn' && e.txnKind === 'RETRY' && e.target.startsWith('send['),
      ),
    ).toEqual([]);
    // Only the descriptor, written by Send2 just before the doorbell, is still refused.
    expect(latency('CC-DMA_retry')! - latency('CC-DMA_intv')!).toBeLessThan(200);
  });

  it('a non-coherent DMA delivers stale bytes, shown as such; a software flush repairs it', () => {
    const stale = run({ ni: 'DMA_noncoherent' });
    expect(stale.events.filter((e) => e.kind === 'invariant.violation')).toEqual([]);
    expect(stale.events.some((e) => e.kind === 'edt.stale' && e.where === 'receiver')).toBe(true);
    expect(stale.stats.messages.stale).toBe(1);
    const flushed = run({ ni: 'DMA_noncoherent', flush: true });
    expect(flushed.events.some((e) => e.kind === 'edt.stale')).toBe(false);
    expect(count(flushed.sendTxns)).toMatchObject({ WB: 2, DMARD: 2 });
  });

  it('coherent receive: the NI invalidates the host, owns the blocks and supplies them', () => {
    const { events } = run({ ni: 'EDT', receiveMode: 'coherent' });
    const recv0 = events.filter(
      (e) => e.kind === 'edt.st' && e.node === 1 && e.target === 'recv[0]',
    );
    expect(recv0.map((e) => e.kind === 'edt.st' && `${e.from}→${e.to}`)).toEqual([
      'S→SM_A',
      'SM_A→M',
      'M→S',
    ]);
    const read = events.find(
      (e) => e.kind === 'edt.txn' && e.node === 1 && e.agent === 'P' && e.target === 'recv[0]',
    );
    expect(read?.kind === 'edt.txn' && read.source).toBe('CC');
  });

  it('the VIA steps fire in order, and the EDT NI skips Send4 and Send5', () => {
    const steps = (ni: string) =>
      run({ ni })
        .events.filter((e) => e.kind === 'via.step' && e.msg === 0 && e.step.startsWith('Send'))
        .map((e) => (e.kind === 'via.step' ? e.step : ''));
    expect(steps('CC-DMA_intv')).toEqual([
      'Send1',
      'Send2',
      'Send3',
      'Send4',
      'Send5',
      'Send6',
      'Send7',
    ]);
    expect(steps('EDT')).toEqual(['Send1', 'Send2', 'Send3', 'Send6', 'Send7']);
  });
});

describe('what the views read', () => {
  it('the frame lights the TAG entry matched this cycle, beside host and NI states', () => {
    const parsed = parseScenario(findBuiltin('edt-eager-send')!.doc);
    if (!parsed.ok) throw new Error('edt-eager-send');
    const s = new Session(parsed.value);
    s.seek(123);
    const frame = s.view().frame as EdtFrame;
    const host0 = frame.nodes[0]!;
    expect(host0.tagHit).toMatchObject({ entry: 0, cycle: 123, txnKind: 'RD', by: 'CC' });
    const block = host0.blocks.find((b) => b.name === 'send[0]')!;
    expect([block.host, block.ni, block.pendingFetch]).toEqual(['S', 'I', true]);
    expect(moduleOf('edt').capabilities.dma!(frame as never)).toEqual([]);
  });

  it('the DMA card sees a CC-DMA NI’s engines; the protocol view the hosts’ MESI and its cells', () => {
    const parsed = parseScenario(findBuiltin('edt-gap')!.doc);
    if (!parsed.ok) throw new Error('edt-gap');
    const s = new Session(parsed.value);
    s.seek(1520);
    const caps = moduleOf('edt').capabilities;
    const engines = caps.dma!(s.view().frame as never);
    expect(engines.map((e) => [e.node, e.state])).toEqual([
      [0, 'exec'],
      [1, 'idle'],
    ]);
    // A DMA NI keeps no block table: the protocol view shows the hosts' MESI, lit by edt.coh.
    expect(caps.protocol!(s.meta as never).name).toBe('MESI');
    const fired = caps.protocolFired!(s.eventsUpToNow() as never, s.meta as never);
    expect(fired.length).toBeGreaterThan(0);
    expect(fired.every((c) => /^(P|DMA)@[01] /.test(c.who))).toBe(true);
    expect(fired.every((c) => MESI.states[c.from] && MESI.states[c.to])).toBe(true);
  });

  it('the EDT NI’s run shows the NI’s own block table, lit by its status changes', () => {
    const parsed = parseScenario(findBuiltin('edt-eager-send')!.doc);
    if (!parsed.ok) throw new Error('edt-eager-send');
    const s = new Session(parsed.value);
    s.seek(263);
    const caps = moduleOf('edt').capabilities;
    expect(caps.protocol!(s.meta as never).name).toBe('EDT NI (DMA-engine receive)');
    const fired = caps.protocolFired!(s.eventsUpToNow() as never, s.meta as never);
    expect(fired.length).toBeGreaterThan(0);
    expect(fired.every((c) => c.who.startsWith('NI@'))).toBe(true);
  });
});

describe('the progress watchdog', () => {
  /** A one-way send whose receiver's posted receive is lost once VI-MSG has taken it in. */
  function stuckReceiver(watchdog: number) {
    const parsed = parseScenario({ ...doc(), checks: { stallWatchdog: watchdog } });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
    const sys = new EdtSystem(edtModel.configOf(parsed.value as unknown as EdtScenario));
    const events: EdtModelEvent[] = [];
    let dropped = false;
    while (!sys.state.halted && sys.state.cycle < 60_000) {
      events.push(...sys.step());
      const ni = sys.state.nodes[1]!.ni;
      if (!dropped && ni.posted > 0) {
        ni.posted = 0;
        dropped = true;
      }
    }
    return { sys, dropped, stalls: events.filter((e) => e.kind === 'sim.stall') };
  }

  it('reports a message no receive is posted for, once, naming where each host waits', () => {
    const { sys, dropped, stalls } = stuckReceiver(500);
    expect(dropped).toBe(true);
    expect(sys.state.halted).toBe(false);
    expect(stalls).toHaveLength(1);
    expect(stalls[0]).toMatchObject({
      quietCycles: sys.quietLimit,
      progress: 'no message has taken a step, been written or moved a block',
    });
    expect(stalls[0]!.kind === 'sim.stall' && stalls[0]!.waiting).toContain(
      'host 1: P in via.recv',
    );
    expect(stalls[0]!.kind === 'sim.stall' && stalls[0]!.waiting).toContain(
      '1 arrived, no receive posted',
    );
  });

  it('waits past the longest work the scenario prescribes: VI-MSG, the DMA, the gaps', () => {
    expect(stuckReceiver(500).sys.quietLimit).toBeGreaterThan(500 + 240 * 10);
  });

  it('stays quiet through a slow producer: 400 cycles between stores, a 10-cycle watchdog', () => {
    const parsed = parseScenario({
      ...doc({ ni: 'CC-DMA_retry' }, { storeGap: 400, order: 'stride' }),
      checks: { stallWatchdog: 10 },
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
    const sys = new EdtSystem(edtModel.configOf(parsed.value as unknown as EdtScenario));
    const stalls: EdtModelEvent[] = [];
    while (!sys.state.halted && sys.state.cycle < 200_000)
      stalls.push(...sys.step().filter((e) => e.kind === 'sim.stall'));
    expect(sys.state.halted).toBe(true);
    expect(stalls).toEqual([]);
  });
});

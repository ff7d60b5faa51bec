/**
 * FLASH's soak family (seed 003): MAGIC's transfers under each transfer handler, network and
 * lane setting, with random machines (2–4 nodes, queue depths, data buffers, operations at once,
 * inbox order, chunk factor, coherence, address validity) and random transfers (sizes up to 16 KB,
 * aligned or not, receives posted larger than the transfer, sources uncached, clean, dirty or dirty
 * at a third node). Every line of every transfer must arrive once, at its receiver, and the run
 * must end with every program finished. The naive handler, which spins on a full output queue, and
 * a single lane, where requests can block the replies that would drain them, are built to show a
 * deadlock: there MAGIC's watchdog ends the run "waiting for ever", which is expected.
 */
import fc from 'fast-check';
import { parseScenario } from '../../sim-core/scenario/parse';
import type { FlashScenario } from '../../sim-core/ni/flash/flash-schema';
import { FlashSystem } from '../../sim-core/ni/flash/flash-system';
import { componentCount, LINE_BYTES } from '../../sim-core/ni/flash/geometry';
import { flashModel } from '../../sim-core/ni/flash/module';
import { bump, cleanAudit, neverEnded, note, type RunAudit, type SoakFamily } from './family';

export interface FlashSoakConfiguration {
  label: string;
  handler: 'chunked' | 'naive';
  network: 'pipe' | 'torus';
  lanes: 1 | 2;
  /** Built to show a deadlock: MAGIC's watchdog may end the run. */
  mayDeadlock: boolean;
}

const configurations: FlashSoakConfiguration[] = (['chunked', 'naive'] as const).flatMap(
  (handler) =>
    (['pipe', 'torus'] as const).flatMap((network) =>
      ([2, 1] as const).map((lanes) => ({
        label: `${handler} · ${network} · ${lanes} lane${lanes === 1 ? '' : 's'}`,
        handler,
        network,
        lanes,
        mayDeadlock: handler === 'naive' || lanes === 1,
      })),
    ),
);

const transfer = fc.record({
  from: fc.nat(),
  to: fc.nat(),
  lines: fc.integer({ min: 1, max: 128 }),
  aligned: fc.boolean(),
  /** Unaligned: bytes short of whole lines, offsets in doublewords. */
  short: fc.integer({ min: 0, max: LINE_BYTES - 8 }),
  srcOffset: fc.integer({ min: 0, max: LINE_BYTES / 8 - 1 }),
  dstOffset: fc.integer({ min: 0, max: LINE_BYTES / 8 - 1 }),
  extraCredit: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 4096 })),
  sender: fc.constantFrom('uncached', 'clean', 'dirty', 'remote'),
  receiver: fc.constantFrom('uncached', 'clean', 'dirty'),
});

const machine = fc.record({
  nodes: fc.integer({ min: 2, max: 4 }),
  transfers: fc.array(transfer, { minLength: 1, maxLength: 6 }),
  chunk: fc.integer({ min: 1, max: 8 }),
  coherence: fc.constantFrom('collect', 'pipelined'),
  addressValidity: fc.constantFrom('invalidation', 'hold-off'),
  inbox: fc.constantFrom('round-robin', 'reply-first'),
  queues: fc.record({
    processor: fc.integer({ min: 1, max: 8 }),
    networkIn: fc.integer({ min: 1, max: 8 }),
    networkOut: fc.integer({ min: 1, max: 8 }),
  }),
  dataBuffers: fc.integer({ min: 2, max: 16 }),
  maxOps: fc.integer({ min: 1, max: 4 }),
  window: fc.integer({ min: 1, max: 8 }),
  latency: fc.integer({ min: 1, max: 200 }),
  seed: fc.nat(),
});
export type FlashMachine = typeof machine extends fc.Arbitrary<infer M> ? M : never;

/** The scenario: transfers between distinct nodes; a source dirty at a third node needs three. */
export function flashScenario(c: FlashSoakConfiguration, m: FlashMachine): unknown {
  const transfers = m.transfers.map((t) => {
    const from = t.from % m.nodes;
    const to = (from + 1 + (t.to % (m.nodes - 1))) % m.nodes;
    const owner = [0, 1, 2, 3].find((n) => n < m.nodes && n !== from && n !== to);
    const bytes = t.aligned ? t.lines * LINE_BYTES : Math.max(8, t.lines * LINE_BYTES - t.short);
    return {
      from,
      to,
      bytes,
      receiveBytes: Math.min(65_536, bytes + t.extraCredit),
      aligned: t.aligned,
      srcOffset: t.aligned ? 0 : t.srcOffset * 8,
      dstOffset: t.aligned ? 0 : t.dstOffset * 8,
      sender: t.sender === 'remote' && owner === undefined ? 'dirty' : t.sender,
      receiver: t.receiver,
      ...(t.sender === 'remote' && owner !== undefined ? { owner } : {}),
    };
  });
  return {
    version: 1,
    id: 'soak-flash',
    title: 'soak',
    seed: m.seed,
    system: {
      kind: 'flash',
      nodes: m.nodes,
      handler: c.handler,
      chunk: m.chunk,
      coherence: m.coherence,
      addressValidity: m.addressValidity,
      network: { kind: c.network, lanes: c.lanes, window: m.window, latency: m.latency },
      queues: m.queues,
      dataBuffers: m.dataBuffers,
      maxOps: m.maxOps,
      inbox: m.inbox,
    },
    workload: { transfers },
  };
}

export function auditFlash(c: FlashSoakConfiguration, doc: unknown, maxCycles: number): RunAudit {
  const parsed = parseScenario(doc);
  if (!parsed.ok)
    throw new Error(`soak: a FLASH scenario the schema refuses: ${JSON.stringify(parsed.error)}`);
  const scenario = parsed.value as unknown as FlashScenario;
  const sim = new FlashSystem(flashModel.configOf(scenario));
  const a = cleanAudit({ messages: true, order: false });
  const got = new Set<string>();
  let waits = false;
  while (!sim.state.halted && sim.state.cycle < maxCycles)
    for (const e of sim.step()) {
      const at = sim.state.cycle;
      if (e.kind === 'invariant.violation') {
        a.violations++;
        note(a, `cycle ${at}: ${e.rule} invariant: ${e.detail}`);
      } else if (e.kind === 'flash.recvLine') {
        const key = `${e.transfer}:${e.component}`;
        if (got.has(key)) {
          a.duplicated = bump(a.duplicated);
          note(a, `transfer ${e.transfer}: line ${e.component} arrived twice`);
        }
        got.add(key);
        const to = scenario.workload.transfers[e.transfer]!.to;
        if (e.node !== to) {
          a.misdelivered = bump(a.misdelivered);
          note(a, `transfer ${e.transfer} for node ${to}: a line arrived at node ${e.node}`);
        }
      } else if (e.kind === 'sim.halt' && e.reason === 'a program waits forever') waits = true;
      else if (e.kind === 'sim.stall') a.stalls++;
    }
  a.cycles = sim.state.cycle;
  const lines = scenario.workload.transfers.reduce((n, t) => n + componentCount(t), 0);
  if (waits) {
    a.stalls++;
    if (c.mayDeadlock) a.expectedStalls++;
    else note(a, `cycle ${a.cycles}: MAGIC's watchdog: a program waits for ever`);
  } else if (sim.state.halted) {
    if (got.size !== lines) {
      a.lost = lines - got.size;
      note(a, `halted with ${got.size} of ${lines} lines arrived`);
    }
  } else {
    a.unfinished = lines - got.size;
    note(a, `${neverEnded(maxCycles)}: ${lines - got.size} lines not arrived`);
  }
  return a;
}

export const flashSoak: SoakFamily<FlashSoakConfiguration, FlashMachine> = {
  name: 'flash',
  title: "FLASH's MAGIC (seed 003): handler · network · lanes",
  configurations,
  skipped: [],
  orderNote: 'not promised: components are placed by sequence number',
  runCycles: 2_000_000,
  runs: () => machine,
  audit: (c, m, maxCycles) => auditFlash(c, flashScenario(c, m), maxCycles),
};

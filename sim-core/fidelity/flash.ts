/**
 * Fidelity of the FLASH model against seed 003 (round2-spec §B2.4; docs/fidelity/flash.md): Table
 * 1's fixed cost, Fig. 6's 4 KB times and peaks, the network's 40 cycles a line, Table 3's eight
 * uni- and bidirectional times, the global-coherence times, and the orderings (the bottleneck by
 * state, the chunking curve, unaligned slower, bidirectional above unidirectional). Every number
 * is measured by running scenarios through the same schema and model as the app.
 */
import type { FlashEventBody } from '../ni/flash/flash-events';
import type { FlashStats } from '../ni/flash/flash-frame';
import type { FlashScenario } from '../ni/flash/flash-schema';
import { FlashSystem } from '../ni/flash/flash-system';
import { flashConfigOf } from '../ni/flash/module';
import { parseScenario } from '../scenario/parse';
import type { FidelityRow, RowOrigin } from './fidelity';

type Sender = 'uncached' | 'clean' | 'dirty' | 'remote';
type Receiver = 'uncached' | 'clean' | 'dirty';

export interface FlashRun {
  bytes?: number;
  sender?: Sender;
  receiver?: Receiver;
  chunk?: number;
  bidirectional?: boolean;
  /** Table 3's runs include the library's 0.6 µs [calibrated] (docs/fidelity/flash.md). */
  library?: boolean;
  coherence?: 'collect' | 'pipelined';
  srcOffset?: number;
}

export interface FlashResult {
  stats: FlashStats;
  /** PP cycles of each transfer-handler invocation on node 0, in order. */
  invocations: number[];
  /** PP cycles of each component handler on node 1. */
  receives: number[];
}

function scenarioOf(r: FlashRun): unknown {
  const bytes = r.bytes ?? 4096;
  const one = (from: number, to: number) => ({
    from,
    to,
    bytes,
    sender: r.sender ?? 'uncached',
    receiver: r.receiver ?? 'uncached',
    ...(r.sender === 'remote' ? { owner: 2 } : {}),
    ...(r.srcOffset ? { aligned: false, srcOffset: r.srcOffset } : {}),
  });
  return {
    version: 1,
    id: 'fidelity-flash',
    title: 'FLASH transfer',
    topic: 'flash',
    system: {
      kind: 'flash',
      nodes: r.sender === 'remote' ? 3 : 2,
      chunk: r.chunk ?? 4,
      coherence: r.coherence ?? 'pipelined',
      costs: r.library ? { libraryOverhead: 60 } : {},
    },
    workload: { transfers: r.bidirectional ? [one(0, 1), one(1, 0)] : [one(0, 1)] },
    limits: { maxCycles: 200_000 },
  };
}

const cache = new Map<string, FlashResult>();

/** Runs a transfer to its end (memoised: the tool and the tests share the runs). */
export function runFlash(r: FlashRun): FlashResult {
  const key = JSON.stringify(r);
  const hit = cache.get(key);
  if (hit) return hit;
  const parsed = parseScenario(scenarioOf(r));
  if (!parsed.ok) throw new Error(parsed.error.map((e) => `${e.path}: ${e.message}`).join('; '));
  const sys = new FlashSystem(flashConfigOf(parsed.value as FlashScenario));
  const invocations: number[] = [];
  const receives: number[] = [];
  while (!sys.state.halted && sys.state.cycle < 200_000)
    for (const e of sys.step() as FlashEventBody[]) {
      if (e.kind !== 'flash.handler' || e.op !== 'end') continue;
      if (e.node === 0 && e.handler === 'transfer') invocations.push(e.busy);
      if (e.node === 1 && e.handler === 'component') receives.push(e.busy);
    }
  const result = { stats: sys.stats(), invocations, receives };
  cache.set(key, result);
  return result;
}

const µs = (cycles: number) => cycles / 100;
const near = (ours: number, paper: number, tol: number) => Math.abs(ours - paper) <= tol * paper;
const round = (x: number, digits = 1) => Number(x.toFixed(digits));

function transferCycles(r: FlashRun): number {
  const t = runFlash(r).stats.transfers;
  const worst = Math.max(...t.map((x) => x.cycles));
  if (t.some((x) => x.cycles < 0))
    throw new Error(`a transfer did not finish: ${JSON.stringify(r)}`);
  return worst;
}

/**
 * The sender's marginal PP time a line (Fig. 10): the transfer handler's invocations after the
 * first (which carries the set-up) over the lines they sent, on a 64-line transfer.
 */
export function senderPerLine(sender: Sender, chunk: number, srcOffset = 0): number {
  const { invocations } = runFlash({ bytes: 8192, sender, chunk, srcOffset });
  const later = invocations.slice(1);
  return later.reduce((a, b) => a + b, 0) / (64 - chunk);
}

/** The receiver's PP time a component (its handler's occupancy, the last line's clean-up aside). */
export function receiverPerLine(receiver: Receiver): number {
  const { receives } = runFlash({ receiver });
  const normal = receives.slice(0, -1);
  return normal.reduce((a, b) => a + b, 0) / normal.length;
}

function tableOneRow(): FidelityRow {
  const t1 = runFlash({ bytes: 128 }).stats.transfers[0]!.table1!;
  const composed = t1.initiation === 41 && t1.setup === 116 && t1.cleanup === 58;
  const emergent = near(t1.initialLine, 24, 0.1) && near(t1.network, 45, 0.1);
  return {
    id: 'flash.t1.total',
    source: 'seed 003 Table 1 [L83-84]',
    metric: `fixed cost of a 1-line transfer: initiation ${t1.initiation} + set-up ${t1.setup} + initial line ${t1.initialLine} + network and queueing ${t1.network} + clean-up ${t1.cleanup} (41 + 116 + 24 + 45 + 58)`,
    paper: 284,
    ours: t1.fixed,
    tolerance: 'exact; 41/116/58 composed, 24 and 45 emergent ±10 %',
    kind: 'Q',
    origin: 'composed',
    pass: t1.fixed === 284 && composed && emergent,
  };
}

function fourKbRow(id: string, sender: Sender, paper: number, origin: RowOrigin): FidelityRow {
  const ours = round(µs(transferCycles({ sender })), 2);
  return {
    id,
    source: 'seed 003 Fig. 6 [L84]',
    metric: `4 KB (32 lines), sender ${sender}, receiver uncached, C4, receive posted: µs from the command sequence to the receiver's clean-up`,
    paper,
    ours,
    tolerance: '±2 %',
    kind: 'Q',
    origin,
    pass: near(ours, paper, 0.02),
  };
}

function peakRow(sender: Sender, paper: number): FidelityRow {
  const perLine = runFlash({ sender }).stats.transfers[0]!.perLine;
  const ours = round((128 / (perLine * 10)) * 1000, 0);
  return {
    id: `flash.peak.${sender}`,
    source: 'seed 003 [L77, L84]',
    metric: `MB/s during the transfer phase (128 B over the steady ${round(perLine)} cycles a line), sender ${sender}`,
    paper,
    ours,
    tolerance: '±3 %',
    kind: 'Q',
    origin: 'emergent',
    pass: near(ours, paper, 0.03),
  };
}

function perLineRow(): FidelityRow {
  const s = runFlash({}).stats.transfers[0]!;
  const amortised = s.cycles / 32;
  return {
    id: 'flash.net.perLine',
    source: 'seed 003 [L77, L85]',
    metric: `cycles a line: the steady interval ${round(s.perLine)}, and with the start-up amortised ${round(amortised)} (the seed: 40, 48.7)`,
    paper: '40 / 48.7',
    ours: `${round(s.perLine)} / ${round(amortised)}`,
    tolerance: '±1 %',
    kind: 'Q',
    origin: 'emergent',
    pass: near(s.perLine, 40, 0.01) && near(amortised, 48.7, 0.01),
  };
}

/** Which Table 3 rows a parameter was fitted to (the library's 0.6 µs, the receiver's handler). */
const T3_ORIGIN: Readonly<Record<string, RowOrigin>> = {
  'flash.t3.U.U.uni': 'calibrated',
  'flash.t3.U.U.bi': 'calibrated',
};

/** Table 3 [L148-157]: sender and receiver states, one way and both ways at once. */
export const TABLE_3 = [
  { sender: 'uncached', receiver: 'uncached', uni: 16.2, bi: 23.6 },
  { sender: 'uncached', receiver: 'clean', uni: 16.3, bi: 27.0 },
  { sender: 'dirty', receiver: 'uncached', uni: 18.3, bi: 27.8 },
  { sender: 'dirty', receiver: 'clean', uni: 18.4, bi: 29.7 },
] as const;

function tableThreeRows(): FidelityRow[] {
  const letter = (s: string) => s[0]!.toUpperCase();
  return TABLE_3.flatMap((row) =>
    (['uni', 'bi'] as const).map((way): FidelityRow => {
      const id = `flash.t3.${letter(row.sender)}.${letter(row.receiver)}.${way}`;
      const ours = round(
        µs(
          transferCycles({
            sender: row.sender,
            receiver: row.receiver,
            bidirectional: way === 'bi',
            library: true,
          }),
        ),
        2,
      );
      const pass = near(ours, row[way], 0.05);
      return {
        id,
        source: 'seed 003 Table 3 [L148-157]',
        metric: `32 lines, sender ${row.sender}, receiver ${row.receiver}, ${way === 'bi' ? 'both nodes sending at once' : 'one way'}, with the library's 0.6 µs: µs`,
        paper: row[way],
        ours,
        tolerance: '±5 %',
        kind: 'Q',
        origin: T3_ORIGIN[id] ?? 'emergent',
        pass,
      };
    }),
  );
}

function globalRows(): FidelityRow[] {
  return (
    [
      ['pipelined', 20.6],
      ['collect', 31.2],
    ] as const
  ).map(([coherence, paper]) => {
    const ours = round(µs(transferCycles({ sender: 'remote', coherence })), 2);
    return {
      id: `flash.global.${coherence}`,
      source: 'seed 003 [L158]',
      metric: `32 lines dirty in a third node's cache, ${coherence === 'collect' ? 'collected first, then sent with C4 (Alewife-style)' : 'each forwarded as it arrives (FLASH)'}: µs`,
      paper,
      ours,
      tolerance: '±10 %',
      kind: 'Q',
      origin: coherence === 'pipelined' ? 'calibrated' : 'emergent',
      pass: near(ours, paper, 0.1),
    };
  });
}

function bottleneckRow(): FidelityRow {
  const states = [
    ['uncached', 'uncached', 'network'],
    ['clean', 'uncached', 'network'],
    ['dirty', 'uncached', 'sender'],
    ['uncached', 'dirty', 'receiver'],
  ] as const;
  const found = states.map(([s, r]) => {
    const terms = { network: 40, sender: senderPerLine(s, 4), receiver: receiverPerLine(r) };
    const max = Math.max(...Object.values(terms));
    // A tie goes to the network: the seed's rule takes the maximum, and the network is the floor.
    const which = terms.network >= max ? 'network' : terms.sender >= max ? 'sender' : 'receiver';
    return { s, r, which, terms };
  });
  const ours = found.map((f) => `${f.s[0]}/${f.r[0]}: ${f.which}`).join(', ');
  return {
    id: 'flash.bottleneck',
    source: 'seed 003 [L85-92, L126-128]',
    metric: `argmax(network 40, sender, receiver) a line by state (${found.map((f) => `${f.s}/${f.r} sender ${round(f.terms.sender)} receiver ${round(f.terms.receiver)}`).join('; ')})`,
    paper: 'u/u, c/u: network; d/u: sender; u/d: receiver',
    ours,
    tolerance: 'ordering',
    kind: 'R',
    origin: 'emergent',
    pass: found.every((f, i) => f.which === states[i]![2]),
  };
}

function chunkRows(): FidelityRow[] {
  const ks = [1, 2, 4, 8];
  const clean = ks.map((k) => senderPerLine('uncached', k));
  const dirty = ks.map((k) => senderPerLine('dirty', k));
  const falls = (c: number[]) => c.every((v, i) => i === 0 || v < c[i - 1]!);
  const mostByFour = (c: number[]) => c[0]! - c[2]! >= 0.75 * (c[0]! - c[3]!);
  const deltaClean = clean[0]! - clean[2]!;
  const deltaDirty = dirty[0]! - dirty[2]!;
  const alignedClean = clean[2]!;
  const alignedDirty = dirty[2]!;
  const slowClean = senderPerLine('uncached', 4, 24) / alignedClean - 1;
  const slowDirty = senderPerLine('dirty', 4, 24) / alignedDirty - 1;
  const pct = (x: number) => `${Math.round(100 * x)} %`;
  return [
    {
      id: 'flash.chunk.curve',
      source: 'seed 003 Fig. 10 [L144]',
      metric: `sender cycles a line at k = 1, 2, 4, 8: clean ${clean.map((v) => round(v)).join(', ')}; dirty ${dirty.map((v) => round(v)).join(', ')} (falls with k, k = 4 gets most of the gain, dirty k = 8 within 10 % of the 43-cycle cache)`,
      paper: 'falls; k=4 most; dirty k=8 → 43',
      ours: `dirty k=8 ${round(dirty[3]!)}`,
      tolerance: 'ordering',
      kind: 'R',
      origin: 'composed',
      pass:
        falls(clean) &&
        falls(dirty) &&
        mostByFour(clean) &&
        mostByFour(dirty) &&
        dirty[3]! <= 43 * 1.1,
    },
    {
      id: 'flash.chunk.c4delta',
      source: 'seed 003 [L144]',
      metric: 'O − C4, sender cycles a line: clean / dirty',
      paper: '13.7 / 3.5',
      ours: `${round(deltaClean)} / ${round(deltaDirty)}`,
      tolerance: '±1.5 cycles each',
      kind: 'Q',
      origin: 'composed',
      pass: Math.abs(deltaClean - 13.7) <= 1.5 && Math.abs(deltaDirty - 3.5) <= 1.5,
    },
    {
      id: 'flash.unaligned',
      source: 'seed 003 [L75, L144]',
      metric: `unaligned (source at 24 B) over aligned, sender cycles a line at k = 4: clean ${pct(slowClean)}, dirty ${pct(slowDirty)}`,
      paper: '10–37 % slower',
      ours: `${pct(slowClean)} / ${pct(slowDirty)}`,
      tolerance: 'each in 10–37 %',
      kind: 'R',
      origin: 'calibrated',
      pass: [slowClean, slowDirty].every((x) => x >= 0.1 && x <= 0.37),
    },
  ];
}

function orderRows(): FidelityRow[] {
  const t3 = TABLE_3.map((row) => ({
    uni: transferCycles({ sender: row.sender, receiver: row.receiver, library: true }),
    bi: transferCycles({
      sender: row.sender,
      receiver: row.receiver,
      bidirectional: true,
      library: true,
    }),
  }));
  const ordered = (xs: number[]) => xs.every((v, i) => i === 0 || v >= xs[i - 1]!);
  const collect = transferCycles({ sender: 'remote', coherence: 'collect' });
  const pipelined = transferCycles({ sender: 'remote', coherence: 'pipelined' });
  const local = transferCycles({ sender: 'dirty' });
  return [
    {
      id: 'flash.bidir',
      source: 'seed 003 Table 3 [L148-157]',
      metric: `bidirectional above unidirectional in every state, and the states in Table 3's order (U/U ≤ U/C ≤ D/U ≤ D/C) both ways: uni ${t3.map((x) => µs(x.uni)).join(', ')}; bi ${t3.map((x) => µs(x.bi)).join(', ')} µs`,
      paper: 'bi > uni; U/U < U/C < D/U < D/C',
      ours:
        t3.every((x) => x.bi > x.uni) &&
        ordered(t3.map((x) => x.uni)) &&
        ordered(t3.map((x) => x.bi))
          ? 'holds'
          : 'broken',
      tolerance: 'ordering',
      kind: 'R',
      origin: 'emergent',
      pass:
        t3.every((x) => x.bi > x.uni) &&
        ordered(t3.map((x) => x.uni)) &&
        ordered(t3.map((x) => x.bi)),
    },
    {
      id: 'flash.global.order',
      source: 'seed 003 [L158]',
      metric: `collect-then-send ${µs(collect)} > pipelined ${µs(pipelined)} > dirty in the local cache ${µs(local)} µs`,
      paper: 'collect > pipelined > local dirty',
      ours: collect > pipelined && pipelined > local ? 'holds' : 'broken',
      tolerance: 'ordering',
      kind: 'R',
      origin: 'emergent',
      pass: collect > pipelined && pipelined > local,
    },
  ];
}

export function flashRows(): FidelityRow[] {
  return [
    tableOneRow(),
    fourKbRow('flash.4KB.uncached', 'uncached', 15.6, 'emergent'),
    fourKbRow('flash.4KB.dirty', 'dirty', 17.7, 'calibrated'),
    peakRow('uncached', 320),
    peakRow('dirty', 275),
    perLineRow(),
    ...tableThreeRows(),
    ...globalRows(),
    bottleneckRow(),
    ...chunkRows(),
    ...orderRows(),
  ];
}

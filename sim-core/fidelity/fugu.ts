/**
 * Fidelity of the FUGU model against Mackenzie's thesis (seed 004; round2-spec §B3.4): Table 4-4
 * stage by stage, Table 4-5, Table 7-4's three policies and the seed's own estimates, the
 * protection premium, and the orderings and bounds of Chapter 7 on synthetic workloads with
 * Table 7-2's rates (application look-alikes, not the real applications). Every number is
 * measured by running the model; docs/fidelity/fugu.md explains each row and its assumptions.
 */
import type { PhaseSlice } from '../ledger/phase-events';
import type { FidelityRow } from './fidelity';
import {
  interactiveScenario,
  mismatchScenario,
  partCycles,
  pingPongScenario,
  pollScenario,
  runawayScenario,
  runFugu,
  skewScenario,
  standaloneScenario,
  synthScenario,
  type FuguRun,
} from './fugu-runs';

const SEND = 'Table 4-4 send';
const INTERRUPT = 'Table 4-4 receive (interrupt)';

/**
 * Each row's class (round2-spec §B3.4): Q or R, and whether it is composed from the seed's stage
 * costs, emergent from the simulated mechanism, or checks a parameter fitted to it.
 */
const CLASSES: readonly [
  prefix: string,
  kind: FidelityRow['kind'],
  origin: FidelityRow['origin'],
][] = [
  ['fugu.t4_4.', 'Q', 'composed'],
  ['fugu.t4_5.isolated', 'Q', 'calibrated'],
  ['fugu.t4_5.', 'Q', 'composed'],
  ['fugu.buffered.min', 'Q', 'composed'],
  ['fugu.t7_4.measured.buffer-always', 'Q', 'calibrated'],
  ['fugu.t7_4.', 'Q', 'composed'],
  ['fugu.protection.', 'Q', 'composed'],
  ['fugu.enum.', 'Q', 'composed'],
  ['fugu.overflow.uncontrolled.pages', 'Q', 'emergent'],
  ['fugu.bufferAlways.enum8', 'Q', 'emergent'],
  ['fugu.', 'R', 'emergent'],
];

function row(r: Omit<FidelityRow, 'kind' | 'origin'>): FidelityRow {
  const [, kind, origin] = CLASSES.find(([prefix]) => r.id.startsWith(prefix))!;
  return { ...r, kind, origin };
}

/** The first message's interrupt path: from the raise to the handler, and to the restore's end. */
function interruptPath(slices: readonly PhaseSlice[], message: number) {
  const mine = slices.filter((s) => s.message === message && s.part === INTERRUPT);
  const raise = Math.min(...mine.map((s) => s.start));
  const handler = mine.find((s) => s.actor === 'handler')!.start;
  return { subtotal: handler - raise, total: Math.max(...mine.map((s) => s.end)) - raise };
}

const TABLE_4_4 = {
  kernel: { subtotal: 32, total: 54 },
  hard: { subtotal: 54, total: 87 },
  soft: { subtotal: 66, total: 115 },
} as const;

function table44Rows(): { rows: FidelityRow[]; totals: Record<string, number> } {
  const rows: FidelityRow[] = [];
  const totals: Record<string, number> = {};
  for (const column of ['kernel', 'hard', 'soft'] as const) {
    const run = runFugu(pingPongScenario(column));
    const path = interruptPath(run.slices, 0);
    totals[column] = path.total;
    if (column === 'soft') {
      const send = partCycles(run.slices, 0, SEND);
      rows.push(
        row({
          id: 'fugu.t4_4.send',
          source: 'seed 004 Table 4-4 (L841-843)',
          metric: 'cycles from the first send-buffer store to the launch, null message',
          paper: 7,
          ours: send,
          tolerance: 'exact',
          pass: send === 7,
        }),
      );
    }
    rows.push(
      row({
        id: `fugu.t4_4.intr.${column}`,
        source: 'seed 004 Table 4-4 (L844-856)',
        metric: `receive by interrupt, ${column} column: message-available raised → register restore done (cycles)`,
        paper: TABLE_4_4[column].total,
        ours: path.total,
        tolerance: 'exact',
        pass: path.total === TABLE_4_4[column].total,
      }),
    );
    rows.push(
      row({
        id: `fugu.t4_4.subtotal.${column}`,
        source: 'seed 004 Table 4-4 (L851)',
        metric: `${column} column: raise → the handler's first instruction (cycles)`,
        paper: TABLE_4_4[column].subtotal,
        ours: path.subtotal,
        tolerance: 'exact',
        pass: path.subtotal === TABLE_4_4[column].subtotal,
      }),
    );
  }
  for (const column of ['kernel', 'hard'] as const) {
    const run = runFugu(pollScenario(column));
    const ours = run.stats.overhead.poll ?? -1;
    rows.push(
      row({
        id: `fugu.t4_4.poll.${column}`,
        source: 'seed 004 Table 4-4 (L857-861)',
        metric: `receive by polling, ${column} column: the poll that sees the message → its dispose (cycles)`,
        paper: 9,
        ours,
        tolerance: 'exact',
        pass: ours === 9,
      }),
    );
  }
  const args = runFugu(pingPongScenario('soft', 4));
  const send4 = partCycles(args.slices, 0, SEND);
  const recv4 = interruptPath(args.slices, 0).total;
  rows.push(
    row({
      id: 'fugu.t4_4.args',
      source: 'seed 004 Table 4-4 note (L863)',
      metric:
        'a 4-argument message: send (7 + 3 per argument) / soft receive (115 + 2 per argument)',
      paper: '19 / 123',
      ours: `${send4} / ${recv4}`,
      tolerance: 'exact',
      pass: send4 === 19 && recv4 === 123,
    }),
  );
  return { rows, totals };
}

function table45Rows(fast: Record<string, number>): FidelityRow[] {
  // Three messages for a process that is not running, the free list empty: the first insert
  // allocates a page (vmalloc), the next ones fit on it; then the message thread extracts them.
  const run = runFugu(
    mismatchScenario({
      messages: 3,
      gap: 10,
      busy: 4000,
      policy: 'buffer-on-mismatch',
      freeList: 0,
    }),
  );
  const inserts = [0, 1, 2].map((m) => partCycles(run.slices, m, 'Table 4-5 insert'));
  const extract = partCycles(run.slices, 1, 'Table 4-5 extract');
  const eight = runFugu(
    mismatchScenario({ messages: 3, gap: 10, busy: 4000, policy: 'buffer-on-mismatch', args: 8 }),
  );
  const extract8 = partCycles(eight.slices, 1, 'Table 4-5 extract');
  const perArg = (extract8 - extract) / 8;
  const isolated =
    runFugu(mismatchScenario({ messages: 3, gap: 2000, busy: 0, policy: 'buffer-always' })).stats
      .overhead.isolated ?? -1;
  const batched = inserts[1]! + extract;
  const ratio = Number((batched / fast.hard!).toFixed(2));
  return [
    row({
      id: 'fugu.t4_5.insert',
      source: 'seed 004 Table 4-5 (L899)',
      metric: 'minimum buffer-insert handler, a page already there (cycles)',
      paper: 180,
      ours: inserts[1]!,
      tolerance: 'exact',
      pass: inserts[1] === 180 && inserts[2] === 180,
    }),
    row({
      id: 'fugu.t4_5.vmalloc',
      source: 'seed 004 Table 4-5 (L901)',
      metric: 'insert handler with vmalloc of a fresh page (cycles)',
      paper: 3162,
      ours: inserts[0]!,
      tolerance: 'exact',
      pass: inserts[0] === 3162,
    }),
    row({
      id: 'fugu.t4_5.extract',
      source: 'seed 004 Table 4-5 (L903, L915)',
      metric: 'execute a null handler from the buffer, one expected header miss included (cycles)',
      paper: 52,
      ours: extract,
      tolerance: 'exact',
      pass: extract === 52,
    }),
    row({
      id: 'fugu.t4_5.isolated',
      source: 'seed 004 Table 4-5 (L903), L1571; calibrated',
      metric:
        'an isolated message under buffer-always: insert + thread woken through the scheduler + extract (cycles; the thread cost is calibrated to this row)',
      paper: 'about 1,400',
      ours: isolated,
      tolerance: '±5 %',
      pass: Math.abs(isolated - 1400) <= 70,
    }),
    row({
      id: 'fugu.t4_5.extractPerArg',
      source: 'seed 004 Table 4-5 note (L905), L913',
      metric:
        '(extract with 8 arguments − null extract) / 8: DRAM 2 per word + 10 per extra 16-byte line',
      paper: 'about 4.5',
      ours: perArg,
      tolerance: '±0.5',
      pass: Math.abs(perArg - 4.5) <= 0.5,
    }),
    row({
      id: 'fugu.buffered.min',
      source: 'seed 004 L913, L1029',
      metric:
        'minimum buffered overhead per null message = insert + extract, and its ratio to the 87-cycle hard-atomicity fast path',
      paper: '232 = 180 + 52; 2.7 × 87',
      ours: `${batched}; ${ratio} × ${fast.hard}`,
      tolerance: 'exact; ratio ±0.05',
      pass: batched === 232 && Math.abs(ratio - 2.7) <= 0.05,
    }),
  ];
}

function table74Rows(fast: Record<string, number>): FidelityRow[] {
  // One stream, mismatched while B runs, then direct: the same stream under each policy.
  const stream = (policy: string) =>
    runFugu(mismatchScenario({ messages: 12, gap: 600, busy: 2500, policy })).stats.overhead;
  const onMismatch = stream('buffer-on-mismatch');
  const upcall = stream('upcall-always');
  const always = stream('buffer-always');
  const measured = {
    'buffer on mismatch': [onMismatch.direct, onMismatch.buffered],
    'upcall always': [upcall.direct, upcall.crossDomain],
    'buffer always': [always.isolated, always.buffered],
  } as const;
  const paper = {
    'buffer on mismatch': [115, 232],
    'upcall always': [115, 145],
    'buffer always': [1400, 232],
  } as const;
  const rows = Object.entries(measured).map(([policy, [dir, buf]]) => {
    const [pd, pb] = paper[policy as keyof typeof paper];
    const near = policy === 'buffer always' ? Math.abs((dir ?? 0) - pd) <= 70 : dir === pd;
    return row({
      id: `fugu.t7_4.measured.${policy.replace(/ /g, '-')}`,
      source: 'seed 004 Table 7-4 (L1556-1561), L1569-1571',
      metric: `${policy}: O_dir / O_buf on one mismatched stream (cycles)`,
      paper: `${pd} / ${pb}`,
      ours: `${dir} / ${buf}`,
      tolerance: policy === 'buffer always' ? 'O_dir ±5 %, O_buf exact' : 'exact',
      pass: near && buf === pb,
    });
  });
  // The seed's estimates from its formula [004 L1550, L1567], applied to our measured values.
  const soft = onMismatch.direct ?? 0;
  const queue = 52 - 10;
  const hw = (direct: number) => `${direct + queue + 10}–${direct + queue + 200} / 52`;
  const aggressive = 30 + 52;
  rows.push(
    row({
      id: 'fugu.t7_4.estimated',
      source: 'seed 004 Table 7-4 (L1550, L1556-1567)',
      metric:
        'derived: hardware buffering O_dir = upcall + 42 queue handling + fill 10 or 200, O_buf 52; aggressive two-case O_buf = 30 (in-kernel enqueue) + 52',
      paper: '167–357 / 52; 139–329 / 52; aggressive 87 / 80 (printed)',
      ours: `${hw(soft)}; ${hw(fast.hard!)}; aggressive ${fast.hard} / ${aggressive} (80 printed: the seed's own rounding, digest §H-8)`,
      tolerance: 'exact arithmetic',
      pass: hw(soft) === '167–357 / 52' && hw(fast.hard!) === '139–329 / 52',
    }),
  );
  return rows;
}

function protectionRows(fast: Record<string, number>): FidelityRow[] {
  const hard = Math.round((fast.hard! / fast.kernel! - 1) * 100);
  const soft = Math.round((fast.soft! / fast.kernel! - 1) * 100);
  const enumGain = Number((((fast.soft! - fast.kernel!) / 953) * 100).toFixed(1));
  return [
    row({
      id: 'fugu.protection.premium',
      source: 'seed 004 L67, L1370; digest §H-6 (the 60 % is the hard column)',
      metric:
        'protected over unprotected receive, hard / kernel − 1 (soft as built printed beside it)',
      paper: '60 % (10s of cycles)',
      ours: `${hard} % (+${fast.hard! - fast.kernel!} cycles); soft ${soft} % (+${fast.soft! - fast.kernel!})`,
      tolerance: '±5 points',
      pass: Math.abs(hard - 60) <= 5,
    }),
    row({
      id: 'fugu.enum.protection',
      source: 'seed 004 L1370; Table 7-2 (L1317)',
      metric:
        'enum would run faster without protection: (soft − kernel) / T_interhandler(enum) = 61 / 953',
      paper: 'about 6 %',
      ours: `${enumGain} %`,
      tolerance: '±1 point',
      pass: Math.abs(enumGain - 6) <= 1,
    }),
  ];
}

/** Random mismatches, faults, timeouts and skews: FIFO per pair, DIRECT only when empty, no loss. */
function fifoRow(): FidelityRow {
  const runs: FuguRun[] = [
    runFugu(skewScenario('enum', 0.5, 4, 30)),
    runFugu(mismatchScenario({ messages: 10, gap: 150, busy: 3000, policy: 'buffer-on-mismatch' })),
    runFugu(runawayScenario(4, 25)),
  ];
  const bad = runs.flatMap((r) => r.violations);
  const lost = runs.filter((r) => !r.halted || r.stats.delivered !== r.stats.launched).length;
  return row({
    id: 'fugu.mode.fifo',
    source: 'seed 004 L889, L907, L550, L562',
    metric:
      'invariant violations (FIFO per pair, DIRECT only with an empty buffer, none lost or duplicated) and runs not delivering everything, over three runs (mismatch, skew, overflow); weak alone: the property tests and the soak check the same over hundreds of random machines',
    paper: 'in order; DIRECT only when empty',
    ours: `${bad.length} violations, ${lost} undelivered, ${runs.length} runs`,
    tolerance: 'none',
    pass: bad.length === 0 && lost === 0,
  });
}

function overflowRows(): FidelityRow[] {
  const controlled = [5, 8].map((t) => ({
    t,
    max: runFugu(runawayScenario(t, 60)).stats.maxPagesPerProcess,
  }));
  const within = controlled.filter(({ t, max }) => max >= t + 1 && max <= t + 5).length;
  const [short, long] = [60, 120].map(
    (n) => runFugu(runawayScenario(null, n)).stats.maxPagesPerProcess,
  ) as [number, number];
  const most = Math.max(...controlled.map((c) => c.max));
  return [
    row({
      id: 'fugu.overflow.bound',
      source: 'seed 004 Table 7-5 (L1720-1746)',
      metric:
        'runaway sender (8 processes, every handler forces buffering): most pages per process with threshold T',
      paper: 'about T + 2…3 (P0 T + 3)',
      ours: controlled.map((c) => `T=${c.t}: ${c.max}`).join(', '),
      tolerance: 'T + 1 … T + 5',
      pass: within === controlled.length,
    }),
    row({
      id: 'fugu.overflow.uncontrolled',
      source: 'seed 004 Table 7-5 (L1738, L1746)',
      metric:
        'the same run without overflow control, 60 and 120 messages per process: most pages per process grows with the run',
      paper: 'unbounded (463–797 pages in the seed’s run)',
      ours: `${short} → ${long}`,
      tolerance: 'grows with the run (×1.7 as it doubles), beyond every controlled maximum',
      pass: long >= 1.7 * short && long > 2 * most,
    }),
    row({
      id: 'fugu.overflow.uncontrolled.pages',
      source: 'seed 004 Table 7-5 (L1738, L1746)',
      metric:
        'the number: most pages per process without overflow control, 120 messages per process (the seed does not give its run’s length)',
      paper: '463–797',
      ours: long,
      tolerance: '463 … 797',
      pass: long >= 463 && long <= 797,
    }),
  ];
}

function skewRow(): FidelityRow {
  const runs = (['enum', 'barnes'] as const).flatMap((like) =>
    [0, 0.9].map((skew) => ({ like, skew, stats: runFugu(skewScenario(like, skew, 8, 30)).stats })),
  );
  const most = Math.max(...runs.map((r) => r.stats.maxPagesPerNode));
  const fbuf = (like: string, skew: number) =>
    runs.find((r) => r.like === like && r.skew === skew)!.stats.fbuf ?? 0;
  const rising = fbuf('enum', 0.9) > fbuf('enum', 0);
  return row({
    id: 'fugu.skew.pages',
    source: 'seed 004 L1641, L1663 (Figs. 7-18, 7-19)',
    metric:
      'enum-like and Barnes-like (Table 7-2 rates) gang-scheduled against null, skew 0 and 90 %: most buffer pages on a node; f_buf rises with skew',
    paper: '< 7 pages per node',
    ours: `${most} pages; enum-like f_buf ${fbuf('enum', 0).toFixed(2)} → ${fbuf('enum', 0.9).toFixed(2)}`,
    tolerance: 'below 7, rising',
    pass: most < 7 && rising,
  });
}

function bufferAlwaysRows(): FidelityRow[] {
  const ratio = (like: string, p: number) =>
    runFugu(standaloneScenario(like, p, 30, 'buffer-always')).stats.apps[0]!.runtime /
    runFugu(standaloneScenario(like, p, 30, 'upcall-always')).stats.apps[0]!.runtime;
  const enumLike = [2, 8].map((p) => ratio('enum', p));
  const words = (xs: number[]) => xs.map((s) => `+${Math.round((s - 1) * 100)} %`).join(' → ');
  return [
    row({
      id: 'fugu.bufferAlways.slower',
      source: 'seed 004 L1366-1378 (Fig. 7-2)',
      metric: 'enum-like runtime under buffer-always over upcall-always, 2 and 8 processors',
      paper: 'slower for every application',
      ours: words(enumLike),
      tolerance: 'slower at every P',
      pass: enumLike.every((s) => s > 1),
    }),
    row({
      id: 'fugu.bufferAlways.enum8',
      source: 'seed 004 L1374-1378 (Fig. 7-2)',
      metric: 'the number: enum-like under buffer-always over upcall-always on 8 processors',
      paper: '+65 %',
      ours: words(enumLike.slice(1)),
      tolerance: '±10 points',
      pass: Math.abs((enumLike[1]! - 1) * 100 - 65) <= 10,
    }),
    row({
      id: 'fugu.bufferAlways.growsWithP',
      source: 'seed 004 L1374-1378 (Fig. 7-2)',
      metric:
        "the same ratio grows with the number of processors (known gap: a look-alike keeps Table 7-2's 8-processor rates at every P; docs/fidelity/fugu.md)",
      paper: 'grows with P',
      ours: words(enumLike),
      tolerance: 'growing',
      pass: enumLike[1]! > enumLike[0]!,
    }),
  ];
}

function slowdownRow(): FidelityRow {
  const nodes = 16;
  const runtime = (like: string, f: number) =>
    runFugu(interactiveScenario(like, nodes, like === 'barrier' ? 45 : 10, f)).stats.apps[0]!
      .runtime;
  const out: string[] = [];
  let pass = true;
  for (const like of ['barrier', 'enum'] as const) {
    const alone = runtime(like, 0);
    const f = 0.1;
    const s = runtime(like, f) / alone;
    const lo = 1 / (1 - f);
    const hi = 1 / (1 - f) ** nodes;
    out.push(`${like}-like ${s.toFixed(2)}`);
    pass &&= s >= lo * 0.95 && s <= hi;
  }
  return row({
    id: 'fugu.slowdown.bounds',
    source: 'seed 004 L1416-1424, L1448-1452 (Figs. 7-7, 7-8)',
    metric:
      'slowdown against an interactive job taking f = 10 % of each of 16 processors (priority scheduling)',
    paper: `1/(1−f) = 1.11 ≤ slowdown ≤ 1/(1−f)^16 = 5.40`,
    ours: out.join(', '),
    tolerance: 'within the bounds (−5 % at the lower)',
    pass,
  });
}

function fbufRow(): FidelityRow {
  const fbuf = (f: number) => runFugu(interactiveScenario('enum', 16, 12, f)).stats.fbuf ?? 0;
  const [f0, f10, f30] = [0, 0.1, 0.3].map(fbuf) as [number, number, number];
  return row({
    id: 'fugu.fbuf.atTen',
    source: 'seed 004 L67, L1283, L1846; L1488-1494 (Fig. 7-11)',
    metric:
      'enum-like on 16 processors against an interactive job: f_buf at f = 0 (the scheduler runs anyway), 10 %, 30 %',
    paper: '14–33 % at f = 10 % (the seed also says "about 45 %" once, L1494)',
    ours: `${(f0 * 100).toFixed(1)} % → ${(f10 * 100).toFixed(1)} % → ${(f30 * 100).toFixed(1)} %`,
    tolerance: 'f_buf > 0 at f = 0; rising with f; 14–33 % at f = 10 % (to the whole percent)',
    pass:
      f0 > 0 &&
      f30 > f10 &&
      f10 >= f0 &&
      Math.round(f10 * 100) >= 14 &&
      Math.round(f10 * 100) <= 33,
  });
}

function synthRow(): FidelityRow {
  const fbuf = (n: number, t: number) =>
    runFugu(synthScenario(n, t, n >= 100 ? 1 : 6)).stats.fbuf ?? 0;
  const slow10 = fbuf(10, 1500);
  const fast10 = fbuf(10, 150);
  const fast100 = fbuf(100, 150);
  return row({
    id: 'fugu.synthN',
    source: 'seed 004 L1684-1694 (Fig. 7-21)',
    metric:
      'synth-N on 4 processors, 1 % skew: f_buf for T_interhandler 1,500 vs 150 cycles (N = 10), and N = 100 at 150',
    paper: 'small when T_interhandler > T_handler + T_buffering; more with larger N',
    ours: `N=10: ${(slow10 * 100).toFixed(1)} % at 1,500, ${(fast10 * 100).toFixed(1)} % at 150; N=100: ${(fast100 * 100).toFixed(1)} % at 150`,
    tolerance: 'ordering',
    pass: slow10 <= fast10 && fast100 >= fast10,
  });
}

/** Every FUGU row, in the order of round2-spec §B3.4. */
export function fuguRows(): FidelityRow[] {
  const { rows, totals } = table44Rows();
  return [
    ...rows,
    ...table45Rows(totals),
    ...table74Rows(totals),
    ...protectionRows(totals),
    fifoRow(),
    ...overflowRows(),
    skewRow(),
    ...bufferAlwaysRows(),
    slowdownRow(),
    fbufRow(),
    synthRow(),
  ];
}

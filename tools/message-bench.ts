/**
 * npm run sim -- bench [--sizes …] [--nis …] [--provenance …] [--clock published|common]
 *                      [--network own|pipe|torus] [--hops N] [--json | --csv]
 *
 * The message bench (sim-core/bench/, issue 18): one message through every NI, latency in
 * cycles and ns, the stream's MB/s, where the time went, and the defaults a point rests on.
 * The table goes to stdout; the time the bench took to stderr. See docs/cli.md ("The message bench").
 */
import { formatIssue, type InputIssue } from '../sim-core/index';
import {
  BENCH_SIZES,
  benchNis,
  DEFAULT_PROVENANCES,
  runBench,
  type BenchRequest,
  type BenchRow,
} from '../sim-core/bench/bench';
import { BENCH_CLOCKS, type BenchClock } from '../sim-core/bench/bench-clock';
import { PHASE_CATEGORIES, PHASE_CATEGORY_INFO } from '../sim-core/ledger/phase-events';
import {
  BENCH_NETWORKS,
  COMMON_PIPE,
  DEFAULT_TORUS_HOPS,
  MAX_TORUS_HOPS,
  networkLabel,
  PROVENANCES,
  type BenchNetwork,
  type Provenance,
} from '../sim-core/messaging';
import { csvRow } from '../sim-core/kernel/csv';
import { has, valueOf, type Args, type Output, type ToolSpec } from './cli';

const MAX_SIZE = 65_536;

export const BENCH_TOOL: ToolSpec = {
  name: 'sim',
  summary:
    'the message bench: one message of each size through every NI, latency and bandwidth side by side, with where the time went.',
  usage: [
    'bench [--sizes N,N,...] [--nis NAME,NAME,...] [--provenance P,P,...] [--clock published|common] [--network own|pipe|torus] [--hops N] [--json | --csv]',
  ],
  options: [
    {
      name: '--sizes',
      value: 'N,N,...',
      help: `Payload bytes, each 1..${MAX_SIZE.toLocaleString('en')} (default ${BENCH_SIZES.join(',')}).`,
    },
    {
      name: '--nis',
      value: 'NAME,NAME,...',
      help: `The NIs, any case (default all): ${benchNis()
        .map((n) => n.variant)
        .join(', ')}.`,
    },
    {
      name: '--provenance',
      value: 'P,P,...',
      help: `Where the payload is when the send starts: ${PROVENANCES.join(', ')} or all (default ${DEFAULT_PROVENANCES.join(',')}).`,
    },
    {
      name: '--clock',
      value: 'published|common',
      help: "Cycles as ns at each seed's own clock (default), or at a common 200 MHz processor / 100 MHz system.",
    },
    {
      name: '--network',
      value: 'own|pipe|torus',
      help: `Each model's own network (default); a common pipe of ${COMMON_PIPE.latencyNs} ns and ${COMMON_PIPE.mbPerS} MB/s per link (round2-spec's default); or the common torus, Cranium's 16×16 chaotic torus. A model that cannot run on it says why.`,
    },
    {
      name: '--hops',
      value: 'N',
      help: `With --network torus: the hops between sender and receiver, 1..${MAX_TORUS_HOPS} (default ${DEFAULT_TORUS_HOPS}, the thesis's average).`,
    },
    { name: '--json', help: 'One JSON object per point.' },
    { name: '--csv', help: 'A CSV table, one row per point.' },
  ],
  exitCodes: [
    [0, 'the bench ran (or --help printed)'],
    [2, 'the command line is wrong (CLI001, CLI002)'],
  ],
  docs: 'docs/cli.md ("The message bench")',
};

const bad = (path: string, message: string): InputIssue => ({ code: 'CLI002', path, message });

/** A comma-separated flag's items, trimmed, without empties. */
const items = (raw: string | undefined) =>
  (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

function sizesOf(args: Args): number[] | InputIssue {
  if (!has(args, '--sizes')) return [...BENCH_SIZES];
  const raw = items(valueOf(args, '--sizes'));
  const wrong = raw.find((s) => !/^\d{1,6}$/.test(s) || +s < 1 || +s > MAX_SIZE);
  if (raw.length === 0 || wrong !== undefined)
    return bad(
      '--sizes',
      `expected payload sizes 1..${MAX_SIZE} separated by commas, got ${JSON.stringify((wrong ?? valueOf(args, '--sizes') ?? '').slice(0, 40))}`,
    );
  return [...new Set(raw.map(Number))];
}

function nisOf(args: Args): string[] | InputIssue {
  if (!has(args, '--nis')) return [];
  const known = benchNis().map((n) => n.variant);
  const raw = items(valueOf(args, '--nis'));
  const unknown = raw.find((s) => !known.some((k) => k.toLowerCase() === s.toLowerCase()));
  if (raw.length === 0 || unknown !== undefined)
    return bad(
      '--nis',
      `expected NI names separated by commas (${known.join(', ')}), got ${JSON.stringify((unknown ?? '').slice(0, 40))}`,
    );
  return raw;
}

function provenancesOf(args: Args): Provenance[] | InputIssue {
  if (!has(args, '--provenance')) return [...DEFAULT_PROVENANCES];
  const raw = items(valueOf(args, '--provenance'));
  if (raw.length === 1 && raw[0] === 'all') return [...PROVENANCES];
  const wrong = raw.find((p) => !(PROVENANCES as readonly string[]).includes(p));
  if (raw.length === 0 || wrong !== undefined)
    return bad(
      '--provenance',
      `expected ${PROVENANCES.join(', ')} (separated by commas) or all, got ${JSON.stringify((wrong ?? '').slice(0, 40))}`,
    );
  return [...new Set(raw as Provenance[])];
}

function networkOf(args: Args): BenchNetwork | InputIssue {
  const kind = valueOf(args, '--network') ?? 'own';
  if (!(BENCH_NETWORKS as readonly string[]).includes(kind))
    return bad(
      '--network',
      `expected ${BENCH_NETWORKS.join(', ')}, got ${JSON.stringify(kind.slice(0, 40))}`,
    );
  if (!has(args, '--hops'))
    return kind === 'torus' ? { kind, hops: DEFAULT_TORUS_HOPS } : { kind: kind as 'own' | 'pipe' };
  const raw = valueOf(args, '--hops') ?? '';
  if (kind !== 'torus')
    return bad('--hops', `hops are the torus's: add --network torus, or leave --hops out`);
  if (!/^\d{1,2}$/.test(raw) || +raw < 1 || +raw > MAX_TORUS_HOPS)
    return bad('--hops', `expected 1..${MAX_TORUS_HOPS}, got ${JSON.stringify(raw.slice(0, 40))}`);
  return { kind: 'torus', hops: Number(raw) };
}

/** The request the flags ask for, or the first coded problem with them. */
export function benchRequestOf(args: Args): BenchRequest | InputIssue {
  if (has(args, '--json') && has(args, '--csv'))
    return bad('--csv', 'choose one of --json and --csv');
  const network = networkOf(args);
  if (!('kind' in network)) return network;
  const clock = valueOf(args, '--clock') ?? 'published';
  if (!(BENCH_CLOCKS as readonly string[]).includes(clock))
    return bad(
      '--clock',
      `expected published or common, got ${JSON.stringify(clock.slice(0, 40))}`,
    );
  const sizes = sizesOf(args);
  if (!Array.isArray(sizes)) return sizes;
  const nis = nisOf(args);
  if (!Array.isArray(nis)) return nis;
  const provenances = provenancesOf(args);
  if (!Array.isArray(provenances)) return provenances;
  return {
    nis,
    sizes,
    provenances,
    clock: clock as BenchClock,
    ...(network.kind === 'own' ? {} : { network }),
  };
}

const fixed = (v: number | null, digits: number) => (v === null ? '—' : v.toFixed(digits));

/** The two categories that took the most time, as "bus 40%, host software 31%". */
function where(row: BenchRow): string {
  if (!row.anatomy) return '';
  const by = row.anatomy.byCategory;
  const total = PHASE_CATEGORIES.reduce((t, c) => t + by[c], 0);
  if (total === 0) return '';
  return [...PHASE_CATEGORIES]
    .sort((a, b) => by[b] - by[a])
    .slice(0, 2)
    .filter((c) => by[c] > 0)
    .map((c) => `${PHASE_CATEGORY_INFO[c].label} ${Math.round((100 * by[c]) / total)}%`)
    .join(', ');
}

/** The table for a person: one line a point, hatched points marked [n] with their reasons below. */
function tableLines(
  rows: readonly BenchRow[],
  clock: BenchClock,
  network: BenchNetwork | undefined,
): string[] {
  const notes: string[] = [];
  const noteOf = (text: string) => {
    const i = notes.indexOf(text);
    return i >= 0 ? i + 1 : notes.push(text);
  };
  const head = `${'NI'.padEnd(14)} ${'bytes'.padStart(5)}  ${'provenance'.padEnd(14)} ${'cycles'.padStart(9)} ${'ns'.padStart(9)} ${'MB/s'.padStart(8)}  where the time went`;
  const lines = [
    `The message bench, ${clock === 'published' ? "each model at its seed's clock" : 'a common 200 MHz processor / 100 MHz system clock'}; ${network ? `every model on ${networkLabel(network)}` : 'each model on its own network'}`,
    head,
  ];
  for (const r of rows) {
    const marks = [...r.hatched.map(noteOf), ...(r.problem ? [noteOf(r.problem)] : [])];
    lines.push(
      `${r.variant.padEnd(14)} ${String(r.bytes).padStart(5)}  ${r.provenance.padEnd(14)} ${fixed(r.latencyCycles, 1).padStart(9)} ${fixed(r.latencyNs, 0).padStart(9)} ${fixed(r.mbPerS, 1).padStart(8)}  ${where(r)}${marks.length ? ` [${marks.join(',')}]` : ''}`,
    );
  }
  if (notes.length) {
    lines.push('', 'Rests on defaults the seed does not give, or could not be measured:');
    notes.forEach((n, i) => lines.push(`  [${i + 1}] ${n}`));
  }
  return lines;
}

const CSV_HEAD = [
  'model',
  'ni',
  'bytes',
  'provenance',
  'latencyCycles',
  'latencyNs',
  'bytesPerCycle',
  'mbPerS',
  ...PHASE_CATEGORIES.map((c) => `${c}Cycles`),
  'overlapCycles',
  'hatched',
  'problem',
];

const csvOf = (r: BenchRow) =>
  csvRow([
    r.model,
    r.variant,
    r.bytes,
    r.provenance,
    r.latencyCycles ?? '',
    r.latencyNs ?? '',
    r.bytesPerCycle ?? '',
    r.mbPerS ?? '',
    ...PHASE_CATEGORIES.map((c) => r.anatomy?.byCategory[c] ?? ''),
    r.anatomy?.overlap ?? '',
    r.hatched.join('; '),
    r.problem ?? '',
  ]);

/** Runs the bench on parsed flags; prints through `io`; `now` times it (ms), for the closing line. */
export function benchMain(args: Args, io: Output, now: () => number = () => 0): number {
  const request = benchRequestOf(args);
  if (!('clock' in request)) {
    io.err(formatIssue(request));
    return 2;
  }
  const perModel = new Map<string, number>();
  const t0 = now();
  let last = t0;
  const rows = runBench(request, (row) => {
    const t = now();
    perModel.set(row.model, (perModel.get(row.model) ?? 0) + t - last);
    last = t;
  });
  if (has(args, '--json')) for (const r of rows) io.out(JSON.stringify(r));
  else if (has(args, '--csv')) {
    io.out(csvRow(CSV_HEAD));
    for (const r of rows) io.out(csvOf(r));
  } else for (const line of tableLines(rows, request.clock, request.network)) io.out(line);
  const total = now() - t0;
  if (total > 0) {
    const [slowest, ms] = [...perModel.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['—', 0];
    io.err(
      `${rows.length} points in ${(total / 1000).toFixed(1)} s; the slowest model, ${slowest}, took ${Math.round((100 * ms) / total)}%`,
    );
  }
  return 0;
}

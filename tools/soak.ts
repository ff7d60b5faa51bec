/**
 * npm run soak [-- --cycles N] [--family NAME ...] [--only TEXT] [--jobs N] [--seed N] [--json]
 * npm run soak -- --replay FAMILY/CONFIGURATION/SEED/RUN
 *
 * Soaks every model family of the registry (tools/soak/families.ts) for at least `--cycles`
 * simulated cycles per configuration (10,000,000 by default): random runs drawn from the family's
 * generator, one after another, each audited for invariant violations and for lost, duplicated,
 * misdelivered, reordered and unfinished messages, and for stalls. Configurations run in worker
 * threads, `--jobs` at a time (default: the machine's cores, at most the configurations); each
 * configuration's runs are drawn from its own seed, so a row is repeatable on its own. Prints one
 * table per family, then the time taken; exits 1 if any run went wrong, naming the first problem
 * of each row and the --replay argument that runs that one run again with its input.
 *
 * Not part of `npm test`: `npm run test:soak` runs it after the property tests with a random
 * seed. See docs/cli.md.
 */
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import fc from 'fast-check';
import { formatIssue, type InputIssue } from '../sim-core/index';
import {
  has,
  intFlag,
  runTool,
  valueOf,
  valuesOf,
  type Args,
  type Output,
  type ToolSpec,
} from './cli';
import { SOAK_FAMILIES } from './soak/families';
import { cleanAudit, failed, type AnySoakFamily, type RunAudit } from './soak/family';

interface Job {
  family: string;
  configuration: number;
  cycles: number;
  seed: number;
}

/** A configuration's soak: its audits summed, and the first problems with how to replay them. */
interface Row {
  job: Job;
  runs: number;
  total: RunAudit;
  problems: { replay: string; problem: string }[];
  cpuMs: number;
  wallMs: number;
}

const familyOf = (name: string): AnySoakFamily => {
  const family = SOAK_FAMILIES.find((f) => f.name === name);
  if (!family) throw new Error(`no soak family "${name}"`);
  return family;
};

/** The run number `run` of a configuration's seed: the same input every time. */
function drawRun(family: AnySoakFamily, configuration: number, seed: number, run: number) {
  const arbitrary = family.runs(family.configurations[configuration]!);
  return fc.sample(arbitrary, { seed: (seed + run * 7_919) | 0, numRuns: 1 })[0];
}

/** One run's audit; a model that throws has broken one of its own checks: a violation. */
function auditSafely(family: AnySoakFamily, job: Job, run: number): RunAudit {
  const config = family.configurations[job.configuration]!;
  try {
    return family.audit(
      config,
      drawRun(family, job.configuration, job.seed, run),
      family.runCycles,
    );
  } catch (error) {
    const audit = cleanAudit({ messages: false, order: false });
    audit.violations = 1;
    audit.cycles = 1;
    audit.problem = `threw: ${error instanceof Error ? error.message : String(error)}`;
    return audit;
  }
}

const add = (a: number | null, b: number | null) =>
  a === null && b === null ? null : (a ?? 0) + (b ?? 0);

function soakOne(job: Job): Row {
  const family = familyOf(job.family);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const total = cleanAudit({ messages: true, order: true });
  let keepsMessages = false;
  let keepsOrder = false;
  const problems: Row['problems'] = [];
  let runs = 0;
  while (total.cycles < job.cycles) {
    const audit = auditSafely(family, job, runs);
    keepsMessages ||= audit.lost !== null;
    keepsOrder ||= audit.reordered !== null;
    total.cycles += audit.cycles;
    total.violations += audit.violations;
    total.lost = add(total.lost, audit.lost);
    total.duplicated = add(total.duplicated, audit.duplicated);
    total.misdelivered = add(total.misdelivered, audit.misdelivered);
    total.reordered = add(total.reordered, audit.reordered);
    total.unfinished += audit.unfinished;
    total.stalls += audit.stalls;
    total.expectedStalls += audit.expectedStalls;
    if (failed(audit) && problems.length < 3)
      problems.push({
        replay: `${job.family}/${job.configuration}/${job.seed}/${runs}`,
        problem: audit.problem ?? 'a count above zero',
      });
    runs++;
  }
  if (!keepsMessages) total.lost = total.duplicated = total.misdelivered = null;
  if (!keepsOrder) total.reordered = null;
  const used = process.cpuUsage(cpu);
  return {
    job,
    runs,
    total,
    problems,
    cpuMs: (used.user + used.system) / 1000,
    wallMs: performance.now() - started,
  };
}

// ---- the main thread: options, the pool, the tables ----

interface Options {
  cycles: number;
  families: string[];
  /** Only configurations whose label contains this text. */
  only: string | null;
  jobs: number;
  seed: number;
  json: boolean;
  replay: string | null;
}

const SOAK_TOOL: ToolSpec = {
  name: 'soak',
  summary:
    'soaks every model family for random runs of at least N cycles per configuration, auditing each run.',
  usage: [
    '[--cycles N] [--family NAME ...] [--only TEXT] [--jobs N] [--seed N] [--json]',
    '--replay FAMILY/CONFIGURATION/SEED/RUN',
  ],
  options: [
    { name: '--cycles', value: 'N', help: 'Simulated cycles per configuration (10,000,000).' },
    {
      name: '--family',
      value: 'NAME',
      repeat: true,
      help: `Only this family (repeatable): ${SOAK_FAMILIES.map((f) => f.name).join(', ')}.`,
    },
    { name: '--only', value: 'TEXT', help: 'Only configurations whose label contains TEXT.' },
    { name: '--jobs', value: 'N', help: 'Worker threads (the machine’s cores).' },
    { name: '--seed', value: 'N', help: 'The seed every configuration’s seed derives from.' },
    { name: '--json', help: 'One JSON object per configuration.' },
    { name: '--replay', value: 'ID', help: 'Run one run again and print its input and audit.' },
  ],
  exitCodes: [
    [0, 'every run of every configuration passed its audit'],
    [1, 'a run went wrong (each row names its first problem and its --replay)'],
    [2, 'the command line is wrong (CLI001, CLI002)'],
  ],
  docs: 'docs/cli.md ("Soak")',
};

/** The options, or the CLI002 issue of the first bad value. */
function optionsOf(args: Args): Options | InputIssue {
  const int = (flag: string, min: number, fallback: number) => {
    const raw = valueOf(args, flag);
    return raw === undefined ? fallback : intFlag(flag, raw, min, 2 ** 31 - 1);
  };
  const cycles = int('--cycles', 1, 10_000_000);
  const jobs = int('--jobs', 1, availableParallelism());
  const seed = int('--seed', 0, Date.now() % 2 ** 31);
  for (const v of [cycles, jobs, seed]) if (typeof v !== 'number') return v;
  const families = valuesOf(args, '--family').map(([name]) => name ?? '');
  const unknown = families.find((name) => !SOAK_FAMILIES.some((f) => f.name === name));
  if (unknown !== undefined)
    return {
      code: 'CLI002',
      path: '--family',
      message: `expected one of ${SOAK_FAMILIES.map((f) => f.name).join(', ')}, got ${JSON.stringify(unknown.slice(0, 40))}`,
    };
  return {
    cycles: cycles as number,
    jobs: jobs as number,
    seed: seed as number,
    families,
    only: valueOf(args, '--only') ?? null,
    json: has(args, '--json'),
    replay: valueOf(args, '--replay') ?? null,
  };
}

const count = (n: number | null) => (n === null ? '—' : n.toLocaleString('en'));

function stallsText(a: RunAudit): string {
  if (a.stalls === 0) return '0';
  const unexpected = a.stalls - a.expectedStalls;
  return a.expectedStalls
    ? `${count(a.expectedStalls)} named, expected${unexpected ? `; ${count(unexpected)} not` : ''}`
    : count(a.stalls);
}

function table(family: AnySoakFamily, rows: Row[]): string {
  const head = [
    'configuration',
    'cycles',
    'runs',
    'violations',
    'lost',
    'duplicated',
    'misdelivered',
    'reordered',
    'unfinished',
    'stalls',
  ];
  const lines = rows.map((r) => {
    const t = r.total;
    return [
      family.configurations[r.job.configuration]!.label,
      count(t.cycles),
      count(r.runs),
      count(t.violations),
      count(t.lost),
      count(t.duplicated),
      count(t.misdelivered),
      count(t.reordered),
      count(t.unfinished),
      stallsText(t),
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [row(head), rule, ...lines.map(row)].join('\n');
}

function runPool(jobs: Job[], width: number, onDone: (row: Row) => void): Promise<void> {
  let next = 0;
  const startOne = (): Promise<void> => {
    const job = jobs[next++];
    if (!job) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const worker = new Worker(new URL(import.meta.url), { workerData: job });
      worker.once('message', (row: Row) => onDone(row));
      worker.once('error', reject);
      worker.once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`a soak worker exited with ${code}`)),
      );
    }).then(startOne);
  };
  return Promise.all(Array.from({ length: Math.min(width, jobs.length) }, startOne)).then(() => {});
}

function replay(spec: string): void {
  const [name, configuration, seed, run] = spec.split('/');
  const family = familyOf(name ?? '');
  const c = Number(configuration);
  if (!family.configurations[c])
    throw new Error(`${family.name} has no configuration ${configuration}`);
  const input = drawRun(family, c, Number(seed), Number(run));
  console.log(`${family.name}: ${family.configurations[c]!.label}, run ${run} of seed ${seed}`);
  console.log(JSON.stringify(input, null, 1));
  console.log(
    JSON.stringify(family.audit(family.configurations[c]!, input, family.runCycles), null, 1),
  );
}

async function main(args: Args, io: Output): Promise<number> {
  const opts = optionsOf(args);
  if ('code' in opts) {
    io.err(formatIssue(opts));
    return 2;
  }
  if (opts.replay !== null) {
    replay(opts.replay);
    return 0;
  }
  const families = SOAK_FAMILIES.filter(
    (f) => !opts.families.length || opts.families.includes(f.name),
  );
  const jobs = families.flatMap((f) =>
    f.configurations.flatMap((c, configuration) =>
      opts.only === null || c.label.includes(opts.only)
        ? [
            {
              family: f.name,
              configuration,
              cycles: opts.cycles,
              seed: (opts.seed + configuration * 104_729) % 2 ** 31,
            },
          ]
        : [],
    ),
  );
  const started = performance.now();
  const rows: Row[] = [];
  if (!opts.json)
    console.log(
      `Soaking ${jobs.length} configurations of ${families.length} families, ${opts.cycles.toLocaleString('en')} cycles each, ${Math.min(opts.jobs, jobs.length)} at a time (seed ${opts.seed}).`,
    );
  await runPool(jobs, opts.jobs, (row) => {
    rows.push(row);
    if (opts.json) return console.log(JSON.stringify(row));
    const f = familyOf(row.job.family);
    const first = row.problems[0];
    // The replay on the row itself: a long soak stopped early keeps what it found.
    const verdict = failed(row.total)
      ? `FAIL: ${first?.problem}${first ? ` (replay: ${first.replay})` : ''}`
      : 'ok';
    console.log(
      `[${rows.length}/${jobs.length}] ${f.name} · ${f.configurations[row.job.configuration]!.label}: ${count(row.total.cycles)} cycles in ${count(row.runs)} runs, ${(row.cpuMs / 1000).toFixed(0)} s CPU — ${verdict}`,
    );
  });
  const wall = (performance.now() - started) / 1000;
  const cpu = rows.reduce((s, r) => s + r.cpuMs, 0) / 1000;
  const bad = rows.filter((r) => failed(r.total));
  if (!opts.json) {
    for (const f of families) {
      const mine = rows
        .filter((r) => r.job.family === f.name)
        .sort((a, b) => a.job.configuration - b.job.configuration);
      console.log(`\n### ${f.title}\n\n${table(f, mine)}\n`);
      console.log(`reordered: ${f.orderNote}.`);
      for (const s of f.skipped) console.log(`skipped: ${s}.`);
    }
    for (const r of bad)
      for (const p of r.problems)
        console.log(`\nFAIL ${p.problem}\n  replay: npm run soak -- --replay ${p.replay}`);
    console.log(
      `\n${rows.length} configurations, ${count(rows.reduce((s, r) => s + r.total.cycles, 0))} cycles in ${(wall / 60).toFixed(1)} min (${(cpu / 60).toFixed(1)} min of CPU on ${Math.min(opts.jobs, jobs.length)} threads); ${bad.length ? `${bad.length} FAILED` : 'no failures'}.`,
    );
  }
  return bad.length ? 1 : 0;
}

if (isMainThread) runTool(SOAK_TOOL, process.argv.slice(2), main);
else {
  parentPort!.postMessage(soakOne(workerData as Job));
}

/**
 * The fuzz suite's boundaries: for each input NI Lab takes — a scenario file, a share link,
 * overrides, an assignment, a submission, a folder for the grader, a command line — an arbitrary
 * of mutated real inputs (mutate.ts) and a runner that feeds one to the project's own entry point
 * and returns what came back: the coded problems, the lines printed, the scenarios accepted.
 *
 * `check` then judges one run: it must not throw, must finish within 2 s of CPU, must print only coded
 * problems in the project's words (no `[object Object]`, no zod wording), must leave
 * Object.prototype as it was, and every accepted scenario must simulate a bounded number of
 * cycles without throwing, without NaN in its statistics and without an invariant violation.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import LZString from 'lz-string';
import {
  applyOverrides,
  createSim,
  decodeLink,
  ISSUE_CODES,
  parseOverride,
  parseScenario,
  type InputIssue,
  type Scenario,
} from '../../sim-core/index';
import {
  grade,
  parseAssignment,
  SimCache,
  TEACHING_ISSUE_CODES,
  type Assignment,
} from '../../sim-core/teaching/index';
import { builtinScenarios, findBuiltin } from '../../scenarios/index';
import { findAssignment } from '../../scenarios/assignments/index';
import { runSim } from '../../tools/sim';
import { runGrade } from '../../tools/grade';
import {
  ASSIGNMENT_DOCS,
  dottedPaths,
  mutatedContent,
  mutatedDoc,
  nested,
  nestedText,
  SCENARIO_DOCS,
  submissionFixtures,
  textOf,
  type Json,
} from './mutate';

/** Cycles an accepted scenario is simulated for. */
export const SIM_CYCLES = 150;
/**
 * The longest a single input may take, in CPU time: a soak shares its machine, and wall time on a
 * loaded one measures the neighbours. A hang that burns no CPU (a read blocked on a pipe) is held
 * to WALL_FACTOR times the budget in wall time.
 */
export const MAX_MS = 2000;
const WALL_FACTOR = 8;
/**
 * The message bench's scenarios make a race by running each chosen NI's message through its own
 * model to the end (sim-core/bench/bench-race.ts): seconds, by design, the first time a point is
 * measured (the worker keeps it after). Bounded — at most every NI once — so not a hang: a
 * scenario of the bench is held to this instead.
 */
export const MAX_MS_BENCH = 60_000;

export interface Outcome {
  /** Coded problems returned by the boundary. */
  issues: { code: string; path: string; message: string }[];
  /** Lines a command printed (stdout and stderr). */
  lines: string[];
  /** Scenarios the boundary accepted, to be simulated. */
  accepted: Scenario[];
  /** The command ran a message bench's race (seconds by design: MAX_MS_BENCH, not MAX_MS). */
  raced?: boolean;
}

export interface Boundary<I> {
  name: string;
  arbitrary: fc.Arbitrary<I>;
  run: (input: I) => Outcome;
}

const none = (): Outcome => ({ issues: [], lines: [], accepted: [] });

const builtinDoc = (id: string) => findBuiltin(id)?.doc;

/** The scenario after a decoded link or overrides, as the app's worker loads it. */
function loadLike(doc: unknown, overrides: Parameters<typeof applyOverrides>[1]): Outcome {
  const out = none();
  const applied = applyOverrides(doc, overrides);
  if (!applied.ok) {
    out.issues.push(applied.error);
    return out;
  }
  const parsed = parseScenario(applied.value);
  if (parsed.ok) out.accepted.push(parsed.value);
  else out.issues.push(...parsed.error);
  return out;
}

function scenarioRun(input: Json): Outcome {
  const out = none();
  const parsed = parseScenario(input);
  if (parsed.ok) out.accepted.push(parsed.value);
  else out.issues.push(...parsed.error);
  return out;
}

// ─── scenario files ────────────────────────────────────────────────────────────────────────

export const scenarioBoundary: Boundary<Json> = {
  name: 'scenario file',
  arbitrary: mutatedContent(SCENARIO_DOCS),
  run: scenarioRun,
};

// ─── share links ───────────────────────────────────────────────────────────────────────────

const builtinIds = builtinScenarios.map((s) => s.id);

/** Mostly one of `good`, sometimes one of `bad`. */
const sometimes = (good: string[], bad: string[]) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...good) },
    { weight: 1, arbitrary: fc.constantFrom(...bad) },
  );

/** A value for an override: mostly a real one (the field's own, or another field's), else an edge case. */
const overrideValue = (own: unknown): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(textOf(own)?.replace(/\s+/g, '') ?? '0') },
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        '1',
        '0',
        '2',
        '4',
        '16',
        'true',
        'false',
        'MESI',
        'MSI',
        'dor',
        '"x"',
        '0x40',
      ),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '-1',
        '4294967294',
        '1e308',
        'null',
        '{}',
        '[]',
        '',
        'x',
        '"__proto__"',
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom(33, 6000, 100_000).map((d) => nestedText(d)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  );

/** `path=value` for a field of built-in `id`: mostly real paths, sometimes bent out of shape. */
const overrideFor = (id: string): fc.Arbitrary<string> => {
  const doc = builtinDoc(id);
  const all = dottedPaths(doc);
  const valueAt = (path: string) =>
    path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], doc);
  // Paths to lists: an index far past the end once made a list of four billion places.
  const lists = all.filter((p) => Array.isArray(valueAt(p)));
  return fc
    .record({
      path: fc.constantFrom(...all),
      bend: fc.oneof(
        { weight: 12, arbitrary: fc.constant('as-is') },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            'deeper',
            'index',
            'proto',
            'constructor',
            'odd',
            'new',
            'pastEnd',
          ),
        },
      ),
    })
    .chain(({ path, bend }) => {
      const own = path
        .split('.')
        .reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], doc);
      const bent =
        bend === 'deeper'
          ? `${path}.x.y`
          : bend === 'index'
            ? `${path}.4294967294`
            : bend === 'proto'
              ? `__proto__.${path}`
              : bend === 'constructor'
                ? `${path}.constructor.prototype`
                : bend === 'odd'
                  ? `${path}..`
                  : bend === 'pastEnd' && lists.length > 0
                    ? `${lists[path.length % lists.length]!}.4294967294`
                    : bend === 'new'
                      ? `${path.split('.').slice(0, -1).concat('extra').join('.')}`
                      : path;
      return overrideValue(own).map((value) => `${bent}=${value}`);
    });
};

/** Links of a few hundred characters that unpack to 100,000 levels or a megabyte of text. */
const BOMBS = [
  nestedText(100_000),
  `{"title":"${'a'.repeat(1_200_000)}"}`,
  `{"version":1,"id":"x","title":"x","system":${nestedText(40)}}`,
].map((t) => `#v1?z=${LZString.compressToEncodedURIComponent(t)}`);

const linkText: fc.Arbitrary<string> = fc.oneof(
  // A built-in scenario with overrides, seed, cycle and views.
  fc
    .constantFrom(...builtinIds)
    .chain((id) =>
      fc.record({
        id: fc.constant(id),
        sets: fc.array(overrideFor(id), { minLength: 0, maxLength: 3 }),
        seed: fc.option(sometimes(['0', '7', '123'], ['4294967295', '4294967296', '-1', 'x']), {
          nil: undefined,
        }),
        c: fc.option(sometimes(['0', '10', '250'], ['10000000', '10000001', '1e3']), {
          nil: undefined,
        }),
        views: fc.option(sometimes(['notes', 'caches,bus', 'log'], ['graph', '']), {
          nil: undefined,
        }),
      }),
    )
    .map(({ sets, id, seed, c, views }) =>
      [
        `#v1?b=${id}`,
        ...sets.map((set) => `set=${encodeURIComponent(set)}`),
        ...(seed === undefined ? [] : [`seed=${seed}`]),
        ...(c === undefined ? [] : [`c=${c}`]),
        ...(views === undefined ? [] : [`views=${views}`]),
      ].join('&'),
    ),
  // A carried scenario: a mutated built-in, compressed as the app compresses it.
  mutatedDoc(SCENARIO_DOCS, 3).map((doc) => {
    const text = textOf(doc);
    // A document too deep or too large to write is sent as one of the prepared bombs.
    if (text === null || text.length > 200_000) return BOMBS[0]!;
    return `#v1?z=${LZString.compressToEncodedURIComponent(text)}&c=3`;
  }),
  // Small links that unpack to very deep or very long text.
  fc.constantFrom(...BOMBS),
);

type LinkOp = { kind: 'cut' | 'char' | 'repeat'; at: number; char: string };

export const linkBoundary: Boundary<string> = {
  name: 'share link',
  arbitrary: fc
    .record({
      link: linkText,
      ops: fc.array(
        fc.record({
          kind: fc.constantFrom<LinkOp['kind']>('cut', 'char', 'repeat'),
          at: fc.nat(),
          char: fc.constantFrom(
            '%',
            '&',
            '=',
            '?',
            '#',
            '+',
            ' ',
            'A',
            '$',
            '%E0%A4%A',
            '&set=',
            '&b=x',
          ),
        }),
        { maxLength: 1 },
      ),
    })
    .map(({ link, ops }) => {
      let t = link;
      for (const o of ops) {
        const n = Math.max(1, t.length);
        if (o.kind === 'cut') t = t.slice(0, o.at % n);
        else if (o.kind === 'char') t = t.slice(0, o.at % n) + o.char + t.slice(o.at % n);
        else
          t =
            t +
            t
              .slice(t.indexOf('?') + 1)
              .replace(/^/, '&')
              .repeat(1 + (o.at % 3));
      }
      return t;
    }),
  run: (link) => {
    const decoded = decodeLink(link);
    if (decoded === null) return none();
    if (!decoded.ok) return { ...none(), issues: [decoded.error] };
    const { source, seed } = decoded.value;
    const seedOverride = seed === undefined ? [] : [{ path: 'seed', value: seed }];
    if (source.kind === 'builtin') {
      const doc = builtinDoc(source.id);
      if (doc === undefined) return none(); // the worker says LNK003
      return loadLike(doc, [...source.overrides, ...seedOverride]);
    }
    return loadLike(source.doc, seedOverride);
  },
};

// ─── overrides (`--set`, `set=`, an assignment's) ──────────────────────────────────────────

export const overridesBoundary: Boundary<{ id: string; texts: string[] }> = {
  name: 'overrides',
  arbitrary: fc.constantFrom(...builtinIds).chain((id) =>
    fc.record({
      id: fc.constant(id),
      texts: fc.array(
        fc.oneof(
          { weight: 12, arbitrary: overrideFor(id) },
          { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
        ),
        { minLength: 1, maxLength: 3 },
      ),
    }),
  ),
  run: ({ id, texts }) => {
    const overrides = [];
    for (const text of texts) {
      const parsed = parseOverride(text);
      if (!parsed.ok) return { ...none(), issues: [parsed.error] };
      overrides.push(parsed.value);
    }
    return loadLike(builtinDoc(id), overrides);
  },
};

// ─── assignments ───────────────────────────────────────────────────────────────────────────

export const assignmentBoundary: Boundary<Json> = {
  name: 'assignment file',
  arbitrary: fc.oneof(
    { weight: 9, arbitrary: mutatedContent(ASSIGNMENT_DOCS) },
    // The issue's case: a title 6,000 deep.
    {
      weight: 1,
      arbitrary: fc.constant({ ...(ASSIGNMENT_DOCS[0] as object), title: nested(6000) }),
    },
  ),
  run: (input) => {
    const parsed = parseAssignment(input, builtinDoc);
    return { ...none(), issues: parsed.ok ? [] : parsed.error };
  },
};

// ─── submissions ───────────────────────────────────────────────────────────────────────────

const FIXTURES = submissionFixtures();
const assignments = new Map<string, Assignment>();
function assignmentNamed(id: string): Assignment {
  let a = assignments.get(id);
  if (!a) {
    const parsed = parseAssignment(findAssignment(id)!.doc, builtinDoc);
    if (!parsed.ok) throw new Error(`built-in assignment ${id} does not load`);
    a = parsed.value;
    assignments.set(id, a);
  }
  return a;
}

/** One cache for every graded submission of a run: students share configurations. */
const gradeCache = new SimCache();

export const submissionBoundary: Boundary<{ assignment: string; content: Json }> = {
  name: 'submission file',
  arbitrary: fc.record({
    assignment: fc.constantFrom(...new Set(FIXTURES.map((f) => f.assignment))),
    content: mutatedContent(FIXTURES.map((f) => f.doc)),
  }),
  run: ({ assignment, content }) => {
    const report = grade(assignmentNamed(assignment), content, { cache: gradeCache });
    const feedback = report.questions.map((q) => q.feedback);
    return { ...none(), issues: report.problems, lines: feedback };
  },
};

// ─── the grader on a folder ────────────────────────────────────────────────────────────────

const ROOT = mkdtempSync(join(tmpdir(), 'ni-lab-fuzz-'));
/** One named pipe, linked into a case's folder as x.json: opening it blocking would hang. */
const FIFO = join(ROOT, 'pipe');
let hasFifo = false;
try {
  execFileSync('mkfifo', [FIFO]);
  hasFifo = true;
} catch {
  // No mkfifo (Windows): the cases leave the pipe out.
}
process.on('exit', () => rmSync(ROOT, { recursive: true, force: true }));

type Entry =
  | { kind: 'file'; content: Json; bom: boolean }
  | { kind: 'pipe' | 'zero' | 'loop' | 'broken' | 'folder' | 'big' | 'upLink' };

const entry: fc.Arbitrary<Entry> = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant('file' as const),
      content: mutatedContent(FIXTURES.map((f) => f.doc)),
      bom: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom<Entry>(
      { kind: 'pipe' },
      { kind: 'zero' },
      { kind: 'loop' },
      { kind: 'broken' },
      { kind: 'folder' },
      { kind: 'upLink' },
    ),
  },
  { weight: 1, arbitrary: fc.constant<Entry>({ kind: 'big' }) },
);

let caseNumber = 0;

/** Writes a case's folder: entries named 0.json, 1.json, … (a pipe is x.json). */
function writeFolder(entries: readonly Entry[]): string {
  const dir = join(ROOT, `case-${caseNumber++}`);
  mkdirSync(dir);
  entries.forEach((e, i) => {
    // A pipe is named x.json, as in the issue (a second one in the same folder x1.json, …).
    const name = join(
      dir,
      e.kind === 'pipe'
        ? `x${entries.slice(0, i).some((o) => o.kind === 'pipe') ? i : ''}.json`
        : `${i}.json`,
    );
    switch (e.kind) {
      case 'file': {
        const text =
          typeof e.content === 'string' ? e.content : (textOf(e.content) ?? nestedText(6000));
        writeFileSync(name, `${e.bom ? '\uFEFF' : ''}${text}`);
        break;
      }
      case 'pipe':
        if (hasFifo) symlinkSync(FIFO, name);
        break;
      case 'zero':
        symlinkSync('/dev/zero', name);
        break;
      case 'loop':
        symlinkSync(`${i}.json`, name);
        break;
      case 'broken':
        symlinkSync('nowhere', name);
        break;
      case 'folder':
        mkdirSync(name);
        writeFileSync(join(name, 'inner.json'), '{}');
        break;
      case 'upLink':
        symlinkSync('..', join(dir, `up${i}`));
        break;
      case 'big':
        writeFileSync(name, `{"version":1,"x":"${'x'.repeat(1_100_000)}"}`);
        break;
    }
  });
  return dir;
}

const ROSTERS = [
  'id,name\ns1001,Ada Lovelace\ns1002,Grace Hopper\n',
  '\uFEFFstudent_id,student_name\r\ns1001,"Lovelace, Ada"\r\n',
  's1001\ns1001\n',
  '=HYPERLINK("x"),"=1+1"\n',
  '',
  '"unclosed\n',
];

export const graderBoundary: Boundary<{
  assignment: string;
  entries: Entry[];
  format: string[];
  roster: number | null;
}> = {
  name: 'grader',
  arbitrary: fc.record({
    assignment: fc.constantFrom(...new Set(FIXTURES.map((f) => f.assignment))),
    entries: fc.array(entry, { minLength: 0, maxLength: 3 }),
    format: fc.constantFrom([], ['--csv'], ['--json']),
    roster: fc.option(fc.nat(ROSTERS.length - 1), { nil: null }),
  }),
  run: ({ assignment, entries, format, roster }) => {
    const dir = writeFolder(entries);
    const rosterArgs: string[] = [];
    if (roster !== null) {
      const file = join(dir, 'roster.csv');
      writeFileSync(file, ROSTERS[roster]!);
      rosterArgs.push('--roster', file);
    }
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    const status = runGrade([assignment, dir, ...format, ...rosterArgs], io, undefined, gradeCache);
    rmSync(dir, { recursive: true, force: true });
    const out = { ...none(), lines };
    if (status !== 0 && status !== 2) out.lines.push(`unexpected exit status ${status}`);
    return out;
  },
};

// ─── command lines ─────────────────────────────────────────────────────────────────────────

/** Scenario files that are JSON but not scenarios, deep, or saved with a byte-order mark. */
const ODD_SCENARIO_FILES = Object.entries({
  'five.json': '5',
  'null.json': 'null',
  'text.json': '"five"',
  'deep.json': `{"version":1,"system":${nestedText(5000)}}`,
  'bom.json': `\uFEFF${textOf(findBuiltin('read-sharing')!.doc)}`,
}).map(([name, text]) => {
  const path = join(ROOT, name);
  writeFileSync(path, text);
  return path;
});

/** A command line of the sim: a scenario, options with values, and now and then a stray token. */
const simArgv: fc.Arbitrary<string[]> = fc
  .constantFrom(...builtinIds)
  .chain((id) =>
    fc.record({
      scenario: sometimes(
        [id, id, `scenarios/${findBuiltin(id)!.file}`],
        [
          'no-such-scenario',
          '/dev/zero',
          '/etc',
          'tests/fixtures/submissions/coh-false-sharing/bad-json.json',
          ...ODD_SCENARIO_FILES,
        ],
      ),
      options: fc.array(
        fc.oneof(
          fc.constantFrom(['--json'], ['--narrate'], ['--list']),
          fc.tuple(
            fc.constantFrom('--seed', '--cycles', '--warmup', '--window'),
            sometimes(['0', '1', '3', '50', '100', '1000'], ['-1', '4294967296', '1e3', 'x', '']),
          ),
          fc.tuple(fc.constant('--set'), overrideFor(id)),
        ),
        { maxLength: 3 },
      ),
      stray: fc.option(
        fc.tuple(
          fc.nat(),
          fc.oneof(
            fc.constantFrom(
              '--frobnicate',
              '-x',
              '--',
              '-',
              '--seed=3',
              '--cycles=',
              '--set',
              'extra',
              'x'.repeat(200_000),
            ),
            fc.string({ maxLength: 6 }),
          ),
        ),
        { nil: undefined, freq: 4 },
      ),
    }),
  )
  .map(({ scenario, options, stray }) => {
    const argv = [scenario, ...options.flat()];
    if (stray) argv.splice(stray[0] % (argv.length + 1), 0, stray[1]);
    return argv;
  });

const GRADE_ASSIGNMENTS = [...new Set(FIXTURES.map((f) => f.assignment))];

/** A command line of the grader: an assignment, submissions or a mode, options, a stray token. */
const gradeArgv: fc.Arbitrary<string[]> = fc
  .record({
    assignment: sometimes(GRADE_ASSIGNMENTS, ['no-such-assignment', '/dev/zero', 'scenarios']),
    mode: fc.oneof(
      fc
        .constantFrom(GRADE_ASSIGNMENTS.map((a) => `tests/fixtures/submissions/${a}`))
        .map((p) => [p[0]!]),
      fc.constantFrom(
        ['--csv'],
        ['--json'],
        ['--list'],
        ['--hash', 'salt-1234', 'a'],
        ['--key', '--student', 's1001'],
      ),
    ),
    stray: fc.option(
      fc.tuple(
        fc.nat(),
        fc.constantFrom(
          '--frobnicate',
          '--roster',
          '--student',
          '--hash',
          '/dev/zero',
          '--csv',
          '--json',
        ),
      ),
      { nil: undefined, freq: 3 },
    ),
  })
  .map(({ assignment, mode, stray }) => {
    const argv = [assignment, ...mode];
    if (stray) argv.splice(stray[0] % (argv.length + 1), 0, stray[1]);
    return argv;
  });

/** A command-line argument naming a message bench scenario, by id or by file. */
const isBenchScenario = (arg: string): boolean =>
  builtinScenarios.some(
    (b) =>
      (b.doc as { system: { kind: string } }).system.kind === 'bench' &&
      (arg === b.id || arg === `scenarios/${b.file}`),
  );

export const cliBoundary: Boundary<{ tool: 'sim' | 'grade'; argv: string[] }> = {
  name: 'CLI flags',
  arbitrary: fc.oneof(
    { weight: 4, arbitrary: fc.record({ tool: fc.constant('sim' as const), argv: simArgv }) },
    { weight: 1, arbitrary: fc.record({ tool: fc.constant('grade' as const), argv: gradeArgv }) },
  ),
  run: ({ tool, argv }) => {
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    // The grader shares one simulation cache across inputs: students share configurations.
    const status =
      tool === 'sim' ? runSim(argv, io, SIM_CYCLES) : runGrade(argv, io, undefined, gradeCache);
    if (![0, 1, 2].includes(status)) lines.push(`unexpected exit status ${status}`);
    const raced =
      tool === 'sim' && argv.some((a) => isBenchScenario(a)) && ![1, 2].includes(status);
    return { ...none(), lines, raced };
  },
};

export const BOUNDARIES = [
  scenarioBoundary,
  linkBoundary,
  overridesBoundary,
  assignmentBoundary,
  submissionBoundary,
  graderBoundary,
  cliBoundary,
] as const;

// ─── the checks ────────────────────────────────────────────────────────────────────────────

export type Failure =
  | 'crash'
  | 'slow'
  | 'uncoded'
  | 'objectObject'
  | 'zodWording'
  | 'pollution'
  | 'simThrow'
  | 'nan'
  | 'violation';

const CODES = new Set([...Object.keys(ISSUE_CODES), ...Object.keys(TEACHING_ISSUE_CODES)]);
const ZOD_WORDING = /Invalid input|Invalid option|^Invalid |Too (big|small)|Unrecognized key/;
const CODED_LINE = /^(?:\S+: )?([A-Z]{3}\d{3}) /;

const prototypeShape = () =>
  [Object.prototype, Array.prototype, Function.prototype]
    .map((p) => Object.getOwnPropertyNames(p).join(','))
    .join('|');
const PROTOTYPES = prototypeShape();

function hasNaN(value: unknown): boolean {
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'number' && Number.isNaN(v)) return true;
    if (v !== null && typeof v === 'object') stack.push(...Object.values(v));
  }
  return false;
}

/** Simulates an accepted scenario for SIM_CYCLES cycles: what went wrong, if anything. */
function simulate(scenario: Scenario): Failure[] {
  try {
    const sim = createSim(scenario);
    let violation = false;
    while (!sim.halted && sim.cycle < SIM_CYCLES)
      for (const e of sim.step()) if (e.kind === 'invariant.violation') violation = true;
    sim.frame();
    const failures: Failure[] = [];
    if (hasNaN(sim.stats())) failures.push('nan');
    if (violation) failures.push('violation');
    return failures;
  } catch {
    return ['simThrow'];
  }
}

/** The problems with one run of a boundary, and the detail of the first (for a report). */
export function judge<I>(
  boundary: Boundary<I>,
  input: I,
): { failures: Failure[]; detail: string; accepted: number } {
  const failures = new Set<Failure>();
  let detail = '';
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  let outcome: Outcome;
  try {
    outcome = boundary.run(input);
  } catch (e) {
    return {
      failures: ['crash'],
      detail: e instanceof Error ? `${e.name}: ${e.message.slice(0, 200)}` : String(e),
      accepted: 0,
    };
  }
  for (const i of outcome.issues) {
    const text = `${i.code} ${i.path}: ${i.message}`;
    if (!CODES.has(i.code) || typeof i.message !== 'string' || i.message === '') {
      failures.add('uncoded');
      detail ||= text;
    }
    if (text.includes('[object Object]')) {
      failures.add('objectObject');
      detail ||= text;
    }
    if (ZOD_WORDING.test(i.message)) {
      failures.add('zodWording');
      detail ||= text;
    }
  }
  for (const line of outcome.lines) {
    if (line.includes('[object Object]')) {
      failures.add('objectObject');
      detail ||= line;
    }
    const coded = CODED_LINE.exec(line);
    if (coded && !CODES.has(coded[1]!)) {
      failures.add('uncoded');
      detail ||= line;
    }
    if (line.startsWith('unexpected exit status')) {
      failures.add('crash');
      detail ||= line;
    }
    if (ZOD_WORDING.test(line.replace(CODED_LINE, ''))) {
      failures.add('zodWording');
      detail ||= line;
    }
  }
  for (const scenario of outcome.accepted)
    for (const f of simulate(scenario)) {
      failures.add(f);
      detail ||= `${f} in ${scenario.id}`;
    }
  const budget =
    outcome.raced || outcome.accepted.some((s) => s.system.kind === 'bench')
      ? MAX_MS_BENCH
      : MAX_MS;
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuStarted);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  if (cpuMs > budget || wallMs > budget * WALL_FACTOR) {
    failures.add('slow');
    detail ||= `${Math.round(cpuMs)} ms of CPU, ${Math.round(wallMs)} ms in all`;
  }
  if (prototypeShape() !== PROTOTYPES || ({} as Record<string, unknown>).polluted !== undefined) {
    failures.add('pollution');
    detail ||= 'Object.prototype changed';
  }
  return { failures: [...failures], detail, accepted: outcome.accepted.length };
}

export type { InputIssue };

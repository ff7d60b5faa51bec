/**
 * npm run grade -- <assignment file | built-in id> <submission files or folders…> [--csv | --json]
 * npm run grade -- <assignment> --key [--student ID …]
 * npm run grade -- --hash <salt> <answer>
 * npm run grade -- --list
 *
 * Grades a batch of submissions with the same sim-core as the app: re-runs what needs running
 * (once per distinct configuration, shared across students), prints per-student scores and
 * per-question feedback, and a clear line for every malformed or tampered submission; one bad
 * file never stops the batch. Exit status: 0 when the batch was graded (bad submissions
 * included), 1 when the assignment itself does not load, 2 for a misused command line.
 * See docs/cli.md ("Grading") and docs/teaching/README.md.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatIssue, type InputIssue } from '../sim-core/index';
import {
  answerKey,
  formatTeachingIssue,
  gradeBatch,
  hashAnswer,
  normaliseAnswer,
  parseAssignment,
  personalise,
  randomChoices,
  SimCache,
  withValues,
  type Assignment,
  type BatchItem,
  type BatchReport,
  type Personalisation,
  type Scalar,
} from '../sim-core/teaching/index';
import { findBuiltin } from '../scenarios/index';
import { builtinAssignments, findAssignment } from '../scenarios/assignments/index';

const USAGE = `usage: npm run grade -- <assignment file | built-in id> <submission files or folders...> [--csv | --json]
       npm run grade -- <assignment file | built-in id> --key [--student ID ...]
       npm run grade -- --hash <salt> <answer>
       npm run grade -- --list`;

export interface Output {
  out: (line: string) => void;
  err: (line: string) => void;
}

interface Options {
  assignment?: string;
  paths: string[];
  format: 'table' | 'csv' | 'json';
  key: boolean;
  students: string[];
  hash: [string, string] | null;
  list: boolean;
}

function parseArgs(argv: string[]): { ok: true; opts: Options } | { ok: false; issue: InputIssue } {
  const opts: Options = {
    paths: [],
    format: 'table',
    key: false,
    students: [],
    hash: null,
    list: false,
  };
  const usage = (path: string, message: string, code: InputIssue['code'] = 'CLI001') => ({
    ok: false as const,
    issue: { code, path, message: `${message}\n${USAGE}` },
  });
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--csv' || a === '--json') {
      const format = a === '--csv' ? 'csv' : 'json';
      if (opts.format !== 'table' && opts.format !== format)
        return usage(a, 'choose one of --csv and --json', 'CLI002');
      opts.format = format;
    } else if (a === '--key') opts.key = true;
    else if (a === '--list') opts.list = true;
    else if (a === '--student') {
      const id = argv[++i];
      if (id === undefined || id.startsWith('--'))
        return usage('--student', 'expected a student id', 'CLI002');
      opts.students.push(id);
    } else if (a === '--hash') {
      const salt = argv[++i];
      const answer = argv[++i];
      if (salt === undefined || answer === undefined)
        return usage('--hash', 'expected a salt and an answer', 'CLI002');
      opts.hash = [salt, answer];
    } else if (a.startsWith('--')) return usage(a, 'unknown option');
    else if (opts.assignment === undefined) opts.assignment = a;
    else opts.paths.push(a);
  }
  return { ok: true, opts };
}

/** Every submission file under the given paths: files as given, folders' *.json files sorted. */
export function collectSubmissions(paths: readonly string[]): {
  files: string[];
  problems: InputIssue[];
} {
  const files: string[] = [];
  const problems: InputIssue[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.json')) files.push(full);
    }
  };
  for (const p of paths) {
    let isDir: boolean;
    try {
      isDir = statSync(p).isDirectory();
    } catch {
      problems.push({ code: 'CLI003', path: p, message: 'no such file or folder' });
      continue;
    }
    if (isDir) walk(p);
    else files.push(p);
  }
  return { files, problems };
}

function loadAssignment(
  arg: string,
): { ok: true; value: Assignment } | { ok: false; lines: string[] } {
  const builtin = findAssignment(arg);
  let text: unknown;
  if (builtin) text = builtin.doc;
  else {
    try {
      text = readFileSync(arg, 'utf8');
    } catch {
      return {
        ok: false,
        lines: [
          formatIssue({
            code: 'CLI003',
            path: '',
            message: `"${arg}" is neither a built-in assignment (see --list) nor a readable file`,
          }),
        ],
      };
    }
  }
  const parsed = parseAssignment(text, (id) => findBuiltin(id)?.doc);
  if (!parsed.ok)
    return { ok: false, lines: parsed.error.map((i) => formatTeachingIssue(i, 'assignment')) };
  return parsed;
}

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));

const score = (points: number, max: number) => `${points}/${max}`;

function printTable(a: Assignment, reports: BatchReport[], io: Output): void {
  const ids = a.questions.map((q) => q.id);
  const rows = reports.map((r) => [
    basename(r.source),
    r.student?.id ?? '—',
    r.student?.name ?? '',
    r.status,
    score(r.total, r.max),
    ...ids.map((id) => {
      const q = r.questions.find((x) => x.id === id);
      return q ? score(q.points, q.max) : '—';
    }),
  ]);
  const head = ['file', 'student', 'name', 'status', 'total', ...ids];
  const widths = head.map((h, i) =>
    Math.min(28, Math.max(h.length, ...rows.map((r) => r[i]!.length))),
  );
  io.out(
    head
      .map((h, i) => pad(h, widths[i]!))
      .join('  ')
      .trimEnd(),
  );
  for (const r of rows)
    io.out(
      r
        .map((c, i) => pad(c.slice(0, 28), widths[i]!))
        .join('  ')
        .trimEnd(),
    );
  io.out('');
  io.out('Feedback');
  for (const r of reports) {
    if (r.status !== 'graded') continue;
    const params = Object.entries(r.params)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(', ');
    io.out(
      `  ${r.student!.id}${r.student!.name ? ` (${r.student!.name})` : ''} — ${r.source}${params ? ` — personal values: ${params}` : ''}`,
    );
    for (const q of r.questions)
      io.out(`    ${pad(q.id, 6)} ${pad(score(q.points, q.max), 9)} ${q.feedback}`);
  }
  const bad = reports.filter((r) => r.problems.length);
  if (bad.length) {
    io.out('');
    io.out('Problems');
    for (const r of bad)
      for (const p of r.problems) io.out(`  ${r.source}: ${formatTeachingIssue(p, 'submission')}`);
  }
}

function printCsv(a: Assignment, reports: BatchReport[], io: Output): void {
  const ids = a.questions.map((q) => q.id);
  io.out(
    [
      'source',
      'student_id',
      'student_name',
      'status',
      'total',
      'max',
      ...ids.flatMap((id) => [id, `${id}_feedback`]),
      'problems',
    ]
      .map(csvCell)
      .join(','),
  );
  for (const r of reports) {
    const cells: unknown[] = [
      r.source,
      r.student?.id ?? '',
      r.student?.name ?? '',
      r.status,
      r.total,
      r.max,
    ];
    for (const id of ids) {
      const q = r.questions.find((x) => x.id === id);
      cells.push(q?.points ?? '', q?.feedback ?? '');
    }
    cells.push(r.problems.map((p) => formatTeachingIssue(p, 'submission')).join(' | '));
    io.out(cells.map(csvCell).join(','));
  }
}

/** Every combination of the random values (at most `limit`), for --key without --student. */
function combinations(a: Assignment, limit: number): Personalisation[] {
  let combos: Record<string, Scalar>[] = [{}];
  for (const [key, spec] of Object.entries(a.randomise)) {
    combos = combos.flatMap((c) => randomChoices(spec).map((v) => ({ ...c, [key]: v })));
    if (combos.length > limit) combos = combos.slice(0, limit);
  }
  return combos.map((values) => withValues(a, values));
}

function printKey(a: Assignment, students: string[], io: Output): void {
  const cache = new SimCache();
  const people = students.length ? students.map((s) => personalise(a, s)) : combinations(a, 24);
  for (const p of people) {
    const values = Object.entries(p.values)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(', ');
    io.out(`${p.studentId ? `student ${p.studentId}` : 'values'}: ${values || '(none random)'}`);
    for (const k of answerKey(a, p, cache))
      io.out(
        `  ${pad(k.id, 6)} ${pad(k.kind, 11)} ${k.answer === null ? '' : JSON.stringify(k.answer)}  ${k.text}`,
      );
  }
}

export function runGrade(
  argv: string[],
  io: Output,
  now: () => number = () => performance.now(),
): number {
  const parsed = parseArgs(argv);
  if (!parsed.ok) {
    io.err(formatIssue(parsed.issue));
    return 2;
  }
  const { opts } = parsed;
  if (opts.hash) {
    const [salt, answer] = opts.hash;
    io.out(
      `${hashAnswer(salt, answer)}  (sha256 of ${JSON.stringify(`${salt}:${normaliseAnswer(answer)}`)})`,
    );
    return 0;
  }
  if (opts.list) {
    for (const b of builtinAssignments) {
      const doc = b.doc as { title: string; topic: string };
      io.out(`${pad(b.id, 30)} ${pad(doc.topic, 12)} ${doc.title}`);
    }
    return 0;
  }
  if (opts.assignment === undefined) {
    io.err(
      formatIssue({
        code: 'CLI004',
        path: '<assignment>',
        message: `an assignment file or built-in id is required\n${USAGE}`,
      }),
    );
    return 2;
  }
  const loaded = loadAssignment(opts.assignment);
  if (!loaded.ok) {
    for (const line of loaded.lines) io.err(line);
    return loaded.lines.some((l) => l.startsWith('CLI')) ? 2 : 1;
  }
  const a = loaded.value;
  if (opts.key) {
    printKey(a, opts.students, io);
    return 0;
  }
  if (opts.paths.length === 0) {
    io.err(
      formatIssue({
        code: 'CLI004',
        path: '<submissions>',
        message: `submission files or folders are required\n${USAGE}`,
      }),
    );
    return 2;
  }
  const started = now();
  const { files, problems } = collectSubmissions(opts.paths);
  for (const p of problems) io.err(formatIssue(p));
  if (files.length === 0) {
    io.err(
      formatIssue({
        code: 'CLI004',
        path: '<submissions>',
        message: 'no submission files (*.json) found',
      }),
    );
    return 2;
  }
  const items: BatchItem[] = files.map((file) => {
    let content: string;
    try {
      content = readFileSync(file, 'utf8');
    } catch {
      content = '';
    }
    return { source: relative(process.cwd(), file) || file, content };
  });
  const cache = new SimCache();
  const reports = gradeBatch(a, items, { cache });
  const seconds = ((now() - started) / 1000).toFixed(2);
  const malformed = reports.filter((r) => r.status === 'malformed').length;
  const tampered = reports.filter((r) => r.status === 'tampered').length;
  const summary = `Graded ${reports.length} submission${reports.length === 1 ? '' : 's'} (${reports.length - malformed - tampered} graded, ${malformed} malformed, ${tampered} tampered) in ${seconds} s with ${cache.simulated} simulation${cache.simulated === 1 ? '' : 's'}.`;
  if (opts.format === 'json') {
    for (const r of reports) io.out(JSON.stringify(r));
    io.err(summary);
  } else if (opts.format === 'csv') {
    printCsv(a, reports, io);
    io.err(summary);
  } else {
    const points = a.questions.reduce((s, q) => s + q.points, 0);
    io.out(
      `${a.title} (${a.id}, revision ${a.revision}, digest ${a.digest.slice(0, 12)}…): ${a.questions.length} questions, ${points} points`,
    );
    io.out('');
    printTable(a, reports, io);
    io.out('');
    io.out(summary);
  }
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = runGrade(process.argv.slice(2), {
    out: (l) => console.log(l),
    err: (l) => console.error(l),
  });
}

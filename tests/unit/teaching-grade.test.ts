/**
 * The grader: the sample submissions in tests/fixtures/submissions/ (correct, partly correct,
 * malformed, tampered) get their expected scores and problem lines, from the library and from
 * `npm run grade`; partial credit follows the bands; a generated perfect submission scores full
 * marks on every built-in assignment, for every combination of random values.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findBuiltin } from '../../scenarios/index';
import { builtinAssignments } from '../../scenarios/assignments/index';
import {
  answerKey,
  grade,
  gradeBatch,
  hashAnswer,
  makeSubmission,
  parseAssignment,
  personalise,
  randomChoices,
  SimCache,
  withValues,
  type Answer,
  type Assignment,
  type Scalar,
} from '../../sim-core/teaching/index';
import { runGrade } from '../../tools/grade';
import {
  FIXTURE_ASSIGNMENT,
  loadAssignment,
  perfectAnswers,
  solveChoices,
  TORUS_FIXTURE_ASSIGNMENT,
} from '../fixtures/submissions/generate';

const FOLDER = `tests/fixtures/submissions/${FIXTURE_ASSIGNMENT}`;

function run(argv: string[]): { code: number; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  const code = runGrade(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

/** What each sample submission must get: status, total, and its problem codes. */
const EXPECTED: Record<string, { status: string; total: number; problems: string[] }> = {
  'bad-json.json': { status: 'malformed', total: 0, problems: ['SUB001'] },
  'correct.json': { status: 'graded', total: 10, problems: [] },
  'edited-assignment.json': { status: 'tampered', total: 0, problems: ['SUB005'] },
  'locked-parameter.json': { status: 'tampered', total: 0, problems: ['SUB006'] },
  'partly-correct.json': { status: 'graded', total: 4.5, problems: [] },
  'wrong-answer-type.json': { status: 'malformed', total: 0, problems: ['SUB007'] },
  'wrong-schema.json': { status: 'malformed', total: 0, problems: ['SUB003', 'SUB003'] },
};

describe('the sample submissions', () => {
  it('were generated for the current assignment file (else: npx tsx tests/fixtures/submissions/generate.ts)', () => {
    const a = loadAssignment(FIXTURE_ASSIGNMENT);
    const correct = JSON.parse(readFileSync(`${FOLDER}/correct.json`, 'utf8'));
    expect(correct.assignment.digest).toBe(a.digest);
    expect(correct.answers).toEqual(perfectAnswers(a, 's1001'));
  });

  it('get their expected scores and problems, as JSON lines', () => {
    const { code, out, err } = run([FIXTURE_ASSIGNMENT, FOLDER, '--json']);
    expect(code).toBe(0);
    expect(err.at(-1)).toMatch(
      /^Graded 7 submissions \(2 graded, 3 malformed, 2 tampered\) in [\d.]+ s/,
    );
    const reports = out.map((l) => JSON.parse(l));
    const got = Object.fromEntries(
      reports.map((r) => [
        r.source.split('/').at(-1),
        {
          status: r.status,
          total: r.total,
          problems: r.problems.map((p: { code: string }) => p.code),
        },
      ]),
    );
    expect(got).toEqual(EXPECTED);
    for (const r of reports) expect(r.max).toBe(10);
    const partly = reports.find((r) => r.source.endsWith('partly-correct.json'));
    expect(partly.questions.map((q: { points: number }) => q.points)).toEqual([0, 0, 2, 1.5, 1]);
    expect(partly.questions[3].feedback).toMatch(
      /goal met, but the smallest .* is 0x80: 50% credit/,
    );
    expect(partly.questions[0].feedback).toMatch(/expected \d+ \(exactly\); outside the tolerance/);
  });

  it('print a table, feedback and one line per problem by default', () => {
    const { code, out } = run([`scenarios/assignments/${FIXTURE_ASSIGNMENT}.json`, FOLDER]);
    expect(code).toBe(0);
    const text = out.join('\n');
    expect(out[0]).toMatch(
      /^False sharing, and how padding removes it \(coh-false-sharing, revision 1, digest [0-9a-f]{12}…\): 5 questions, 10 points$/,
    );
    expect(text).toMatch(
      /correct\.json\s+s1001\s+Ada Lovelace\s+graded\s+10\/10\s+2\/2\s+2\/2\s+2\/2\s+3\/3\s+1\/1/,
    );
    expect(text).toMatch(/partly-correct\.json\s+s1002\s+Grace Hopper\s+graded\s+4\.5\/10/);
    const problems = out.slice(out.indexOf('Problems') + 1).filter((l) => l.startsWith('  '));
    expect(
      problems.map((l) =>
        l
          .trim()
          .replace(/^\S+\/(\S+): /, '$1: ')
          .slice(0, 60),
      ),
    ).toEqual(
      [
        'bad-json.json: SUB001 (submission): not valid JSON (Unexpected t',
        'edited-assignment.json: SUB005 assignment.digest: made for a differen',
        'locked-parameter.json: SUB006 answers.q4.system.protocol: changes s',
        'wrong-answer-type.json: SUB007 answers.q1: a measurement answer must',
        'wrong-schema.json: SUB003 student.id: required field is missing (e',
        'wrong-schema.json: SUB003 answers: expected object, got ["a","b"]',
      ].map((l) => l.slice(0, 60)),
    );
  });

  it('give a CSV with a column per question and its feedback', () => {
    const { out } = run([
      FIXTURE_ASSIGNMENT,
      `${FOLDER}/correct.json`,
      `${FOLDER}/bad-json.json`,
      '--csv',
    ]);
    expect(out[0]).toBe(
      'source,student_id,student_name,status,total,max,q1,q1_feedback,q2,q2_feedback,q3,q3_feedback,q4,q4_feedback,q5,q5_feedback,problems',
    );
    expect(out).toHaveLength(3);
    expect(out[1]).toMatch(/correct\.json,s1001,Ada Lovelace,graded,10,10,2,/);
    expect(out[2]).toMatch(
      /bad-json\.json,,,malformed,0,10,,,,,,,,,,,"?SUB001 \(submission\): not valid JSON/,
    );
  });
});

const TORUS_FOLDER = `tests/fixtures/submissions/${TORUS_FIXTURE_ASSIGNMENT}`;

/** The torus set: status, total, the points per question, and the problem lines. */
const TORUS_EXPECTED: Record<
  string,
  { status: string; total: number; points: number[]; problems: string[] }
> = {
  'bad-json.json': { status: 'malformed', total: 0, points: [], problems: ['SUB001 '] },
  'correct.json': { status: 'graded', total: 12, points: [2, 3, 2, 1, 3, 1], problems: [] },
  'edited-assignment.json': {
    status: 'tampered',
    total: 0,
    points: [],
    problems: ['SUB005 assignment.digest'],
  },
  'locked-parameter.json': {
    status: 'tampered',
    total: 0,
    points: [],
    problems: ['SUB006 answers.q5.system.router'],
  },
  'partly-correct.json': {
    status: 'graded',
    total: 7,
    points: [2, 0, 2, 0.5, 1.5, 1],
    problems: [],
  },
  'personalised-parameter.json': {
    status: 'tampered',
    total: 0,
    points: [],
    problems: ['SUB006 answers.q5.seed'],
  },
  'seen-not-prediction.json': {
    status: 'malformed',
    total: 0,
    points: [],
    problems: ['SUB007 seen.1'],
  },
  'wrong-answer-type.json': {
    status: 'malformed',
    total: 0,
    points: [],
    problems: ['SUB007 answers.q3'],
  },
};

describe('the torus sample submissions (torus-deroutes)', () => {
  it('were generated for the current assignment file (else: npx tsx tests/fixtures/submissions/generate.ts)', () => {
    const a = loadAssignment(TORUS_FIXTURE_ASSIGNMENT);
    const correct = JSON.parse(readFileSync(`${TORUS_FOLDER}/correct.json`, 'utf8'));
    expect(correct.assignment.digest).toBe(a.digest);
    expect(correct.answers).toEqual(perfectAnswers(a, 't2001'));
  });

  it('get their exact scores and problems', () => {
    const { code, out, err } = run([TORUS_FIXTURE_ASSIGNMENT, TORUS_FOLDER, '--json']);
    expect(code).toBe(0);
    expect(err.at(-1)).toMatch(
      /^Graded 8 submissions \(2 graded, 3 malformed, 3 tampered\) in [\d.]+ s/,
    );
    const reports = out.map((l) => JSON.parse(l));
    const got = Object.fromEntries(
      reports.map((r) => [
        r.source.split('/').at(-1),
        {
          status: r.status,
          total: r.total,
          points: r.questions.map((q: { points: number }) => q.points),
          problems: r.problems.map((p: { code: string; path: string }) => `${p.code} ${p.path}`),
        },
      ]),
    );
    expect(got).toEqual(TORUS_EXPECTED);
    for (const r of reports) expect(r.max).toBe(12);
    const partly = reports.find((r) => r.source.endsWith('partly-correct.json'));
    // Each student's seed is theirs: the report prints it.
    expect(partly.params).toEqual({ seed: 2 });
    expect(partly.questions[1].feedback).toMatch(/^you chose .*deroute.*; the answer was E/);
    expect(partly.questions[3].feedback).toMatch(/within 2× the tolerance: 50% credit/);
    expect(partly.questions[4].feedback).toMatch(
      /goal met, but the smallest system\.multiQueue that meets the goal is 6: 50% credit/,
    );
  });
});

describe('predictions locked in the app', () => {
  const a = loadAssignment(FIXTURE_ASSIGNMENT);
  const answers = perfectAnswers(a, 's2001');

  it('are listed in the submission and named in the feedback, with no change of score', () => {
    const sub = makeSubmission(a, { id: 's2001' }, answers, '', 'NI Lab', ['q2']);
    expect(sub.seen).toEqual(['q2']);
    const report = grade(a, sub);
    expect(report.status).toBe('graded');
    expect(report.total).toBe(10);
    expect(report.questions.find((q) => q.id === 'q2')?.feedback).toMatch(
      /^correct: .* \(locked in the app once the outcome was shown\)$/,
    );
    expect(report.questions.find((q) => q.id === 'q3')?.feedback).not.toContain('locked');
    expect(makeSubmission(a, { id: 's2001' }, answers, '')).not.toHaveProperty('seen');
  });

  it('must be prediction questions of the assignment', () => {
    const sub = makeSubmission(a, { id: 's2001' }, answers, '', 'NI Lab', ['q2', 'q1', 'q9']);
    const report = grade(a, sub);
    expect(report.status).toBe('malformed');
    expect(report.problems.map((p) => `${p.code} ${p.path}`)).toEqual([
      'SUB007 seen.1',
      'SUB007 seen.2',
    ]);
  });
});

describe('the command line', () => {
  it('exits 2 with a coded message on bad usage', () => {
    expect(run([])).toMatchObject({
      code: 2,
      err: [expect.stringMatching(/^CLI004 <assignment>:/)],
    });
    expect(run(['--frobnicate'])).toMatchObject({
      code: 2,
      err: [expect.stringMatching(/^CLI001 --frobnicate: unknown option/)],
    });
    expect(run([FIXTURE_ASSIGNMENT])).toMatchObject({
      code: 2,
      err: [expect.stringMatching(/^CLI004 <submissions>:/)],
    });
    expect(run(['no-such-assignment', FOLDER])).toMatchObject({
      code: 2,
      err: [expect.stringMatching(/^CLI003/)],
    });
    expect(run([FIXTURE_ASSIGNMENT, FOLDER, '--csv', '--json']).code).toBe(2);
  });

  it('exits 1 when the assignment itself is invalid', () => {
    const { code, err } = run([
      'tests/fixtures/submissions/coh-false-sharing/wrong-schema.json',
      FOLDER,
    ]);
    expect(code).toBe(1);
    expect(err[0]).toMatch(/^ASG\d{3} /);
  });

  it('reports a missing submission path and grades the rest', () => {
    const { code, out, err } = run([
      FIXTURE_ASSIGNMENT,
      'no/such/dir',
      `${FOLDER}/correct.json`,
      '--json',
    ]);
    expect(code).toBe(0);
    expect(err[0]).toBe('CLI003 no/such/dir: no such file or folder');
    expect(out).toHaveLength(1);
  });

  it('hashes an answer key and prints the key of an assignment', () => {
    expect(run(['--hash', 'salt', ' Owned ']).out[0]).toBe(
      `${hashAnswer('salt', 'owned')}  (sha256 of "salt:owned")`,
    );
    const key = run([FIXTURE_ASSIGNMENT, '--key', '--student', 's1001']);
    expect(key.code).toBe(0);
    expect(key.out[0]).toBe('student s1001: workload.programs.1.0.times=4');
    expect(key.out.slice(1).map((l) => l.trim().split(/\s+/).slice(0, 3).join(' '))).toEqual([
      'q1 measurement 8',
      'q2 prediction "RDX:0"',
      'q3 prediction "M"',
      'q4 design {"workload.programs.1.0.body.0.addr":"0x80"}',
      'q5 choice (hashed:',
    ]);
    expect(run(['--list']).out).toHaveLength(builtinAssignments.length);
  });

  it('runs as npm run grade', () => {
    const out = execFileSync(
      'npx',
      ['tsx', 'tools/grade.ts', FIXTURE_ASSIGNMENT, `${FOLDER}/correct.json`, '--json'],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    expect(JSON.parse(out.trim())).toMatchObject({ status: 'graded', total: 10, max: 10 });
  });
});

/** A small assignment built on the write-invalidation scenario, for the credit rules. */
function tiny(): Assignment {
  const doc = {
    version: 1,
    id: 'tiny',
    title: 'Tiny',
    topic: 'coherence',
    instructions: '',
    scenario: { builtin: 'write-invalidation' },
    locked: ['workload'],
    free: [{ path: 'system.protocol', values: ['MSI', 'MESI', 'MOESI'] }],
    questions: [
      { id: 'p', kind: 'prediction', points: 2, at: 0, predict: 'cacheState' },
      {
        id: 'm',
        kind: 'measurement',
        points: 4,
        prompt: 'Busy cycles (176)',
        stat: 'bus.busyCycles',
        tolerance: { absolute: 2 },
        partial: [
          { within: 2, credit: 0.5 },
          { within: 5, credit: 0.25 },
        ],
      },
      {
        id: 'r',
        kind: 'measurement',
        points: 1,
        prompt: 'Ratio',
        stat: 'bus.busyCycles',
        overrides: { 'system.cache.blockBytes': 32 },
        baseline: { overrides: {} },
        compare: 'ratio',
        tolerance: { relative: 0.01 },
      },
      {
        id: 'd',
        kind: 'design',
        points: 2,
        prompt: 'A protocol with at most 5 transactions, MSI preferred',
        params: ['system.protocol'],
        goal: { stat: 'derived.busTransactions', op: '<=', value: 5 },
        optimise: { param: 'system.protocol', direction: 'min' },
        partialCredit: 0.5,
      },
      {
        id: 'v',
        kind: 'design',
        points: 1,
        prompt: 'Impossible',
        params: ['system.protocol'],
        goal: { stat: 'derived.busTransactions', op: '<', value: 1 },
      },
      {
        id: 'c',
        kind: 'choice',
        points: 1,
        prompt: 'Free text',
        salt: 'pepper-pepper',
        answerHashes: [hashAnswer('pepper-pepper', 'owned'), hashAnswer('pepper-pepper', 'O')],
      },
    ],
  };
  const r = parseAssignment(doc, (id) => findBuiltin(id)?.doc);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

describe('credit', () => {
  const a = tiny();
  const cache = new SimCache();
  const points = (answers: Record<string, Answer>) => {
    const r = grade(a, makeSubmission(a, { id: 'x' }, answers, ''), { cache });
    expect(r.status).toBe('graded');
    return Object.fromEntries(r.questions.map((q) => [q.id, q.points]));
  };

  it('gives partial credit for measurements by band', () => {
    expect(points({ m: 176 }).m).toBe(4);
    expect(points({ m: 178 }).m).toBe(4);
    expect(points({ m: 180 }).m).toBe(2);
    expect(points({ m: 170 }).m).toBe(1);
    expect(points({ m: 160 }).m).toBe(0);
  });

  it('compares two runs when asked', () => {
    const key = answerKey(a, personalise(a, 'x'), cache).find((k) => k.id === 'r')!;
    expect(typeof key.answer).toBe('number');
    expect(points({ r: key.answer as number }).r).toBe(1);
  });

  it('grades designs against the goal and the optimum', () => {
    expect(points({ d: { 'system.protocol': 'MSI' } }).d).toBe(2);
    expect(points({ d: { 'system.protocol': 'MOESI' } }).d).toBe(1);
    const r = grade(a, makeSubmission(a, { id: 'x' }, { d: { 'system.protocol': 'MOSI' } }, ''), {
      cache,
    });
    expect(r.questions.find((q) => q.id === 'd')).toMatchObject({
      points: 0,
      feedback: expect.stringMatching(/system.protocol=MOSI is not allowed/),
    });
  });

  it('voids a question nobody can answer, with full marks', () => {
    const r = grade(a, makeSubmission(a, { id: 'x' }, {}, ''), { cache });
    expect(r.questions.find((q) => q.id === 'v')).toMatchObject({
      points: 1,
      feedback: expect.stringMatching(/^void/),
    });
  });

  it('accepts any of several hashed free-text answers', () => {
    expect(points({ c: 'Owned' }).c).toBe(1);
    expect(points({ c: ' o ' }).c).toBe(1);
    expect(points({ c: 'M' }).c).toBe(0);
  });

  it('rejects a prediction that is not an option, and scores a missing answer 0', () => {
    const r = grade(a, makeSubmission(a, { id: 'x' }, { p: 'Q' }, ''), { cache });
    expect(r.questions[0]).toMatchObject({
      points: 0,
      feedback: expect.stringMatching(/not one of the options/),
    });
    expect(r.total).toBe(1); // only the void question
  });

  it('is pure: the same submission gives the same report, with or without a cache', () => {
    const sub = makeSubmission(
      a,
      { id: 'y', name: 'Y' },
      { p: 'E', m: 177, d: { 'system.protocol': 'MESI' } },
      'then',
    );
    expect(grade(a, sub)).toEqual(grade(a, JSON.stringify(sub), { cache }));
  });

  it('flags students who submitted twice (SUB008) and grades both', () => {
    const sub = (name: string) => makeSubmission(a, { id: 'S1', name }, { m: 176 }, '');
    const reports = gradeBatch(a, [
      { source: 'one.json', content: sub('one') },
      { source: 'two.json', content: sub('two') },
      { source: 'three.json', content: makeSubmission(a, { id: 's2' }, {}, '') },
    ]);
    expect(reports.map((r) => [r.status, r.problems.map((p) => p.code)])).toEqual([
      ['graded', ['SUB008']],
      ['graded', ['SUB008']],
      ['graded', []],
    ]);
    expect(reports[0]!.problems[0]!.message).toBe('student "s1" also submitted two.json');
  });
});

/** Every combination of an assignment's random values (at most `limit`). */
function combinations(a: Assignment, limit: number): Record<string, Scalar>[] {
  let combos: Record<string, Scalar>[] = [{}];
  for (const [key, spec] of Object.entries(a.randomise))
    combos = combos
      .flatMap((c) => randomChoices(spec).map((v) => ({ ...c, [key]: v })))
      .slice(0, limit);
  return combos;
}

describe('every built-in assignment', () => {
  it.each(builtinAssignments.map((b) => [b.id]))(
    '%s: every random combination can be answered, and perfect submissions score full marks',
    (id) => {
      const a = loadAssignment(id);
      const cache = new SimCache();
      const choices = solveChoices(a);
      const choiceQuestions = a.questions.filter((q) => q.kind === 'choice');
      expect(Object.keys(choices)).toHaveLength(choiceQuestions.length);
      for (const values of combinations(a, 36)) {
        const key = answerKey(a, withValues(a, values), cache, choices);
        for (const k of key) {
          expect(k.text, `${id} ${JSON.stringify(values)} ${k.id}`).not.toMatch(/^void/);
          expect(k.answer, `${id} ${k.id}`).not.toBeNull();
        }
      }
      for (const student of ['s1', 's2', 's3']) {
        const r = grade(
          a,
          makeSubmission(a, { id: student }, perfectAnswers(a, student, cache), ''),
          { cache },
        );
        expect(r.status).toBe('graded');
        expect(r.total, JSON.stringify(r.questions.filter((q) => q.points < q.max))).toBe(r.max);
        expect(r.questions.every((q) => !q.feedback.startsWith('void'))).toBe(true);
      }
      // Nothing answered: no marks (no question is void).
      expect(grade(a, makeSubmission(a, { id: 's1' }, {}, ''), { cache }).total).toBe(0);
    },
    120_000,
  );
});

/**
 * The assignment and submission formats: every built-in assignment parses; bad fields get coded
 * messages naming the field; the digest follows content, not formatting; answers are checked
 * against the questions (locked parameters, kinds, unknown questions).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findBuiltin } from '../../scenarios/index';
import { builtinAssignments, findAssignment } from '../../scenarios/assignments/index';
import {
  assignmentDigest,
  checkAnswers,
  formatTeachingIssue,
  makeSubmission,
  parseAssignment,
  parseSubmission,
  TEACHING_ISSUE_CODES,
  type Assignment,
  type TeachingIssue,
} from '../../sim-core/teaching/index';

const lookup = (id: string) => findBuiltin(id)?.doc;

/** A small valid assignment on a built-in bus scenario; tests change one field at a time. */
function minimal(): Record<string, unknown> {
  return {
    version: 1,
    id: 'tiny',
    title: 'Tiny',
    topic: 'coherence',
    instructions: 'Step through.',
    scenario: { builtin: 'write-invalidation' },
    locked: ['workload'],
    free: [{ path: 'system.protocol', values: ['MSI', 'MESI', 'MOESI'] }],
    randomise: { 'questions.p.at': [0, 44] },
    questions: [
      { id: 'p', kind: 'prediction', points: 1, at: 0, predict: 'cacheState' },
      {
        id: 'm',
        kind: 'measurement',
        points: 2,
        prompt: 'Busy cycles?',
        stat: 'bus.busyCycles',
        tolerance: { absolute: 0 },
      },
      {
        id: 'd',
        kind: 'design',
        points: 2,
        prompt: 'Cheapest protocol',
        params: ['system.protocol'],
        optimise: { stat: 'bus.busyCycles', direction: 'min' },
      },
      {
        id: 'c',
        kind: 'choice',
        points: 1,
        prompt: 'Pick',
        options: [
          { value: 'a', label: 'A' },
          { value: 'b', label: 'B' },
        ],
        salt: 'salt-salt',
        answerHashes: ['0'.repeat(64)],
      },
    ],
  };
}

/** Sets a dotted path in a plain document (arrays by index). */
function set(doc: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const keys = path.split('.');
  let node = doc as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) node = node[k] as Record<string, unknown>;
  if (value === undefined) delete node[keys[keys.length - 1]!];
  else node[keys[keys.length - 1]!] = value;
  return doc;
}

function issuesOf(doc: unknown): TeachingIssue[] {
  const r = parseAssignment(doc, lookup);
  if (r.ok) throw new Error('expected the assignment to be rejected');
  return r.error;
}

function parsed(doc: unknown = minimal()): Assignment {
  const r = parseAssignment(doc, lookup);
  if (!r.ok) throw new Error(r.error.map((i) => formatTeachingIssue(i)).join('\n'));
  return r.value;
}

describe('the built-in assignments', () => {
  it('are at least ten, with unique ids matching their file names', () => {
    expect(builtinAssignments.length).toBeGreaterThanOrEqual(10);
    const ids = builtinAssignments.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const a of builtinAssignments) expect(a.file).toBe(`${a.id}.json`);
  });

  it('span coherence, coherent NIs, the torus, Cranium, EDT, FLASH and FUGU', () => {
    const topics = new Set(builtinAssignments.map((a) => (a.doc as { topic: string }).topic));
    expect([...topics].sort()).toEqual([
      'coherence',
      'coherent-ni',
      'cranium',
      'edt',
      'flash',
      'fugu',
      'torus',
    ]);
  });

  it.each(builtinAssignments.map((a) => [a.id]))('%s parses and mixes question kinds', (id) => {
    const a = parsed(findAssignment(id)!.doc);
    expect(a.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(a.questions.map((q) => q.kind)).size).toBeGreaterThanOrEqual(3);
    expect(a.questions.some((q) => q.kind === 'prediction')).toBe(true);
  });

  it.each(builtinAssignments.map((a) => [a.id]))(
    '%s holds no readable choice answer (only salted hashes)',
    (id) => {
      const text = readFileSync(
        new URL(`../../scenarios/assignments/${id}.json`, import.meta.url),
        'utf8',
      );
      const doc = JSON.parse(text) as { questions: Record<string, unknown>[] };
      for (const q of doc.questions.filter((x) => x.kind === 'choice')) {
        expect(Object.keys(q).sort()).toEqual(
          ['answerHashes', 'id', 'kind', 'options', 'points', 'prompt', 'salt', 'title'].filter(
            (k) => k in q,
          ),
        );
        expect(q).not.toHaveProperty('answer');
      }
    },
  );

  it('has an instructor note for every assignment', () => {
    const readme = readFileSync(new URL('../../docs/teaching/README.md', import.meta.url), 'utf8');
    for (const a of builtinAssignments) {
      const note = readFileSync(new URL(`../../docs/teaching/${a.id}.md`, import.meta.url), 'utf8');
      expect(note).toMatch(/^## Learning goals/m);
      expect(note).toMatch(/^## Expected answers/m);
      expect(note).toMatch(/^## Common mistakes/m);
      expect(readme).toContain(`(${a.id}.md)`);
    }
  });
});

describe('parseAssignment', () => {
  it('accepts the minimal assignment, as JSON text too', () => {
    const a = parsed();
    expect(a.revision).toBe(1);
    expect(parsed(JSON.stringify(minimal())).digest).toBe(a.digest);
  });

  it.each([
    ['version', 2, 'ASG002', 'version'],
    ['id', 'Bad Id', 'ASG007', 'id'],
    ['title', undefined, 'ASG004', 'title'],
    ['topic', 'physics', 'ASG006', 'topic'],
    ['colour', 'red', 'ASG005', ''],
    ['questions.0.points', 0, 'ASG003', 'questions.0.points'],
    ['questions.0.predict', 'cacheColour', 'ASG006', 'questions.0.predict'],
    ['questions.0.at', -1, 'ASG003', 'questions.0.at'],
    ['questions.1.kind', 'essay', 'ASG004', 'questions.1.kind'],
    ['questions.1.tolerance', { within: 2 }, 'ASG005', 'questions.1.tolerance'],
    ['questions.1.stat', 'bus..busy', 'ASG007', 'questions.1.stat'],
    ['questions.3.answerHashes', ['abc'], 'ASG007', 'questions.3.answerHashes.0'],
    ['questions.3.extra', 1, 'ASG005', 'questions.3'],
    ['hiddenPanels', ['graph'], 'ASG006', 'hiddenPanels.0'],
    ['questions.0.target', { cache: 'one' }, 'ASG004', 'questions.0.target.cache'],
  ])('%s = %j → %s at %s', (path, value, code, at) => {
    const issues = issuesOf(set(minimal(), path, value));
    expect(issues.map((i) => [i.code, i.path])).toContainEqual([code, at]);
    for (const i of issues) expect(i.message).not.toMatch(/^Invalid input|^Too (big|small)/);
  });

  it('takes an inline scenario, and checks it like a file', () => {
    const inline = {
      version: 1,
      id: 'inline',
      title: 'Inline',
      system: { nodes: 1 },
      workload: { programs: [[{ op: 'load', addr: '0x40' }]] },
    };
    const doc = set(minimal(), 'scenario', { inline });
    set(doc, 'questions', [(minimal().questions as unknown[])[1]]);
    set(doc, 'randomise', {});
    set(doc, 'free', []);
    expect(parsed(doc).base).toEqual(inline);
    const bad = issuesOf(set(doc, 'scenario', { inline: { ...inline, system: { nodes: 0 } } }));
    expect(bad.map((i) => i.message)).toContain(
      'SCN003 system.nodes: expected integer 1..16, got 0',
    );
  });

  it('reports bad JSON as ASG001', () => {
    const [issue] = issuesOf('{ "version": 1, ');
    expect(issue!.code).toBe('ASG001');
    expect(formatTeachingIssue(issue!, 'assignment')).toMatch(
      /^ASG001 \(assignment\): not valid JSON/,
    );
  });

  it('names an unknown built-in scenario and bad overrides (ASG008)', () => {
    expect(issuesOf(set(minimal(), 'scenario', { builtin: 'no-such-scenario' }))).toEqual([
      {
        code: 'ASG008',
        path: 'scenario.builtin',
        message: 'there is no built-in scenario "no-such-scenario"',
      },
    ]);
    const bad = issuesOf(
      set(minimal(), 'scenario', {
        builtin: 'write-invalidation',
        overrides: { 'system.protocol': 'MOSI' },
      }),
    );
    expect(bad[0]!.code).toBe('ASG008');
    expect(bad[0]!.message).toMatch(/^SCN006 system\.protocol: expected one of MSI, MESI, MOESI/);
  });

  it('checks every free value, random choice and question override against the scenario', () => {
    const free = issuesOf(
      set(minimal(), 'free', [{ path: 'system.protocol', values: ['MESI', 'MOSI'] }]),
    );
    expect(free.map((i) => [i.code, i.path])).toEqual([['ASG008', 'free.0']]);
    const random = issuesOf(set(minimal(), 'randomise', { 'system.nodes': [3, 40] }));
    expect(random.map((i) => [i.code, i.path])).toContainEqual([
      'ASG008',
      'randomise.system.nodes.1',
    ]);
    const override = issuesOf(
      set(minimal(), 'questions.1.overrides', { 'system.cache.blockBytes': 48 }),
    );
    expect(override.map((i) => [i.code, i.path])).toEqual([['ASG008', 'questions.1.overrides']]);
  });

  it('finds contradictions (ASG009)', () => {
    const cases: [string, unknown, string, RegExp][] = [
      ['questions.1.id', 'p', 'questions.1.id', /already used/],
      ['questions.2.params', ['system.nodes'], 'questions.2.params.0', /not a free parameter/],
      ['locked', ['system'], 'free.0.path', /system is locked/],
      ['randomise', { 'system.protocol': ['MSI'] }, 'free.0.path', /both free and randomised/],
      [
        'randomise',
        { 'questions.m.at': [1] },
        'randomise.questions.m.at',
        /no prediction question/,
      ],
      ['questions.2.optimise', undefined, 'questions.2', /needs a goal/],
      ['questions.1.compare', 'ratio', 'questions.1.compare', /needs a baseline/],
    ];
    for (const [path, value, at, message] of cases) {
      const issues = issuesOf(set(minimal(), path, value));
      const hit = issues.find((i) => i.path === at);
      expect(hit, `${path}: ${JSON.stringify(issues)}`).toBeDefined();
      expect(hit!.code).toBe('ASG009');
      expect(hit!.message).toMatch(message);
    }
  });

  it('has a digest that follows content, not formatting', () => {
    const a = parsed();
    const reverse = (v: unknown): unknown =>
      v === null || typeof v !== 'object' || Array.isArray(v)
        ? Array.isArray(v)
          ? v.map(reverse)
          : v
        : Object.fromEntries(
            Object.entries(v as Record<string, unknown>)
              .reverse()
              .map(([k, x]) => [k, reverse(x)]),
          );
    const reordered = reverse(minimal());
    expect(JSON.stringify(reordered)).not.toBe(JSON.stringify(minimal()));
    expect(assignmentDigest(reordered)).toBe(assignmentDigest(minimal()));
    expect(parsed(JSON.stringify(minimal(), null, 4)).digest).toBe(a.digest);
    expect(parsed(set(minimal(), 'questions.1.points', 3)).digest).not.toBe(a.digest);
  });

  it('every code is documented in docs/errors.md', () => {
    const doc = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
    const headings = new Set([...doc.matchAll(/^### (\S+)\s*$/gm)].map((m) => m[1]!));
    for (const code of Object.keys(TEACHING_ISSUE_CODES))
      expect(headings.has(code), `add a "### ${code}" section to docs/errors.md`).toBe(true);
  });
});

describe('submissions', () => {
  const a = parsed();
  const good = () => makeSubmission(a, { id: 's1', name: 'Ada' }, { p: 'E', m: 176 }, 'today');

  it('round-trips through parseSubmission', () => {
    const r = parseSubmission(JSON.stringify(good()));
    expect(r.ok && r.value.student).toEqual({ id: 's1', name: 'Ada' });
    expect(r.ok && checkAnswers(a, r.value)).toEqual({ status: 'ok', problems: [] });
  });

  it.each([
    ['not JSON', '{', 'SUB001', ''],
    ['version 2', { ...good(), version: 2 }, 'SUB002', 'version'],
    ['an array', [], 'SUB003', ''],
    ['no student id', { ...good(), student: { id: '  ' } }, 'SUB003', 'student.id'],
    [
      'a short digest',
      { ...good(), assignment: { id: 'tiny', revision: 1, digest: 'ab' } },
      'SUB003',
      'assignment.digest',
    ],
    ['an unknown field', { ...good(), grade: 10 }, 'SUB003', ''],
  ])('%s → %s at %s', (_name, input, code, path) => {
    const r = parseSubmission(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.map((i) => [i.code, i.path])).toContainEqual([code, path]);
  });

  it('detects answers for another assignment or another version of it', () => {
    const other = { ...good(), assignment: { ...good().assignment, id: 'other' } };
    expect(checkAnswers(a, other).problems.map((p) => p.code)).toEqual(['SUB004']);
    const edited = parsed(set(minimal(), 'questions.1.points', 5));
    const r = checkAnswers(edited, good());
    expect(r.status).toBe('tampered');
    expect(r.problems.map((p) => p.code)).toEqual(['SUB005']);
  });

  it('flags locked or personalised parameters in a design answer as tampering', () => {
    const locked = makeSubmission(
      a,
      { id: 's1' },
      { d: { 'system.protocol': 'MSI', 'workload.programs': [] as never } },
      '',
    );
    expect(parseSubmission(locked).ok).toBe(false); // a design value must be a scalar
    const sub = makeSubmission(
      a,
      { id: 's1' },
      { d: { 'system.protocol': 'MSI', 'workload.x': 1 } },
      '',
    );
    const r = checkAnswers(a, sub);
    expect(r.status).toBe('tampered');
    expect(r.problems).toEqual([
      {
        code: 'SUB006',
        path: 'answers.d.workload.x',
        message: 'changes workload.x, which the assignment locks (workload)',
      },
    ]);
  });

  it('reports answers that fit no question as malformed (SUB007)', () => {
    const sub = makeSubmission(
      a,
      { id: 's1' },
      { zz: 'a', m: 'lots', d: { 'system.nodes': 2 } },
      '',
    );
    const r = checkAnswers(a, sub);
    expect(r.status).toBe('malformed');
    expect(r.problems.map((p) => [p.code, p.path])).toEqual([
      ['SUB007', 'answers.zz'],
      ['SUB007', 'answers.m'],
      ['SUB007', 'answers.d.system.nodes'],
    ]);
  });
});

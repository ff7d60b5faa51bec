/**
 * The app's side of predict-then-see and assignments: the URL parameter, locks, progress in local
 * storage, checkpoints, and — against sim-core/teaching — that the worker asks the same prediction
 * questions as the grader and loads exactly the scenario the grader runs for a student.
 */
import { describe, expect, it } from 'vitest';
import { builtinAssignments } from '../../scenarios/assignments/index';
import { builtinScenarios, findBuiltin } from '../../scenarios/index';
import { parseScenario, Session } from '../../sim-core/index';
import {
  assignmentScenario,
  canonicalJson,
  expectedPrediction,
  parseAssignment,
  personalise,
  predictionAt,
  predictionKindsFor,
  questionCycle,
  randomisedPaths,
  SimCache,
  type Assignment,
} from '../../sim-core/teaching/index';
import {
  isAnswered,
  lockReason,
  newlySeen,
  parseMeasurement,
  predictionInTheWay,
  readAssignmentParam,
  readLastStudent,
  readProgress,
  submissionFileName,
  withAssignmentParam,
  withoutAssignmentParam,
  writeProgress,
} from '../../src/teaching/assignment-logic';
import { studentSpec } from '../../src/teaching/assignment-store';
import { loadTeaching } from '../../src/teaching/teaching-engine';
import { checkpointBetween, kindsToTry } from '../../src/teaching/predict-store';
import { SimService } from '../../src/worker/sim-service';

const builtinDoc = (id: string) => findBuiltin(id)?.doc;

function assignment(id: string): Assignment {
  const found = builtinAssignments.find((a) => a.id === id);
  if (!found) throw new Error(`no assignment ${id}`);
  const parsed = parseAssignment(found.doc, builtinDoc);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  return parsed.value;
}

/** A Storage kept in a Map (the unit tests run in Node). */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

describe('the assignment parameter in the URL fragment', () => {
  it('reads a built-in (a=) or a file (af=) assignment, and nothing else', () => {
    expect(readAssignmentParam('#v1?a=coh-write-invalidation')).toEqual({
      id: 'coh-write-invalidation',
      file: false,
    });
    expect(readAssignmentParam('#v1?b=ping-pong&c=3&af=my-lab')).toEqual({
      id: 'my-lab',
      file: true,
    });
    expect(readAssignmentParam('#v1?b=ping-pong&c=3')).toBeNull();
    expect(readAssignmentParam('#start')).toBeNull();
    expect(readAssignmentParam('')).toBeNull();
  });

  it('rides along a share link and comes off it again', () => {
    const link = '#v1?b=write-invalidation&c=44&views=caches';
    const ref = { id: 'coh-write-invalidation', file: false };
    const withIt = withAssignmentParam(link, ref)!;
    expect(withIt).toBe(`${link}&a=coh-write-invalidation`);
    expect(readAssignmentParam(withIt)).toEqual(ref);
    expect(withoutAssignmentParam(withIt)).toBe(link);
    expect(withAssignmentParam(link, null)).toBe(link);
    // A state too large for a link still names the assignment.
    expect(withAssignmentParam(null, { id: 'x', file: true })).toBe('#v1?af=x');
    expect(withoutAssignmentParam('#v1?a=x')).toBe('#v1?');
  });
});

describe('what a student may not change', () => {
  const locks = (a: Assignment) => ({ locked: a.locked, randomised: randomisedPaths(a) });

  it('locks the locked paths and everything under them', () => {
    const a = assignment('coh-write-invalidation');
    expect(a.locked).toContain('system');
    expect(lockReason(locks(a), 'system.protocol')).toMatch(/fixes system/);
    expect(lockReason(locks(a), 'workload.programs')).toMatch(/fixes workload/);
    expect(lockReason(null, 'system.protocol')).toBeNull();
  });

  it('keeps personalised values, and leaves free parameters free', () => {
    const a = assignment('cni-pingpong-latency');
    expect(lockReason(locks(a), 'workload.messages.bytes')).toMatch(/personalised/);
    expect(lockReason(locks(a), 'system.bus')).toMatch(/fixes system.bus/);
    expect(lockReason(locks(a), 'system.ni')).toBeNull();
  });
});

describe('answers', () => {
  it('counts an answer as given only when it says something', () => {
    const a = assignment('cni-pingpong-latency');
    const byKind = (kind: string) => a.questions.find((q) => q.kind === kind)!;
    expect(isAnswered(byKind('measurement'), undefined)).toBe(false);
    expect(isAnswered(byKind('measurement'), 412)).toBe(true);
    expect(isAnswered(byKind('measurement'), '  ')).toBe(false);
    const design = byKind('design');
    if (design.kind !== 'design') throw new Error('no design question');
    expect(isAnswered(design, {})).toBe(false);
    expect(isAnswered(design, Object.fromEntries(design.params.map((p) => [p, 'CNI16Q'])))).toBe(
      true,
    );
  });

  it('reads measurements with a decimal point or comma, and nothing else', () => {
    expect(parseMeasurement('412')).toBe(412);
    expect(parseMeasurement(' 3,5 ')).toBe(3.5);
    expect(parseMeasurement('-0.25')).toBe(-0.25);
    expect(parseMeasurement('1e3')).toBe(1000);
    expect(parseMeasurement('abc')).toBeNull();
    expect(parseMeasurement('12 cycles')).toBeNull();
    expect(parseMeasurement('')).toBeNull();
  });

  it('names the submission file after the assignment and a safe form of the id', () => {
    expect(submissionFileName('coh-write-invalidation', 'S1234')).toBe(
      'coh-write-invalidation-s1234.json',
    );
    expect(submissionFileName('a', ' ../Ann Lee/ ')).toBe('a-ann-lee.json');
    expect(submissionFileName('a', '///')).toBe('a-student.json');
  });
});

describe('progress in local storage', () => {
  const a = assignment('coh-write-invalidation');

  it('saves and restores a student’s answers and who worked last', () => {
    const storage = memoryStorage();
    const student = { id: 'S1234', name: 'Ada' };
    expect(
      writeProgress(storage, a.id, {
        version: 1,
        digest: a.digest,
        revision: a.revision,
        student,
        answers: { q1: 'S', q4: 176, q6: 'a' },
        savedAt: '2025-01-01T00:00:00Z',
      }),
    ).toBe(true);
    expect(readLastStudent(storage, a.id)).toEqual(student);
    // Ids compare as the grader compares them: trimmed, lower-case.
    const back = readProgress(storage, a, ' s1234 ');
    expect(back?.answers).toEqual({ q1: 'S', q4: 176, q6: 'a' });
    expect(back?.digest).toBe(a.digest);
    expect(readProgress(storage, a, 'someone-else')).toBeNull();
  });

  it('drops answers to questions the assignment no longer has, and survives corrupt entries', () => {
    const storage = memoryStorage();
    writeProgress(storage, a.id, {
      version: 1,
      digest: 'old',
      revision: 1,
      student: { id: 'x', name: '' },
      answers: { q1: 'S', gone: 'z', q4: Number.NaN as number },
      savedAt: '',
    });
    expect(readProgress(storage, a, 'x')?.answers).toEqual({ q1: 'S' });
    storage.setItem(`ni-lab:assignment:${a.id}:student:y`, '{not json');
    expect(readProgress(storage, a, 'y')).toBeNull();
    expect(readProgress(null, a, 'x')).toBeNull();
    expect(writeProgress(null, a.id, { ...readProgress(storage, a, 'x')! })).toBe(false);
  });
});

describe('an assignment’s predictions cannot be read before they are answered', () => {
  const stops = [
    { id: 'q1', at: 0 },
    { id: 'q2', at: 190 },
    { id: 'q3', at: 150 },
  ];
  const none = () => false;

  it('holds a forward move that would go past an unanswered prediction’s cycle', () => {
    expect(predictionInTheWay(stops, none, [], 0, 1)?.id).toBe('q1');
    expect(predictionInTheWay(stops, (id) => id === 'q1', [], 0, 1)).toBeNull();
    // Reaching the cycle is allowed (that is where the question is asked); going past is not.
    expect(predictionInTheWay(stops, (id) => id === 'q1', [], 100, 150)).toBeNull();
    expect(predictionInTheWay(stops, (id) => id === 'q1', [], 100, 151)?.id).toBe('q3');
    // The first in cycle order, not in question order.
    expect(predictionInTheWay(stops, (id) => id === 'q1', [], 100, 400)?.id).toBe('q3');
    // A locked (seen) question no longer holds anything.
    expect(predictionInTheWay(stops, none, ['q1', 'q3'], 0, 400)?.id).toBe('q2');
  });

  it('locks every prediction whose cycle the view has gone past, once', () => {
    expect(newlySeen(stops, [], 0)).toEqual([]);
    expect(newlySeen(stops, [], 1)).toEqual(['q1']);
    expect(newlySeen(stops, ['q1'], 200)).toEqual(['q2', 'q3']);
    expect(newlySeen(stops, ['q1', 'q2', 'q3'], 500)).toEqual([]);
  });

  it('keeps the locks with the saved progress, for questions the assignment has', () => {
    const a = assignment('coh-write-invalidation');
    const storage = memoryStorage();
    writeProgress(storage, a.id, {
      version: 1,
      digest: a.digest,
      revision: a.revision,
      student: { id: 'x', name: '' },
      answers: { q1: 'S' },
      seen: ['q1', 'gone', 'q2'],
      savedAt: '',
    });
    expect(readProgress(storage, a, 'x')?.seen).toEqual(['q1', 'q2']);
  });
});

describe('checkpoints and the order of kinds', () => {
  const checkpoints = [
    { index: 1, cycle: 44, kinds: [] },
    { index: 3, cycle: 90, kinds: [] },
  ];

  it('finds the first checkpoint not asked yet that a move would reach or pass', () => {
    expect(checkpointBetween(checkpoints, [], 40, 41)).toBeNull();
    expect(checkpointBetween(checkpoints, [], 40, 44)?.index).toBe(1);
    expect(checkpointBetween(checkpoints, [], 40, 200)?.index).toBe(1);
    expect(checkpointBetween(checkpoints, [1], 40, 200)?.index).toBe(3);
    expect(checkpointBetween(checkpoints, [], 44, 45)).toBeNull();
    expect(checkpointBetween(checkpoints, [], 50, null)?.index).toBe(3);
  });

  it('takes every kind in turn, one at a time, or the chosen one', () => {
    const all = predictionKindsFor('bus').map((k) => k.kind);
    expect(kindsToTry(all, 'any', 0)).toEqual(all.map((k) => [k]));
    expect(kindsToTry(all, 'any', 1)[0]).toEqual([all[1 % all.length]]);
    expect(kindsToTry(all, 'nextBusTransaction', 5)).toEqual([['nextBusTransaction']]);
    expect(kindsToTry([], 'any', 3)).toEqual([]);
  });

  it('every authored checkpoint asks a question its model can answer', () => {
    let seen = 0;
    for (const { id, doc } of builtinScenarios) {
      const parsed = parseScenario(doc);
      if (!parsed.ok) throw new Error(id);
      const points = parsed.value.walkthrough.filter((w) => w.predict);
      if (points.length === 0) continue;
      const session = new Session(parsed.value);
      session.exploreAll();
      const kinds = predictionKindsFor(session.meta.model).map((k) => k.kind);
      for (const step of points) {
        seen++;
        for (const k of step.predict!) expect(kinds, `${id} step ${step.cycle}`).toContain(k);
        session.seek(step.cycle);
        expect(predictionAt(session, step.predict), `${id} @${step.cycle}`).not.toBeNull();
      }
    }
    expect(seen).toBeGreaterThanOrEqual(3);
  });
});

describe('the worker’s predict-then-see methods', () => {
  it('asks and checks at the current cycle, without moving it', async () => {
    const service = new SimService();
    const reply = await service.load({ kind: 'builtin', id: 'read-sharing', overrides: [] }, 44);
    expect(reply.ok).toBe(true);
    const question = await service.predict(['cacheState']);
    expect(question?.cycle).toBe(44);
    expect(question?.options.map((o) => o.value)).toContain('S');
    const wrong = await service.checkPrediction(question!, 'E');
    expect(wrong).toMatchObject({ correct: false, value: 'S', given: 'E' });
    expect(wrong!.rules.map((r) => `${r.from}→${r.to}`)).toContain('IS_D→S');
    const right = await service.checkPrediction(question!, 'S');
    expect(right?.correct).toBe(true);
    expect(right!.cycle).toBeGreaterThan(44);
    expect((await service.seek(44)).cycle).toBe(44);
    expect((await service.step(0)).cycle).toBe(44);
  });

  it('asks an assignment’s prediction questions exactly as the grader does', async () => {
    const service = new SimService();
    const cache = new SimCache();
    let compared = 0;
    for (const id of ['coh-write-invalidation', 'cni-pingpong-latency']) {
      const a = assignment(id);
      for (const student of ['S1234', 'ada']) {
        const p = personalise(a, student);
        for (const q of a.questions) {
          if (q.kind !== 'prediction') continue;
          const scenario = assignmentScenario(a, p, q.overrides);
          if (!scenario.ok) throw new Error(JSON.stringify(scenario.error));
          const reply = await service.predictIn(
            scenario.value,
            questionCycle(q, p),
            q.predict,
            q.target,
          );
          const expected = expectedPrediction(a, p, q, cache);
          if (!reply.ok || 'error' in expected) throw new Error(`${id} ${q.id}`);
          expect(reply.question, `${id} ${q.id} ${student}`).toEqual(expected.question);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThanOrEqual(6);
  });

  it('loads the very scenario the grader runs for a student', async () => {
    // The app loads the teaching engine when an assignment opens; studentSpec runs after that.
    await loadTeaching();
    const service = new SimService();
    for (const { id } of builtinAssignments) {
      const a = assignment(id);
      const p = personalise(a, 'S1234');
      const spec = studentSpec(a, p);
      if (Array.isArray(spec)) throw new Error(`${id}: ${JSON.stringify(spec)}`);
      const reply = await service.load(spec, 0);
      if (!reply.ok) throw new Error(`${id}: ${JSON.stringify(reply.issues)}`);
      const graded = assignmentScenario(a, p);
      if (!graded.ok) throw new Error(id);
      expect(canonicalJson(reply.scenario), id).toBe(canonicalJson(graded.value));
    }
  });
});

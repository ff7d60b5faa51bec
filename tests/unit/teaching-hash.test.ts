/**
 * Hashing and personalisation: SHA-256 against known vectors, the answer-key hash and its
 * normalisation, canonical JSON, and per-student values that are stable for a student and differ
 * across students.
 */
import { describe, expect, it } from 'vitest';
import { findBuiltin } from '../../scenarios/index';
import { findAssignment } from '../../scenarios/assignments/index';
import {
  assignmentScenario,
  canonicalJson,
  hashAnswer,
  normaliseAnswer,
  parseAssignment,
  personalise,
  renderText,
  sha256Hex,
  studentSeed,
  type Assignment,
} from '../../sim-core/teaching/index';

function load(id: string): Assignment {
  const r = parseAssignment(findAssignment(id)!.doc, (s) => findBuiltin(s)?.doc);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

describe('SHA-256', () => {
  it('matches the FIPS 180-2 test vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('hashes UTF-8 text', () => {
    // printf 'é' | sha256sum (the two bytes c3 a9)
    expect(sha256Hex('\u00e9')).toBe(
      '4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c',
    );
  });
});

describe('answer keys', () => {
  it('is sha256(salt + ":" + normalised answer)', () => {
    expect(hashAnswer('s', 'ABC')).toBe(sha256Hex('s:abc'));
    expect(hashAnswer('pepper', 'a')).toBe(sha256Hex('pepper:a'));
  });

  it.each([
    ['  Owned  ', 'owned'],
    ['M\u2192O', 'm→o'],
    ['two   words\there', 'two words here'],
    ['0.50', '0.5'],
    ['+3', '3'],
    ['1e3', '1e3'],
    [42, '42'],
    ['ＡＢＣ', 'abc'],
  ])('normalises %j to %j', (input, out) => {
    expect(normaliseAnswer(input)).toBe(out);
  });

  it('accepts equivalent spellings and rejects others', () => {
    const key = hashAnswer('salt-1', 'MOESI');
    expect(hashAnswer('salt-1', ' moesi ')).toBe(key);
    expect(hashAnswer('salt-2', 'MOESI')).not.toBe(key);
    expect(hashAnswer('salt-1', 'MESI')).not.toBe(key);
  });
});

describe('canonical JSON', () => {
  it('sorts keys at every level and drops undefined fields', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[2,{"y":2,"z":1}]},"b":1}',
    );
  });
});

describe('personalisation', () => {
  const a = load('cni-pingpong-latency');

  it('is deterministic for a student, whatever the case or spaces of the id', () => {
    expect(personalise(a, 's123')).toEqual(personalise(a, 's123'));
    expect(personalise(a, ' S123 ').values).toEqual(personalise(a, 's123').values);
    expect(studentSeed(a.id, 's123')).toBe(studentSeed('cni-pingpong-latency', 'S123'));
  });

  it('depends on the assignment as well as the student', () => {
    expect(studentSeed('one', 's1')).not.toBe(studentSeed('two', 's1'));
  });

  it('draws every value from its declared choices, and neighbours differ', () => {
    const seen = new Map<string, Set<unknown>>();
    const combos = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const p = personalise(a, `student-${i}`);
      combos.add(JSON.stringify(p.values));
      for (const [k, v] of Object.entries(p.values)) {
        const spec = a.randomise[k]!;
        expect(Array.isArray(spec) ? spec : spec.choices).toContain(v);
        seen.set(k, (seen.get(k) ?? new Set()).add(v));
      }
    }
    // Every choice turns up among 60 students, and most neighbours get different values.
    for (const [k, values] of seen) {
      const spec = a.randomise[k]!;
      expect(values.size).toBe((Array.isArray(spec) ? spec : spec.choices).length);
    }
    expect(combos.size).toBeGreaterThanOrEqual(6);
    let differ = 0;
    for (let i = 0; i < 30; i++)
      if (
        JSON.stringify(personalise(a, `student-${i}`).values) !==
        JSON.stringify(personalise(a, `student-${i + 1}`).values)
      )
        differ++;
    expect(differ).toBeGreaterThan(20);
  });

  it('sets every path of a named parameter and fills in the text', () => {
    const c = load('cranium-latency-anatomy');
    const p = personalise(c, 'ada');
    const dst = p.values.dst;
    expect(p.overrides).toHaveLength(5);
    expect(p.overrides.every((o) => o.value === dst)).toBe(true);
    const scenario = assignmentScenario(c, p);
    expect(scenario.ok).toBe(true);
    if (scenario.ok && scenario.value.workload && 'nodes' in scenario.value.workload) {
      expect(scenario.value.workload.nodes[1]!.node).toBe(dst);
      expect(scenario.value.workload.nodes[0]!.program[0]).toMatchObject({ op: 'send', to: dst });
    }
    expect(renderText('to node {{dst}} ({{ dst }}), {{unknown}}', p)).toBe(
      `to node ${dst} (${dst}), {{unknown}}`,
    );
  });
});

/**
 * Share links: a link must reopen exactly what was shared, and a hostile or damaged fragment must
 * come back as a coded issue, never an exception.
 */
import fc from 'fast-check';
import LZString from 'lz-string';
import { describe, expect, it } from 'vitest';
import type { InputIssue } from '../../sim-core/scenario/issues';
import { applyOverrides } from '../../sim-core/scenario/overrides';
import { parseScenario } from '../../sim-core/scenario/parse';
import { VIEW_NAMES, type ViewName } from '../../sim-core/scenario/schema';
import { findBuiltin } from '../../scenarios/index';
import {
  decodeLink,
  encodeLink,
  type LinkState,
  type LinkSource,
} from '../../sim-core/scenario/share-link';

const inlineDoc = {
  version: 1,
  id: 'shared',
  title: 'A shared scenario <b>with markup</b> & symbols = ?#%',
  system: { nodes: 2, protocol: 'MESI', cache: { sizeBytes: 128, associativity: 1 } },
  workload: {
    programs: [
      [
        { op: 'store', addr: '0x40', value: 7 },
        { op: 'compute', cycles: 3 },
      ],
      [{ op: 'load', addr: '0x40' }],
    ],
  },
  walkthrough: [{ cycle: 2, note: 'Ünïcödé, emoji 🧪 and "quotes"' }],
};

function decoded(fragment: string): LinkState {
  const result = decodeLink(fragment);
  if (result === null) throw new Error('expected a link, got null');
  if (!result.ok) throw new Error(`expected a valid link, got ${JSON.stringify(result.error)}`);
  return result.value;
}

function linkIssue(fragment: string): InputIssue {
  const result = decodeLink(fragment);
  if (result === null || result.ok) throw new Error(`expected ${fragment} to be rejected`);
  return result.error;
}

describe('encodeLink / decodeLink round trip', () => {
  it('reopens a built-in with overrides, seed, cycle and views', () => {
    const state: LinkState = {
      source: {
        kind: 'builtin',
        id: 'write-invalidation',
        overrides: [
          { path: 'system.protocol', value: 'MESI' },
          { path: 'system.nodes', value: 4 },
          { path: 'checks.invariants', value: false },
          { path: 'summary', value: 'a & b = c, 100% #1?' },
          // Strings that read as JSON must stay strings.
          { path: 'title', value: '2024' },
          { path: 'id', value: 'true' },
          { path: 'walkthrough', value: [{ cycle: 1, note: 'x' }] },
        ],
      },
      seed: 42,
      cycle: 187,
      views: ['caches', 'bus', 'log'],
    };
    const fragment = encodeLink(state);
    expect(fragment).toMatch(/^#v1\?b=write-invalidation&set=/);
    expect(decoded(fragment)).toEqual(state);
  });

  it('reopens an inline scenario, carried lz-compressed', () => {
    const state: LinkState = {
      source: { kind: 'inline', doc: inlineDoc },
      seed: 0,
      cycle: 12,
      views: ['notes', 'caches'],
    };
    const fragment = encodeLink(state);
    const z = /[?&]z=([^&]*)/.exec(fragment)![1]!;
    expect(JSON.parse(LZString.decompressFromEncodedURIComponent(z))).toEqual(inlineDoc);
    const back = decoded(fragment);
    expect(back).toEqual(state);
    expect(parseScenario((back.source as { doc: unknown }).doc).ok).toBe(true);
  });

  it('leaves out what was not given, and defaults the cycle to 0', () => {
    const fragment = encodeLink({ source: { kind: 'builtin', id: 'x', overrides: [] }, cycle: 0 });
    expect(fragment).toBe('#v1?b=x&c=0');
    expect(decoded('#v1?b=x')).toEqual({
      source: { kind: 'builtin', id: 'x', overrides: [] },
      cycle: 0,
    });
  });

  it('accepts a fragment without its leading #', () => {
    expect(decoded('v1?b=x&c=3')).toEqual(decoded('#v1?b=x&c=3'));
  });

  it('keeps an empty views list as empty', () => {
    const state: LinkState = {
      source: { kind: 'builtin', id: 'x', overrides: [] },
      cycle: 1,
      views: [],
    };
    expect(decoded(encodeLink(state))).toEqual(state);
  });

  it('round-trips any link state (property)', () => {
    const pathPart = fc.stringMatching(/^[A-Za-z0-9_]{1,8}$/);
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.integer(), { maxLength: 3 }),
    );
    const builtin: fc.Arbitrary<LinkSource> = fc.record({
      kind: fc.constant('builtin' as const),
      id: fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,20}$/),
      overrides: fc.array(
        fc.record({
          path: fc.array(pathPart, { minLength: 1, maxLength: 3 }).map((p) => p.join('.')),
          value,
        }),
        { maxLength: 4 },
      ),
    });
    const inline: fc.Arbitrary<LinkSource> = fc.record({
      kind: fc.constant('inline' as const),
      doc: fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.boolean())),
    });
    const state = fc
      .record({
        source: fc.oneof(builtin, inline),
        seed: fc.option(fc.integer({ min: 0, max: 0xffffffff }), { nil: undefined }),
        cycle: fc.integer({ min: 0, max: 10_000_000 }),
        views: fc.option(fc.subarray([...VIEW_NAMES] as ViewName[]), { nil: undefined }),
      })
      .map(({ seed, views, ...rest }): LinkState => ({
        ...rest,
        ...(seed === undefined ? {} : { seed }),
        ...(views === undefined ? {} : { views }),
      }));
    fc.assert(
      fc.property(state, (s) => {
        expect(decoded(encodeLink(s))).toEqual(s);
      }),
      { numRuns: 300 },
    );
  });
});

describe('decodeLink: errors', () => {
  it('returns null for an empty fragment', () => {
    expect(decodeLink('')).toBeNull();
    expect(decodeLink('#')).toBeNull();
  });

  it('LNK001: an unknown link version', () => {
    expect(linkIssue('#v9?b=x')).toEqual({
      code: 'LNK001',
      path: '',
      message: 'this NI Lab reads share links of format v1, got "v9"',
    });
    expect(linkIssue('#hello').code).toBe('LNK001');
  });

  it('LNK002: a truncated or corrupted scenario payload', () => {
    const full = encodeLink({ source: { kind: 'inline', doc: inlineDoc }, cycle: 5 });
    const z = /[?&]z=([^&]*)/.exec(full)![1]!;
    const damaged = [
      z.slice(0, Math.floor(z.length / 2)), // truncated
      z.slice(0, 10),
      z.replace(/[A-Za-z]/g, (ch) => (ch === 'Q' ? 'R' : 'Q')), // corrupted
      'abc',
      'z=', // lz-string itself throws on this one
      '',
    ];
    for (const payload of damaged) {
      expect(linkIssue(`#v1?z=${payload}&c=5`), payload).toMatchObject({
        code: 'LNK002',
        path: 'z',
      });
    }
  });

  it('LNK002: a payload that decompresses to something other than JSON', () => {
    const notJson = LZString.compressToEncodedURIComponent('{"version": 1,');
    expect(linkIssue(`#v1?z=${notJson}`)).toEqual({
      code: 'LNK002',
      path: 'z',
      message: 'the scenario in the link is corrupt or truncated (not JSON)',
    });
  });

  it('LNK002: a malformed %-escape', () => {
    for (const bad of ['#v1?b=x&c=%E0%A4%A', '#v1?b=x&set=title%3D%', '#v1?b=%ZZ'])
      expect(linkIssue(bad)).toEqual({
        code: 'LNK002',
        path: '',
        message: 'the link is corrupt: a malformed %-escape',
      });
  });

  it('LNK003: a built-in name that cannot be a scenario id', () => {
    for (const name of ['Bad_Name', '-dash-first', '../etc/passwd', 'a'.repeat(65)])
      expect(linkIssue(`#v1?b=${encodeURIComponent(name)}`)).toMatchObject({
        code: 'LNK003',
        path: 'b',
      });
  });

  it('LNK004: a malformed cycle or seed, and an unknown view', () => {
    expect(linkIssue('#v1?b=x&c=abc')).toEqual({
      code: 'LNK004',
      path: 'c',
      message: 'expected an integer 0..10000000, got "abc"',
    });
    for (const c of ['-1', '1.5', '10000001', '1e3', ''])
      expect(linkIssue(`#v1?b=x&c=${c}`)).toMatchObject({ code: 'LNK004', path: 'c' });
    expect(linkIssue('#v1?b=x&seed=4294967296')).toMatchObject({ code: 'LNK004', path: 'seed' });
    expect(linkIssue('#v1?b=x&views=caches,telemetry')).toMatchObject({
      code: 'LNK004',
      path: 'views',
      message: expect.stringMatching(/^unknown view "telemetry"/),
    });
  });

  it('LNK004: a link naming both a built-in and an inline scenario, or neither', () => {
    const z = LZString.compressToEncodedURIComponent(JSON.stringify(inlineDoc));
    expect(linkIssue(`#v1?b=x&z=${z}`)).toMatchObject({ code: 'LNK004', path: '' });
    expect(linkIssue('#v1?c=4')).toMatchObject({ code: 'LNK004', path: '' });
    expect(linkIssue('#v1')).toMatchObject({ code: 'LNK004', path: '' });
  });

  it('LNK005: an override that is not path=value', () => {
    for (const text of ['noequals', '=1', 'a..b=1', 'a b=1'])
      expect(linkIssue(`#v1?b=x&set=${encodeURIComponent(text)}`)).toMatchObject({
        code: 'LNK005',
        path: 'set',
      });
  });

  it('LNK005: an override path through __proto__ or constructor is refused', () => {
    // Refused as soon as the link is read, and again by applyOverrides for any other caller.
    expect(linkIssue('#v1?b=x&set=__proto__.polluted%3Dyes&set=title%3Dok')).toEqual({
      code: 'LNK005',
      path: 'set',
      message: '"__proto__" is not allowed in a path',
    });
    for (const path of ['constructor.prototype.polluted', 'system.prototype'])
      expect(applyOverrides(inlineDoc, [{ path, value: 1 }])).toMatchObject({
        ok: false,
        error: { code: 'LNK005', path },
      });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never throws on arbitrary strings (property)', () => {
    const piece = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.constantFrom('#', 'v1', '?', '&', '=', 'b=', 'z=', 'set=', 'c=', 'seed=', 'views=', '%'),
      fc.string({ unit: fc.constantFrom(...'ABQgwz019+-$%&=.,_') }),
    );
    const fragment = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fragment, (text) => {
        for (const candidate of [text, `#v1?${text}`, `#v1?z=${text}`, `#v1?b=x&${text}`]) {
          const result = decodeLink(candidate);
          if (result !== null && !result.ok) expect(result.error.code).toMatch(/^LNK00[1-5]$/);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('applyOverrides', () => {
  it('sets nested values on a copy, creating missing objects, and leaves the input alone', () => {
    const doc = { system: { nodes: 2 }, title: 't' };
    const result = applyOverrides(doc, [
      { path: 'system.protocol', value: 'MSI' },
      { path: 'limits.maxCycles', value: 100 },
      { path: 'title', value: { nested: [1] } },
    ]);
    expect(result).toEqual({
      ok: true,
      value: {
        system: { nodes: 2, protocol: 'MSI' },
        title: { nested: [1] },
        limits: { maxCycles: 100 },
      },
    });
    expect(doc).toEqual({ system: { nodes: 2 }, title: 't' });
  });
});

describe('the fidelity audit’s settings travel in a link and are validated', () => {
  it.each([
    ['cranium-ni-designs', 'system.variant=M2', true],
    ['cranium-ni-designs', 'system.variantCase=worst', true],
    ['cranium-ni-designs', 'system.ni=ideal-nomem', true],
    ['cranium-ni-designs', 'system.variant=M9', false],
    ['chaos-vs-dor', 'system.router=minimal-no-escape', true],
    ['cni-remote-pingpong', 'system.bus=cache', false],
  ] as const)('%s with %s', (id, set, valid) => {
    const link = decoded(`#v1?b=${id}&set=${encodeURIComponent(set)}`);
    expect(link.source.kind).toBe('builtin');
    if (link.source.kind !== 'builtin') return;
    const builtin = findBuiltin(link.source.id);
    expect(builtin, id).toBeDefined();
    const applied = applyOverrides(builtin!.doc, link.source.overrides);
    expect(applied.ok).toBe(true);
    if (!applied.ok) return;
    const parsed = parseScenario(applied.value);
    expect(parsed.ok, JSON.stringify(parsed.ok ? null : parsed.error)).toBe(valid);
    if (!parsed.ok) expect(parsed.error[0]!.path).toMatch(/^system\./);
  });
});

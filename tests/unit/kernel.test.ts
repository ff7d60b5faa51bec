/**
 * The kernel: seeded random streams, latency channels, plain-data cloning and the log hash. Every
 * snapshot, replay and golden digest rests on these being exact.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canSend, createChannel, inFlight, send, tick } from '../../sim-core/kernel/channel';
import { clonePlain } from '../../sim-core/kernel/clone';
import { RunningHash, hash53 } from '../../sim-core/kernel/hash';
import {
  createStream,
  nextFloat,
  nextInt,
  nextUint32,
  type RngState,
} from '../../sim-core/kernel/rng';

const draw = (state: RngState, count: number): number[] =>
  Array.from({ length: count }, () => nextUint32(state));

describe('rng', () => {
  it('gives the same stream for the same seed and label', () => {
    expect(draw(createStream(7, 'cache0'), 200)).toEqual(draw(createStream(7, 'cache0'), 200));
  });

  it('gives different streams for different labels and for different seeds', () => {
    const base = draw(createStream(7, 'cache0'), 50);
    expect(draw(createStream(7, 'cache1'), 50)).not.toEqual(base);
    expect(draw(createStream(8, 'cache0'), 50)).not.toEqual(base);
    // Not merely shifted: the streams share no long common run.
    const other = draw(createStream(7, 'cache1'), 50);
    expect(base.filter((x) => other.includes(x))).toHaveLength(0);
  });

  it('is pinned: the first numbers of a known stream never change (golden logs depend on it)', () => {
    const s = createStream(1, 'cache0.replacement');
    expect([nextUint32(s), nextUint32(s)]).toEqual([3704488402, 960532126]);
  });

  it('draws uint32 values, floats in [0, 1) and integers in [0, n)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.string({ maxLength: 12 }),
        fc.integer({ min: 1, max: 1000 }),
        (seed, label, n) => {
          const s = createStream(seed, label);
          for (let i = 0; i < 50; i++) {
            const u = nextUint32(s);
            expect(Number.isInteger(u) && u >= 0 && u <= 0xffffffff).toBe(true);
            const f = nextFloat(s);
            expect(f >= 0 && f < 1).toBe(true);
            const k = nextInt(s, n);
            expect(Number.isInteger(k) && k >= 0 && k < n).toBe(true);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('nextInt reaches every value of a small range', () => {
    const s = createStream(3, 'spread');
    const seen = new Set(Array.from({ length: 500 }, () => nextInt(s, 7)));
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('keeps its whole state in a plain array of four 32-bit integers', () => {
    const s = createStream(11, 'state');
    expect(Array.isArray(s)).toBe(true);
    expect(s).toHaveLength(4);
    for (const word of s) expect(Number.isInteger(word) && Math.abs(word) <= 0xffffffff).toBe(true);
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });

  it('continues identically from a cloned state, and the clone is independent', () => {
    const s = createStream(5, 'clone');
    draw(s, 17);
    const copies = [clonePlain(s), structuredClone(s), JSON.parse(JSON.stringify(s)) as RngState];
    const expected = draw(s, 40);
    for (const copy of copies) expect(draw(copy, 40)).toEqual(expected);
    // Advancing the original did not advance a later clone's source, and vice versa.
    const a = clonePlain(s);
    const b = clonePlain(s);
    draw(a, 3);
    expect(draw(b, 5)).toEqual(draw(clonePlain(s), 5));
  });
});

describe('channel', () => {
  it('rejects a latency that is not a positive integer', () => {
    for (const bad of [0, -1, 1.5, Number.NaN])
      expect(() => createChannel(bad)).toThrow(RangeError);
  });

  it('returns an item sent in cycle c from tick exactly `latency` cycles later', () => {
    for (const latency of [1, 2, 3, 5]) {
      const ch = createChannel<string>(latency);
      const arrivals: [number, string][] = [];
      // Each cycle: tick first (receivers see arrivals), then the sender sends.
      for (let cycle = 0; cycle < latency + 6; cycle++) {
        const got = tick(ch);
        if (got !== null) arrivals.push([cycle, got]);
        if (cycle === 2) send(ch, 'x');
      }
      expect(arrivals).toEqual([[2 + latency, 'x']]);
    }
  });

  it('accepts one send per cycle', () => {
    const ch = createChannel<number>(3);
    expect(canSend(ch)).toBe(true);
    send(ch, 1);
    expect(canSend(ch)).toBe(false);
    expect(() => send(ch, 2)).toThrow('one send per cycle');
    tick(ch);
    expect(canSend(ch)).toBe(true);
  });

  it('shows its contents in slots: slots[i] arrives in i + 1 cycles', () => {
    const ch = createChannel<string>(3);
    expect(ch.slots).toEqual([null, null, null]);
    send(ch, 'a');
    expect(ch.slots).toEqual([null, null, 'a']);
    tick(ch);
    send(ch, 'b');
    expect(ch.slots).toEqual([null, 'a', 'b']);
    expect(inFlight(ch)).toBe(2);
    tick(ch);
    expect(ch.slots).toEqual(['a', 'b', null]);
    expect(tick(ch)).toBe('a');
    expect(ch.slots).toEqual(['b', null, null]);
    expect(inFlight(ch)).toBe(1);
  });

  it('delivers any send pattern in order, each item exactly `latency` cycles late', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.boolean(), { maxLength: 40 }),
        (latency, pattern) => {
          const ch = createChannel<number>(latency);
          const sentAt = new Map<number, number>();
          let outstanding = 0;
          for (let cycle = 0; cycle < pattern.length + latency + 1; cycle++) {
            const got = tick(ch);
            if (got !== null) {
              expect(cycle - sentAt.get(got)!).toBe(latency);
              outstanding -= 1;
            }
            if (pattern[cycle]) {
              send(ch, cycle);
              sentAt.set(cycle, cycle);
              outstanding += 1;
            }
            expect(inFlight(ch)).toBe(outstanding);
          }
          expect(outstanding).toBe(0);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('is plain data: a cloned channel continues identically', () => {
    const ch = createChannel<{ id: number }>(2);
    send(ch, { id: 1 });
    tick(ch);
    send(ch, { id: 2 });
    const copy = clonePlain(ch);
    expect([tick(copy), tick(copy)]).toEqual([tick(ch), tick(ch)]);
  });
});

describe('clonePlain', () => {
  const sample = () => ({
    n: 1,
    s: 'x',
    b: true,
    z: null,
    list: [1, [2, { deep: [3] }]],
    obj: { inner: { words: [0, 0, 7] } },
  });

  it('copies deeply: equal value, no shared objects at any depth', () => {
    const original = sample();
    const copy = clonePlain(original);
    expect(copy).toEqual(original);
    expect(copy).not.toBe(original);
    expect(copy.list).not.toBe(original.list);
    expect(copy.list[1]).not.toBe(original.list[1]);
    expect(copy.obj.inner).not.toBe(original.obj.inner);
    expect(copy.obj.inner.words).not.toBe(original.obj.inner.words);
    expect(Array.isArray(copy.list)).toBe(true);
  });

  it('makes copies independent both ways', () => {
    const original = sample();
    const copy = clonePlain(original);
    copy.obj.inner.words[2] = 99;
    (copy.list[1] as unknown[]).push('more');
    expect(original).toEqual(sample());
    original.obj.inner.words[0] = -1;
    expect(copy.obj.inner.words[0]).toBe(0);
  });

  it('returns primitives as they are', () => {
    for (const v of [0, -3.5, 'text', true, false, null]) expect(clonePlain(v)).toBe(v);
  });

  it('copies any JSON value exactly, keys in the same order', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const copy = clonePlain(value);
        expect(copy).toEqual(value);
        expect(JSON.stringify(copy)).toBe(JSON.stringify(value));
      }),
      { numRuns: 200 },
    );
  });

  it('keeps an own "__proto__" key (as JSON.parse makes) as data, not as the prototype', () => {
    const doc = JSON.parse('{"a":1,"__proto__":{"title":"injected"}}') as Record<string, unknown>;
    const copy = clonePlain(doc);
    expect(Object.keys(copy)).toEqual(['a', '__proto__']);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect((copy as { title?: unknown }).title).toBeUndefined();
  });
});

describe('hash53', () => {
  it('is stable: pinned values (golden digests depend on them)', () => {
    expect(hash53('')).toBe('0bdcb81aee8d83');
    expect(hash53('abc')).toBe('11f9f91ac18c8d');
    expect(hash53('abc', 1)).toBe('0ff0af160c97e2');
    expect(hash53('abc')).toBe(hash53('abc'));
  });

  it('prints 14 hex digits', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(hash53(text)).toMatch(/^[0-9a-f]{14}$/);
      }),
    );
  });

  it('changes when one character changes, or when the seed changes', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.nat(), (text, at) => {
        const i = at % text.length;
        const changed =
          text.slice(0, i) + String.fromCharCode(text.charCodeAt(i) ^ 1) + text.slice(i + 1);
        expect(hash53(changed)).not.toBe(hash53(text));
        expect(hash53(text, 1)).not.toBe(hash53(text, 0));
      }),
      { numRuns: 300 },
    );
  });

  it('RunningHash depends on every piece and on their order', () => {
    const of = (pieces: string[]) => {
      const h = new RunningHash();
      for (const p of pieces) h.add(p);
      return h.value;
    };
    expect(of(['a', 'b'])).toBe(of(['a', 'b']));
    expect(of(['a', 'b'])).not.toBe(of(['b', 'a']));
    expect(of(['a', 'b'])).not.toBe(of(['a', 'b', 'c']));
    expect(of(['a', 'b'])).toMatch(/^[0-9a-f]{14}$/);
  });
});

/**
 * Navigation replies leave the worker as JSON text only when JSON gives back exactly the same
 * view; anything JSON would change (NaN, ±Infinity, -0, undefined, non-plain objects) falls back
 * to the view itself, for structured clone. A torus travels in its compact wire form and comes
 * back as the same objects.
 */
import { describe, expect, it } from 'vitest';
import { applyOverrides, parseScenario, Session, type SessionView } from '../../sim-core/index';
import { builtinScenarios } from '../../scenarios/index';
import { packView, unpackView } from '../../src/worker/packed-view';

const sessionOf = (doc: unknown): Session => {
  const parsed = parseScenario(doc);
  if (!parsed.ok) throw new Error('the scenario does not parse');
  return new Session(parsed.value);
};

const torusScenarios = builtinScenarios.filter((s) =>
  ['network', 'cranium'].includes(sessionOf(s.doc).seek(0).frame.model),
);

const torusView = sessionOf(builtinScenarios.find((s) => s.id === 'chaos-vs-dor')!.doc).seek(40);

/** A real torus view with something JSON cannot carry exactly beside its routers and packets. */
const viewWith = (extra: Record<string, unknown>): SessionView =>
  ({ ...torusView, frame: { ...torusView.frame, extra } }) as unknown as SessionView;

describe('packView', () => {
  it('packs a torus view as text that parses back to an equal view', () => {
    const doc = builtinScenarios.find((s) => s.id === 'chaos-vs-dor')!.doc;
    const parsed = parseScenario(doc);
    if (!parsed.ok) throw new Error('chaos-vs-dor does not parse');
    const view = new Session(parsed.value).seek(300);
    const packed = packView(view);
    expect(typeof packed).toBe('string');
    expect(unpackView(packed)).toEqual(view);
  });

  it.each(torusScenarios.map((s) => [s.id, s.doc] as const))(
    'gives back the same %s views at several cycles',
    (_id, doc) => {
      const session = sessionOf(doc);
      const last = session.seek(Number.MAX_SAFE_INTEGER).cycle;
      for (const cycle of [0, 1, Math.floor(last / 4), Math.floor(last / 2), last]) {
        const view = session.seek(cycle);
        const packed = packView(view);
        expect(typeof packed).toBe('string');
        const unpacked = unpackView(packed);
        expect(unpacked).toStrictEqual(view);
        // Key for key, in the same order.
        expect(JSON.stringify(unpacked)).toBe(JSON.stringify(view));
      }
    },
  );

  it('covers both models', () => {
    const models = torusScenarios.map((s) => sessionOf(s.doc).seek(0).frame.model);
    expect(new Set(models)).toEqual(new Set(['network', 'cranium']));
  });

  it('packs a saturated 16×16 torus in less than half the JSON of its objects', () => {
    const doc = builtinScenarios.find((s) => s.id === 'chaos-vs-dor')!.doc;
    const sets = { 'system.k': 16, 'system.router': 'chaos', 'workload.traffic.load': 0.36 };
    const overridden = applyOverrides(doc, [
      ...Object.entries(sets).map(([path, value]) => ({ path, value })),
      { path: 'workload.traffic.until', value: 1600 },
      { path: 'limits.maxCycles', value: 1600 },
    ]);
    if (!overridden.ok) throw new Error('the overrides do not apply');
    const view = sessionOf(overridden.value).seek(1500);
    expect(view.frame.model === 'network' && view.frame.packets.length).toBeGreaterThanOrEqual(500);
    const packed = packView(view);
    expect(typeof packed).toBe('string');
    expect((packed as string).length).toBeLessThan(JSON.stringify(view).length / 2);
  });

  it.each([
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['-0', -0],
    ['undefined', undefined],
    ['undefined in an array', [1, undefined]],
    ['a Date', new Date(0)],
    ['a Map', new Map()],
  ])('leaves a view holding %s to structured clone', (_name, value) => {
    const view = viewWith({ value });
    expect(packView(view)).toBe(view);
  });

  it('leaves a view holding a bigint to structured clone instead of throwing', () => {
    const view = viewWith({ value: 1n });
    expect(packView(view)).toBe(view);
  });

  it('leaves a view to structured clone when a router or packet field is not JSON-exact', () => {
    if (torusView.frame.model !== 'network') throw new Error('chaos-vs-dor is a network scenario');
    const [router, ...routers] = torusView.frame.routers;
    const odd = { ...router!, occupancy: Number.NaN };
    const view = { ...torusView, frame: { ...torusView.frame, routers: [odd, ...routers] } };
    expect(packView(view)).toBe(view);
  });
});

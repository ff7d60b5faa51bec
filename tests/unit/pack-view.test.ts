/**
 * Navigation replies leave the worker as JSON text only when JSON gives back exactly the same
 * view; anything JSON would change (NaN, ±Infinity, -0, undefined, non-plain objects) falls back
 * to the view itself, for structured clone.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario, Session, type SessionView } from '../../sim-core/index';
import { builtinScenarios } from '../../scenarios/index';
import { packView, unpackView } from '../../src/worker/sim-service';

const viewWith = (extra: Record<string, unknown>): SessionView =>
  ({ cycle: 1, frame: { model: 'network', extra } }) as unknown as SessionView;

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
});

import { describe, expect, it } from 'vitest';
import { torusLayout } from '../../src/d3/torus-layout';

describe('torus picture layout', () => {
  it('a torus has wrap-around stubs and numbered stub labels at every edge', () => {
    const t = torusLayout(4, 'torus');
    expect(t.kind).toBe('torus');
    // 16 routers × 4 directions; the 16 edge links are drawn as two stubs each.
    expect(t.links).toHaveLength(16 * 4 + 16);
    expect(t.stubLabels).toHaveLength(16);
    expect(t.hop(0, 3)).toEqual({ dir: 'W', wrap: true });
  });

  it('a mesh draws only the links between neighbours, and no wrap hop', () => {
    const m = torusLayout(4, 'mesh');
    expect(m.kind).toBe('mesh');
    // Each of the 2·k·(k−1) neighbour pairs has one lane each way.
    expect(m.links).toHaveLength(2 * 2 * 4 * 3);
    expect(m.links.every((l) => !l.key.endsWith('o') && !l.key.endsWith('i'))).toBe(true);
    expect(m.stubLabels).toEqual([]);
    expect(m.hop(0, 3)).toBeNull();
    expect(m.hop(0, 1)).toEqual({ dir: 'E', wrap: false });
    // The torus layout of the same k is another object, cached apart.
    expect(torusLayout(4, 'torus')).not.toBe(m);
  });
});

import { describe, expect, it } from 'vitest';
import {
  LINK_WINDOW,
  emptyLinkWindow,
  recentPhits,
  recordPhit,
} from '../../sim-core/network/link-window';
import { Network } from '../../sim-core/network/network';
import { networkConfig } from '../../sim-core/network/network-config';

describe('recent link use', () => {
  it('counts exactly the phits of the last LINK_WINDOW cycles, whatever the gaps', () => {
    const w = emptyLinkWindow();
    const sent: number[] = [];
    // A deterministic mix of bursts and gaps of every length around 32 and 64.
    let cycle = 0;
    for (let i = 0; i < 400; i++) {
      cycle += 1 + ((i * 37) % 11 === 0 ? (i * 13) % 90 : 0);
      recordPhit(w, cycle);
      sent.push(cycle);
      for (const now of [cycle, cycle + 1, cycle + 31, cycle + 33, cycle + 63, cycle + 64]) {
        const expected = sent.filter((c) => c > now - LINK_WINDOW && c <= now).length;
        expect(recentPhits(w, now), `sent ${sent.slice(-5).join(',')}, now ${now}`).toBe(expected);
      }
    }
    expect(recentPhits(emptyLinkWindow(), 10)).toBe(0);
  });

  it('the network frame reports it per link, and it cools when traffic stops', () => {
    const net = new Network(
      networkConfig(
        { kind: 'torus', k: 4, attached: 4 },
        {
          traffic: { pattern: 'uniform', load: 0.3, until: 200, hotspot: { node: 0, fraction: 0 } },
        },
      ),
    );
    for (let c = 0; c < 200; c++) net.step();
    const busy = net.frame();
    const total = (rows: number[][]) => rows.flat().reduce((a, b) => a + b, 0);
    expect(total(busy.linkRecent)).toBeGreaterThan(0);
    for (const [r, row] of busy.linkRecent.entries())
      for (const [d, n] of row.entries()) {
        expect(n).toBeLessThanOrEqual(LINK_WINDOW);
        expect(n).toBeLessThanOrEqual(busy.linkPhits[r]![d]!);
      }
    for (let c = 0; c < 400; c++) net.step();
    const later = net.frame();
    expect(total(later.linkRecent)).toBe(0);
    expect(total(later.linkPhits)).toBeGreaterThan(0);
  });
});

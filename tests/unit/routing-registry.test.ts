/**
 * The routing registry's answers besides routing itself: the names and texts the UI reads, where
 * the dateline switch applies, and which outputs a blocked packet waits for (the watchdog's
 * wait-for graph).
 */
import { describe, expect, it } from 'vitest';
import { networkConfig } from '../../sim-core/network/network-config';
import { packetRecord } from '../../sim-core/network/network-state';
import { ROUTER_NAMES, routingFunctions, type RouterKind } from '../../sim-core/network/routing';
import {
  PORTS,
  headerBetween,
  profitableSet,
  type Port,
  type Topology,
} from '../../sim-core/network/topology';

const torus8: Topology = { kind: 'torus', k: 8, attached: 8 };

/** A packet at router `at` heading for router `to`. */
function packet(at: number, to: number) {
  const header = headerBetween(torus8, at, to);
  return Object.assign(packetRecord(), {
    header,
    profitable: profitableSet(header, torus8),
    dstRouter: to,
  });
}

const portsOf = (set: number): Port[] => PORTS.filter((_, o) => (set & (1 << o)) !== 0);

describe('routing registry', () => {
  it('names every router once, in the order of the scenario schema', () => {
    expect(ROUTER_NAMES).toEqual(['chaos', 'minimal', 'minimal-no-escape', 'dor', 'deflection']);
    expect(ROUTER_NAMES).toEqual(Object.keys(routingFunctions));
  });

  it("gives each router the menu's label", () => {
    const labels = Object.fromEntries(ROUTER_NAMES.map((r) => [r, routingFunctions[r].label]));
    expect(labels).toEqual({
      chaos: 'chaos',
      minimal: 'minimal adaptive (escape channels)',
      'minimal-no-escape': 'minimal adaptive, no escape (can deadlock)',
      dor: 'dimension-order',
      deflection: 'deflection (hot potato)',
    });
  });

  it('describes each router in one sentence of its own', () => {
    const texts = ROUTER_NAMES.map((r) => routingFunctions[r].description);
    expect(new Set(texts).size).toBe(texts.length);
    for (const text of texts) expect(text).toMatch(/^[A-Z][^.]*\.$/);
    // What a blocked packet does is what tells the routers apart.
    expect(routingFunctions.chaos.description).toMatch(/derouted/);
    expect(routingFunctions.minimal.description).toMatch(/escape channel/);
    expect(routingFunctions['minimal-no-escape'].description).toMatch(/can deadlock/);
    expect(routingFunctions.dor.description).toMatch(/waits in its input frame/);
    expect(routingFunctions.deflection.description).toMatch(/deflected/);
  });

  it('applies the dateline switch to dimension-order only, and only on a torus', () => {
    const switched = ROUTER_NAMES.filter((r) => routingFunctions[r].datelineSwitch);
    expect(switched).toEqual(['dor']);
    const mesh: Topology = { kind: 'mesh', k: 8, attached: 8 };
    const vcs = (router: RouterKind, t: Topology, dateline: boolean) =>
      routingFunctions[router].vcs(networkConfig(t, { router, dateline }));
    for (const r of ROUTER_NAMES) {
      // The switch changes the router's frames exactly where the registry says it applies.
      const differs = vcs(r, torus8, true) !== vcs(r, torus8, false);
      expect(differs, r).toBe(routingFunctions[r].datelineSwitch);
      expect(vcs(r, mesh, true), r).toBe(vcs(r, mesh, false));
    }
    expect(vcs('dor', torus8, true)).toBe(2);
  });

  it('has a blocked adaptive packet wait for any profitable output', () => {
    // From router 0 to router 8·2 + 7 (x 7, y 2): one step west round the ring, two south.
    const p = packet(0, 2 * 8 + 7);
    expect(portsOf(p.profitable)).toEqual(['S', 'W']);
    for (const r of ['chaos', 'minimal', 'deflection'] as const)
      expect(portsOf(routingFunctions[r].waitsFor(p)), r).toEqual(['S', 'W']);
  });

  it('has a blocked dimension-order packet wait for its one output, X before Y', () => {
    const waits = (to: number) => portsOf(routingFunctions.dor.waitsFor(packet(0, to)));
    expect(waits(2 * 8 + 7)).toEqual(['W']);
    expect(waits(2 * 8 + 1)).toEqual(['E']);
    expect(waits(2 * 8)).toEqual(['S']);
    expect(waits(6 * 8)).toEqual(['N']);
    expect(waits(0)).toEqual(['P']);
    // At the antipode both ways round are shortest; dimension-order takes the positive one.
    expect(waits(4)).toEqual(['E']);
  });
});

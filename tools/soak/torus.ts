/**
 * The torus's soak family (seed 001 Ch. 5): every router of the registry (dimension-order with
 * and without its dateline) at loads from light to past saturation, on a 4×4 torus with random
 * traffic patterns, packet lengths, multi-queue sizes and routing-decision times. Every packet
 * injected must be delivered once, at its destination, once the traffic stops. The deadlock-prone
 * routers — minimal adaptive without escape channels, which never deroutes, and dimension-order
 * without the dateline — may deadlock instead; the watchdog must then name the cycle of waiting packets, and the run
 * ends there.
 */
import fc from 'fast-check';
import { Network } from '../../sim-core/network/network';
import { networkConfig, type NetworkConfig } from '../../sim-core/network/network-config';
import { ROUTER_NAMES, routingFunctions, type RouterKind } from '../../sim-core/network/routing';
import { TRAFFIC_PATTERNS } from '../../sim-core/network/traffic';
import { bump, cleanAudit, neverEnded, note, type RunAudit, type SoakFamily } from './family';

export interface TorusSoakConfiguration {
  label: string;
  router: RouterKind;
  dateline: boolean;
  /** Offered load, phits per node per cycle. */
  load: number;
  /** The router can deadlock (its registry description says so): a named stall ends a run. */
  mayDeadlock: boolean;
}

/** Light, medium, around saturation on a 4×4 torus, and far past it. */
const LOADS = [0.05, 0.2, 0.5, 1];

/** Routers that can deadlock, as their registry entries describe them. */
const mayDeadlock = (router: RouterKind, dateline: boolean) =>
  router === 'minimal-no-escape' || (router === 'dor' && !dateline);

const settings = ROUTER_NAMES.flatMap((router) =>
  (routingFunctions[router].datelineSwitch ? [true, false] : [true]).map((dateline) => ({
    router,
    dateline,
    name: routingFunctions[router].datelineSwitch
      ? `${router}${dateline ? ' + dateline' : ', no dateline'}`
      : router,
  })),
);

const traffic = fc.record({
  pattern: fc.constantFrom(...TRAFFIC_PATTERNS),
  phits: fc.integer({ min: 2, max: 20 }),
  multiQueue: fc.integer({ min: 1, max: 5 }),
  decisionCycles: fc.integer({ min: 2, max: 8 }),
  halfDuplexP: fc.boolean(),
  /** Cycles of traffic before the network drains. */
  until: fc.integer({ min: 2_000, max: 40_000 }),
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
});
type Traffic = typeof traffic extends fc.Arbitrary<infer T> ? T : never;

export function torusConfig(c: TorusSoakConfiguration, t: Traffic): NetworkConfig {
  return networkConfig(
    { kind: 'torus', k: 4, attached: 4 },
    {
      router: c.router,
      dateline: c.dateline,
      packetPhits: t.phits,
      multiQueue: t.multiQueue,
      decisionCycles: t.decisionCycles,
      injectionQueue: 4,
      traffic: {
        pattern: t.pattern,
        load: c.load,
        until: t.until,
        hotspot: { node: 0, fraction: 0.3 },
      },
      seed: t.seed,
      stallWatchdog: 1000,
      checkInvariants: true,
      halfDuplexP: t.halfDuplexP,
    },
  );
}

export function auditTorus(
  c: TorusSoakConfiguration,
  cfg: NetworkConfig,
  maxCycles: number,
): RunAudit {
  const net = new Network(cfg);
  const a = cleanAudit({ messages: true, order: false });
  const destination = new Map<number, number>();
  const delivered = new Set<number>();
  let deadlocked = false;
  while (!net.state.halted && net.state.cycle < maxCycles && !deadlocked)
    for (const e of net.step()) {
      const at = net.state.cycle;
      if (e.kind === 'invariant.violation') {
        a.violations++;
        note(a, `cycle ${at}: ${e.rule} invariant: ${e.detail}`);
      } else if (e.kind === 'net.inject') destination.set(e.packet, e.dst);
      else if (e.kind === 'net.deliver') {
        if (delivered.has(e.packet)) {
          a.duplicated = bump(a.duplicated);
          note(a, `packet ${e.packet} delivered twice`);
        }
        delivered.add(e.packet);
        if (destination.get(e.packet) !== e.node) {
          a.misdelivered = bump(a.misdelivered);
          note(
            a,
            `packet ${e.packet} for node ${destination.get(e.packet)} delivered at node ${e.node}`,
          );
        }
      } else if (e.kind === 'net.stall') {
        a.stalls++;
        const named = e.deadlock.length > 1;
        if (c.mayDeadlock && named) {
          a.expectedStalls++;
          deadlocked = true;
        } else
          note(
            a,
            `cycle ${at}: ${named ? 'deadlock' : 'stall with no cycle of waiting packets named'} (${e.held.length} packets held)`,
          );
      }
    }
  a.cycles = net.state.cycle;
  const stats = net.stats();
  const lost = stats.created - stats.delivered - stats.inFlight;
  if (lost !== 0) {
    a.lost = lost;
    note(
      a,
      `${stats.created} packets created, ${stats.delivered} delivered, ${stats.inFlight} in flight`,
    );
  }
  if (!net.state.halted && !deadlocked) {
    a.unfinished = stats.inFlight;
    note(a, `${neverEnded(maxCycles)}: ${stats.inFlight} packets in flight`);
  }
  return a;
}

export const torusSoak: SoakFamily<TorusSoakConfiguration, Traffic> = {
  name: 'torus',
  title: 'The torus (4×4): router × offered load (phits per node per cycle)',
  configurations: settings.flatMap((s) =>
    LOADS.map((load) => ({
      label: `${s.name} @ ${load}`,
      router: s.router,
      dateline: s.dateline,
      load,
      mayDeadlock: mayDeadlock(s.router, s.dateline),
    })),
  ),
  skipped: [],
  orderNote: 'not promised: adaptive routes reorder packets (Cranium reassembles by sequence)',
  runCycles: 1_000_000,
  runs: () => traffic,
  audit: (c, t, maxCycles) => auditTorus(c, torusConfig(c, t), maxCycles),
};

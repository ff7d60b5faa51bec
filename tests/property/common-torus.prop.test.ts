/**
 * Liveness on the common torus (issue 18; sim-core/net/common-torus.ts): the soak families' own
 * random machines of the three models whose own network is a pipe — CNI (every NI × bus ×
 * protocol, every workload), EDT (every NI and receive mode) and FUGU (every policy and
 * atomicity column) — with their network swapped for Cranium's torus, the nodes 1 to 8 hops apart
 * or at their own routers, audited by the same audits: every message they accept is delivered,
 * once, at its destination, in order where the model promises it, and the run halts with no
 * stall. A few runs each (the torus steps 256 routers a cycle); `npm run test:soak` does not run
 * these.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMON_TORUS } from '../../sim-core/net/common-torus';
import { auditCni, cniConfig, cniSoak } from '../../tools/soak/cni';
import { auditEdt, edtMachine, edtScenario, edtSoak } from '../../tools/soak/edt';
import { failed, type RunAudit } from '../../tools/soak/family';
import { auditFugu, fuguScenario, fuguSoak } from '../../tools/soak/fugu';

/** Hops that fit `nodes` along the torus's first row, or none (node n at router n). */
const hopsFor = (nodes: number) =>
  fc.option(fc.integer({ min: 1, max: Math.max(1, Math.floor(COMMON_TORUS.k / nodes)) }), {
    nil: undefined,
  });
const torus = (hops: number | undefined) => ({ kind: 'torus' as const, ...(hops ? { hops } : {}) });

/** A document's system with its network on the torus, keeping its window or receiver limit. */
function onTorus(doc: unknown, hops: number | undefined): unknown {
  const d = doc as { system: { network?: Record<string, unknown> } };
  const { latency: _l, ...network } = d.system.network ?? {};
  return { ...d, system: { ...d.system, network: { ...network, ...torus(hops) } } };
}

const expectClean = (label: string, audit: RunAudit) =>
  expect(failed(audit), `${label}: ${audit.problem} (${JSON.stringify(audit)})`).toBe(false);

describe('on the common torus, every message accepted is delivered', () => {
  it('CNI: random NIs, buses, protocols and workloads', () => {
    const run = fc
      .constantFrom(...cniSoak.configurations)
      .chain((c) => cniSoak.runs(c).chain((m) => hopsFor(m.nodes).map((hops) => ({ c, m, hops }))));
    fc.assert(
      fc.property(run, ({ c, m, hops }) => {
        // The configuration has m.nodes nodes or fewer (a ping-pong two, a local queue one).
        const cfg = cniConfig(c, m);
        const audit = auditCni(
          { ...cfg, network: { ...cfg.network, ...torus(hops) } },
          cniSoak.runCycles,
        );
        expectClean(`${c.label} on the torus (${hops ?? 'own routers'})`, audit);
      }),
      { numRuns: 12 },
    );
  }, 240_000);

  it('EDT: random NIs, sizes, MTUs and receive modes', () => {
    const safe = edtSoak.configurations.filter((c) => c.stale === 'never');
    const run = fc.record({
      c: fc.constantFrom(...safe),
      m: edtMachine,
      hops: hopsFor(2),
    });
    fc.assert(
      fc.property(run, ({ c, m, hops }) => {
        const audit = auditEdt(c, onTorus(edtScenario(c, m), hops), edtSoak.runCycles);
        expectClean(`${c.label} on the torus (${hops ?? 'own routers'})`, audit);
      }),
      { numRuns: 8 },
    );
  }, 240_000);

  it('FUGU: random policies, atomicity, scheduling and overflow', () => {
    const run = fc
      .constantFrom(...fuguSoak.configurations)
      .chain((c) =>
        fuguSoak.runs(c).chain((m) => hopsFor(m.nodes).map((hops) => ({ c, m, hops }))),
      );
    fc.assert(
      fc.property(run, ({ c, m, hops }) => {
        const audit = auditFugu(onTorus(fuguScenario(c, m), hops), fuguSoak.runCycles);
        expectClean(`${c.label} on the torus (${hops ?? 'own routers'})`, audit);
      }),
      { numRuns: 8 },
    );
  }, 240_000);
});

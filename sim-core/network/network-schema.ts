/**
 * The network model's part of the scenario format: a k×k torus or mesh of routers (seed 001,
 * digest §B) carrying scheduled packets or Bernoulli traffic. Packets are 20 phits (the Chaos
 * chip) or 11 phits of 32 bits (the Cranium model): give a number or the preset's name.
 */
import { z } from 'zod';
import type { ModelSchema, ModelScenario } from '../model';
import { choice, intIn } from '../scenario/fields';
import { showValue } from '../scenario/issues';
import { ROUTER_NAMES } from './routing';
import { TRAFFIC_PATTERNS } from './traffic';

const networkSystem = z.strictObject({
  kind: z.literal('network'),
  topology: choice(['torus', 'mesh']).default('torus'),
  k: intIn(2, 32),
  /** Side of the central square of routers with a processing node; default k (all). */
  attached: intIn(1, 32).optional(),
  router: choice(ROUTER_NAMES).default('chaos'),
  /** Dimension-order on a torus: two virtual channels with a dateline (false: one; it can deadlock). */
  dateline: z.boolean().default(true),
  packetPhits: z
    .union([intIn(2, 64), z.literal('chaos'), z.literal('cranium')], {
      error: (iss) =>
        `expected phits 2..64, "chaos" (20) or "cranium" (11), got ${showValue(iss.input)}`,
    })
    .default(20)
    .transform((v) => (v === 'chaos' ? 20 : v === 'cranium' ? 11 : v)),
  multiQueue: intIn(1, 16).default(5),
  decisionCycles: intIn(2, 16).default(4),
  injectionQueue: intIn(1, 1024).default(16),
});

const scheduledPackets = z
  .array(z.strictObject({ at: intIn(1, 10_000_000), src: intIn(0, 1023), dst: intIn(0, 1023) }))
  .max(10_000);

const trafficWorkload = z.strictObject({
  pattern: choice(TRAFFIC_PATTERNS).default('uniform'),
  /** Offered load in phits per node per cycle (Bernoulli injection). */
  load: z.number().min(0).max(1),
  /** Packets are generated in cycles 1 … until. */
  until: intIn(1, 10_000_000),
  hotspot: z
    .strictObject({
      node: intIn(0, 1023).default(0),
      fraction: z.number().min(0).max(1).default(0.2),
    })
    .prefault({}),
});

const packetsBranch = z.strictObject({ packets: scheduledPackets });
const trafficBranch = z.strictObject({ traffic: trafficWorkload });

export type NetworkSystem = z.output<typeof networkSystem>;
export type NetworkWorkload = z.output<typeof packetsBranch> | z.output<typeof trafficBranch>;
export type NetworkScenario = ModelScenario<NetworkSystem, NetworkWorkload>;

const inRange = (n: unknown, min: number, max: number) =>
  Number.isInteger(n) && (n as number) >= min && (n as number) <= max;

export const networkSchema: ModelSchema<NetworkSystem, NetworkWorkload> = {
  system: networkSystem,
  systemHint: 'a network { "kind": "network", "k": … }',
  workloads: [
    { schema: packetsBranch, hint: '{ "packets": [...] }' },
    { schema: trafficBranch, hint: '{ "traffic": {...} }' },
  ],
  ownsWorkload: (w) => 'packets' in w || 'traffic' in w,
  wrongWorkload: 'a network runs { "packets": [...] } or { "traffic": {...} }, not programs',
  check(sc, issue) {
    const k = sc.system.k;
    const side = sc.system.attached ?? k;
    if (inRange(k, 2, 32) && side > k)
      issue(
        ['system', 'attached'],
        `the attached square (${side}) cannot be larger than the torus (${k})`,
      );
    // Node numbers can only be checked against a valid torus.
    if (!inRange(k, 2, 32) || !inRange(side, 1, k)) return;
    const nodes = side * side;
    const checkNode = (n: number, path: (string | number)[]) => {
      if (n >= nodes) issue(path, `expected a node 0..${nodes - 1}, got ${n}`);
    };
    if ('packets' in sc.workload)
      sc.workload.packets.forEach((p, i) => {
        checkNode(p.src, ['workload', 'packets', i, 'src']);
        checkNode(p.dst, ['workload', 'packets', i, 'dst']);
      });
    if ('traffic' in sc.workload)
      checkNode(sc.workload.traffic.hotspot.node, ['workload', 'traffic', 'hotspot', 'node']);
  },
};

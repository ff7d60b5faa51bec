/**
 * The built-in assignments, by id, in course order (coherence, coherent network interfaces, the
 * torus and its routers, Cranium, EDT, FUGU). Each file is raw JSON, checked by parseAssignment when it is
 * opened (`#v1?a=<id>` in the app, or `npm run grade -- <id or file> …`). The files hold no
 * readable answer: predictions, measurements and designs are recomputed by simulation, and choice
 * answers are salted SHA-256 hashes. Instructor notes: docs/teaching/<id>.md.
 */
import cohWriteInvalidation from './coh-write-invalidation.json';
import cohMigratoryProtocols from './coh-migratory-protocols.json';
import cohFalseSharing from './coh-false-sharing.json';
import cniQueueOptimisations from './cni-queue-optimisations.json';
import cniPingpongLatency from './cni-pingpong-latency.json';
import cniBurstCapacity from './cni-burst-capacity.json';
import torusDeroutes from './torus-deroutes.json';
import torusChaosVsDor from './torus-chaos-vs-dor.json';
import torusHotspot from './torus-hotspot.json';
import craniumLatencyAnatomy from './cranium-latency-anatomy.json';
import craniumThroughput from './cranium-throughput.json';
import craniumQueueSizing from './cranium-queue-sizing.json';
import craniumScheduler from './cranium-scheduler.json';
import edtEagerVsDma from './edt-eager-vs-dma.json';
import flashBottleneck from './flash-bottleneck.json';
import fuguTwoCaseCosts from './fugu-two-case-costs.json';

export interface BuiltinAssignment {
  id: string;
  file: string;
  doc: unknown;
}

const entries: [string, unknown][] = [
  ['coh-write-invalidation.json', cohWriteInvalidation],
  ['coh-migratory-protocols.json', cohMigratoryProtocols],
  ['coh-false-sharing.json', cohFalseSharing],
  ['cni-queue-optimisations.json', cniQueueOptimisations],
  ['cni-pingpong-latency.json', cniPingpongLatency],
  ['cni-burst-capacity.json', cniBurstCapacity],
  ['torus-deroutes.json', torusDeroutes],
  ['torus-chaos-vs-dor.json', torusChaosVsDor],
  ['torus-hotspot.json', torusHotspot],
  ['cranium-latency-anatomy.json', craniumLatencyAnatomy],
  ['cranium-throughput.json', craniumThroughput],
  ['cranium-queue-sizing.json', craniumQueueSizing],
  ['cranium-scheduler.json', craniumScheduler],
  ['edt-eager-vs-dma.json', edtEagerVsDma],
  ['flash-bottleneck.json', flashBottleneck],
  ['fugu-two-case-costs.json', fuguTwoCaseCosts],
];

export const builtinAssignments: BuiltinAssignment[] = entries.map(([file, doc]) => ({
  id: (doc as { id: string }).id,
  file,
  doc,
}));

export function findAssignment(id: string): BuiltinAssignment | undefined {
  return builtinAssignments.find((a) => a.id === id);
}

/**
 * The message bench as a plug-in (issue 18; round2-spec §A.3; docs/bench.md): its settings are
 * a scenario's system, its run is the race (bench-race.ts), and its `bench` sweep measures the
 * chart's points one by one in the worker, with progress and cancel. The other models are reached
 * through the bench runner (bench.ts) at run time only, never while the list of models loads.
 */
import type { ModelModule } from '../model';
import { benchNis, benchPlan, type BenchRequest } from './bench';
import { benchFace, type BenchTypes } from './bench-face';
import { benchPoint } from './bench-frame';
import { measuredRow } from './bench-points';
import { BenchRace } from './bench-race';
import { benchNetworkOf, benchSchemaWith } from './bench-schema';
import { nsWords } from './bench-narrate';

export type { BenchTypes } from './bench-face';

export const benchModel: ModelModule<BenchTypes> = {
  ...benchFace,
  schema: benchSchemaWith(() => benchNis().map((n) => n.variant)),
  configOf: ({ system, workload }) => ({
    nis: benchPlan({
      nis: system.nis,
      sizes: [workload.race.bytes],
      provenances: [workload.race.provenance],
      clock: system.clock,
    }).map((p) => p.ni),
    bytes: workload.race.bytes,
    provenance: workload.race.provenance,
    clock: system.clock,
    network: benchNetworkOf(system),
  }),
  create: (config) => new BenchRace(config),
  meta: (_config, race) => race.meta(),
  settings: ({ system }) => ({
    clock: system.clock,
    nis: system.nis,
    network: system.network,
    ...(system.network === 'torus' ? { hops: system.hops } : {}),
  }),
  summary: (stats) =>
    stats.lanes.map(
      (l) =>
        `${l.label}: ${l.latencyNs === null ? `— (${l.problem ?? 'not measured'})` : `${nsWords(l.latencyNs)}, ${l.latencyCycles} cycles${l.rank ? `, no. ${l.rank}` : ''}`}`,
    ),
  capabilities: {
    ...benchFace.capabilities,
    sweeps: {
      /** The chart's points: every chosen NI × size × provenance, each its model's own run. */
      bench: (_scenario, request: BenchRequest) =>
        benchPlan(request).map((p) =>
          Object.assign(
            () =>
              benchPoint(
                measuredRow(p.ni, p.bytes, p.provenance, request.clock, true, request.network).row,
              ),
            // A size's provenances share their runs (bench-points.ts): one worker runs them.
            { group: `${p.ni.variant} ${p.bytes}` },
          ),
        ),
    },
  },
  derivedStats: {
    firstNs: {
      desc: 'Bench: the fastest NI’s latency in the race, ns',
      of: ({ stats }) => Math.min(...stats.lanes.map((l) => l.latencyNs ?? Infinity)),
    },
  },
};

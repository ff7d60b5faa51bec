/**
 * The scenario format's bench part (issue 18; round2-spec §A.3): the bench's settings in `system`
 * — which NIs, which payload sizes and provenances the chart runs, the clock, how the chart shows
 * them — and in `workload` the race: one message of a size and provenance sent through every
 * chosen NI at once, on a common nanosecond axis.
 */
import { z } from 'zod';
import {
  BENCH_NETWORKS,
  DEFAULT_TORUS_HOPS,
  MAX_TORUS_HOPS,
  PROVENANCES,
  type BenchNetwork,
} from '../messaging';
import type { ModelSchema, ModelScenario } from '../model';
import { choice, intIn } from '../scenario/fields';
import { BENCH_CLOCKS } from './bench-clock';

/** The largest payload a bench point sends (a free size may be anything up to it). */
export const MAX_BENCH_BYTES = 8192;

const bytes = intIn(1, MAX_BENCH_BYTES);
const provenance = choice(PROVENANCES);

export const benchSystem = z.strictObject({
  kind: z.literal('bench'),
  /** Variant names as the models' adapters list them (`npm run sim -- bench`); empty: every NI. */
  nis: z.array(z.string().max(40)).max(32).default([]),
  sizes: z.array(bytes).min(1).max(12).default([8, 64, 256, 1024, 4096]),
  provenances: z.array(provenance).min(1).max(3).default(['produce', 'prepared-clean']),
  clock: choice(BENCH_CLOCKS).default('published'),
  /** Each model's own network, the common pipe, or the common torus (round2-spec §A.3 item 5). */
  network: choice(BENCH_NETWORKS).default('own'),
  /** The hops between the two ends on the common torus (the thesis's average, 8, by default). */
  hops: intIn(1, MAX_TORUS_HOPS).default(DEFAULT_TORUS_HOPS),
  /**
   * How the chart shows the table: time or each model's own cycles, with the software slices or
   * without, and which of the provenances (the first when absent or not run).
   */
  display: z
    .strictObject({
      unit: choice(['ns', 'cycles']).default('ns'),
      software: z.boolean().default(true),
      provenance: provenance.optional(),
    })
    .prefault({}),
});

export const raceBranch = z.strictObject({
  race: z.strictObject({
    bytes: bytes.default(8),
    provenance: provenance.default('prepared-clean'),
  }),
});

export type BenchSystemOut = z.output<typeof benchSystem>;

/** The network a bench scenario's settings choose. */
export const benchNetworkOf = (s: Pick<BenchSystemOut, 'network' | 'hops'>): BenchNetwork =>
  s.network === 'torus' ? { kind: 'torus', hops: s.hops } : { kind: s.network };
export type BenchWorkloadOut = z.output<typeof raceBranch>;
export type BenchScenario = ModelScenario<BenchSystemOut, BenchWorkloadOut>;

/** The variant names the bench knows, given by the module (the schema cannot import the list). */
export function benchSchemaWith(
  variants: () => readonly string[],
): ModelSchema<BenchSystemOut, BenchWorkloadOut> {
  return {
    system: benchSystem,
    systemHint: 'the message bench { "kind": "bench", … }',
    workloads: [{ schema: raceBranch, hint: '{ "race": { "bytes": 8, "provenance": … } }' }],
    ownsWorkload: (w) => 'race' in w,
    wrongWorkload: 'the message bench runs { "race": { "bytes": …, "provenance": … } }',
    foreignWorkload: 'race workloads run on the message bench: set system.kind to "bench"',
    /** Every NI named is one the bench can run, once; sizes and provenances once each. */
    check(sc, issue) {
      const known = variants();
      const lower = new Map(known.map((v) => [v.toLowerCase(), v]));
      const seen = new Set<string>();
      sc.system.nis.forEach((name, i) => {
        const key = name.toLowerCase();
        if (!lower.has(key))
          issue(['system', 'nis', i], `expected one of ${known.join(', ')}, got "${name}"`);
        else if (seen.has(key)) issue(['system', 'nis', i], `"${name}" is listed twice`);
        seen.add(key);
      });
      const twice = <T>(list: readonly T[], field: string) =>
        list.forEach((v, i) => {
          if (list.indexOf(v) !== i) issue(['system', field, i], `${String(v)} is listed twice`);
        });
      twice(sc.system.sizes, 'sizes');
      twice(sc.system.provenances, 'provenances');
    },
  };
}

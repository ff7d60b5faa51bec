/**
 * Statistics in words, for the tables that list them by name (compare mode's differences). A
 * model's page table gives a label to each path of its statistics; `*` stands for a position in
 * a list and `{n}` for that position in the label ("caches.*.hits" → "P{n} cache: hits"). A label
 * of null leaves the path out (an id that only numbers a list).
 */
export type StatLabels = Readonly<Record<string, string | null>>;

/** The torus's statistics, as the network model and any model with a torus report them. */
export const NETWORK_STAT_LABELS: StatLabels = {
  cycles: 'cycles run',
  nodes: 'nodes',
  created: 'packets created',
  refused: 'packets refused (injection queue full)',
  injected: 'packets injected',
  delivered: 'packets delivered',
  inFlight: 'packets in flight',
  offeredLoad: 'offered load (phits/node/cycle)',
  acceptedLoad: 'accepted load (phits/node/cycle)',
  'latency.mean': 'latency from creation: mean (cycles)',
  'latency.p50': 'latency from creation: median, p50 (cycles)',
  'latency.p95': 'latency from creation: p95 (cycles)',
  'latency.p99': 'latency from creation: p99 (cycles)',
  'latency.max': 'latency from creation: max (cycles)',
  'networkLatency.mean': 'network latency: mean (cycles)',
  'networkLatency.min': 'network latency: min (cycles)',
  'networkLatency.max': 'network latency: max (cycles)',
  'hops.mean': 'hops per packet',
  'deroutes.total': 'deroutes',
  'deroutes.perPacket': 'deroutes per packet',
  linkUtilisation: 'link utilisation',
};

/** The same labels under a prefix (a model that keeps the torus's statistics in a field). */
export function nested(prefix: string, labels: StatLabels, what: string): StatLabels {
  return Object.fromEntries(
    Object.entries(labels).map(([path, label]) => [
      `${prefix}.${path}`,
      label === null ? null : `${what}: ${label}`,
    ]),
  );
}

/** A path's pattern: every list position replaced by `*`, and the positions in order. */
function patternOf(path: string): { pattern: string; positions: string[] } {
  const positions: string[] = [];
  const pattern = path
    .split('.')
    .map((part) => {
      if (!/^\d+$/.test(part)) return part;
      positions.push(part);
      return '*';
    })
    .join('.');
  return { pattern, positions };
}

/**
 * A statistic's label: the model's, with the list positions filled in; undefined when the model
 * has none for it (tests/unit/stat-labels.test.ts keeps every model's statistics labelled), null
 * when it is left out.
 */
export function statLabel(labels: StatLabels, path: string): string | null | undefined {
  const { pattern, positions } = patternOf(path);
  const label = labels[pattern];
  if (label === undefined || label === null) return label;
  let i = 0;
  return label.replace(/\{n\}/g, () => positions[i++] ?? '?');
}

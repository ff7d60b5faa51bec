/**
 * Fidelity of the coherent-NI model against Mukherjee, Falsafi, Hill & Wood, ISCA 1996 (seed 000)
 * as digested in seed-000-cni.md §D. Every number is measured by running the model with one set
 * of parameters (the scenario defaults: one software overhead for both buses, one invalidation
 * cost per bus); docs/fidelity/cni.md explains each calibration choice.
 */
import type { CniConfig, CniWorkload } from '../ni/cni/cni-config';
import type { CniStats } from '../ni/cni/cni-frame';
import { CniSystem } from '../ni/cni/cni-system';
import { NI_KINDS, NI_KIND_NAMES, type BusKind, type NiKindName } from '../ni/cni/config';
import { parseScenario } from '../scenario/parse';
import type { CniScenario } from '../ni/cni/cni-schema';
import { cniConfigOf } from '../ni/cni/cni-config-of';
import { cniModel } from '../ni/cni/module';
import type { SimEventBody } from '../trace/events';
import type { FidelityRow } from './fidelity';

/**
 * The scenario defaults as a model configuration: a scenario naming only the NI and the bus,
 * parsed by the schema (sim-core/scenario/schema.ts) and turned into a configuration the way
 * every scenario is, so the two can never disagree. The workload is set afterwards: the
 * schema checks its nodes against the scenario's, and callers set `nodes` themselves.
 */
export function defaultCniConfig(
  ni: NiKindName,
  bus: BusKind,
  workload: CniWorkload,
  overrides: Partial<CniConfig> = {},
): CniConfig {
  const parsed = parseScenario({
    version: 1,
    id: 'cni-defaults',
    title: 'coherent-NI defaults',
    system: { kind: 'cni', ni, bus },
    workload: { messages: { kind: 'pingpong', bytes: 0 } },
  });
  if (!parsed.ok || parsed.value.system.kind !== cniModel.kind)
    throw new Error(`${ni} on the ${bus} bus has no default configuration`);
  return {
    ...cniConfigOf(parsed.value as CniScenario),
    nodes: workload.kind === 'local-queue' ? 1 : 2,
    workload,
    checkInvariants: false,
    ...overrides,
  };
}

const CYCLE_CAP = 2_000_000;

export function runCni(cfg: CniConfig, onEvents?: (events: SimEventBody[]) => void): CniStats {
  const sim = new CniSystem(cfg);
  while (!sim.state.halted && sim.state.cycle < CYCLE_CAP) {
    const events = sim.step();
    onEvents?.(events);
  }
  if (!sim.state.halted)
    throw new Error(`${cfg.ni} on the ${cfg.bus} bus did not finish in ${CYCLE_CAP} cycles`);
  return sim.stats();
}

/** Enough rounds that every queue slot is warm in the second half, where the median is taken. */
const warmRounds = (ni: NiKindName) => Math.max(16, (NI_KINDS[ni].queueBlocks / 4) * 2 + 16);

export function roundTrip(
  ni: NiKindName,
  bus: BusKind,
  bytes = 64,
  overrides: Partial<CniConfig> = {},
): number {
  const stats = runCni(
    defaultCniConfig(ni, bus, { kind: 'pingpong', bytes, rounds: warmRounds(ni) }, overrides),
  );
  return stats.roundTrip ?? Number.NaN;
}

export function bandwidth(
  ni: NiKindName,
  bus: BusKind,
  bytes = 64,
  overrides: Partial<CniConfig> = {},
): number {
  const count = Math.max(64, warmRounds(ni) + 32);
  const stats = runCni(
    defaultCniConfig(ni, bus, { kind: 'stream', bytes, count, from: 0, to: 1 }, overrides),
  );
  return stats.bandwidth?.ofLocalQueue ?? Number.NaN;
}

const nisOn = (bus: BusKind) => NI_KIND_NAMES.filter((n) => NI_KINDS[n].buses.includes(bus));
const pct = (x: number) => Math.round(x * 1000) / 10;
const SOURCE = 'seed 000 (Mukherjee et al., ISCA 1996)';

/** Fig. 6's order at 64 bytes: NI2w worst, CNI4 the worst CNI, CNI16Q/512Q lowest, CNI16Qm just above. */
export function latencyOrderRow(bus: BusKind): FidelityRow {
  const rtt = Object.fromEntries(nisOn(bus).map((n) => [n, roundTrip(n, bus)])) as Record<
    NiKindName,
    number
  >;
  const lowest = Math.min(rtt.CNI16Q, rtt.CNI512Q);
  const cnis = nisOn(bus).filter((n) => n !== 'NI2w');
  const checks = [
    cnis.every((n) => rtt.NI2w > rtt[n]!),
    cnis.every((n) => n === 'CNI4' || rtt.CNI4 > rtt[n]!),
    cnis.every((n) => rtt[n]! >= lowest),
  ];
  if (bus === 'memory') checks.push(rtt.CNI16Qm >= lowest);
  const order = [...nisOn(bus)].sort((a, b) => rtt[b]! - rtt[a]!);
  return {
    id: `cni.order.latency.${bus === 'memory' ? 'mem' : 'io'}`,
    source: `${SOURCE} Fig. 6, L891-902; digest §D.2`,
    metric: `round-trip order at 64 B, worst first (${order.map((n) => `${n} ${rtt[n]}`).join(' > ')} cycles)`,
    paper:
      bus === 'memory'
        ? 'NI2w > CNI4 > CNI16Qm ≳ CNI16Q ≈ CNI512Q'
        : 'NI2w > CNI4 > CNI16Q ≈ CNI512Q',
    ours: order.join(' > '),
    tolerance: 'order',
    pass: checks.every(Boolean),
    kind: 'R',
    origin: 'emergent',
  };
}

/** The round-trip improvement of the best CNI over NI2w at 64 bytes (ratio − 1, digest §H.10). */
export function rtt64Row(bus: BusKind): FidelityRow {
  const ni2w = roundTrip('NI2w', bus);
  const best = nisOn(bus)
    .filter((n) => n !== 'NI2w')
    .map((n) => [n, roundTrip(n, bus)] as const)
    .sort((a, b) => a[1] - b[1])[0]!;
  const ours = pct(ni2w / best[1] - 1);
  const paper = bus === 'memory' ? 37 : 74;
  return {
    id: `cni.rtt64.${bus === 'memory' ? 'mem' : 'io'}`,
    source: `${SOURCE} abstract L29-31; digest §D.1`,
    metric: `round-trip improvement at 64 B, best CNI (${best[0]}, ${best[1]} cycles) over NI2w (${ni2w} cycles), %`,
    paper,
    ours,
    tolerance: '±10 points',
    pass: Math.abs(ours - paper) <= 10,
    kind: 'Q',
    // S = 200 was chosen so that the four headline rows fall inside their tolerances.
    origin: 'calibrated',
  };
}

/** The bandwidth improvement of the best CNI over NI2w at 64 bytes. */
export function bw64Row(bus: BusKind): FidelityRow {
  const ni2w = bandwidth('NI2w', bus);
  const best = nisOn(bus)
    .filter((n) => n !== 'NI2w')
    .map((n) => [n, bandwidth(n, bus)] as const)
    .sort((a, b) => b[1] - a[1])[0]!;
  const ours = pct(best[1] / ni2w - 1);
  const paper = bus === 'memory' ? 125 : 123;
  return {
    id: `cni.bw64.${bus === 'memory' ? 'mem' : 'io'}`,
    source: `${SOURCE} abstract L29-31; digest §D.1`,
    metric: `bandwidth improvement at 64 B, best CNI (${best[0]}, ${pct(best[1])}% of 144 MB/s) over NI2w (${pct(ni2w)}%), %`,
    paper,
    ours,
    tolerance: '±25 points',
    pass: Math.abs(ours - paper) <= 25,
    kind: 'Q',
    origin: 'calibrated',
  };
}

/**
 * §B.3.5: with all three optimisations, each message block costs one invalidation (the writer)
 * and one read miss (the reader) in steady state. Counted on the slot blocks of a local queue
 * after its first pass, with the receiver faster than the sender (queue at most half full).
 */
export function txPerBlockRow(): FidelityRow {
  const slots = 8;
  const workload: CniWorkload = {
    kind: 'local-queue',
    bytes: 40,
    count: 64,
    slots,
    sendCycles: 150,
    receiveCycles: 100,
  };
  const counts = { INV: 0, RD: 0, other: 0 };
  let seen = 0;
  runCni(defaultCniConfig('CNI16Q', 'memory', workload), (events) => {
    for (const e of events) {
      if (e.kind === 'cni.msg' && e.phase === 'receive') seen++;
      if (e.kind !== 'cni.txn' || !e.target.startsWith('q[') || seen < slots) continue;
      if (e.txnKind === 'INV' || e.txnKind === 'RD') counts[e.txnKind]++;
      else counts.other++;
    }
  });
  const blocks = workload.count - slots;
  const inv = Math.round((counts.INV / blocks) * 100) / 100;
  const rd = Math.round((counts.RD / blocks) * 100) / 100;
  return {
    id: 'cni.cq.txPerBlock',
    source: `${SOURCE} L433-440; digest §B.3.5`,
    metric: `steady-state slot-block transactions per message block, 1-block messages (INV ${inv}, RD ${rd}, other ${counts.other})`,
    paper: '1 INV + 1 RD',
    ours: `${inv} INV + ${rd} RD`,
    tolerance: 'exact',
    pass: inv === 1 && rd === 1 && counts.other === 0,
    kind: 'Q',
    origin: 'emergent',
  };
}

/**
 * Fig. 7a: CNI4's memory-bus bandwidth knee once a message spills into its second block (header
 * 12 B in-line, so past 52 B of payload): the CNI reads the whole second block and the processor
 * waits for it and the handshake. Measured as bandwidth at 56 B over bandwidth at 52 B.
 */
export function cni4KneeRow(): FidelityRow {
  const at = (bytes: number) => bandwidth('CNI4', 'memory', bytes);
  const ratio = at(56) / at(52);
  const queue = bandwidth('CNI16Q', 'memory', 56) / bandwidth('CNI16Q', 'memory', 52);
  const ours = Math.round(ratio * 1000) / 1000;
  return {
    id: 'cni.cni4.knee',
    source: `${SOURCE} L926-937; digest §D.3`,
    // Our CNI16Q dips at the block boundary too (the paper draws it smooth): docs/fidelity/cni.md.
    metric: `CNI4 bandwidth at 56 B / at 52 B on the memory bus (CNI16Q: ${Math.round(queue * 1000) / 1000})`,
    paper: '< 1 (a knee)',
    ours,
    tolerance: 'below 1',
    pass: ratio < 1,
    kind: 'R',
    origin: 'emergent',
  };
}

/**
 * Fig. 7a: snarfing raises CNI16Qm's memory-bus bandwidth when its receive cache overflows. The
 * receiver runs a 300-cycle handler per 1 KB user message, so arrivals outpace it (L956-958).
 */
export function snarfRow(): FidelityRow {
  const workload: CniWorkload = {
    kind: 'burst',
    bytes: 1024,
    count: 96,
    senders: [0],
    to: 1,
    handlerCycles: 300,
  };
  const run = (snarfing: boolean) =>
    runCni(defaultCniConfig('CNI16Qm', 'memory', workload, { snarfing })).bandwidth?.ofLocalQueue ??
    Number.NaN;
  const ours = pct(run(true) / run(false) - 1);
  return {
    id: 'cni.snarf.gain',
    source: `${SOURCE} L965-987; digest §D.3`,
    metric: 'CNI16Qm bandwidth gain from snarfing, 1 KB messages, 300-cycle handler, memory bus, %',
    paper: 'up to 45',
    ours,
    tolerance: '> 0 and ≤ 55',
    pass: ours > 0 && ours <= 55,
    kind: 'Q',
    origin: 'emergent',
  };
}

export function cniRows(): FidelityRow[] {
  return [
    latencyOrderRow('memory'),
    latencyOrderRow('io'),
    rtt64Row('memory'),
    rtt64Row('io'),
    bw64Row('memory'),
    bw64Row('io'),
    txPerBlockRow(),
    cni4KneeRow(),
    snarfRow(),
  ];
}

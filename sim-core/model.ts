/**
 * The model socket: everything the rest of NI Lab needs from a model, brought by two objects of
 * its folder: its face (`ModelFace`, listed in `faces.ts`: what the page shows and tells of a run)
 * and its module (`ModelModule`: the face and the engine, listed in `models.ts`). Nothing outside
 * the folder asks which model runs. The session, the worker, the CLI, the narration, the scenario
 * format and the teaching engine read these fields instead: the scenario schema from `schema`,
 * the simulator from `configOf`/`create`/`meta`, the words from `vocabularies`/`quiet`, what the
 * views can draw from `views` and `capabilities`, the questions a student can predict from
 * `predictions`.
 */
import type { z } from 'zod';
import type { Protocol } from './memory/protocol';
import type { MessagingAdapter } from './messaging';
import type { DmaView } from './node/dma/dma-view';
import type { NetworkFrame, NetworkStats } from './network/network-frame';
import type { Topology } from './network/topology';
import type { PredictionKindSpec } from './teaching/prediction-kind';
import type { EventStamp, InvariantRule } from './trace/common-events';
import type { LogLinks } from './trace/selection';

/** Plain-data state every model keeps: the cycle, and whether the run has halted. */
export interface ModelState {
  cycle: number;
  halted: boolean;
}

/** A running model: its state (a snapshot is a copy of it) and one cycle's work. */
export interface ModelInstance<S extends ModelState, F, T, E> {
  state: S;
  /** Runs one cycle; returns its events without cycle/seq stamps, handing them over. */
  step(): E[];
  /**
   * Runs up to `limit` coming cycles at once when its state proves them quiet (no event, no
   * change but the clock and countdowns), exactly as that many step() calls; returns how many it
   * ran. For a runner that needs no view of each cycle (the message bench). Absent: none.
   */
  skipQuiet?(limit: number): number;
  frame(): F;
  stats(): T;
  /**
   * A deep copy of a snapshot's state for the model to run on, when a plain copy will not do
   * (the network rebuilds its records with their own literals: see reviveNetworkState).
   */
  revive?(state: S): S;
}

/** The fields of a scenario any model may read, whatever its system and workload. */
export interface ScenarioBase {
  seed: number;
  limits: { maxCycles: number };
  checks: { invariants: boolean; stallWatchdog: number };
  memory: { addr: number; value: number }[];
  focusNode?: number | undefined;
}

/** A validated scenario of one model: its own system, and a workload the schema paired with it. */
export interface ModelScenario<Sys, Wl> extends ScenarioBase {
  system: Sys;
  workload: Wl;
}

/** Adds a coded cross-field issue at a path of the scenario (SCN003 unless said otherwise). */
export type IssueSink = (path: (string | number)[], message: string, code?: string) => void;

/** A model's part of the scenario format (scenario/schema.ts puts the parts together). */
export interface ModelSchema<Sys, Wl> {
  /** `system`: a strict object whose `kind` names this model (the bus model's may default it). */
  system: z.ZodType<Sys, unknown>;
  /** How the union's error message names this system: 'a network { "kind": "network", "k": … }'. */
  systemHint: string;
  /**
   * The workload shapes this model runs, as branches of the scenario's workload union, each with
   * how the union's error message names it ('{ "packets": [...] }').
   */
  workloads: readonly { schema: z.ZodType<Wl, unknown>; hint: string }[];
  /** Whether a (valid) workload is one of this model's. */
  ownsWorkload(workload: object): boolean;
  /** Said when this model's system gets another model's workload. */
  wrongWorkload: string;
  /**
   * Said instead, when another system (one without a `foreignWorkload` of its own) gets this
   * model's workload: 'message workloads run on network interfaces: set system.kind to "cni"'.
   */
  foreignWorkload?: string;
  /** Cross-field checks of a scenario whose system and workload are both this model's. */
  check(scenario: ModelScenario<Sys, Wl>, issue: IssueSink): void;
  /** The model's panels that show one node (`focusNode`); absent: it has none. */
  focusPanel?: {
    /** How the panels are called: "the coherent-NI and Cranium panels show one node". */
    name: string;
    /** Why `focusNode` does not fit, or null when it does. */
    check(scenario: ModelScenario<Sys, Wl>, node: number): string | null;
  };
}

/** "NI@2" on a machine of several nodes, "NI" on one. */
export type NodeNamer = (who: string, node: number) => string;

/** One sentence per event kind (null: told through another event), total over its kinds. */
export type Narration<E extends { kind: string }, M> = {
  readonly [K in E['kind']]: (e: Extract<E, { kind: K }> & EventStamp, meta: M) => string | null;
};

/**
 * The words for a family of events. One vocabulary may serve several models (the torus's events
 * in a network run and in a Cranium run), and is told the same way in each.
 */
export interface EventVocabulary<E extends { kind: string }, M> {
  narration: Narration<E, M>;
  /** How the event log lists these events. */
  log: {
    /** Who acted (the log's first column: "P1", "NI@2", "R5"); `at` adds the node when there are several. */
    who: { readonly [K in E['kind']]: (e: Extract<E, { kind: K }>, at: NodeNamer) => string };
    /** A row's words where they differ from the narration (null: the log leaves the event out). */
    text?: {
      readonly [K in E['kind']]?: (
        e: Extract<E, { kind: K }> & EventStamp,
        meta: M,
      ) => string | null;
    };
    /** Rows drawn muted (a protocol transition) or red (a broken rule). */
    style?: { readonly [K in E['kind']]?: 'transition' | 'violation' };
  };
  /**
   * A cycle with more of this vocabulary's events than `over` is told in numbers rather than one
   * sentence each (a busy torus makes hundreds of moves a cycle); `summarise` gives the pieces.
   */
  busy?: {
    over: number;
    summarise(
      mine: readonly (E & EventStamp)[],
      tell: (events: readonly { kind: string }[]) => string,
    ): string[];
  };
}

/** The static facts of a torus that the torus views and questions draw from. */
export interface TorusMeta {
  topology: Topology;
  router: string;
  packetPhits: number;
  multiQueue: number;
}

/** A frame that carries a torus of routers, and how to reach it. */
export interface TorusCapability<F, M> {
  frame(frame: F): NetworkFrame;
  /** The frame with its torus replaced (the worker's wire codec packs and unpacks that part). */
  withFrame(frame: F, torus: NetworkFrame): F;
  meta(meta: M): TorusMeta;
}

/** A sweep's points for a scenario and a request (the request's type is the sweep's own). */
export type SweepPlan<T extends ModelTypes> = (
  scenario: ScenarioOf<T>,
  request: never,
) => SweepJob[];

/**
 * A point of a sweep, run when its turn comes. With a `group` it may run in a second worker
 * (src/worker/sweep-share.ts): a group's jobs run in one worker, in order (the bench's NI and size,
 * whose provenances share runs).
 */
export type SweepJob = (() => unknown) & { group?: string };

/** A cell of a protocol table that fired: from × event → to, its actions, and who fired it. */
export interface FiredCell {
  from: string;
  event: string;
  to: string;
  actions: readonly string[];
  /** "P1", "NI@0 send[0]". */
  who: string;
  /** The event's place in the run (a stable key). */
  seq: number;
}

/**
 * The clocks a model's cycles run on (round2-spec §A.2 S6), so cycles can be told as time and
 * bytes per cycle as MB/s, and models of different seeds compared.
 */
export interface Clocks {
  /** One simulated cycle is one tick of this clock. */
  cycleDomain: 'cpu' | 'system';
  /** The processor's clock and the system's (bus, memory, NI), in Hz, as the seed gives them. */
  cpuHz: number;
  systemHz: number;
  /** The seed lines the frequencies come from, or "default". */
  source: string;
}

/** Nanoseconds in one simulated cycle. */
export const nsPerCycle = (c: Clocks): number =>
  1e9 / (c.cycleDomain === 'cpu' ? c.cpuHz : c.systemHz);

/**
 * What a model's frame and meta offer beyond its own views, asked by what it is: the part of its
 * capabilities the page reads (its face's).
 */
export interface FaceCapabilities<T extends ModelTypes> {
  /** The frame carries a torus (the torus and router views, the wire codec, routing questions). */
  torus?: TorusCapability<T['frame'], T['meta']>;
  /** The clocks its cycles run on (absent: cycles are told as cycles only). */
  clocks?(meta: T['meta']): Clocks;
  /**
   * It emits phase-ledger events (sim-core/ledger/), so the phases view can draw its latency
   * anatomy; `sources` names the seed's own figure or table the slices follow.
   */
  phases?: { figure: string };
  /** The DMA engines of the frame (sim-core/node/dma/), for the shared DMA card. */
  dma?(frame: T['frame']): readonly DmaView[];
  /** Bytes per cache block, for telling block numbers as addresses. */
  blockBytes?(meta: T['meta']): number;
  /** The caches follow this protocol table (the protocol view draws it, lighting fired cells). */
  protocol?(meta: T['meta']): Protocol;
  /**
   * The cells of that table a cycle's events fired, and who fired them, when the model's events
   * are not the bus model's `coh.transition` (EDT's NI block table fires through `edt.st`).
   */
  protocolFired?(events: readonly (T['event'] & EventStamp)[], meta: T['meta']): FiredCell[];
}

/** Its face's capabilities, and what only running the model offers. */
export interface Capabilities<T extends ModelTypes> extends FaceCapabilities<T> {
  /**
   * Parameter sweeps the charts panel runs, by name: the independent runs (points) a request asks
   * for, each run when its turn comes (the worker reports them one by one, and can stop between).
   */
  sweeps?: Readonly<Record<string, SweepPlan<T>>>;
  /**
   * The run offers random traffic to a torus, measured over a window after a warm-up (the CLI's
   * `--warmup` and `--window`): the cycle traffic stops, and the torus's counters.
   */
  measuredTraffic?: {
    until(scenario: ScenarioOf<T>): number | null;
    torusStats(stats: T['stats']): NetworkStats;
  };
  /** One message of N bytes from A to B through this model's NIs (sim-core/messaging.ts, the bench). */
  messaging?: MessagingAdapter<T['stats'], T['event']>;
}

/** The run as the CLI and the teaching engine read it afterwards. */
export interface RunRecord<T, E> {
  stats: T;
  events: readonly (E & EventStamp)[];
}

/** A statistic computed from a run, by name (`derived.<name>` in assignments). */
export interface DerivedStat<T, E> {
  desc: string;
  of(run: RunRecord<T, E>): number | null;
}

/**
 * An invariant a model checks as it runs (every cycle, or at the event it is about), while the
 * scenario's `checks.invariants` is on. Its violations are `invariant.violation` events with
 * its rule; the app lists the model's invariants in a quiet status line, and jumps to one broken.
 */
export interface InvariantSpec {
  rule: InvariantRule;
  /** A short name: "single writer". */
  name: string;
  /** What holds, in one line. */
  description: string;
}

/** A lecture topic: its name in scenarios, the scenario menu's heading, the start page's. */
export interface Topic {
  name: string;
  heading: string;
  short: string;
}

/** The types a model is made of, named once beside its module (`ModelModule<BusTypes>`). */
export interface ModelTypes {
  /** `system.kind` in the scenario format; also `model` in the frame, meta and snapshot. */
  kind: string;
  /** The scenario's `system` and `workload` after validation. */
  system: object;
  workload: object;
  /** The resolved configuration the model runs from. */
  config: unknown;
  instance: ModelInstance<ModelState, this['frame'], this['stats'], this['event']>;
  frame: { model: string; cycle: number; halted: boolean };
  stats: object;
  meta: { model: string };
  /** Every event the model emits (its own, its parts', and the common ones). */
  event: { kind: string };
}

/** A model's validated scenario. */
export type ScenarioOf<T extends ModelTypes> = ModelScenario<T['system'], T['workload']>;

/**
 * A model's face: what the page needs to show and tell a run of it without running it — its
 * topics and panels, one line naming its machine, the words for its events, the torus or protocol
 * table its frames carry, the questions a student can predict. Light (no simulator, no schema),
 * so the page loads it at once while the simulator stays in the worker (faces.ts lists them).
 */
export interface ModelFace<T extends ModelTypes> {
  kind: T['kind'];
  /** Lecture topics this model's scenarios belong to, in teaching order. */
  topics: readonly Topic[];
  /** The panels this model can show, in the order the app lists them. */
  views: readonly string[];
  /** The panels a scenario opens when it names none. */
  defaultViews: readonly string[];
  /** One line naming the machine: "4 processors · MOESI · 512 B 2-way caches · …". */
  describe(scenario: ScenarioOf<T>): string;
  /** The words for its events; each vocabulary covers one family of them (see EventVocabulary). */
  vocabularies: readonly EventVocabulary<never, T['meta']>[];
  /** What a cycle without events is busy with, so the narration never goes blank. */
  quiet(frame: T['frame'], meta: T['meta']): string;
  /**
   * The events the narration tells, and a sentence about the rest (a Cranium run's torus also
   * carries other processes' packets, counted, not told).
   */
  foreground?(
    events: readonly (T['event'] & EventStamp)[],
    frame: T['frame'],
  ): { told: (T['event'] & EventStamp)[]; aside: string | null };
  /** How its events link to what the views select (the event log's marks and choices). */
  logLinks: LogLinks<T['meta'], T['event']>;
  capabilities: FaceCapabilities<T>;
  /** The invariants it checks (one entry per rule its violations carry). */
  invariants: readonly InvariantSpec[];
  /** The questions a student can be asked to predict, in the order ties are broken. */
  predictions: readonly PredictionKindSpec<T['event'], T['meta'], T['frame']>[];
}

/**
 * A model whole: its face and its engine — the scenario format's part, the configuration, the
 * simulator, what the CLI prints, its sweeps and derived statistics (models.ts lists them).
 */
export interface ModelModule<T extends ModelTypes> extends ModelFace<T> {
  schema: ModelSchema<T['system'], T['workload']>;
  /** The model's resolved configuration for a scenario (also the base of its sweeps and fidelity runs). */
  configOf(scenario: ScenarioOf<T>): T['config'];
  create(config: T['config']): T['instance'];
  /** What never changes during a run: the views draw their static parts from it. */
  meta(config: T['config'], instance: T['instance']): T['meta'];
  /** The settings the CLI's JSON names beside the model (`{ "protocol": "MOESI" }`). */
  settings(scenario: ScenarioOf<T>): Record<string, unknown>;
  /** The statistics as lines of text, for the CLI. */
  summary(stats: T['stats']): string[];
  capabilities: Capabilities<T>;
  /** Statistics computed from a run, by name (`derived.<name>` in assignments). */
  derivedStats: Readonly<Record<string, DerivedStat<T['stats'], T['event']>>>;
}

/**
 * A validated scenario as its model's module reads it: the schema has paired its workload with
 * its system (scenario/schema.ts), which the union type cannot say.
 */
export const ownScenario = (scenario: {
  system: object;
  workload: object;
}): ScenarioOf<ModelTypes> => scenario as unknown as ScenarioOf<ModelTypes>;

/** An event in a vocabulary's words (null: told through another event, or not its event). */
export function tellWith<M>(
  vocabulary: EventVocabulary<never, M>,
  e: { kind: string } & EventStamp,
  meta: M,
): string | null {
  const narration = vocabulary.narration as Readonly<
    Record<string, ((e: { kind: string } & EventStamp, meta: M) => string | null) | undefined>
  >;
  return narration[e.kind]?.(e, meta) ?? null;
}

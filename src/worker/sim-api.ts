/**
 * SimApi: everything the front end asks of the simulator. Two transports implement it with the
 * same SimService — in-process (tests, fallback) and a Web Worker (the app) — and a contract test
 * requires both to produce identical event logs.
 */
import type {
  Frame,
  InputIssue,
  ModelMeta,
  Override,
  Scenario,
  SessionView,
} from '../../sim-core/index';
import type { LogFacts } from './log-query/log-facts';
import type { LogAnswer, LogQuery } from './log-query/queries';
import type {
  PredictionCheck,
  PredictionKind,
  PredictionQuestion,
  PredictionTarget,
} from '../../sim-core/teaching/index';

/** One cycle's frame in a trace. */
export interface CycleFrame {
  cycle: number;
  frame: Frame;
}

export type LoadSpec =
  | { kind: 'builtin'; id: string; overrides: Override[]; seed?: number }
  | { kind: 'document'; doc: unknown; seed?: number };

/** An assignment's prediction question, or why it cannot be asked. */
export type PredictInReply =
  { ok: true; question: PredictionQuestion | null } | { ok: false; issues: InputIssue[] };

export type LoadReply =
  | (LogFacts & {
      ok: true;
      scenario: Scenario;
      meta: ModelMeta;
      /** The view at the asked cycle; its `explored` says how far the run is explored so far. */
      view: SessionView;
      /** How many events the explored part has (the log itself stays here: `queryLog`). */
      logged: number;
      /** The whole log's digest once the run is explored to its end, else ''. */
      digest: string;
      /** Why the run is explored only to view.lastCycle (its memory budget, SIM002), or null. */
      stopped: InputIssue | null;
    })
  | { ok: false; issues: InputIssue[] };

/** One slice of exploration: how much of the run to explore before replying. */
export interface ExploreRequest {
  /** Wall time the slice may take in the worker, in ms (it ends after the chunk that passes it). */
  budgetMs: number;
  /** Explore at least to this cycle (a seek beyond the explored part waits for it), if given. */
  until?: number;
  /**
   * End the slice when a step or a seek arrives (the user stepping: the page then draws on a free
   * core); not while playing, whose seeks come every frame and are let in between chunks anyway.
   */
  endAtNavigation?: boolean;
}

/** How far a run is explored, how many events its log has so far, and their facts. */
export interface ExploreReply extends LogFacts {
  explored: number;
  /** The halt, once found. */
  endCycle: number | null;
  /** The last cycle one may visit: the halt, or the scenario's cycle limit. */
  lastCycle: number;
  /** Every cycle up to lastCycle is explored. */
  complete: boolean;
  /** How many events the log has (every event of cycles 0 … explored). */
  logged: number;
  /** The whole log's digest once complete, else ''. */
  digest: string;
  /** Why exploration stopped before the run's end (its memory budget, SIM002), or null. */
  stopped: InputIssue | null;
}

/** A sweep's outcome: its points (of the sweep's own type). */
export interface SweepResult<P> {
  /** In the plan's order, wherever each ran. */
  points: P[];
  /** The worker's milliseconds each point took, beside `points` (the bench's time per model). */
  ms: number[];
  /** Stopped by cancelSweep before every point was run. */
  cancelled: boolean;
}

/**
 * Called after every point of a sweep (through a Comlink proxy from the worker), in the order
 * the points finish (a shared sweep's two workers interleave), with the ms the point took.
 */
export type SweepProgress<P> = (
  done: number,
  total: number,
  point: P,
  ms: number,
) => void | Promise<void>;

export interface SimApi {
  /**
   * Validates and loads a scenario and seeks `cycle`, replying as soon as that cycle is simulated
   * (a load that gets there quickly explores on until 150 ms after it began, which finishes most
   * lecture runs at once); the rest of the run is explored by `explore` slices while it is watched.
   */
  load(spec: LoadSpec, cycle?: number): Promise<LoadReply>;
  /**
   * Explores the loaded run ahead for about `request.budgetMs` of the worker's time (or on to
   * `request.until`), without moving the current cycle; replies with how far it got. Navigation
   * requests sent meanwhile run between slices.
   */
  explore(request: ExploreRequest): Promise<ExploreReply>;
  /**
   * Asks the loaded run's event log, which only the worker holds (log-query/queries.ts): the
   * event log view's rows, events of some kinds, exports of a range.
   */
  queryLog<Q extends LogQuery>(query: Q): Promise<LogAnswer<Q>>;
  seek(cycle: number): Promise<SessionView>;
  step(delta: number): Promise<SessionView>;
  nextEvent(): Promise<SessionView>;
  prevEvent(): Promise<SessionView>;
  /**
   * Runs one of the loaded model's sweeps (its module's `sweeps`, by name: a network's `load`
   * sweep runs its traffic at each offered load for each router; the coherent NIs'
   * `message-size` sweep runs a Fig. 6 ping-pong or a Fig. 7 stream per NI and size); reports
   * each point as it is done. A load or a cancelSweep stops it between points.
   */
  sweep<P>(name: string, request: unknown, onProgress?: SweepProgress<P>): Promise<SweepResult<P>>;
  /** Stops whichever sweep is running, between two points. */
  cancelSweep(): Promise<void>;
  /**
   * The frame after each cycle from…to (clamped to the run; at most 500 cycles), for a JSON
   * trace; the current cycle is left where it was.
   */
  frames(from: number, to: number): Promise<CycleFrame[]>;
  /**
   * Predict, then see: the question about the next checkable step after the current cycle, among
   * `kinds` (default: every kind the model has), or null when nothing after it can be asked about.
   * The current cycle does not move.
   */
  predict(kinds?: PredictionKind[]): Promise<PredictionQuestion | null>;
  /**
   * Checks the student's answer to a question from `predict` against the simulator, with the
   * rule that fired and the cycle of the outcome; null when this run has no such step.
   */
  checkPrediction(question: PredictionQuestion, value: string): Promise<PredictionCheck | null>;
  /**
   * An assignment's prediction question: the question asked at `cycle` in another run (a
   * scenario document, validated here), of `kind`, narrowed by `target`. The loaded session is
   * untouched. Null when nothing after `cycle` can be asked about.
   */
  predictIn(
    doc: unknown,
    cycle: number,
    kind: PredictionKind,
    target?: PredictionTarget,
  ): Promise<PredictInReply>;
}

/**
 * A navigation reply as it leaves the worker: JSON text when JSON carries the view exactly, else
 * the view itself (see packView). The main thread parses the text about three times faster than
 * it deserialises a structured clone of the same view, and a 16×16 torus view, received up to 60
 * times a second while playing, is a few hundred kilobytes of objects (about 130 kB of text in
 * its compact wire form, network-wire.ts).
 */
export type PackedView = string | SessionView;

/** What the worker exposes besides SimApi: navigation with packed replies. */
export interface PackedNavigation {
  seekPacked(cycle: number): Promise<PackedView>;
  stepPacked(delta: number): Promise<PackedView>;
  nextEventPacked(): Promise<PackedView>;
  prevEventPacked(): Promise<PackedView>;
}

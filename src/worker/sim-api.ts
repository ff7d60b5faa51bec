/**
 * SimApi: everything the front end asks of the simulator. Two transports implement it with the
 * same SimService — in-process (tests, fallback) and a Web Worker (the app) — and a contract test
 * requires both to produce identical event logs.
 */
import type {
  InputIssue,
  ModelMeta,
  Override,
  Scenario,
  SessionView,
  SimEvent,
  SweepPoint,
  SweepRequest,
} from '../../sim-core/index';

export type LoadSpec =
  | { kind: 'builtin'; id: string; overrides: Override[]; seed?: number }
  | { kind: 'document'; doc: unknown; seed?: number };

export type LoadReply =
  | {
      ok: true;
      scenario: Scenario;
      meta: ModelMeta;
      view: SessionView;
      log: SimEvent[];
      digest: string;
    }
  | { ok: false; issues: InputIssue[] };

export interface SweepResult {
  points: SweepPoint[];
  /** Stopped by cancelSweep before every point was run. */
  cancelled: boolean;
}

/** Called after every point of a sweep (through a Comlink proxy from the worker). */
export type SweepProgress = (
  done: number,
  total: number,
  point: SweepPoint,
) => void | Promise<void>;

export interface SimApi {
  /** Validates and loads a scenario, explores it to its halt (or cycle limit), and seeks `cycle`. */
  load(spec: LoadSpec, cycle?: number): Promise<LoadReply>;
  seek(cycle: number): Promise<SessionView>;
  step(delta: number): Promise<SessionView>;
  nextEvent(): Promise<SessionView>;
  prevEvent(): Promise<SessionView>;
  /**
   * Runs the loaded network scenario's traffic at each offered load for each router; reports
   * each point as it is done. A load or a cancelSweep stops it between points.
   */
  sweep(request: SweepRequest, onProgress?: SweepProgress): Promise<SweepResult>;
  cancelSweep(): Promise<void>;
}

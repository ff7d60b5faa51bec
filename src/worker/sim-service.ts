/**
 * The one implementation of SimApi, used by both transports. A load replaces the session; a bad
 * scenario returns coded issues and leaves the current session untouched.
 */
import {
  applyOverrides,
  moduleOf,
  parseScenario,
  Session,
  type SessionView,
} from '../../sim-core/index';
import { proxy, wrap } from 'comlink';
import { findBuiltin } from '../../scenarios/index';
import { hash53 } from '../../sim-core/kernel/hash';
import { packView } from './packed-view';
import { shareOf, type SharedSweep, type SweepShare } from './sweep-share';
import { SliceExplorer } from './slices';
import { LogQueries } from './log-query/log-queries';
import type { LogAnswer, LogQuery } from './log-query/queries';
import {
  canonicalJson,
  checkPrediction,
  predictionAt,
  type PredictionCheck,
  type PredictionKind,
  type PredictionQuestion,
  type PredictionTarget,
} from '../../sim-core/teaching/index';
import type {
  CycleFrame,
  ExploreReply,
  ExploreRequest,
  LoadReply,
  LoadSpec,
  PackedNavigation,
  PredictInReply,
  PackedView,
  SimApi,
  SweepProgress,
  SweepResult,
} from './sim-api';

/** The most frames one `frames` call returns (a trace with frames is for short ranges). */
const MAX_FRAMES = 500;

/** How many other runs predictIn keeps explored (an assignment's prediction questions). */
const MAX_OTHER_RUNS = 3;

/**
 * How long a load may take before it replies, exploring beyond the asked cycle when that is
 * reached sooner, in ms: most lecture runs are explored to their end by then, so they open whole
 * (their length known, no exploration bar). A link whose cycle takes longer to reach replies as
 * soon as it is reached: its first picture never waits for exploration.
 */
const LOAD_HEAD_START_MS = 150;

/** Lets queued messages (a cancel, a new load) in between sweep points. */
const yieldToMessages = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Resolves in a task of its own, after the messages already queued (a step, a seek, a query):
 * between an exploration's chunks. A MessageChannel, since a chain of setTimeout(0) is clamped to
 * 4 ms each after five.
 */
let taskChannel: MessageChannel | null = null;
const waitingForTask: (() => void)[] = [];
function nextTask(): Promise<void> {
  if (!taskChannel) {
    taskChannel = new MessageChannel();
    taskChannel.port1.onmessage = () => waitingForTask.shift()?.();
    // In Node (the in-process transport's tests) the port must not keep the process alive.
    (taskChannel.port1 as { unref?: () => void }).unref?.();
  }
  return new Promise((resolve) => {
    waitingForTask.push(resolve);
    taskChannel!.port2.postMessage(null);
  });
}

export class SimService implements SimApi {
  private session: Session | null = null;
  /** Explores the loaded session in slices (and keeps its log's digest). */
  private slices: SliceExplorer | null = null;
  /** Answers the page's questions about the loaded session's log. */
  private logQueries: LogQueries | null = null;
  /** Bumped by cancelSweep and by load: a running sweep stops when it sees a newer value. */
  private sweepGeneration = 0;
  /** The helper worker of the last shared sweep, to stop with it. */
  private helping: SweepHelper | null = null;
  /** Counts steps and seeks: a background slice that sees one arrive ends at once. */
  private navigations = 0;
  /** Sessions of other runs for predictIn, by a hash of their scenario, most recent last. */
  private otherRuns = new Map<string, Session>();

  private current(): Session {
    if (!this.session) throw new Error('no scenario loaded');
    return this.session;
  }

  async load(spec: LoadSpec, cycle = 0): Promise<LoadReply> {
    const started = performance.now();
    let doc: unknown;
    let overrides = spec.kind === 'builtin' ? spec.overrides : [];
    if (spec.kind === 'builtin') {
      const builtin = findBuiltin(spec.id);
      if (!builtin)
        return {
          ok: false,
          issues: [
            {
              code: 'LNK003',
              path: 'b',
              message: `there is no built-in scenario "${spec.id.slice(0, 64)}"`,
            },
          ],
        };
      doc = builtin.doc;
    } else doc = spec.doc;
    if (spec.seed !== undefined) overrides = [...overrides, { path: 'seed', value: spec.seed }];
    const applied = applyOverrides(doc, overrides);
    if (!applied.ok) return { ok: false, issues: [applied.error] };
    const parsed = parseScenario(applied.value);
    if (!parsed.ok) return { ok: false, issues: parsed.error };
    this.stopSweeps();
    const session = new Session(parsed.value);
    const logQueries = new LogQueries(session.timeline, session.meta);
    const slices = new SliceExplorer(session, undefined, undefined, () =>
      logQueries.indexEntries(),
    );
    this.session = session;
    this.slices = slices;
    this.logQueries = logQueries;
    session.seek(cycle);
    const headStart = LOAD_HEAD_START_MS - (performance.now() - started);
    if (headStart > 0) slices.run(headStart);
    return {
      ok: true,
      scenario: parsed.value,
      meta: session.meta,
      view: session.view(),
      logged: session.timeline.log.length,
      ...logQueries.facts(session.scenario),
      digest: slices.finalDigest(),
      stopped: slices.stopped,
    };
  }

  async explore(request: ExploreRequest): Promise<ExploreReply> {
    const session = this.current();
    const slices = this.slices!;
    const navigations = this.navigations;
    await slices.runYielding(
      Math.max(0, request.budgetMs),
      request.until ?? Infinity,
      nextTask,
      () =>
        this.session !== session ||
        (request.endAtNavigation === true && this.navigations !== navigations),
    );
    const timeline = session.timeline;
    return {
      explored: timeline.explored,
      endCycle: timeline.endCycle,
      lastCycle: timeline.lastCycle,
      complete: timeline.complete,
      logged: timeline.log.length,
      ...this.logQueries!.facts(session.scenario),
      digest: slices.finalDigest(),
      stopped: slices.stopped,
    };
  }

  async queryLog<Q extends LogQuery>(query: Q): Promise<LogAnswer<Q>> {
    this.current();
    return this.logQueries!.answer(query);
  }

  async seek(cycle: number): Promise<SessionView> {
    this.navigations += 1;
    return this.current().seek(cycle);
  }

  async step(delta: number): Promise<SessionView> {
    this.navigations += 1;
    return this.current().step(delta);
  }

  async nextEvent(): Promise<SessionView> {
    this.navigations += 1;
    return this.current().nextEvent();
  }

  async prevEvent(): Promise<SessionView> {
    this.navigations += 1;
    return this.current().prevEvent();
  }

  async sweep<P>(
    name: string,
    request: unknown,
    onProgress?: SweepProgress<P>,
  ): Promise<SweepResult<P>> {
    const session = this.current();
    const kind = session.meta.model;
    const plan = moduleOf(kind).capabilities.sweeps?.[name];
    if (!plan) throw new Error(`a ${kind} scenario has no ${name} sweep`);
    // The schema paired the scenario's workload with its model; the request is the sweep's own.
    const jobs = plan(session.scenario as never, request as never) as (() => P)[];
    const shared = { kind, name, scenario: session.scenario, request };
    return this.runPoints(jobs, shared, onProgress);
  }

  /**
   * The second worker a shareable sweep may use (sweep-share.ts), or null: the in-process
   * transport runs every point itself.
   */
  protected sweepHelper(): SweepHelper | null {
    return null;
  }

  /**
   * Runs independent points, reporting each; a newer sweep, cancel or load stops it. A plan whose
   * jobs have groups shares them with the helper worker when there is one.
   */
  private async runPoints<P>(
    jobs: (() => P)[],
    shared: SharedSweep,
    onProgress?: SweepProgress<P>,
  ): Promise<SweepResult<P>> {
    const generation = ++this.sweepGeneration;
    const helper = jobs.some((j) => 'group' in j) ? this.sweepHelper() : null;
    this.helping = helper;
    const [mine, theirs] = helper ? shareOf(jobs) : [jobs.map((_, i) => i), []];
    const points: (P | undefined)[] = Array.from({ length: jobs.length });
    const ms: number[] = Array.from({ length: jobs.length }, () => 0);
    let done = 0;
    const report = async (i: number, point: P, took: number) => {
      points[i] = point;
      ms[i] = took;
      done += 1;
      // Awaited: through the worker the callback is a proxy, and the caller must have seen
      // every point before the result arrives.
      await onProgress?.(done, jobs.length, point, took);
    };
    // A helper that fails (it could not start, a point threw there) leaves its points to us.
    const helping: Promise<boolean | 'failed'> =
      helper && theirs.length
        ? helper
            .run(shared, theirs, report as (i: number, p: unknown, t: number) => Promise<void>)
            .catch(() => 'failed' as const)
        : Promise.resolve(true);
    const runHere = async (indices: readonly number[]) => {
      for (const i of indices) {
        await yieldToMessages();
        if (generation !== this.sweepGeneration) return false;
        if (points[i] !== undefined) continue;
        const t0 = performance.now();
        const point = jobs[i]!();
        await report(i, point, performance.now() - t0);
      }
      return true;
    };
    let finished = await runHere(mine);
    const helped = await helping;
    if (helped === 'failed') finished = finished && (await runHere(theirs));
    const cancelled = !finished || helped === false;
    const ran = points.flatMap((p, i) => (p === undefined ? [] : [i]));
    return { points: ran.map((i) => points[i]!), ms: ran.map((i) => ms[i]!), cancelled };
  }

  /** A newer sweep, a cancel or a load: the running sweep stops, in both workers. */
  private stopSweeps(): void {
    this.sweepGeneration += 1;
    void this.helping?.cancel();
  }

  async cancelSweep(): Promise<void> {
    this.stopSweeps();
  }

  async frames(from: number, to: number): Promise<CycleFrame[]> {
    const session = this.current();
    const here = session.cycle;
    const first = Math.max(0, Math.floor(from));
    const last = Math.min(Math.floor(to), session.timeline.lastCycle, first + MAX_FRAMES - 1);
    const out: CycleFrame[] = [];
    for (let cycle = first; cycle <= last; cycle++)
      out.push({ cycle, frame: session.seek(cycle).frame });
    session.seek(here);
    return out;
  }

  async predict(kinds?: PredictionKind[]): Promise<PredictionQuestion | null> {
    return predictionAt(this.current(), kinds);
  }

  async checkPrediction(
    question: PredictionQuestion,
    value: string,
  ): Promise<PredictionCheck | null> {
    return checkPrediction(this.current(), question, value);
  }

  async predictIn(
    doc: unknown,
    cycle: number,
    kind: PredictionKind,
    target: PredictionTarget = {},
  ): Promise<PredictInReply> {
    const parsed = parseScenario(doc);
    if (!parsed.ok) return { ok: false, issues: parsed.error };
    const key = hash53(canonicalJson(parsed.value));
    let session = this.otherRuns.get(key);
    if (session) this.otherRuns.delete(key);
    else session = new Session(parsed.value);
    this.otherRuns.set(key, session);
    while (this.otherRuns.size > MAX_OTHER_RUNS)
      this.otherRuns.delete(this.otherRuns.keys().next().value!);
    session.seek(cycle);
    if (session.cycle !== cycle) return { ok: true, question: null };
    return { ok: true, question: predictionAt(session, [kind], target) };
  }
}

/** The service as the worker exposes it: SimApi plus navigation with packed replies. */
/** The helper worker as the sweep's worker sees it (a Comlink remote of SweepShare). */
export interface SweepHelper {
  run(
    sweep: SharedSweep,
    indices: readonly number[],
    onPoint: (index: number, point: unknown, ms: number) => Promise<void>,
  ): Promise<boolean>;
  cancel(): Promise<void>;
}

export class WorkerSimService extends SimService implements PackedNavigation {
  private helper: SweepHelper | null = null;

  /** Started at the first shared sweep and kept: its points stay cached for the next one. */
  protected override sweepHelper(): SweepHelper | null {
    if (this.helper || typeof Worker === 'undefined') return this.helper;
    const worker = new Worker(new URL('./sweep-helper.worker.ts', import.meta.url), {
      type: 'module',
      name: 'ni-lab-sweep',
    });
    const remote = wrap<SweepShare>(worker);
    this.helper = {
      run: (sweep, indices, onPoint) => remote.run(sweep, indices, proxy(onPoint)),
      cancel: () => remote.cancel(),
    };
    return this.helper;
  }

  async seekPacked(cycle: number): Promise<PackedView> {
    return packView(await this.seek(cycle));
  }

  async stepPacked(delta: number): Promise<PackedView> {
    return packView(await this.step(delta));
  }

  async nextEventPacked(): Promise<PackedView> {
    return packView(await this.nextEvent());
  }

  async prevEventPacked(): Promise<PackedView> {
    return packView(await this.prevEvent());
  }
}

/**
 * Exploration in slices of bounded wall time: the worker explores a run ahead of the viewer in
 * chunks of cycles sized to take a few milliseconds each, and replies between slices, so a step,
 * a seek or a new load waits at most one slice. The simulator itself never reads a clock; this
 * worker-side layer does.
 */
import type { InputIssue, Session } from '../../sim-core/index';
import { LogDigest } from '../../sim-core/trace/log-digest';
import { MemoryWeight } from './memory-budget';

/** What one chunk of cycles should take, in ms (a slice checks its budget between chunks). */
const CHUNK_MS = 4;
/** Chunks never grow past this many cycles (a small bus model runs ~100,000 cycles in 4 ms). */
const MAX_CHUNK = 65_536;

export class SliceExplorer {
  /** Cycles per chunk, learnt from the last chunks' times. */
  private chunk = 8;
  /** The digest of the log so far, fed as the log grows (its value counts once complete). */
  readonly digest = new LogDigest();
  private readonly weight: MemoryWeight;
  /** Why exploration stopped before the run's end (its memory budget), or null. */
  stopped: InputIssue | null = null;

  constructor(
    readonly session: Session,
    private readonly now: () => number = () => performance.now(),
    budgetBytes?: number,
    /** How many positions the log's query indexes hold (they count in the memory budget). */
    indexEntries?: () => number,
  ) {
    this.weight = new MemoryWeight(session, this.digest, budgetBytes, indexEntries);
  }

  /**
   * Explores for about `budgetMs` (it stops after the chunk that passes it), and never beyond
   * `until` when given; stops early when the run is explored to its end.
   */
  run(budgetMs: number, until = Infinity): void {
    const start = this.now();
    while (this.chunkOnce(until) && this.now() - start < budgetMs);
    this.settle();
  }

  /**
   * As `run`, but lets the worker's queued messages in between chunks (`pause`): a step or a seek
   * that arrives during the slice is answered within one chunk (a few ms) instead of after the
   * whole slice; the slice then ends (`interrupted`), leaving the cores to the page that draws.
   */
  async runYielding(
    budgetMs: number,
    until: number,
    pause: () => Promise<void>,
    interrupted: () => boolean,
  ): Promise<void> {
    const start = this.now();
    while (this.chunkOnce(until) && this.now() - start < budgetMs) {
      await pause();
      if (interrupted()) break;
    }
    this.settle();
  }

  /** One chunk of cycles, its size learnt from its time; false when there is nothing left to explore. */
  private chunkOnce(until: number): boolean {
    const timeline = this.session.timeline;
    if (timeline.complete || timeline.explored >= until) return false;
    const before = this.now();
    this.session.exploreAhead(Math.min(this.chunk, until - timeline.explored));
    this.settle();
    const took = this.now() - before;
    if (took < CHUNK_MS / 2) this.chunk = Math.min(this.chunk * 2, MAX_CHUNK);
    else if (took > CHUNK_MS * 2) this.chunk = Math.max(1, this.chunk >> 1);
    return !timeline.complete && timeline.explored < until;
  }

  /** Feeds the digest the new events and weighs the run against its memory budget. */
  private settle(): void {
    this.digest.catchUp(this.session.timeline.log);
    this.stopped = this.weight.check();
  }

  /** The whole log's digest once the run is explored to its end, else ''. */
  finalDigest(): string {
    if (!this.session.complete) return '';
    this.digest.catchUp(this.session.timeline.log);
    return this.digest.value;
  }
}

/**
 * The worker's memory budget for one run: its keyframes, the events its log holds and the log's
 * indexes may take about MEMORY_BUDGET_BYTES (docs/architecture.md, "Exploration and memory").
 * The keyframes are weighed by walking the newest one as their number doubles (objects, fields,
 * strings, typed arrays, at V8's usual sizes) and thinned while they take more than 5/8; the log
 * holds what is left of its events and recomputes the others by replay when they are read
 * (sim-core/trace/event-log.ts), each weighed by its JSON text (from the log's digest) times the
 * heap's cost per character. A run whose keyframes cannot be thinned enough stops being explored
 * there and says so (SIM002), instead of exhausting the tab.
 */
import type { InputIssue, Session } from '../../sim-core/index';
import type { LogDigest } from '../../sim-core/trace/log-digest';

export const MEMORY_BUDGET_BYTES = 512 * 1024 * 1024;

/** Keyframes are never thinned further than this (a seek then replays up to 16,383 cycles). */
const MAX_KEYFRAME_SPACING = 16_384;
/** Keyframes are thinned while they take more than this share of the budget (seeks want them dense). */
const KEYFRAME_SHARE = 5 / 8;
/** The log holds at least this share of the budget in events, whatever the keyframes take. */
const LOG_SHARE_MIN = 1 / 8;
/** The share of the budget the log may fill with the keyframes and indexes (the rest is slack). */
const FILLED_SHARE = 7 / 8;

/**
 * Heap bytes per character of an event's JSON, and per byte the walk counts in a keyframe: what
 * Node's V8 spent (measured with --expose-gc) on the events a log dropped (0.9–1.6 times their
 * JSON on a saturated 16×16 torus, Cranium, EDT and FUGU runs; 1.6 for the torus), and on a
 * saturated 16×16 torus's and a 32×32 one's keyframes, which weigh 1.3 times their walk.
 */
const HEAP_PER_JSON_CHAR = 1.75;
const HEAP_PER_COUNTED_BYTE = 1.5;
/** Heap bytes per position in an index (a small integer in a growing array, in Node's V8). */
const HEAP_PER_POSITION = 12;

/**
 * An object whose fields a deep copy added one by one may become a dictionary in V8 past about
 * 16 fields: 3 words an entry, capacity a power of two at least 1.5 times the fields (a Cranium
 * k = 32 keyframe's 65,536 22-field objects are 90 of its 112 MB). Counted so for every such
 * object, which over-weighs some states (an EDT keyframe about 4 times): the safe side.
 */
const FAST_FIELDS = 16;
const dictionaryBytes = (fields: number) =>
  40 + 24 * 2 ** Math.ceil(Math.log2(Math.max(4, fields * 1.5)));

/**
 * Heap bytes of plain data, about: 16 per object or array header and 8 per field or slot (a
 * dictionary for an object of many fields), strings by length, typed arrays by their bytes.
 */
export function heapWeight(root: unknown): number {
  let bytes = 0;
  const stack: unknown[] = [root];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') bytes += 16 + value.length;
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    if (ArrayBuffer.isView(value)) {
      bytes += 64 + value.byteLength;
      continue;
    }
    const array = Array.isArray(value);
    const fields = array ? value : Object.values(value);
    bytes +=
      !array && fields.length > FAST_FIELDS
        ? dictionaryBytes(fields.length)
        : 16 + 8 * fields.length;
    for (const field of fields)
      if (typeof field === 'object' || typeof field === 'string') stack.push(field);
  }
  return bytes;
}

export class MemoryWeight {
  /** Heap bytes of the keyframe sampled last, and the keyframe count then. */
  private sampled = 0;
  private sampledAt = 0;

  constructor(
    private readonly session: Session,
    private readonly digest: LogDigest,
    private readonly budget = MEMORY_BUDGET_BYTES,
    private readonly indexEntries: () => number = () => 0,
  ) {}

  /**
   * The run's keyframes, in bytes, about: the live simulations (the shown one, the explorer and the
   * log's recomputer once made) and the shown run's near snapshots count as keyframes. Near
   * snapshots may take a 32nd of the budget at most.
   */
  keyframeBytes(): number {
    const timeline = this.session.timeline;
    const count = timeline.keyframeCount();
    if (count >= 2 * this.sampledAt || this.sampledAt === 0) {
      this.sampled = heapWeight(timeline.newestKeyframe());
      this.sampledAt = count;
      timeline.setNearLimit(
        Math.min(
          timeline.nearLimit,
          Math.floor(this.budget / 32 / (HEAP_PER_COUNTED_BYTE * this.sampled)),
        ),
      );
    }
    const live = 2 + (timeline.recomputes ? 1 : 0);
    return HEAP_PER_COUNTED_BYTE * (count + live + timeline.nearCount) * this.sampled;
  }

  /** Heap bytes of one of the log's events, about (the mean of those so far). */
  private eventBytes(): number {
    return this.digest.fed === 0
      ? 0
      : (HEAP_PER_JSON_CHAR * this.digest.jsonLength) / this.digest.fed;
  }

  /** The log's query indexes (by kind, the kept filters' rows) and its first event per cycle. */
  private indexBytes(): number {
    return HEAP_PER_POSITION * (this.indexEntries() + this.session.timeline.explored);
  }

  /** The run's keyframes, the events its log holds and its indexes, in bytes, about. */
  bytes(): number {
    const held = this.session.timeline.log.eventsHeld;
    return this.keyframeBytes() + this.eventBytes() * held + this.indexBytes();
  }

  /**
   * Keeps the run in its budget: keyframes are thinned (their spacing doubled, up to
   * MAX_KEYFRAME_SPACING cycles) while they take more than KEYFRAME_SHARE of it; the log holds the events
   * that fit in what is left (at least an eighth of the budget) and recomputes the others when read.
   * A run that passes the budget all the same stops being explored there. Returns the issue that
   * says so, or null.
   */
  check(): InputIssue | null {
    const timeline = this.session.timeline;
    if (timeline.cap === null) {
      while (
        !timeline.complete &&
        this.keyframeBytes() > this.budget * KEYFRAME_SHARE &&
        timeline.keyframeSpacing < MAX_KEYFRAME_SPACING
      )
        timeline.thinKeyframes();
      const room = Math.max(
        this.budget * LOG_SHARE_MIN,
        this.budget * FILLED_SHARE - this.keyframeBytes() - this.indexBytes(),
      );
      const perEvent = this.eventBytes();
      timeline.boundLog(perEvent === 0 ? Infinity : Math.floor(room / perEvent));
      if (timeline.complete || this.bytes() <= this.budget) return null;
      timeline.stopExploring();
    }
    const mb = Math.round(this.budget / (1024 * 1024));
    return {
      code: 'SIM002',
      path: '',
      message: `this run is explored to cycle ${timeline.explored} only: exploring on would need more than the simulator's ${mb} MB memory budget (a smaller machine, fewer cycles or a lighter load fit)`,
    };
  }
}

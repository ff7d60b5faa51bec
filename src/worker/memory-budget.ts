/**
 * The worker's memory budget for one run: its keyframes and its event log may take about
 * MEMORY_BUDGET_BYTES (docs/architecture.md, "Exploration and memory"). The keyframes are weighed
 * by walking the newest one as their number doubles (objects, fields, strings, typed arrays, at
 * V8's usual sizes); the log by its JSON text (from its digest) times the heap's cost per
 * character of a small event. A run that would pass the budget stops being explored there and
 * says so (SIM002), instead of exhausting the tab.
 */
import type { InputIssue, Session } from '../../sim-core/index';
import type { LogDigest } from '../../sim-core/trace/log-digest';

export const MEMORY_BUDGET_BYTES = 300 * 1024 * 1024;

/**
 * Heap bytes per character of an event's JSON, and per byte the walk counts in a keyframe: what
 * Node's V8 spent (measured with --expose-gc) on a saturated 16×16 torus and a 32×32 one at load
 * 1, whose keyframes weigh 1.3 times their walk. Not bounded by this weighing: states that V8
 * holds far less compactly than their walk says (a Cranium k = 32 keyframe weighs 112 MB, five
 * times its walk, as its many-field objects copied field by field become dictionaries; a reviver
 * in the model, as the network has, would fix it at the source).
 */
const HEAP_PER_JSON_CHAR = 2.5;
const HEAP_PER_COUNTED_BYTE = 1.5;

/**
 * Heap bytes of plain data, about: 16 per object or array header and 8 per field or slot, strings
 * by length, typed arrays by their bytes.
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
    const fields = Array.isArray(value) ? value : Object.values(value);
    bytes += 16 + 8 * fields.length;
    for (const field of fields)
      if (typeof field === 'object' || typeof field === 'string') stack.push(field);
  }
  return bytes;
}

export class MemoryWeight {
  /** Heap bytes of the keyframe sampled last, and the keyframe count then. */
  private keyframeBytes = 0;
  private sampledAt = 0;

  constructor(
    private readonly session: Session,
    private readonly digest: LogDigest,
    private readonly budget = MEMORY_BUDGET_BYTES,
  ) {}

  /** The run's keyframes and log, in bytes, about (the two live simulations count as keyframes). */
  bytes(): number {
    const timeline = this.session.timeline;
    const count = timeline.keyframeCount();
    if (count >= 2 * this.sampledAt || this.sampledAt === 0) {
      this.keyframeBytes = heapWeight(timeline.newestKeyframe());
      this.sampledAt = count;
    }
    return (
      HEAP_PER_COUNTED_BYTE * (count + 2) * this.keyframeBytes +
      HEAP_PER_JSON_CHAR * this.digest.jsonLength
    );
  }

  /** Stops the run's exploration when it passes the budget; the issue that says so, or null. */
  check(): InputIssue | null {
    const timeline = this.session.timeline;
    if (timeline.cap === null && (timeline.complete || this.bytes() <= this.budget)) return null;
    if (timeline.cap === null) timeline.stopExploring();
    const mb = Math.round(this.budget / (1024 * 1024));
    return {
      code: 'SIM002',
      path: '',
      message: `this run is explored to cycle ${timeline.explored} only: exploring on would need more than the simulator's ${mb} MB memory budget (a smaller machine, fewer cycles or a lighter load fit)`,
    };
  }
}

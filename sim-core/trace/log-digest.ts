/**
 * An event log's digest kept up while the log grows: after feeding the first n events it equals
 * digestEvents of those n (hash53 of their JSON lines), without building the whole text at once.
 * The JSON lines fed since the last `takeLines` are kept, so a reply can carry them as text.
 */
import { Hash53 } from '../kernel/hash';
import type { SimEvent } from './events';

export class LogDigest {
  private readonly hash = new Hash53();
  /** How many events of the log are in the hash. */
  fed = 0;
  /** The length of their JSON text, in characters (to weigh the log's memory by). */
  jsonLength = 0;
  /** The JSON lines of events fed[taken] … fed - 1. */
  private lines: string[] = [];
  private taken = 0;

  /** Feeds the log's events from the last one fed up to `upTo` (default: all of them). */
  catchUp(log: readonly SimEvent[], upTo = log.length): void {
    for (; this.fed < upTo; this.fed++) {
      const line = JSON.stringify(log[this.fed]);
      this.hash.update(this.fed > 0 ? '\n' + line : line);
      this.lines.push(line);
      this.jsonLength += line.length;
    }
  }

  get value(): string {
    return this.hash.digest();
  }

  /**
   * The log's events from `from` on (up to those fed) as a JSON array text, when they are the
   * ones fed since the last call; else null.
   */
  takeLines(from: number): string | null {
    if (from !== this.taken) return null;
    const text = `[${this.lines.join(',')}]`;
    this.lines = [];
    this.taken = this.fed;
    return text;
  }
}

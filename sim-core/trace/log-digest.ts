/**
 * An event log's digest kept up while the log grows: after feeding the first n events it equals
 * digestEvents of those n (hash53 of their JSON lines), without building the whole text at once.
 */
import { Hash53 } from '../kernel/hash';
import type { EventSeq } from './event-log';
import type { SimEvent } from './events';

export class LogDigest {
  private readonly hash = new Hash53();
  /** How many events of the log are in the hash. */
  fed = 0;
  /** The length of their JSON text, in characters (to weigh the log's memory by). */
  jsonLength = 0;

  /** Feeds the log's events from the last one fed up to `upTo` (default: all of them). */
  catchUp(log: EventSeq<SimEvent>, upTo = log.length): void {
    for (; this.fed < upTo; this.fed++) {
      const line = JSON.stringify(log.at(this.fed));
      this.hash.update(this.fed > 0 ? '\n' + line : line);
      this.jsonLength += line.length;
    }
  }

  get value(): string {
    return this.hash.digest();
  }
}

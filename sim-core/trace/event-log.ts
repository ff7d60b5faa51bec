/**
 * A run's event log, held in chunks of CHUNK_CYCLES cycles. To bound a long run's memory, the
 * chunks read least recently are dropped past a limit, and a dropped chunk read again is recomputed
 * by replay from the keyframe before it: the simulation is deterministic, so its events come back
 * exactly (their number is checked against the log's). Every cycle's first position is kept, so an
 * event's cycle, a cycle's positions and the log's length never need the events themselves.
 */
import type { SimEvent } from './events';

/** Cycles per chunk: the unit a log drops and recomputes (a keyframe spacing divides into them). */
export const CHUNK_CYCLES = 64;

/** The events of cycles `first` … `last` (one chunk, or its written part), stamped as logged. */
export type ChunkReplay = (first: number, last: number) => SimEvent[];

/** What a reader of a log needs: an array has it too. */
export interface EventSeq<E> {
  readonly length: number;
  at(index: number): E | undefined;
}

/** The chunk that holds cycle `cycle` (≥ 1: cycle 0 has no events). */
export const chunkOfCycle = (cycle: number): number =>
  Math.floor((Math.max(1, cycle) - 1) / CHUNK_CYCLES);

export class EventLog implements EventSeq<SimEvent> {
  /** firstEvent[c]: position of cycle c's first event; firstEvent[lastCycle + 1] is the length. */
  private readonly firstEvent: number[] = [0, 0];
  private readonly chunks: (SimEvent[] | undefined)[] = [];
  /** The chunks held, least recently read first. */
  private readonly held = new Set<number>();
  private heldEvents = 0;
  private maxHeldEvents = Infinity;
  private replay: ChunkReplay | null = null;
  /** The chunk read last (sequential reads skip the search). */
  private hint = 0;
  /** The last cycle logged. */
  lastCycle = 0;
  /** Chunks recomputed by replay so far. */
  recomputed = 0;

  get length(): number {
    return this.firstEvent[this.lastCycle + 1]!;
  }

  /** Events held in memory now (the rest are recomputed when read). */
  get eventsHeld(): number {
    return this.heldEvents;
  }

  /** How many chunks the log spans. */
  get chunkCount(): number {
    return this.chunks.length;
  }

  /**
   * Lets the log drop chunks past `maxEvents` held events, recomputing them with `replay` when read
   * again. The chunk being written and the one just read are never dropped.
   */
  bound(maxEvents: number, replay: ChunkReplay): void {
    this.maxHeldEvents = Math.max(0, maxEvents);
    this.replay = replay;
    this.trim(-1);
  }

  /** Appends the events of the next cycle (stamped with it and their positions). */
  append(cycle: number, events: readonly SimEvent[]): void {
    if (cycle !== this.lastCycle + 1)
      throw new Error(`the log is at cycle ${this.lastCycle}, not before ${cycle}`);
    const k = chunkOfCycle(cycle);
    let chunk = this.chunks[k];
    if (chunk === undefined) {
      this.chunks[k] = chunk = [];
      this.held.add(k);
    }
    for (const e of events) chunk.push(e);
    this.heldEvents += events.length;
    this.firstEvent[cycle + 1] = this.firstEvent[cycle]! + events.length;
    this.lastCycle = cycle;
  }

  /** Position of the first event at or after `cycle` (the length past the last cycle). */
  firstAtCycle(cycle: number): number {
    const c = Math.max(0, Math.min(Math.floor(cycle), this.lastCycle + 1));
    return this.firstEvent[c]!;
  }

  /** The cycle of the event at `index` (0 ≤ index < length), without reading the event. */
  cycleOf(index: number): number {
    let lo = 1;
    let hi = this.lastCycle;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.firstEvent[mid]! <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Positions of chunk `k`'s events: [first, end). */
  chunkRange(k: number): [number, number] {
    const first = k * CHUNK_CYCLES + 1;
    return [this.firstAtCycle(first), this.firstAtCycle(first + CHUNK_CYCLES)];
  }

  /** The chunk that holds the event at `index`. */
  chunkOfIndex(index: number): number {
    const [first, end] = this.chunkRange(this.hint);
    if (index >= first && index < end) return this.hint;
    return chunkOfCycle(this.cycleOf(index));
  }

  /** Chunk `k`'s events, recomputed when it was dropped. */
  chunk(k: number): readonly SimEvent[] {
    let events = this.chunks[k];
    if (events !== undefined) {
      if (k !== this.hint) {
        this.held.delete(k);
        this.held.add(k);
      }
    } else {
      const first = k * CHUNK_CYCLES + 1;
      const last = Math.min(first + CHUNK_CYCLES - 1, this.lastCycle);
      const [from, end] = this.chunkRange(k);
      events = this.replay!(first, last);
      if (events.length !== end - from)
        throw new Error(
          `replaying cycles ${first}–${last} gave ${events.length} events; the log has ${end - from}`,
        );
      this.chunks[k] = events;
      this.held.add(k);
      this.heldEvents += events.length;
      this.recomputed++;
      this.trim(k);
    }
    this.hint = k;
    return events;
  }

  at(index: number): SimEvent | undefined {
    if (index < 0 || index >= this.length) return undefined;
    const k = this.chunkOfIndex(index);
    return this.chunk(k)[index - this.chunkRange(k)[0]];
  }

  /** The events at positions [from, to), in order. */
  slice(from = 0, to = this.length): SimEvent[] {
    return [...this.range(from, to)];
  }

  /** The events of one cycle. */
  eventsAt(cycle: number): SimEvent[] {
    if (cycle < 1 || cycle > this.lastCycle) return [];
    return this.slice(this.firstEvent[cycle], this.firstEvent[cycle + 1]);
  }

  /** The events at positions [from, to), read a chunk at a time. */
  *range(from = 0, to = this.length): Generator<SimEvent> {
    const end = Math.min(to, this.length);
    let i = Math.max(0, from);
    while (i < end) {
      const k = this.chunkOfIndex(i);
      const events = this.chunk(k);
      const [first, chunkEnd] = this.chunkRange(k);
      const stop = Math.min(end, chunkEnd);
      for (; i < stop; i++) yield events[i - first]!;
    }
  }

  /** Drops the least recently read chunks past the limit, keeping `keep` and the one written. */
  private trim(keep: number): void {
    if (this.replay === null) return;
    const writing = chunkOfCycle(this.lastCycle);
    for (const k of this.held) {
      if (this.heldEvents <= this.maxHeldEvents) return;
      if (k === keep || k === writing) continue;
      this.heldEvents -= this.chunks[k]!.length;
      this.chunks[k] = undefined;
      this.held.delete(k);
    }
  }
}

/**
 * Channel<T>: a pipe with a fixed latency in cycles and visible in-flight slots.
 *
 * An item sent during cycle c is returned by `tick` in cycle c + latency. `slots[i]` holds what
 * will arrive i + 1 cycles from now, so a view can draw the pipe's contents directly. At most one
 * item enters per cycle, as on a wire. Order inside a cycle: `tick` first (receivers see
 * arrivals), then senders `send`. The channel is plain data, so it is part of its owner's snapshot.
 */
export interface Channel<T> {
  readonly latency: number;
  /** slots[i]: the item arriving in i + 1 cycles, or null. Length = latency. */
  slots: (T | null)[];
}

export function createChannel<T>(latency: number): Channel<T> {
  if (!Number.isInteger(latency) || latency < 1) {
    throw new RangeError(`channel latency must be an integer >= 1, got ${latency}`);
  }
  return { latency, slots: new Array<T | null>(latency).fill(null) };
}

/** Whether a send is possible this cycle (one item enters per cycle). */
export function canSend<T>(ch: Channel<T>): boolean {
  return ch.slots[ch.latency - 1] === null;
}

export function send<T>(ch: Channel<T>, item: T): void {
  if (!canSend(ch)) throw new Error('channel: one send per cycle');
  ch.slots[ch.latency - 1] = item;
}

/** Advances the pipe one cycle; returns the item arriving now, or null. */
export function tick<T>(ch: Channel<T>): T | null {
  const arriving = ch.slots[0] ?? null;
  for (let i = 0; i < ch.latency - 1; i++) ch.slots[i] = ch.slots[i + 1] ?? null;
  ch.slots[ch.latency - 1] = null;
  return arriving;
}

export function inFlight<T>(ch: Channel<T>): number {
  return ch.slots.reduce((n, s) => (s === null ? n : n + 1), 0);
}

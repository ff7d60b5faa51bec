/**
 * The live packets by id, for the per-phit loops (digest seed-001-cranium.md §B.12; the speed
 * notes of docs/cli.md, "Benchmarks"). `state.packets` is keyed by ever-growing ids and loses its
 * delivered packets, so V8 keeps it as a hash table; this array over the window from the oldest
 * live id up is indexed directly. Derived from the state, never part of it.
 */
import type { NetworkState, PacketState } from './network-state';

export class PacketIndex {
  /** The id in slots[0]. */
  private base: number;
  private readonly slots: (PacketState | undefined)[] = [];

  constructor(state: NetworkState) {
    this.base = state.nextPacket;
    for (const id in state.packets) this.base = Math.min(this.base, Number(id));
    for (let id = this.base; id < state.nextPacket; id++) this.slots.push(state.packets[id]);
  }

  get(id: number): PacketState {
    return this.slots[id - this.base]!;
  }

  /** A packet just created: its id is the next one. */
  add(pkt: PacketState): void {
    this.slots.push(pkt);
  }

  remove(id: number): void {
    this.slots[id - this.base] = undefined;
    // Packets are mostly delivered oldest first: drop delivered ones from the front, so the
    // window stays as short as the span of live ids.
    let n = 0;
    while (n < this.slots.length && this.slots[n] === undefined) n++;
    if (n > 0) {
      this.slots.splice(0, n);
      this.base += n;
    }
  }
}

/**
 * What an agent's wait proves about the coming cycles, for a model that skips its quiet cycles
 * (sim-core/ni/cni/cni-quiet.ts, sim-core/ni/edt/edt-quiet.ts): the interpreter (interpreter.ts)
 * leaves a waiting agent as it is until its bus transaction ends, its store buffer drains or its
 * compute countdown runs out, and a skip moves the countdown as that many cycles would.
 */
import type { Agent } from './agent';
import type { NodeBus } from './bus-state';

/**
 * The last cycle through which a waiting agent stays as it is but for its countdown, given that
 * no bus transaction ends meanwhile; `now` when it may act next cycle; null when it is not
 * waiting (its routine decides). A halted agent never acts.
 */
export function waitsThrough(agent: Agent, storeBuffer: number, now: number): number | null {
  if (agent.halted) return Infinity;
  const busy = agent.busy;
  if (!busy) return null;
  switch (busy.waitingFor) {
    case 'transaction':
      return Infinity;
    case 'compute':
      // Free again in the cycle its countdown reaches 0, acting the cycle after (runAgent).
      return busy.left > 0 ? now + busy.left : now;
    case 'stores':
      // A membar ends when the buffer drains, a store goes when there is room.
      if (busy.op.op === 'membar') return agent.pendingStores === 0 ? now : Infinity;
      return agent.pendingStores >= storeBuffer ? Infinity : now;
  }
}

/** `cycles` quiet cycles of an agent: its compute countdown, as runAgent would move it. */
export function countDown(agent: Agent | undefined, cycles: number): void {
  const busy = agent?.busy;
  if (busy?.waitingFor !== 'compute') return;
  busy.left -= cycles;
  if (busy.left <= 0) agent!.busy = null;
}

/** A node's bus: the last cycle before its transaction ends; `now` when a request waits for a grant. */
export const busQuietThrough = (bus: NodeBus, now: number): number =>
  bus.current ? bus.current.endsAt - 1 : bus.queue.length > 0 ? now : Infinity;

/**
 * Words for the coherent-NI drawings: the queue rings, their tables, the register view and the
 * bus Gantt use the same phrases, so what is seen and what is read never disagree.
 */
import type { BlockView, QueueView, TxnView } from '../../sim-core/ni/cni/cni-frame';
import type { AgentName } from '../../sim-core/ni/cni/cni-state';

/** Display order of a node's agents: the processor, the second processor, the interface. */
const AGENT_ORDER: readonly AgentName[] = ['P', 'P1', 'NI'];

/** The agents that cache a block, in display order, with the state of the block in each. */
export function agentStates(block: BlockView): [AgentName, string][] {
  return AGENT_ORDER.flatMap((a) => {
    const state = block.states[a];
    return state === undefined ? [] : [[a, state] as [AgentName, string]];
  });
}

/** "P:S NI:I", the form of the data-states attributes and of the table cells. */
export const statesText = (block: BlockView): string =>
  agentStates(block)
    .map(([a, s]) => `${a}:${s}`)
    .join(' ');

/** What a block holds: "m3", "m3.1" for a later part of a multi-block message, or "—". */
export function contentText(block: BlockView): string {
  if (block.msg < 0) return '—';
  return block.part > 0 ? `m${block.msg}.${block.part}` : `m${block.msg}`;
}

/** Slot i holds a message not yet taken: it lies in [head, head + occupancy) around the ring. */
export function slotOccupied(q: QueueView, slot: number): boolean {
  return (slot - q.head + q.slotCount) % q.slotCount < q.occupancy;
}

/** "empty", "full" or "3 of 8 slots hold messages". */
export function occupancyText(q: QueueView): string {
  if (q.occupancy === 0) return 'empty';
  if (q.occupancy === q.slotCount) return `full (${q.slotCount} of ${q.slotCount})`;
  return `${q.occupancy} of ${q.slotCount} slots hold messages`;
}

/** "RDX by P for q[0].0, cycles 151–193" */
export const txnText = (t: TxnView): string =>
  `${t.kind} by ${t.agent} for ${t.target}, cycles ${t.grantedAt}–${t.endsAt}${t.posted ? ', posted' : ''}`;

/**
 * The barrier register and the Express Broadcast Network (seed 001 Table A.3, L2708–2723; digest
 * §C.13): a processor's write of 1 enters the barrier (W), of 0 abstains (A); once every node
 * with a program has entered or abstained, the broadcast network completes the barrier a fixed
 * number of cycles after the last entry (C), and a timer returns it to I.
 */
import { emit, type CraniumCtx } from './cranium-context';
import type { BarrierState, NodeState } from './cranium-state';
import { interrupt } from './ni-signals';

/** Table A.3: the barrier state a write of 0 or 1 leads to (null: error 7). */
const BARRIER_WRITE: Record<BarrierState, readonly [BarrierState | null, BarrierState | null]> = {
  I: ['A', 'W'],
  W: [null, null],
  C: [null, null],
  A: [null, 'W'],
};

/**
 * The processor writes NIR_barrier (a register access of `cycles`): true when the node has
 * entered the barrier and its processor must wait for it.
 */
export function writeBarrier(
  ctx: CraniumCtx,
  node: NodeState,
  value: 0 | 1,
  cycles: number,
): boolean {
  const from = node.ni.barrier;
  const to = BARRIER_WRITE[from][value];
  if (to === null) {
    interrupt(ctx, node, 'misc', 7, -1);
    return false;
  }
  node.ni.barrier = to;
  node.ni.barrierUntil = ctx.state.cycle + cycles;
  emit(ctx, {
    kind: 'cr.barrier',
    node: node.node,
    from,
    to,
    why:
      value === 1
        ? 'the processor writes 1 to NIR_barrier'
        : 'the processor writes 0 to NIR_barrier: this node abstains',
  });
  return to === 'W';
}

const members = (ctx: CraniumCtx): NodeState[] => ctx.programNodes.map((n) => ctx.state.nodes[n]!);

/** Some node waits and every node has entered or abstained: the broadcast network will complete it. */
const due = (nodes: readonly NodeState[]): boolean =>
  nodes.some((n) => n.ni.barrier === 'W') &&
  nodes.every((n) => n.ni.barrier === 'W' || n.ni.barrier === 'A');

export const barrierDue = (ctx: CraniumCtx): boolean => due(members(ctx));

/** One cycle of the broadcast network. */
export function stepBarrier(ctx: CraniumCtx): void {
  const s = ctx.state;
  const c = s.cycle;
  const nodes = members(ctx);
  for (const node of nodes) {
    if (node.ni.barrier === 'C' && c >= node.ni.barrierUntil) {
      node.ni.barrier = 'I';
      emit(ctx, {
        kind: 'cr.barrier',
        node: node.node,
        from: 'C',
        to: 'I',
        why: 'the completion timer expires',
      });
    }
  }
  if (!due(nodes)) return;
  const waiting = nodes.filter((n) => n.ni.barrier === 'W');
  const last = Math.max(...waiting.map((n) => n.ni.barrierUntil));
  if (c < last + ctx.cfg.barrierCycles) return;
  s.barrierGeneration += 1;
  for (const node of waiting) {
    node.ni.barrier = 'C';
    node.ni.barrierUntil = c + ctx.cfg.barrierHold;
    emit(ctx, {
      kind: 'cr.barrier',
      node: node.node,
      from: 'W',
      to: 'C',
      why: 'every node has entered: the broadcast network completes the barrier',
    });
  }
}

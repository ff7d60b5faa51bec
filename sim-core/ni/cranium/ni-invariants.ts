/**
 * The NI's invariants, checked after every cycle when a scenario asks (digest seed-001 §C.5,
 * §C.7): every queue pointer addresses an entry in [Start, End]; channel counts never go
 * negative and never count more packets in progress than remain.
 */
import { emit, type CraniumCtx } from './cranium-context';
import { QUEUE_ENTRY_BYTES, type NodeState } from './cranium-state';

export function checkNi(ctx: CraniumCtx, node: NodeState): void {
  const bad = (detail: string) =>
    emit(ctx, { kind: 'invariant.violation', rule: 'capacity', block: -1, detail });
  for (const q of Object.values(node.ni.queues))
    for (const [name, at] of [
      ['head', q.head],
      ['tail', q.tail],
      ['reserved', q.reserved],
    ] as const)
      if (at < q.begin || at > q.end || (at - q.begin) % QUEUE_ENTRY_BYTES !== 0)
        bad(
          `node ${node.node} ${q.name} queue ${name} 0x${at.toString(16)} is not an entry in [0x${q.begin.toString(16)}, 0x${q.end.toString(16)}]`,
        );
  for (const ch of [...node.ni.send, ...node.ni.recv])
    if (ch.remaining < 0 || ch.pending < 0 || ch.pending > ch.remaining)
      bad(
        `node ${node.node} ${ch.dir} channel ${ch.id}: remaining ${ch.remaining}, pending ${ch.pending}`,
      );
}

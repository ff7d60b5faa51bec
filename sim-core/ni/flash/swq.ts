/**
 * The software queue [003 L12, L68]: one hardware head entry the Inbox can see, the rest in
 * memory. Rescheduling appends the operation to the list in memory; a handler dispatched from the
 * queue loads the next entry into the head.
 */
import { emit, type FlashCtx } from './flash-context';
import type { FlashNode, SwqEntry } from './flash-state';
import type { HandlerName } from './handlers';

export function schedule(
  ctx: FlashCtx,
  node: FlashNode,
  transfer: number,
  handler: HandlerName,
  op: 'schedule' | 'reschedule',
): void {
  const entry: SwqEntry = { transfer, handler, at: ctx.now };
  if (node.swq.head === null) node.swq.head = entry;
  else node.swq.rest.push(entry);
  emit(ctx, {
    kind: 'flash.swq',
    node: node.id,
    transfer,
    op,
    handler,
    waiting: node.swq.rest.length,
  });
}

/** The head leaves for the PP; the next entry comes up from memory. */
export function takeHead(node: FlashNode): SwqEntry {
  const head = node.swq.head!;
  node.swq.head = node.swq.rest.shift() ?? null;
  return head;
}

/**
 * Table 1's fixed-cost phases [003 L83-84] as phase-ledger slices of a transfer: initiation
 * (the command sequence until the ACK reaches the processor), transfer set-up, the initial line
 * delay (until the first component's first byte leaves), the transfer itself (the marginal time,
 * until the last component's tail leaves), network and queueing (until the receiver has
 * processed the last line) and the receiver's clean-up. The first, second, third, fifth and sixth
 * sum to the fixed cost (284 cycles in the seed); the transfer is the marginal 40 cycles a line.
 */
import { slice, type FlashCtx } from './flash-context';
import type { TransferState } from './flash-state';

export const TABLE_ONE = {
  initiation: {
    label: 'initiation command processing',
    category: 'host-sw',
    source: 'Table 1: 41 [003 L84]',
  },
  setup: {
    label: 'transfer set-up and command verification',
    category: 'ni-sw',
    source: 'Table 1: 116 [003 L84]',
  },
  initialLine: { label: 'initial line delay', category: 'memory', source: 'Table 1: 24 [003 L84]' },
  transfer: {
    label: 'transfer (marginal)',
    category: 'network',
    source: 'Fig. 6: 40 a line [003 L77, L84]',
  },
  network: {
    label: 'network and queueing latency',
    category: 'network',
    source: 'Table 1: 45 [003 L84]',
  },
  cleanup: {
    label: 'receiver clean-up at completion',
    category: 'ni-sw',
    source: 'Table 1: 58 [003 L84]',
  },
} as const;

export type TableOnePart = keyof typeof TABLE_ONE;

/** A Table 1 slice of transfer `t`, from `start` to `end`, told by the sender (or receiver). */
export function tableOne(
  ctx: FlashCtx,
  t: TransferState,
  part: TableOnePart,
  start: number,
  end: number,
  node: number,
): void {
  const spec = TABLE_ONE[part];
  slice(ctx, {
    message: t.id,
    node,
    actor: 'Table 1',
    phase: spec.label,
    category: spec.category,
    start,
    end,
    source: spec.source,
    part: spec.label,
  });
}

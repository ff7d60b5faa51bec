/**
 * What the NI signals to the processor and the OS: interrupts with their NII_error_mask codes
 * (seed 001 Fig. A.6; digest §C.12) and the flow-control state NORMAL / FLUSH / FREEZE (§C.11).
 */
import { emit, type CraniumCtx } from './cranium-context';
import { ERROR_CODES } from './cranium-events';
import type { FlowState, InterruptRecord, NodeState } from './cranium-state';

/** The interrupt log a node keeps for its view. */
const INTERRUPTS_KEPT = 16;

export function interrupt(
  ctx: CraniumCtx,
  node: NodeState,
  type: InterruptRecord['type'],
  code: number,
  channel: number,
): void {
  const text =
    code > 0
      ? `error ${code}: ${ERROR_CODES[code]}`
      : type === 'send'
        ? `send channel ${channel} complete`
        : type === 'auto'
          ? `auto-receive channel ${channel}`
          : 'queue arrival';
  node.ni.interrupts.push({ at: ctx.state.cycle, type, code, channel, text });
  if (node.ni.interrupts.length > INTERRUPTS_KEPT) node.ni.interrupts.shift();
  emit(ctx, { kind: 'cr.interrupt', node: node.node, type, code, channel, text });
}

export function setFlow(ctx: CraniumCtx, node: NodeState, to: FlowState, why: string): void {
  const from = node.ni.flow;
  if (from === to) return;
  node.ni.flow = to;
  emit(ctx, { kind: 'cr.flow', node: node.node, from, to, why });
}

/**
 * The Cranium machine's stall report (kernel/watchdog.ts, node/torus/progress.ts): where each
 * unfinished program stands and what its NI still holds, for a `sim.stall` event.
 */
import type { CraniumCtx } from './cranium-context';
import { instructionText } from './program';

export function waitingText(ctx: CraniumCtx): string {
  const parts: string[] = [];
  for (const node of ctx.state.nodes) {
    const here: string[] = [];
    const p = node.proc;
    const program = ctx.programs.get(node.node);
    const at = program?.[p.current];
    if (p.status !== 'done' && at)
      here.push(`${p.status === 'spinning' ? 'spins at' : 'at'} ${instructionText(at)}`);
    const ni = node.ni;
    if (ni.inbox.length) here.push(`${ni.inbox.length} packets in the inbox`);
    if (ni.flow !== 'NORMAL') here.push(`the NI is in ${ni.flow}`);
    if (here.length) parts.push(`node ${node.node}: ${here.join(', ')}`);
  }
  return parts.join('; ');
}

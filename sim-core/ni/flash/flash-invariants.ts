/**
 * FLASH's invariants (round2-spec §B2.2), checked every cycle when the scenario asks: the PP
 * runs one handler at a time (by construction: one `run`) and no handler blocks on a full output
 * queue (pp.ts reports the naive handler's spin as it starts); every line is sent once and
 * delivered once (acts-receive.ts) and, on an in-order network, in sequence order; credits are
 * conserved, whatever order the components go in; the directory agrees with the processor
 * caches; the hold-off count is never negative; no network output queue holds more than its depth.
 */
import { componentBytes, emit, plan, type FlashCtx } from './flash-context';

const AGREES: Readonly<Record<string, readonly string[]>> = {
  uncached: ['I'],
  shared: ['S', 'E'],
  dirty: ['M'],
};

export function checkInvariants(ctx: FlashCtx): void {
  const { state } = ctx;
  const broken = (rule: 'conservation' | 'protocol' | 'delivery', block: number, detail: string) =>
    emit(ctx, { kind: 'invariant.violation', rule, block, detail });
  for (const t of state.transfers) {
    const p = plan(ctx, t.id);
    // By sequence number: a remote source's lines come home, and go, in any order.
    let sentBytes = 0;
    let sent = 0;
    t.out.forEach((out, seq) => {
      if (!out) return;
      sent += 1;
      sentBytes += componentBytes(p, seq);
    });
    if (t.credit < 0 || t.credit + sentBytes !== t.granted || t.granted > p.posted)
      broken(
        'conservation',
        -1,
        `transfer ${t.id}: ${t.credit} B of credit + ${sentBytes} B sent ≠ ${t.granted} B granted (${p.posted} B posted)`,
      );
    if (sent !== t.sent)
      broken(
        'delivery',
        -1,
        `transfer ${t.id}: ${t.sent} components sent, ${sent} of them distinct`,
      );
    if (ctx.cfg.network.kind === 'pipe') {
      const gap = t.got.indexOf(false);
      if (gap >= 0 && t.got.slice(gap).some(Boolean) && p.sender !== 'remote')
        broken(
          'delivery',
          -1,
          `transfer ${t.id}: line ${t.got.lastIndexOf(true)} arrived before line ${gap} on an in-order network`,
        );
    }
  }
  for (const node of state.nodes) {
    for (const lane of ['request', 'reply'] as const)
      if (node.outq[lane].length > ctx.cfg.queues.networkOut)
        broken(
          'protocol',
          -1,
          `node ${node.id}: ${node.outq[lane].length} messages in the ${lane} output queue of ${ctx.cfg.queues.networkOut}`,
        );
    if (node.holdOff.count < 0)
      broken('conservation', -1, `node ${node.id}: hold-off count ${node.holdOff.count}`);
    for (const [line, st] of Object.entries(node.dir)) {
      const allowed = AGREES[st];
      const cached = node.cache[Number(line)] ?? 'I';
      if (allowed && !allowed.includes(cached))
        broken(
          'protocol',
          Number(line),
          `node ${node.id}: the directory says ${st}, the processor cache ${cached}`,
        );
    }
    for (const [line, st] of Object.entries(node.cache)) {
      if (Number(line) >> 16 !== node.id) continue;
      const dir = node.dir[Number(line)] ?? 'uncached';
      if (dir === 'uncached' && st !== 'I')
        broken(
          'protocol',
          Number(line),
          `node ${node.id}: the processor caches ${st} a line the directory says is uncached`,
        );
    }
  }
}

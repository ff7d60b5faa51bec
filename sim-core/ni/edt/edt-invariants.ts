/**
 * The EDT model's invariants, checked every cycle on the blocks touched (round2-spec §B1.2
 * "Invariants"): one writer or many readers across the host's and the NI's copies; every readable
 * host copy and every NI copy in S or M equals the latest store; messages are conserved (each
 * injected message is on its way or has arrived, once). The send path checks the fourth: no
 * message leaves with a block whose status is not S. A counterfactual (a non-coherent DMA without
 * a flush, an NI that does not assert SHARED) exists to break some of them: those it breaks are
 * told as edt.stale — a stale read once per message, a broken rule once per block — rather than
 * as violations of the model.
 */
import { blockName } from '../../node/bus/context';
import type { EdtConfig } from './edt-config';
import type { EdtModelEvent } from './edt-events';
import type { Ctx } from './edt-node';
import type { EdtState } from './edt-state';
import type { Layout } from './layout';
import { EDT_NI_KINDS, type UnsafeRule } from './ni-kinds';

/** The rules a configuration is built to break (none for the three NIs the paper measures). */
export function unsafeRules(cfg: EdtConfig): Set<UnsafeRule> {
  const rules = new Set<UnsafeRule>();
  const ni = EDT_NI_KINDS[cfg.ni];
  if (ni.dma === 'noncoherent' && !cfg.flush) rules.add('host-copy-current');
  if (ni.mechanism === 'eager' && !cfg.assertShared) {
    rules.add('single-writer');
    rules.add('ni-copy-current');
  }
  return rules;
}

/** Stale bytes reached a reader, or an NI copy: the counterfactual's point, or a model bug. */
export function reportStale(
  ctx: Pick<Ctx, 'state' | 'events' | 'node' | 'unsafe'>,
  where: 'receiver' | 'ni' | 'host',
  msg: number,
  target: string,
  detail: string,
): void {
  if (ctx.unsafe.size === 0) {
    ctx.state.violations++;
    ctx.events.push({
      kind: 'invariant.violation',
      rule: 'data-value',
      block: -1,
      detail: `node ${ctx.node.id}: ${target}: ${detail}`,
    });
    return;
  }
  // A receiver's stale read is told per message; a broken rule once per block.
  const key =
    where === 'receiver' ? `${ctx.node.id}:${target}:${msg}` : `${ctx.node.id}:${where}:${target}`;
  if (ctx.state.told[key]) return;
  ctx.state.told[key] = true;
  ctx.events.push({ kind: 'edt.stale', node: ctx.node.id, msg, target, where, detail });
}

const TOUCHING = new Set(['edt.access', 'edt.coh', 'edt.st', 'edt.txn']);

/** The blocks touched this cycle, per node, by id. */
function touched(events: readonly EdtModelEvent[], layout: Layout): Map<number, Set<number>> {
  const byNode = new Map<number, Set<number>>();
  for (const e of events) {
    if (!TOUCHING.has(e.kind) || !('target' in e) || !('node' in e)) continue;
    const id = layout.byName.get(e.target);
    if (id === undefined) continue;
    if (!byNode.has(e.node)) byNode.set(e.node, new Set());
    byNode.get(e.node)!.add(id);
  }
  return byNode;
}

/** The message a node is busy with, for an edt.stale of a copy (its current send, else -1). */
const busyWith = (ctx: Ctx) => ctx.node.app.current;

export function checkInvariants(
  ctxOf: (node: number) => Ctx,
  state: EdtState,
  events: EdtModelEvent[],
): void {
  const layout = ctxOf(0).layout;
  for (const [nodeId, blocks] of touched(events, layout)) {
    const ctx = ctxOf(nodeId);
    const node = ctx.node;
    const violation = (rule: UnsafeRule, block: number, detail: string) => {
      if (ctx.unsafe.has(rule)) {
        reportStale(
          ctx,
          rule === 'ni-copy-current' ? 'ni' : 'host',
          busyWith(ctx),
          blockName(ctx, block),
          detail,
        );
        return;
      }
      state.violations++;
      events.push({
        kind: 'invariant.violation',
        rule: rule === 'single-writer' ? 'single-writer' : 'data-value',
        block,
        detail: `node ${nodeId}: ${blockName(ctx, block)}: ${detail}`,
      });
    };
    for (const block of blocks) {
      const latest = node.latest[block];
      let writers = 0;
      let readable = 0;
      const host = node.agents.P!;
      for (const line of [host.lines[block], host.victims[block]]) {
        if (!line) continue;
        const perm = ctx.kit.protocol.states[line.state]?.perm ?? 'none';
        if (perm === 'write') writers++;
        if (perm === 'none') continue;
        readable++;
        if (latest && line.data?.v !== latest.v)
          violation(
            'host-copy-current',
            block,
            `the host's copy (${line.state}) is not the latest store`,
          );
      }
      const ni = node.ni.blocks[block];
      if (ni) {
        const perm = ctx.protocol.states[ni.st]?.perm ?? 'none';
        if (perm === 'write') writers++;
        if (perm !== 'none') {
          readable++;
          if (latest && ni.data?.v !== latest.v)
            violation('ni-copy-current', block, `the NI's copy (${ni.st}) is not the latest store`);
        }
      }
      if (writers > 1 || (writers === 1 && readable > 1))
        violation(
          'single-writer',
          block,
          `${writers} writers and ${readable} readable copies across host and NI`,
        );
    }
  }
  // Conservation: every message that left its NI is on its way or has arrived.
  const inTransit = ctxOf(0).network.inTransit(state.net).length;
  if (state.counts.sent !== state.counts.arrived + inTransit) {
    state.violations++;
    events.push({
      kind: 'invariant.violation',
      rule: 'conservation',
      block: -1,
      detail: `${state.counts.sent} messages left their NIs, ${state.counts.arrived} arrived and ${inTransit} are in the network`,
    });
  }
}

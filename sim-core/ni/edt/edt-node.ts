/**
 * An EDT host, built from the bus-node kit (sim-core/node/bus/; round2-spec §A.2 S1): its agents
 * (the processor P on the cpu side; on the device side the NI processor NI, and the EDT NI's
 * cache controller CC or the DMA engine's bus master DMA), 128-byte blocks [002 L173-174; digest
 * §H-1], the bus costs of edt-config.ts, the edt.* events the kit's happenings become, and the
 * context the routines and hooks receive, with the helpers they share: the NI table's cells, VIA
 * steps and ledger slices.
 */
import { cellOf } from '../../memory/protocol';
import { MESI } from '../../memory/protocols/mesi';
import type { MessageNetwork } from '../../net/message-network';
import type { MessageNetworkState } from '../../net/networks';
import type { BusCtx, BusNodeConfig } from '../../node/bus/context';
import { blockName, modelError } from '../../node/bus/context';
import type { BusEventLog, DeviceHooks } from '../../node/bus/hooks';
import type { Routine } from '../../node/bus/routine';
import type { DmaCosts, DmaPort } from '../../node/dma/dma-engine';
import type { PhaseCategory } from '../../ledger/phase-events';
import { edtCostTable, type EdtConfig } from './edt-config';
import type { AgentName, EdtModelEvent, ViaStep } from './edt-events';
import type { EdtNiAction, EdtNiEvent, EdtNiProtocol } from './edt-protocol';
import type { EdtNode, EdtState } from './edt-state';
import type { Layout } from './layout';
import type { UnsafeRule } from './ni-kinds';

/** One NI's way of moving data (mechanisms/registry.ts): its agents, routines and hooks. */
export interface Mechanism {
  /** The device-side bus master it adds beside the NI processor. */
  master: 'CC' | 'DMA';
  /** VI-MSG's routine for each job, and (CC) the cache controller's loop. */
  routines: { send: string; post: string; arrive: string; master: string | null };
  hooks: EdtHooks;
  /** What happens in NI hardware when a message lands in a posted buffer. */
  land(ctx: Ctx, msg: number): void;
}

/** What EDT's routines and hooks are given: the kit's context and the model's own state. */
export interface Ctx extends BusCtx<AgentName, Ctx> {
  cfg: EdtConfig;
  layout: Layout;
  state: EdtState;
  node: EdtNode;
  events: EdtModelEvent[];
  /** The EDT NI's block table (the receive mode's, without SHARED for the counterfactual). */
  protocol: EdtNiProtocol;
  network: MessageNetwork<MessageNetworkState>;
  mechanism: Mechanism;
  dmaPort: DmaPort<Ctx> | null;
  dmaCosts: DmaCosts;
  /** The host flushes by software around a non-coherent DMA (seed 002 [L43]). */
  softwareFlush: boolean;
  /** The invariant rules this configuration exists to break (edt-invariants.ts). */
  unsafe: ReadonlySet<UnsafeRule>;
}

export type EdtRoutine = Routine<Ctx, AgentName>;
export type EdtHooks = DeviceHooks<Ctx, AgentName>;

/** The agents in snoop order: the host's cache first, then the NI's bus masters. */
export const AGENT_ORDER: readonly AgentName[] = ['P', 'NI', 'CC', 'DMA'];

/** A run's host machine: MESI [002 L175], the derived bus costs, one memory home per block. */
export function busNodeOf(
  cfg: EdtConfig,
  layout: Layout,
  master: 'CC' | 'DMA',
): BusNodeConfig<AgentName> {
  return {
    model: 'EDT model',
    protocol: MESI,
    costs: edtCostTable(cfg),
    geometry: { blockBytes: cfg.blockBytes, wordBytes: layout.wordBytes },
    agents: AGENT_ORDER.filter((a) => a === 'P' || a === 'NI' || a === master).map((name) => ({
      name,
      side: name === 'P' ? 'cpu' : 'device',
      snarfs: false,
    })),
    registers: 'NI',
    blocks: layout.blocks,
    bridge: false,
    storeBuffer: 4,
    writeBackBuffer: false,
  };
}

/** The kit's happenings as EDT's events. */
export const EDT_BUS_LOG: BusEventLog<Ctx, AgentName> = {
  access(ctx, agent, op, hit, state) {
    ctx.events.push({
      kind: 'edt.access',
      node: ctx.node.id,
      agent,
      op: op.op,
      target: blockName(ctx, op.block),
      hit,
      state,
      why: op.why,
    });
  },
  coh(ctx, agent, block, from, to, event, actions, txn) {
    ctx.events.push({
      kind: 'edt.coh',
      node: ctx.node.id,
      agent,
      target: blockName(ctx, block),
      from,
      to,
      event,
      actions,
      txn,
    });
  },
  txn(ctx, txn, cycles) {
    if (ctx.layout.blocks[txn.block]?.region === 'send' && txn.request.kind !== 'ucStore')
      ctx.node.sendBlockTxns++;
    ctx.events.push({
      kind: 'edt.txn',
      node: ctx.node.id,
      txn: txn.id,
      txnKind: txn.kind,
      agent: txn.agent,
      target: txn.target,
      source: txn.source,
      cycles,
      why: txn.why,
    });
  },
  nack() {
    throw new Error('EDT model: a NACK on a bus without a bridge');
  },
  // Computing is told by the ledger's slices and the agents' status, not event by event.
  work() {},
};

/**
 * An NI block meets `event`: the table's cell for its status gives the next status and the
 * actions, which the caller performs; anything but a transition is a model error.
 */
export function niStep(
  ctx: Ctx,
  block: number,
  event: EdtNiEvent,
  why: string,
): readonly EdtNiAction[] {
  const b = ctx.node.ni.blocks[block] ?? modelError(ctx, `no NI block ${block}`);
  const cell = cellOf(ctx.protocol, b.st, event);
  if (cell.kind !== 'transition')
    modelError(
      ctx,
      `NI block ${blockName(ctx, block)}: ${b.st} × ${event} is ${cell.kind}: ${cell.why}`,
    );
  ctx.events.push({
    kind: 'edt.st',
    node: ctx.node.id,
    target: blockName(ctx, block),
    from: b.st,
    to: cell.next,
    event,
    actions: cell.actions,
    why,
  });
  b.st = cell.next;
  return cell.actions;
}

/** Whether the NI table's cell for `block` × `event` would perform `action` (no change made). */
export function cellDoes(ctx: Ctx, block: number, event: EdtNiEvent, action: EdtNiAction): boolean {
  const b = ctx.node.ni.blocks[block];
  if (!b) return false;
  const cell = cellOf(ctx.protocol, b.st, event);
  return cell.kind === 'transition' && cell.actions.includes(action);
}

export function viaStep(ctx: Ctx, step: ViaStep, actor: AgentName, msg: number, what: string) {
  ctx.events.push({ kind: 'via.step', node: ctx.node.id, step, actor, msg, what });
}

/** A slice of a message's latency for the phase ledger (sim-core/ledger/). */
export function slice(
  ctx: Ctx,
  msg: number,
  actor: string,
  phase: string,
  category: PhaseCategory,
  part: string | null,
  start: number,
  end: number,
  source: string,
) {
  if (msg < 0 || end <= start) return;
  ctx.events.push({
    kind: 'phase',
    message: msg,
    node: ctx.node.id,
    actor,
    phase,
    category,
    part,
    start,
    end,
    source,
  });
}

/** The seed's three parts of the latency (Fig. 8's split) [002 L196]. */
export const PARTS = {
  userData: 'User Data',
  dataTransfer: 'Data Transfer',
  transport: 'Transport',
} as const;

/**
 * One message's bus traffic under each NI the paper measured (round2-spec §B1.3, "Bus timeline
 * against the CC-DMA baseline"): the loaded scenario run again with EDT, CC-DMA by intervention
 * and CC-DMA by retry, and every transaction both hosts' buses carried from the message's
 * VipPostSend() to its receipt, with the send buffer's blocks and the descriptor for the ribbon
 * that counts them (2 per block at best, 2·B·W at worst) [002 L136-138]. Different NIs are
 * different runs, so this is a sweep in the worker, not a compare-mode diff.
 */
import type { BusTxnKind } from '../../node/bus/bus-state';
import { edtConfigOf } from './edt-config';
import type { EdtScenario } from './edt-schema';
import { runPoint } from './edt-sweep';
import { layoutOf, messageBlocks } from './layout';
import type { EdtNiName } from './ni-kinds';

export interface TimelineTxn {
  id: number;
  node: number;
  kind: BusTxnKind;
  agent: string;
  target: string;
  source: string;
  grantedAt: number;
  endsAt: number;
  why: string;
}

export interface TimelineRow {
  ni: EdtNiName;
  msg: number;
  /** VipPostSend() and the receiver's poll seeing the message (-1 if it never did). */
  start: number;
  end: number;
  txns: TimelineTxn[];
  /** The sending host's blocks the ribbon counts: the message's, then its descriptor. */
  blocks: string[];
  outcome: 'done' | 'error';
  problem: string;
}

export interface TimelineRequest {
  /** Which message (its id in the run). */
  msg: number;
}

export function timelineRow(base: EdtScenario, ni: EdtNiName, msg: number): TimelineRow {
  const cfg = {
    ...edtConfigOf({ ...base, system: { ...base.system, ni } }),
    checkInvariants: false,
  };
  const txns: TimelineTxn[] = [];
  try {
    const system = runPoint(cfg, (e, cycle) => {
      if (e.kind === 'edt.txn')
        txns.push({
          id: e.txn,
          node: e.node,
          kind: e.txnKind,
          agent: e.agent,
          target: e.target,
          source: e.source,
          grantedAt: cycle,
          endsAt: cycle + e.cycles,
          why: e.why,
        });
    });
    const m = system.state.messages[msg];
    if (!m)
      return {
        ni,
        msg,
        start: -1,
        end: -1,
        txns: [],
        blocks: [],
        outcome: 'error',
        problem: `no message ${msg}`,
      };
    const { startedAt: start, completedAt: end } = m;
    const layout = layoutOf(cfg.regions, cfg.blockBytes);
    return {
      ni,
      msg,
      start,
      end,
      txns: txns.filter((t) => t.grantedAt >= start && (end < 0 || t.grantedAt <= end)),
      blocks: [...messageBlocks(layout, 'send', m.bytes), layout.sendDesc].map(
        (b) => layout.blocks[b]!.name,
      ),
      outcome: 'done',
      problem: '',
    };
  } catch (e) {
    const problem = e instanceof Error ? e.message : String(e);
    return { ni, msg, start: -1, end: -1, txns: [], blocks: [], outcome: 'error', problem };
  }
}

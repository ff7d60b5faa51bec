/**
 * The EDT model's progress watchdog (kernel/watchdog.ts): every message posted must be received.
 * Progress is a message taking a step (a VIA step, a message event, a store of its data), the NI
 * moving a block (a fetch, a status change, a DMA block or phase), a bus transaction other than a
 * RETRY, or a message in the network. A poll spinning on its cached completion queue is none. With
 * the run not over and none of these for longer than the longest work the scenario prescribes plus
 * `checks.stallWatchdog`, the run reports a `sim.stall` saying where each host waits.
 */
import type { EdtConfig } from './edt-config';
import { fragmentsOf } from './edt-config';
import type { EdtModelEvent } from './edt-events';
import type { EdtState } from './edt-state';

/** Quiet cycles before a stall is reported: the watchdog's limit past any prescribed work. */
export function quietLimit(cfg: EdtConfig): number {
  const ni = cfg.niCosts;
  const w = cfg.workload;
  const viMsg =
    Math.max(ni.viMsgSend, ni.viMsgReceive, ni.viMsgPost) +
    ni.viMsgFragment * (fragmentsOf(cfg, w.bytes) - 1);
  const dmaSlowdown = cfg.dma.rateScalesSetup ? 1 / cfg.dma.rate : 1;
  const dma = Math.ceil((cfg.dma.init + cfg.dma.intr) * dmaSlowdown);
  const host = cfg.host.call + cfg.host.poll + cfg.host.store + cfg.host.l2Latency;
  return (
    cfg.stallWatchdog +
    (viMsg + dma + ni.fetchDelay) * ni.niCycle +
    host +
    w.storeGap +
    w.prepareGap
  );
}

const PROGRESS_KINDS: ReadonlySet<EdtModelEvent['kind']> = new Set([
  'via.step',
  'edt.msg',
  'edt.fetch',
  'edt.st',
  'dma.post',
  'dma.phase',
  'dma.block',
  'dma.done',
] as const);

const isProgress = (e: EdtModelEvent): boolean =>
  PROGRESS_KINDS.has(e.kind) ||
  (e.kind === 'edt.access' && e.op === 'store') ||
  (e.kind === 'edt.txn' && e.txnKind !== 'RETRY');

export const progressed = (events: readonly EdtModelEvent[], inTransit: number): boolean =>
  inTransit > 0 || events.some(isProgress);

/** Where each host's work waits, for the stall's words. */
export function waitingText(state: EdtState): string {
  return state.nodes
    .map((node) => {
      const here: string[] = [];
      const p = node.agents.P!;
      const top = p.stack[p.stack.length - 1];
      if (!p.halted && top) here.push(`P in ${top.routine}${p.busy ? ` (${p.busy.op.op})` : ''}`);
      const ni = node.ni;
      if (ni.jobs.length) here.push(`VI-MSG has ${ni.jobs.length} jobs`);
      if (ni.waiting.length) here.push(`${ni.waiting.length} arrived, no receive posted`);
      if (ni.fetches.length) here.push(`${ni.fetches.length} fetches owed`);
      if (node.dma && (node.dma.current || node.dma.queue.length))
        here.push(`the DMA engine holds ${node.dma.queue.length + (node.dma.current ? 1 : 0)}`);
      if (node.bus.queue.length) here.push(`${node.bus.queue.length} bus requests queued`);
      return here.length ? `host ${node.id}: ${here.join(', ')}` : '';
    })
    .filter(Boolean)
    .join('; ');
}

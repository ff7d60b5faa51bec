/**
 * FLASH's resolved configuration: the scenario's machine and workload with every default and
 * cost filled in, and each transfer's geometry worked out once.
 */
import type { LinkParams } from '../../net/message-network';
import type { RouterKind } from '../../network/routing';
import type { Costs } from './flash-costs';
import type { FlashOp, FlashTransferOut } from './flash-schema';
import { componentCount, sourceLineCount, transferPages } from './geometry';

export interface TransferPlan extends FlashTransferOut {
  id: number;
  /** Components on the wire (one line each) and source lines read. */
  components: number;
  sourceLines: number;
  srcPages: number;
  dstPages: number;
  /** Bytes the receive posts (the byte stream's credit). */
  posted: number;
}

export interface FlashConfig {
  nodes: number;
  handler: 'chunked' | 'naive';
  chunk: number;
  coherence: 'collect' | 'pipelined';
  addressValidity: 'invalidation' | 'hold-off';
  network: LinkParams & {
    kind: 'pipe' | 'torus';
    router: RouterKind;
    latency: number;
    bytesPerCycle: number;
    lanes: number;
    k: number;
    hops?: number;
  };
  queues: { processor: number; networkIn: number; networkOut: number };
  dataBuffers: number;
  maxOps: number;
  inbox: 'round-robin' | 'reply-first';
  costs: Costs;
  transfers: TransferPlan[];
  programs: FlashOp[][];
  watchdog: number;
  checkInvariants: boolean;
  seed: number;
}

export function planTransfer(t: FlashTransferOut, id: number): TransferPlan {
  return {
    ...t,
    id,
    components: componentCount(t),
    sourceLines: sourceLineCount(t),
    srcPages: transferPages(t, true),
    dstPages: transferPages(t, false),
    posted: t.receiveBytes ?? t.bytes,
  };
}

/** What every part of the FUGU machine works on during a cycle: its configuration, state and events. */
import type { MessageNetwork } from '../../net/message-network';
import type { MessageNetworkState } from '../../net/networks';
import type { ContextSwitchObserver } from '../../os/context-switch';
import type { FuguAppConfig, FuguConfig } from './fugu-config';
import type { FuguModelEvent } from './fugu-events';
import type { FuguMessage, FuguNode, FuguProcess, FuguState } from './fugu-state';

export interface FuguCtx {
  cfg: FuguConfig;
  state: FuguState;
  /** The main network the messages cross (fugu-network.ts). */
  network: MessageNetwork<MessageNetworkState>;
  events: FuguModelEvent[];
  /** Devices told of every context switch (the NI loads the incoming GID and divert mode). */
  observers: ContextSwitchObserver[];
  /** The interactive jobs' pids (work arrives for them every cycle it is due). */
  interactive: number[];
}

export const nodeOf = (ctx: FuguCtx, n: number): FuguNode => ctx.state.nodes[n]!;
export const procOf = (ctx: FuguCtx, pid: number): FuguProcess => ctx.state.procs[pid]!;
export const msgOf = (ctx: FuguCtx, id: number): FuguMessage => ctx.state.messages[id]!;
/** The application a process or message belongs to, by GID. */
export const appOf = (ctx: FuguCtx, gid: number): FuguAppConfig =>
  ctx.cfg.apps.find((a) => a.gid === gid)!;

/** The process running on a node, if any. */
export const runningOn = (ctx: FuguCtx, node: FuguNode): FuguProcess | null =>
  node.running === null ? null : procOf(ctx, node.running);

/** The local process of application `gid` on `node`. */
export const localProcess = (ctx: FuguCtx, node: number, gid: number): FuguProcess | undefined =>
  ctx.state.procs.find((p) => p.node === node && p.gid === gid);

/** Every network a message-passing model can run on, by `network.kind` (round2-spec §A.2 S3). */
import type { LinkParams, MessageNetwork } from './message-network';
import { pipe, type NetworkPipe } from './pipe';
import { zero } from './zero';

export const NETWORK_KIND_NAMES = ['pipe', 'zero'] as const;
export type NetworkKind = (typeof NETWORK_KIND_NAMES)[number];

/** A network as a scenario names it: its kind and timing. */
export interface NetworkParams extends LinkParams {
  kind: NetworkKind;
}

/** The state of whichever network `network.kind` chose: plain data (the zero network keeps the pipe's). */
export type MessageNetworkState = NetworkPipe;

export const MESSAGE_NETWORKS: Readonly<Record<NetworkKind, MessageNetwork<MessageNetworkState>>> =
  { pipe, zero };

export const networkOf = (params: Pick<NetworkParams, 'kind'>) => MESSAGE_NETWORKS[params.kind];

/** Every network a message-passing model can run on, by `network.kind` (round2-spec §A.2 S3). */
import type { LinkParams, MessageNetwork } from './message-network';
import { pipe, type NetworkPipe } from './pipe';
import { ring, type NetworkRing } from './ring';
import { zero } from './zero';

/** The networks a model's messages may travel on. */
export const NETWORK_KIND_NAMES = ['pipe', 'zero'] as const;
export type NetworkKind = (typeof NETWORK_KIND_NAMES)[number];
/** Second networks, kept beside the main one for the operating system (FUGU's ring, [004 L1161]). */
export const SECOND_NETWORK_KIND_NAMES = ['ring'] as const;
export type SecondNetworkKind = (typeof SECOND_NETWORK_KIND_NAMES)[number];

/** A network as a scenario names it: its kind and timing. */
export interface NetworkParams extends LinkParams {
  kind: NetworkKind;
}

/** The state of whichever network `network.kind` chose: plain data (the zero network keeps the pipe's). */
export type MessageNetworkState = NetworkPipe;

export const MESSAGE_NETWORKS: Readonly<Record<NetworkKind, MessageNetwork<MessageNetworkState>>> =
  { pipe, zero };

export const SECOND_NETWORKS: Readonly<Record<SecondNetworkKind, MessageNetwork<NetworkRing>>> = {
  ring,
};

export const networkOf = (params: Pick<NetworkParams, 'kind'>) => MESSAGE_NETWORKS[params.kind];

/** Every network a message-passing model can run on, by `network.kind` (round2-spec §A.2 S3). */
import { commonTorus, type CommonTorusRun } from './common-torus';
import type { LinkParams, MessageNetwork } from './message-network';
import { pipe, type NetworkPipe } from './pipe';
import { ring, type NetworkRing } from './ring';
import type { TorusMessages } from './torus';
import { zero } from './zero';

/** The networks a model's messages may travel on: the torus is the message bench's common one. */
export const NETWORK_KIND_NAMES = ['pipe', 'zero', 'torus'] as const;
export type NetworkKind = (typeof NETWORK_KIND_NAMES)[number];
/** Second networks, kept beside the main one for the operating system (FUGU's ring, [004 L1161]). */
export const SECOND_NETWORK_KIND_NAMES = ['ring'] as const;
export type SecondNetworkKind = (typeof SECOND_NETWORK_KIND_NAMES)[number];

/** A network as a scenario names it: its kind and timing. */
export interface NetworkParams extends LinkParams {
  kind: NetworkKind;
  /** The torus: hops between one node and the next (absent: node n at router n). */
  hops?: number;
}

/** The state of whichever network `network.kind` chose: plain data (the zero network keeps the pipe's). */
export type MessageNetworkState = NetworkPipe | TorusMessages;

/** What a network needs of the model's run beyond its parameters (the torus's clock and seed). */
export type NetworkRun = Omit<CommonTorusRun, 'hops'>;

export const SECOND_NETWORKS: Readonly<Record<SecondNetworkKind, MessageNetwork<NetworkRing>>> = {
  ring,
};

const BUILDERS: Readonly<
  Record<NetworkKind, (p: NetworkParams, run: NetworkRun) => MessageNetwork<MessageNetworkState>>
> = {
  pipe: () => pipe as MessageNetwork<MessageNetworkState>,
  zero: () => zero as MessageNetwork<MessageNetworkState>,
  torus: (p, run) =>
    commonTorus({
      ...run,
      ...(p.hops === undefined ? {} : { hops: p.hops }),
    }) as unknown as MessageNetwork<MessageNetworkState>,
};

/** The network a scenario's `network` names, for this run. */
export const networkOf = (params: NetworkParams, run: NetworkRun) =>
  BUILDERS[params.kind](params, run);

/**
 * The network between the nodes of a message-passing model, as a replaceable part (round2-spec
 * §A.2 S3): a model talks to it only through MessageNetwork, chosen by `network.kind` from the
 * registry (networks.ts), and keeps its state as plain data in its own snapshot. Nodes are
 * numbered 0…n-1 and messages are the model's message ids: the network moves ids, not contents.
 */

/** How a network is timed, as a scenario gives it. */
export interface LinkParams {
  /** Cycles from a message's last byte injected to its first byte delivered. */
  latency: number;
  /** Messages a source may have outstanding to one destination (a sliding window). */
  window: number;
  /**
   * Messages all sources together may have outstanding to one destination: seed 004's T2 model
   * lumps every queue on the way into one buffer at the receiver [004 L1187]. Absent: no limit.
   */
  receiverLimit?: number;
}

export interface MessageNetwork<S> {
  /** A network of `nodes` nodes timed by `p` (a network that needs neither ignores them). */
  initial(nodes?: number, p?: LinkParams): S;
  /** May a message from `src` to `dst` leave its node now? */
  canInject(net: S, p: LinkParams, src: number, dst: number): boolean;
  inject(net: S, p: LinkParams, now: number, msg: number, src: number, dst: number): void;
  /** A message from outside the model reaches its node at cycle `at`. */
  arriveFromOutside(net: S, msg: number, at: number): void;
  /** `dst` accepted a message from `src`: the sender's window gets its slot back. */
  acknowledge(net: S, p: LinkParams, now: number, src: number, dst: number): void;
  /** Advances to cycle `now`; returns the messages that reach their nodes now, in order. */
  deliverDue(net: S, now: number): number[];
  /** Messages on their way, for the frame and the halting test. */
  inTransit(net: S): readonly { msg: number; arrivesAt: number }[];
}

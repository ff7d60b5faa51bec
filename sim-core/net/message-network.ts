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
  /** Messages a source may have outstanding to one destination, per lane (a sliding window). */
  window: number;
  /**
   * Bytes a node's link carries per cycle: a message occupies its source's link for
   * ⌈bytes / bytesPerCycle⌉ cycles, one message after another (absent: injection takes no time).
   */
  bytesPerCycle?: number;
  /**
   * Virtual lanes (FLASH's request and reply, seed 003 L12): each has its own window and its own
   * delivery order, so a message held at a full receiver never blocks another lane's. Absent: 1.
   */
  lanes?: number;
  /**
   * Messages all sources together may have outstanding to one destination: seed 004's T2 model
   * lumps every queue on the way into one buffer at the receiver [004 L1187]. Absent: no limit.
   */
  receiverLimit?: number;
}

/** What the network needs to know of a message beyond its ends: its size and its lane. */
export interface MessageShape {
  bytes: number;
  /** 0 request, 1 reply; folded to 0 when the network has one lane. */
  lane: number;
  /**
   * The model's own frames: the message travels as frames of at most this many bytes, each cut
   * into the network's packets on its own (EDT's MTU [002 L189]). Absent: one frame.
   */
  frameBytes?: number;
}

export interface MessageNetwork<S> {
  /** It moves bytes, not whole messages: `inject` needs every message's shape (the torus). */
  readonly sized?: boolean;
  /** A network of `nodes` nodes timed by `p` (a network that needs neither ignores them). */
  initial(nodes?: number, p?: LinkParams): S;
  /** May a message (of `bytes`) from `src` to `dst` leave its node now (on `lane`, 0 if absent)? */
  canInject(
    net: S,
    p: LinkParams,
    src: number,
    dst: number,
    lane?: number,
    bytes?: number,
  ): boolean;
  inject(
    net: S,
    p: LinkParams,
    now: number,
    msg: number,
    src: number,
    dst: number,
    shape?: MessageShape,
  ): void;
  /** A message from outside the model reaches its node at cycle `at`. */
  arriveFromOutside(net: S, msg: number, at: number): void;
  /** `dst` accepted a message from `src` (on `lane`): the sender's window gets its slot back. */
  acknowledge(net: S, p: LinkParams, now: number, src: number, dst: number, lane?: number): void;
  /**
   * Advances to cycle `now`; returns the messages that reach their nodes now, in order. With
   * `accept`, a message its node refuses stays in the network, and so does every later one on
   * its lane to that node (a lane is a FIFO): the sender's window fills and holds it back.
   */
  deliverDue(net: S, now: number, accept?: (msg: number) => boolean): number[];
  /**
   * The first cycle at which deliverDue has anything to do (a message or an acknowledgement
   * arriving), Infinity when nothing is on its way: a model that skips quiet cycles stops short
   * of it. Absent: the network cannot say, and nobody skips.
   */
  nextDue?(net: S): number;
  /** Messages on their way, for the frame and the halting test. */
  inTransit(net: S): readonly { msg: number; arrivesAt: number }[];
  /** The first cycle `src`'s link is free again (the cycle itself when idle). */
  linkFreeAt?(net: S, src: number, now: number): number;
  /** A deep copy of a snapshot's state to run on, when a plain copy will not do. */
  revive?(net: S): S;
}

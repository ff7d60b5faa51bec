/**
 * The torus as a message network (round2-spec §A.2 S3): a model's messages cross the torus of
 * sim-core/network/ as the network's fixed-length packets, through the torus-node kit's port.
 * A message of `bytes` becomes ⌈bytes / payload⌉ packets (payload: the packet's phits less the
 * torus's own header), each carrying its fragment number; the receiving node reassembles the
 * message from them in whatever order the routers deliver them (the chaos router may reorder)
 * and hands it to the model whole. A node takes a packet's first phit only while fewer than
 * `reassembly` whole messages wait for the model, so a model that refuses messages backs the
 * torus up as a full inbox would. A message longer than its node's injection queue streams into
 * it as the queue drains; the node sends nothing else meanwhile.
 *
 * Two settings for a model whose own network is a pipe (the message bench's common torus):
 * `clock`, the model's cycle and the torus's in nanoseconds (the torus runs at its own rate under
 * whatever cycle the model counts), and `windowed`, the model's sliding window held end to end
 * (sim-core/net/window.ts), each acknowledgement a one-packet message back across the torus.
 *
 * One message class: the torus's request/reply classes (docs/architecture.md, "Request and reply
 * classes") are not built, so a reply can wait behind requests inside the torus. The model's own
 * queues still keep the lanes apart once a message has arrived.
 */
import type { NetworkConfig } from '../network/network-config';
import type { NetworkModelEvent } from '../network/network-events';
import type { NetworkFrame, NetworkStats } from '../network/network-frame';
import { reviveNetworkState, type NetworkState } from '../network/network-state';
import { storePacket, type CarriedPacket, type PacketStore } from '../node/torus/packet-store';
import { TorusPort } from '../node/torus/port';
import { clonePlain } from '../kernel/clone';
import type { MessageNetwork, MessageShape } from './message-network';
import { laneOf, windowKey, windowOpen, type Window } from './window';

/** What a packet carries: a fragment of a message, or an acknowledgement of one (`windowed`). */
export type TorusCargo =
  { msg: number; fragment: number } | { ack: { src: number; dst: number; lane: number } };

/** A packet on the torus, and the model's node it goes to. */
export interface Fragment extends CarriedPacket<TorusCargo> {
  dst: number;
}

export interface TorusMessages {
  kind: 'torus';
  torus: NetworkState;
  store: PacketStore<Fragment>;
  /**
   * Messages on their way: fragments still missing, by fragment number; with `ordered`, the
   * message's place among those of its source, destination and lane.
   */
  parts: Record<
    number,
    { dst: number; missing: number[]; sentAt: number; order?: { key: string; seq: number } }
  >;
  /** Whole messages waiting for their node to take them, in order of completion. */
  whole: { msg: number; dst: number }[];
  /** Messages from outside the model, reaching their node at cycle `at`. */
  outside: { msg: number; at: number }[];
  /** Packets made but not yet in their node's injection queue, by the model's node, in order. */
  waiting: Record<number, number[]>;
  /** Messages outstanding per source → destination (`windowed` only). */
  window: Window;
  /** `ordered`: messages sent and handed over so far per source → destination (window keys). */
  sent: Record<string, number>;
  handed: Record<string, number>;
  /** `ordered`: whole messages that overtook an earlier one of their pair, held for it. */
  early: { msg: number; dst: number; key: string; seq: number }[];
  /** The torus's events of the last cycle (the model may show them). */
  moves: number;
}

export interface TorusParams {
  config: NetworkConfig;
  /** Bytes one phit carries. */
  phitBytes: number;
  /** Bytes of each packet the torus's own header takes (absent: 0, the message's own header routes it). */
  headerBytes?: number;
  /** Whole messages a node holds for its model before it refuses packets. */
  reassembly: number;
  /**
   * The torus node each of the model's nodes sits at (absent: node n at torus node n), so two
   * nodes can be a chosen number of hops apart (the message bench's 1 and 8 hops).
   */
  placement?: readonly number[];
  /** The model's cycle and the torus's, in ns (absent: one torus cycle a model cycle). */
  clock?: { modelNs: number; torusNs: number };
  /** Hold the model's window (`LinkParams.window`, `receiverLimit`) end to end, acknowledged. */
  windowed?: boolean;
  /**
   * Hand a source's messages to a destination (per lane) in the order they were sent, as the
   * pipe does: the receiving node holds one that overtook another until the other is whole.
   */
  ordered?: boolean;
}

const isAck = (c: TorusCargo): c is Extract<TorusCargo, { ack: unknown }> => 'ack' in c;

/** The torus adapter for one run: its port and network hold the configuration; state is the model's. */
export function torusNetwork(params: TorusParams): MessageNetwork<TorusMessages> & {
  frame(net: TorusMessages): NetworkFrame;
  stats(net: TorusMessages): NetworkStats;
  revive(net: TorusMessages): TorusMessages;
} {
  const { config, phitBytes, reassembly, placement, clock } = params;
  const { windowed = false, ordered = false } = params;
  const at = (node: number) => placement?.[node] ?? node;
  const modelNode = (torusNode: number) => (placement ? placement.indexOf(torusNode) : torusNode);
  const payloadBytes = config.packetPhits * phitBytes - (params.headerBytes ?? 0);
  /** The torus's cycle by the model's cycle `now` (whole torus cycles elapsed). */
  const torusCycleAt = (now: number) =>
    clock ? Math.floor((now * clock.modelNs) / clock.torusNs) : now;
  let current: TorusMessages | null = null;
  const ready = (node: number) => current!.whole.filter((w) => w.dst === node).length;
  const port = new TorusPort<Fragment, TorusCargo>(config, {
    store: () => current!.store,
    cycle: () => current!.torus.cycle,
    headers: { rewrite: (h) => h },
    accepts: (node) => ready(modelNode(node)) < reassembly,
    headArrived: () => {},
    tailArrived: (_node, pkt) => {
      const net = current!;
      delete net.store.packets[pkt.id];
      if (isAck(pkt.header)) {
        const { src, dst, lane } = pkt.header.ack;
        net.window[windowKey(src, dst, lane)]! -= 1;
        return;
      }
      const { msg, fragment } = pkt.header;
      const part = net.parts[msg];
      if (!part) return;
      part.missing = part.missing.filter((f) => f !== fragment);
      if (part.missing.length > 0) return;
      delete net.parts[msg];
      if (!part.order) net.whole.push({ msg, dst: part.dst });
      else handOver(net, { msg, dst: part.dst, ...part.order });
    },
  });
  /** A whole message of an ordered pair: handed over in turn, with those it was holding up. */
  const handOver = (net: TorusMessages, m: TorusMessages['early'][number]) => {
    net.early.push(m);
    for (;;) {
      const turn = net.handed[m.key] ?? 0;
      const i = net.early.findIndex((e) => e.key === m.key && e.seq === turn);
      if (i < 0) return;
      const next = net.early.splice(i, 1)[0]!;
      net.whole.push({ msg: next.msg, dst: next.dst });
      net.handed[m.key] = turn + 1;
    }
  };
  const attach = (net: TorusMessages) => {
    current = net;
    port.attach(net.torus);
  };
  const packetsIn = (bytes: number) => Math.max(1, Math.ceil(bytes / payloadBytes));
  /** Packets of a message: each of the model's frames is cut into packets on its own. */
  const packetsOf = (shape: MessageShape | undefined) => {
    const bytes = shape?.bytes ?? payloadBytes;
    const frame = shape?.frameBytes;
    if (!frame || frame >= bytes) return packetsIn(bytes);
    const rest = bytes % frame;
    return Math.floor(bytes / frame) * packetsIn(frame) + (rest > 0 ? packetsIn(rest) : 0);
  };
  const queueRoom = (net: TorusMessages, src: number) =>
    config.injectionQueue - (net.torus.queues[at(src)]?.length ?? 0);
  const submit = (net: TorusMessages, src: number, id: number) => {
    const pkt = net.store.packets[id]!;
    return port.submit(pkt, at(src), at(pkt.dst));
  };
  /** Waiting packets enter their injection queues as there is room, in order. */
  const feed = (net: TorusMessages) => {
    for (const key in net.waiting) {
      const src = Number(key);
      const queue = net.waiting[src]!;
      while (queue.length > 0 && submit(net, src, queue[0]!)) queue.shift();
      if (queue.length === 0) delete net.waiting[src];
    }
  };
  /** A new packet from `src`: straight into the injection queue unless others wait before it. */
  const send = (net: TorusMessages, src: number, cargo: TorusCargo, dst: number, now: number) => {
    const pkt = storePacket(net.store, (id): Fragment => ({
      id,
      header: cargo,
      netId: -1,
      injectedAt: now,
      headAt: -1,
      deliveredAt: -1,
      hops: 0,
      deroutes: 0,
      path: [],
      derouted: [],
      dst,
    }));
    const queue = net.waiting[src];
    if (queue === undefined && submit(net, src, pkt.id)) return;
    const waiting = (net.waiting[src] ??= []);
    // An acknowledgement goes ahead of the data waiting at its node (after earlier ones).
    const behind = isAck(cargo)
      ? waiting.findIndex((id) => !isAck(net.store.packets[id]!.header))
      : -1;
    waiting.splice(behind < 0 ? waiting.length : behind, 0, pkt.id);
  };

  return {
    sized: true,
    initial() {
      const state = port.net.state;
      return {
        kind: 'torus',
        torus: reviveNetworkState(state),
        store: { packets: {}, inFlight: {}, nextPacket: 0 },
        parts: {},
        whole: [],
        outside: [],
        waiting: {},
        window: {},
        sent: {},
        handed: {},
        early: [],
        moves: 0,
      };
    },
    canInject: (net, p, src, dst, lane, bytes) =>
      (!windowed || windowOpen(net.window, p, src, dst, lane)) &&
      net.waiting[src] === undefined &&
      queueRoom(net, src) >= Math.min(packetsIn(bytes ?? payloadBytes), config.injectionQueue),
    inject(net, p, now, msg, src, dst, shape) {
      attach(net);
      const key = windowKey(src, dst, laneOf(p.lanes, shape?.lane));
      if (windowed) net.window[key] = (net.window[key] ?? 0) + 1;
      const n = packetsOf(shape);
      const missing = Array.from({ length: n }, (_, i) => i);
      net.parts[msg] = { dst, missing, sentAt: now };
      if (ordered) {
        net.parts[msg].order = { key, seq: net.sent[key] ?? 0 };
        net.sent[key] = (net.sent[key] ?? 0) + 1;
      }
      for (let fragment = 0; fragment < n; fragment++) send(net, src, { msg, fragment }, dst, now);
    },
    arriveFromOutside(net, msg, at) {
      net.outside.push({ msg, at });
    },
    acknowledge(net, p, now, src, dst, lane) {
      if (!windowed) return;
      attach(net);
      send(net, dst, { ack: { src, dst, lane: laneOf(p.lanes, lane) } }, src, now);
    },
    deliverDue(net, now, accept) {
      attach(net);
      const target = torusCycleAt(now);
      let moves = 0;
      while (net.torus.cycle < target) {
        // An empty torus with nothing to send skips to the target: nothing would move.
        const sending = Object.keys(net.waiting).length > 0;
        if (!sending && port.idle(target - net.torus.cycle)) break;
        feed(net);
        moves += (port.step() as NetworkModelEvent[]).length;
      }
      net.moves = moves;
      const taken: number[] = [];
      const takes = (msg: number) => (!accept || accept(msg)) && taken.push(msg) > 0;
      if (net.outside.length > 0)
        net.outside = net.outside.filter((o) => o.at > now || !takes(o.msg));
      const refused = new Set<number>();
      const before = taken.length;
      for (const w of net.whole) if (!refused.has(w.dst) && !takes(w.msg)) refused.add(w.dst);
      if (taken.length > before) net.whole = net.whole.filter((w) => !taken.includes(w.msg));
      return taken;
    },
    inTransit: (net) => [
      ...Object.entries(net.parts).map(([msg, p]) => ({ msg: Number(msg), arrivesAt: p.sentAt })),
      ...net.early.map((w) => ({ msg: w.msg, arrivesAt: -1 })),
      ...net.whole.map((w) => ({ msg: w.msg, arrivesAt: -1 })),
      ...net.outside.map((o) => ({ msg: o.msg, arrivesAt: o.at })),
    ],
    frame(net) {
      attach(net);
      return port.net.frame();
    },
    stats(net) {
      attach(net);
      return port.net.stats();
    },
    revive: (net) => ({
      ...clonePlain({ ...net, torus: null }),
      torus: reviveNetworkState(net.torus),
    }),
  };
}

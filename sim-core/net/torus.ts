/**
 * The torus as a message network (round2-spec §A.2 S3): a model's messages cross the torus of
 * sim-core/network/ as the network's fixed-length packets, through the torus-node kit's port.
 * A message of `bytes` becomes ⌈bytes / (packetPhits × phitBytes)⌉ packets, each carrying its
 * fragment number; the receiving node reassembles the message from them in whatever order the
 * routers deliver them (the chaos router may reorder) and hands it to the model whole. A node
 * takes a packet's first phit only while fewer than `reassembly` whole messages wait for the
 * model, so a model that refuses messages backs the torus up as a full inbox would.
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
import type { MessageNetwork } from './message-network';

/** A packet of a message: which message and which of its fragments. */
export interface Fragment extends CarriedPacket<{ msg: number; fragment: number }> {
  dst: number;
}

export interface TorusMessages {
  kind: 'torus';
  torus: NetworkState;
  store: PacketStore<Fragment>;
  /** Messages on their way: fragments still missing, by fragment number. */
  parts: Record<number, { dst: number; missing: number[]; sentAt: number }>;
  /** Whole messages waiting for their node to take them, in order of completion. */
  whole: { msg: number; dst: number }[];
  /** The torus's events of the last cycle (the model may show them). */
  moves: number;
}

export interface TorusParams {
  config: NetworkConfig;
  /** Bytes one phit carries. */
  phitBytes: number;
  /** Whole messages a node holds for its model before it refuses packets. */
  reassembly: number;
  /**
   * The torus node each of the model's nodes sits at (absent: node n at torus node n), so two
   * nodes can be a chosen number of hops apart (the message bench's 1 and 8 hops).
   */
  placement?: readonly number[];
}

/** The torus adapter for one run: its port and network hold the configuration; state is the model's. */
export function torusNetwork(params: TorusParams): MessageNetwork<TorusMessages> & {
  frame(net: TorusMessages): NetworkFrame;
  stats(net: TorusMessages): NetworkStats;
  revive(net: TorusMessages): TorusMessages;
} {
  const { config, phitBytes, reassembly, placement } = params;
  const at = (node: number) => placement?.[node] ?? node;
  const modelNode = (torusNode: number) => (placement ? placement.indexOf(torusNode) : torusNode);
  const packetBytes = config.packetPhits * phitBytes;
  let current: TorusMessages | null = null;
  const waiting = (node: number) => current!.whole.filter((w) => w.dst === node).length;
  const port = new TorusPort<Fragment, { msg: number; fragment: number }>(config, {
    store: () => current!.store,
    cycle: () => current!.torus.cycle,
    headers: { rewrite: (h) => h },
    accepts: (node) => waiting(modelNode(node)) < reassembly,
    headArrived: () => {},
    tailArrived: (_node, pkt) => {
      const part = current!.parts[pkt.header.msg];
      if (!part) return;
      part.missing = part.missing.filter((f) => f !== pkt.header.fragment);
      if (part.missing.length > 0) return;
      delete current!.parts[pkt.header.msg];
      current!.whole.push({ msg: pkt.header.msg, dst: part.dst });
    },
  });
  const attach = (net: TorusMessages) => {
    current = net;
    port.attach(net.torus);
  };
  const fragmentsOf = (bytes: number) => Math.max(1, Math.ceil(bytes / packetBytes));
  const queueRoom = (net: TorusMessages, src: number) =>
    config.injectionQueue - (net.torus.queues[src]?.length ?? 0);

  return {
    initial() {
      const state = port.net.state;
      return {
        kind: 'torus',
        torus: reviveNetworkState(state),
        store: { packets: {}, inFlight: {}, nextPacket: 0 },
        parts: {},
        whole: [],
        moves: 0,
      };
    },
    canInject: (net, _p, src, _dst, _lane, bytes) =>
      queueRoom(net, at(src)) >= fragmentsOf(bytes ?? packetBytes),
    inject(net, _p, now, msg, src, dst, shape) {
      attach(net);
      const n = fragmentsOf(shape?.bytes ?? packetBytes);
      net.parts[msg] = { dst, missing: Array.from({ length: n }, (_, i) => i), sentAt: now };
      for (let fragment = 0; fragment < n; fragment++) {
        const pkt = storePacket(net.store, (id): Fragment => ({
          id,
          header: { msg, fragment },
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
        // canInject checked the injection queue has room for every fragment.
        if (!port.submit(pkt, at(src), at(dst)))
          throw new Error(`torus: node ${src}'s injection queue is full`);
      }
    },
    arriveFromOutside(net, msg, at) {
      net.parts[msg] = { dst: -1, missing: [], sentAt: at };
    },
    acknowledge() {},
    deliverDue(net, now, accept) {
      attach(net);
      let moves = 0;
      while (net.torus.cycle < now) moves += (port.step() as NetworkModelEvent[]).length;
      net.moves = moves;
      const taken: number[] = [];
      const refused = new Set<number>();
      for (const w of net.whole) {
        if (refused.has(w.dst)) continue;
        if (!accept || accept(w.msg)) taken.push(w.msg);
        else refused.add(w.dst);
      }
      if (taken.length) net.whole = net.whole.filter((w) => !taken.includes(w.msg));
      return taken;
    },
    inTransit: (net) => [
      ...Object.entries(net.parts).map(([msg, p]) => ({ msg: Number(msg), arrivesAt: p.sentAt })),
      ...net.whole.map((w) => ({ msg: w.msg, arrivesAt: -1 })),
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
      ...net,
      torus: reviveNetworkState(net.torus),
      store: clonePlain(net.store),
      parts: clonePlain(net.parts),
      whole: net.whole.map((w) => ({ ...w })),
    }),
  };
}

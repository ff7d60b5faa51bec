/**
 * The wire form of a view whose frame holds a torus (where, the model's `torus` capability says):
 * its routers and packets travel as two flat arrays of numbers instead of objects. A saturated 16×16 torus is ~450 kB of JSON as objects, almost all of it repeated keys
 * and state names; as numbers it is a fraction of that, which the page parses faster, once per
 * picture while playing. Strings travel as indexes into fixed tables; fromWire rebuilds the very
 * same objects, key for key. Everything else in the view is sent as it is.
 */
import { faceOf, type Frame, type SessionView } from '../../sim-core/index';
import type {
  Decision,
  FrameState,
  FrameView,
  NetworkFrame,
  PacketView,
  RouteReason,
  RouterView,
  Segment,
} from '../../sim-core/network/network-frame';
import { PORTS, type Port } from '../../sim-core/network/topology';

export type Wire = (number | null)[];

interface WireNetworkFrame extends Omit<NetworkFrame, 'routers' | 'packets'> {
  routers: Wire;
  packets: Wire;
}

/** A view whose frame's torus, if any, is in wire form (typed as the frame it stands for). */
export type WireView = SessionView;

/**
 * A string union's members in a fixed order, a member's code being its index; the record makes
 * the compiler insist on every member.
 */
const table = <T extends string>(members: Record<T, 0>): readonly T[] =>
  Object.keys(members) as T[];

const STATES = table<FrameState>({ empty: 0, filling: 0, full: 0, 'cut-through': 0, leaving: 0 });
const REASONS = table<RouteReason>({
  'cut-through': 0,
  forward: 0,
  'from-multi-queue': 0,
  deroute: 0,
  exchange: 0,
  deflect: 0,
  deliver: 0,
});
const KINDS = table<Segment['kind']>({ in: 0, out: 0, mq: 0 });
const FROM: readonly (Port | 'MQ')[] = [...PORTS, 'MQ'];

// Encoding pushes each object's fields in its key order, so decoding is an object literal that
// reads them back in the same order; a list is its length, then its items.

function putList<T>(out: Wire, items: readonly T[], put: (out: Wire, item: T) => void): void {
  out.push(items.length);
  for (const item of items) put(out, item);
}

const putSlot = (out: Wire, f: FrameView): void => {
  out.push(f.packet, f.phits, STATES.indexOf(f.state));
};

function putRouter(out: Wire, r: RouterView): void {
  out.push(r.id, r.x, r.y, r.node);
  putList(out, r.inputs, putSlot);
  putList(out, r.virtualChannels, putSlot);
  putList(out, r.outputs, putSlot);
  putList(out, r.multiQueue, putSlot);
  out.push(r.occupancy);
  putList(out, r.decisions, putDecision);
}

function putDecision(out: Wire, d: Decision): void {
  out.push(d.cycle, d.packet, FROM.indexOf(d.from), PORTS.indexOf(d.to));
  putList(out, d.profitable, (o, p) => o.push(PORTS.indexOf(p)));
  out.push(REASONS.indexOf(d.reason));
}

function putPacket(out: Wire, p: PacketView): void {
  out.push(p.id, p.src, p.dst, p.header.dy, p.header.dx, p.hops, p.deroutes, p.waited);
  out.push(p.createdAt, p.injectedAt);
  putList(out, p.path, (o, r) => o.push(r));
  // Mostly false: the length, then the hops that were derouted.
  out.push(p.derouted.length);
  const derouted = p.derouted.flatMap((d, i) => (d ? [i] : []));
  putList(out, derouted, (o, i) => o.push(i));
  putList(out, p.segments, (o, s) =>
    o.push(
      KINDS.indexOf(s.kind),
      s.router,
      s.kind === 'mq' ? s.slot : PORTS.indexOf(s.port),
      s.phits,
    ),
  );
}

class Reader {
  private at = 0;
  constructor(private readonly wire: Wire) {}
  more(): boolean {
    return this.at < this.wire.length;
  }
  maybe(): number | null {
    return this.wire[this.at++] as number | null;
  }
  num(): number {
    return this.wire[this.at++] as number;
  }
  list<T>(item: () => T): T[] {
    const items: T[] = [];
    for (let n = this.num(); n > 0; n--) items.push(item());
    return items;
  }
}

const getSlot = (w: Reader): FrameView => ({
  packet: w.maybe(),
  phits: w.num(),
  state: STATES[w.num()]!,
});

function getDecision(w: Reader): Decision {
  return {
    cycle: w.num(),
    packet: w.num(),
    from: FROM[w.num()]!,
    to: PORTS[w.num()]!,
    profitable: w.list(() => PORTS[w.num()]!),
    reason: REASONS[w.num()]!,
  };
}

const getRouter = (w: Reader): RouterView => ({
  id: w.num(),
  x: w.num(),
  y: w.num(),
  node: w.maybe(),
  inputs: w.list(() => getSlot(w)),
  virtualChannels: w.list(() => getSlot(w)),
  outputs: w.list(() => getSlot(w)),
  multiQueue: w.list(() => getSlot(w)),
  occupancy: w.num(),
  decisions: w.list(() => getDecision(w)),
});

function getSegment(w: Reader): Segment {
  const kind = KINDS[w.num()]!;
  const router = w.num();
  return kind === 'mq'
    ? { kind, router, slot: w.num(), phits: w.num() }
    : { kind, router, port: PORTS[w.num()]!, phits: w.num() };
}

function getDerouted(w: Reader): boolean[] {
  const derouted = new Array<boolean>(w.num()).fill(false);
  for (const i of w.list(() => w.num())) derouted[i] = true;
  return derouted;
}

const getPacket = (w: Reader): PacketView => ({
  id: w.num(),
  src: w.num(),
  dst: w.num(),
  header: { dy: w.num(), dx: w.num() },
  hops: w.num(),
  deroutes: w.num(),
  waited: w.num(),
  createdAt: w.num(),
  injectedAt: w.num(),
  path: w.list(() => w.num()),
  derouted: getDerouted(w),
  segments: w.list(() => getSegment(w)),
});

function flat<T>(items: readonly T[], put: (out: Wire, item: T) => void): Wire {
  const out: Wire = [];
  for (const item of items) put(out, item);
  return out;
}

function unflat<T>(wire: Wire, get: (w: Reader) => T): T[] {
  const w = new Reader(wire);
  const items: T[] = [];
  while (w.more()) items.push(get(w));
  return items;
}

const toWireNetwork = (f: NetworkFrame): WireNetworkFrame => ({
  ...f,
  routers: flat(f.routers, putRouter),
  packets: flat(f.packets, putPacket),
});

/** The wire form each torus frame was rebuilt from (see wireOf). */
const wires = new WeakMap<NetworkFrame, WireNetworkFrame>();

export function fromWireNetwork(f: WireNetworkFrame): NetworkFrame {
  const frame: NetworkFrame = {
    ...f,
    routers: unflat(f.routers, getRouter),
    packets: unflat(f.packets, getPacket),
  };
  wires.set(frame, f);
  return frame;
}

/**
 * A torus frame's packets in wire form: as the frame arrived, or encoded afresh. The torus
 * painter's worker takes them so: an array of numbers is far cheaper to post than the objects.
 */
export const packetsWireOf = (frame: NetworkFrame): Wire =>
  wires.get(frame)?.packets ?? flat(frame.packets, putPacket);

export const packetsFromWire = (wire: Wire): PacketView[] => unflat(wire, getPacket);

/**
 * The view with its torus, if the model's frame carries one (its `torus` capability says where),
 * in wire form; only for a view JSON carries exactly.
 */
export function toWire(view: SessionView): WireView {
  const f = view.frame;
  const torus = faceOf(f.model).capabilities.torus;
  if (!torus) return { ...view, frame: f };
  const wire = toWireNetwork(torus.frame(f)) as unknown as NetworkFrame;
  return { ...view, frame: torus.withFrame(f, wire) as Frame };
}

export function fromWire(wire: WireView): SessionView {
  const f = wire.frame;
  const torus = faceOf(f.model).capabilities.torus;
  if (!torus) return { ...wire, frame: f };
  const network = fromWireNetwork(torus.frame(f) as unknown as WireNetworkFrame);
  return { ...wire, frame: torus.withFrame(f, network) as Frame };
}

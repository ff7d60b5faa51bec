/**
 * k×k torus or mesh of routers, and the relative [Y,X] addressing the chaotic router uses
 * (seed 001, digest §B.1). Router r sits at x = r mod k, y = ⌊r / k⌋; north is y−1, east x+1.
 * Processing nodes may occupy only the central `attached`×`attached` square (Fig. 5.5),
 * numbered row-major.
 */
export type Dir = 'N' | 'E' | 'S' | 'W';
export type Port = Dir | 'P';
export const DIRS: readonly Dir[] = ['N', 'E', 'S', 'W'];
export const PORTS: readonly Port[] = ['N', 'E', 'S', 'W', 'P'];
export const OPPOSITE: Record<Dir, Dir> = { N: 'S', S: 'N', E: 'W', W: 'E' };

const PORT_INDEX: Record<Port, number> = { N: 0, E: 1, S: 2, W: 3, P: 4 };
/** A port's index in PORTS: the index of its output frame, and of its input frames' group. */
export const portIndex = (p: Port): number => PORT_INDEX[p];
/** The processor port's index. */
export const P_INDEX = portIndex('P');
/** For output port index o (N E S W), the index of the input port it feeds at the neighbour. */
export const OPPOSITE_INDEX: readonly number[] = DIRS.map((d) => portIndex(OPPOSITE[d]));

export interface Topology {
  kind: 'torus' | 'mesh';
  k: number;
  /** Side of the central square of routers that have a processing node. */
  attached: number;
}

export const routerCount = (t: Topology): number => t.k * t.k;
export const xOf = (t: Topology, r: number): number => r % t.k;
export const yOf = (t: Topology, r: number): number => Math.floor(r / t.k);

/** The router a link in direction `d` leads to, or null off the edge of a mesh. */
export function neighbour(t: Topology, r: number, d: Dir): number | null {
  const dx = d === 'E' ? 1 : d === 'W' ? -1 : 0;
  const dy = d === 'S' ? 1 : d === 'N' ? -1 : 0;
  let x = xOf(t, r) + dx;
  let y = yOf(t, r) + dy;
  if (t.kind === 'torus') {
    x = (x + t.k) % t.k;
    y = (y + t.k) % t.k;
  } else if (x < 0 || y < 0 || x >= t.k || y >= t.k) return null;
  return y * t.k + x;
}

/** The router of processing node n (row-major in the central square). */
export function routerOfNode(t: Topology, n: number): number {
  const offset = Math.floor((t.k - t.attached) / 2);
  return (offset + Math.floor(n / t.attached)) * t.k + offset + (n % t.attached);
}

export const nodeCount = (t: Topology): number => t.attached * t.attached;

/**
 * A displacement on a ring of k, normalised to (−k/2, k/2] on a torus (digest §B.1 [rec]): the
 * shorter way round, and +k/2 at the antipode, where both directions are equally short.
 */
export function normalise(d: number, t: Topology): number {
  if (t.kind === 'mesh') return d;
  const k = t.k;
  let m = ((d % k) + k) % k;
  if (m > k / 2) m -= k;
  return m;
}

export interface Header {
  /** Remaining displacement: south positive, north negative. */
  dy: number;
  /** Remaining displacement: east positive, west negative. */
  dx: number;
}

export function headerBetween(t: Topology, fromRouter: number, toRouter: number): Header {
  return {
    dy: normalise(yOf(t, toRouter) - yOf(t, fromRouter), t),
    dx: normalise(xOf(t, toRouter) - xOf(t, fromRouter), t),
  };
}

const PORT_BIT = Object.fromEntries(PORTS.map((p, i) => [p, 1 << i])) as Record<Port, number>;

/**
 * The profitable outputs for a header as a set of PORTS indexes (bit i: PORTS[i]): the
 * direction(s) that shorten the remaining path, both at exactly k/2 on a torus, and P once the
 * header reads [0,0]. A number, so a router can test an output with one AND.
 */
export function profitableSet(h: Header, t: Topology): number {
  if (h.dx === 0 && h.dy === 0) return PORT_BIT.P;
  const tie = (d: number) => t.kind === 'torus' && t.k % 2 === 0 && Math.abs(d) === t.k / 2;
  let set = 0;
  if (h.dy < 0 || tie(h.dy)) set |= PORT_BIT.N;
  if (h.dx > 0 || tie(h.dx)) set |= PORT_BIT.E;
  if (h.dy > 0 || tie(h.dy)) set |= PORT_BIT.S;
  if (h.dx < 0 || tie(h.dx)) set |= PORT_BIT.W;
  return set;
}

/** The ports of a set of PORTS indexes, in PORTS order (a fresh array). */
export const portsIn = (set: number): Port[] => PORTS.filter((_, i) => (set & (1 << i)) !== 0);

/** The profitable outputs for a header, in PORTS order (see profitableSet). */
export const profitable = (h: Header, t: Topology): Port[] => portsIn(profitableSet(h, t));

/** The header after one hop in direction d, re-normalised so a derouted packet stays minimal. */
export function afterHop(h: Header, d: Dir, t: Topology): Header {
  const dy = h.dy - (d === 'S' ? 1 : d === 'N' ? -1 : 0);
  const dx = h.dx - (d === 'E' ? 1 : d === 'W' ? -1 : 0);
  return { dy: normalise(dy, t), dx: normalise(dx, t) };
}

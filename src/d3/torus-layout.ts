/**
 * Geometry of the torus (or mesh) picture, in SVG user units (the zoom scales them): where each
 * router square, each link lane and each frame of a router sits. Computed once per k and topology
 * and cached, so a frame update only changes colours, widths and packet paths. A mesh has no
 * wrap-around links, so it gets no edge stubs and no stub labels. Also the packet colours, shared by
 * the torus and the router view so a packet looks the same in both.
 */
import { color, interpolateGreys } from 'd3';
import { inkFor } from './colour';
import type { Port, Topology } from '../../sim-core/network/topology';
import type { PacketView, Segment } from '../../sim-core/network/network-frame';

/** One router's cell (square plus the gap its links cross). */
export const CELL = 100;
export const SQUARE = 64;
const HALF = SQUARE / 2;
/** Offset of a link's lane from the router's axis: traffic keeps to its right, like a road. */
export const LANE = 13;
/** Room around the grid for the wrap-around stubs and their labels. */
export const MARGIN = 64;
export const STUB = 28;
const INSET = 7;

export type Point = readonly [number, number];
export type LinkDir = 'N' | 'E' | 'S' | 'W';
export const LINK_DIRS: readonly LinkDir[] = ['N', 'E', 'S', 'W'];

/** A drawn piece of the link leaving router `r` in direction `dir` (a wrap link has two). */
export interface LinkPiece {
  key: string;
  r: number;
  dir: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** A numbered label at the end of the wrap stubs of one row or column. */
export interface StubLabel {
  key: string;
  x: number;
  y: number;
  text: string;
}

export type TopologyKind = Topology['kind'];

export interface TorusLayout {
  k: number;
  kind: TopologyKind;
  size: number;
  centre(r: number): Point;
  /** Where the phits in one frame of a router are drawn. */
  framePoint(seg: Segment, mqSlots: number): Point;
  links: LinkPiece[];
  stubLabels: StubLabel[];
  /** The end of a wrap stub leaving point p of router r in direction d (outside the grid). */
  stubEnd(r: number, d: LinkDir, p: Point): Point;
  /** Direction of a hop from router a to b, and whether it wraps around the edge (torus only). */
  hop(a: number, b: number): { dir: LinkDir; wrap: boolean } | null;
}

const STEP: Record<LinkDir, Point> = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
/** The lane of a packet travelling in direction d: to the right of its way. */
const LANE_OF: Record<LinkDir, Point> = {
  E: [0, LANE],
  W: [0, -LANE],
  S: [-LANE, 0],
  N: [LANE, 0],
};
export const OPPOSITE: Record<LinkDir, LinkDir> = { N: 'S', S: 'N', E: 'W', W: 'E' };

const cache = new Map<string, TorusLayout>();

export function torusLayout(k: number, kind: TopologyKind = 'torus'): TorusLayout {
  const key = `${kind}${k}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const wraps = kind === 'torus';
  const size = 2 * MARGIN + k * CELL;
  const centre = (r: number): Point => [
    MARGIN + (r % k) * CELL + CELL / 2,
    MARGIN + Math.floor(r / k) * CELL + CELL / 2,
  ];
  /** The edge point of router r on side `side`, in the lane of traffic heading `travel`. */
  const edge = (r: number, side: LinkDir, travel: LinkDir, inset: number): Point => {
    const [cx, cy] = centre(r);
    const [sx, sy] = STEP[side];
    const [lx, ly] = LANE_OF[travel];
    return [cx + sx * (HALF - inset) + lx, cy + sy * (HALF - inset) + ly];
  };
  const outPoint = (r: number, d: LinkDir) => edge(r, d, d, INSET);
  const inPoint = (r: number, from: LinkDir) => edge(r, from, OPPOSITE[from], INSET);

  const hop = (a: number, b: number) => {
    const dx = (b % k) - (a % k);
    const dy = Math.floor(b / k) - Math.floor(a / k);
    // On a mesh only neighbours are linked: a jump across the grid is no hop.
    if (!wraps && Math.abs(dx) + Math.abs(dy) !== 1) return null;
    if (dy === 0 && (dx === 1 || dx === -(k - 1))) return { dir: 'E' as const, wrap: dx !== 1 };
    if (dy === 0 && (dx === -1 || dx === k - 1)) return { dir: 'W' as const, wrap: dx !== -1 };
    if (dx === 0 && (dy === 1 || dy === -(k - 1))) return { dir: 'S' as const, wrap: dy !== 1 };
    if (dx === 0 && (dy === -1 || dy === k - 1)) return { dir: 'N' as const, wrap: dy !== -1 };
    return null;
  };
  const stubEnd = (r: number, d: LinkDir, p: Point): Point => {
    const [cx, cy] = centre(r);
    const [sx, sy] = STEP[d];
    return sx !== 0 ? [cx + sx * (HALF + STUB), p[1]] : [p[0], cy + sy * (HALF + STUB)];
  };

  const links: LinkPiece[] = [];
  for (let r = 0; r < k * k; r++) {
    LINK_DIRS.forEach((d, dir) => {
      const [sx, sy] = STEP[d];
      const x = (r % k) + sx;
      const y = Math.floor(r / k) + sy;
      const nb = ((y + k) % k) * k + ((x + k) % k);
      const from = edge(r, d, d, 0);
      const to = edge(nb, OPPOSITE[d], d, 0);
      if (x >= 0 && y >= 0 && x < k && y < k) {
        links.push({ key: `${r}${d}`, r, dir, x1: from[0], y1: from[1], x2: to[0], y2: to[1] });
      } else if (wraps) {
        const out = stubEnd(r, d, from);
        const back = stubEnd(nb, OPPOSITE[d], to);
        links.push({ key: `${r}${d}o`, r, dir, x1: from[0], y1: from[1], x2: out[0], y2: out[1] });
        links.push({ key: `${r}${d}i`, r, dir, x1: back[0], y1: back[1], x2: to[0], y2: to[1] });
      }
    });
  }

  // Matching numbers at both ends of each row's and column's wrap stubs.
  const stubLabels: StubLabel[] = [];
  const far = HALF + STUB + 12;
  for (let i = 0; wraps && i < k; i++) {
    const [, rowY] = centre(i * k);
    const [colX] = centre(i);
    const [left] = centre(i * k);
    const [right] = centre(i * k + k - 1);
    const [, top] = centre(i);
    const [, bottom] = centre((k - 1) * k + i);
    stubLabels.push(
      { key: `rw${i}`, x: left - far, y: rowY, text: `y${i}` },
      { key: `re${i}`, x: right + far, y: rowY, text: `y${i}` },
      { key: `cn${i}`, x: colX, y: top - far, text: `x${i}` },
      { key: `cs${i}`, x: colX, y: bottom + far, text: `x${i}` },
    );
  }

  const framePoint = (seg: Segment, mqSlots: number): Point => {
    const [cx, cy] = centre(seg.router);
    if (seg.kind === 'mq') {
      // The multi-queue: a row across the middle of the square, between the lanes.
      const span = SQUARE - 2 * INSET - 10;
      const t = mqSlots > 1 ? seg.slot / (mqSlots - 1) : 0.5;
      return [cx - span / 2 + t * span, cy];
    }
    const port: Port = seg.port;
    if (port === 'P') return seg.kind === 'in' ? [cx - 18, cy + 22] : [cx + 18, cy + 22];
    return seg.kind === 'in' ? inPoint(seg.router, port) : outPoint(seg.router, port);
  };

  const layout: TorusLayout = {
    k,
    kind,
    size,
    centre,
    framePoint,
    links,
    stubLabels,
    stubEnd,
    hop,
  };
  cache.set(key, layout);
  return layout;
}

/** Okabe–Ito colours (no black: the casing is black), cycled by packet id. */
export const PACKET_COLOURS = [
  '#E69F00',
  '#56B4E9',
  '#009E73',
  '#F0E442',
  '#0072B2',
  '#D55E00',
  '#CC79A7',
] as const;

export const packetColour = (id: number): string =>
  PACKET_COLOURS[id % PACKET_COLOURS.length] ?? '#777777';

const STAGE = { in: 0, mq: 1, out: 2 } as const;

/**
 * A packet's occupied frames from tail to head: by the position of their router on the packet's
 * path (latest visit), then input frame, multi-queue, output frame within a router.
 */
export function orderedSegments(p: PacketView): Segment[] {
  const at = (s: Segment) => p.path.lastIndexOf(s.router);
  return [...p.segments].sort((a, b) => at(a) - at(b) || STAGE[a.kind] - STAGE[b.kind]);
}

/** Occupied frames of a router, against all its frames: the Fig. 5.5 heat, 0 to 1. */
export const heatOf = (occupancy: number, frames: number): number =>
  Math.max(0, Math.min(1, occupancy / Math.max(1, frames)));

/** Router fill for a heat of 0 … 1: white when idle, dark grey when every frame is full. */
export const heatFill = (heat: number): string => interpolateGreys(0.02 + 0.83 * heat);
/** Text on a router stays readable: black or white, whichever contrasts more with its fill. */
export const heatInk = (heat: number): string =>
  inkFor(color(heatFill(heat))?.formatHex() ?? '#ffffff');

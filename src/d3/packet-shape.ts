/**
 * Where a packet is drawn on the torus picture, in layout units: its line through the frames its
 * phits occupy (long while it cuts through, a blob when it is blocked: the thesis's slinky),
 * broken where it wraps round the edge, with its head at the front; or, in the heat map, a dot
 * near its head router. The canvas painter, the SVG layer and the click hit test all use these.
 */
import type { PacketView } from '../../sim-core/network/network-frame';
import { OPPOSITE, orderedSegments, type Point, type TorusLayout } from './torus-layout';

/** A packet's line: polylines (broken where it wraps round the edge) and its head. */
export interface PacketShape {
  runs: Point[][];
  head: Point;
}

/** The thick line through a packet's occupied frames, broken where it wraps round the edge. */
export function slinky(p: PacketView, layout: TorusLayout, mqSlots: number): PacketShape {
  const segs = orderedSegments(p);
  if (segs.length === 0) {
    const c = layout.centre(p.path.at(-1) ?? p.src);
    // A packet in no frame is its head alone, drawn at its router.
    return { runs: [[c, [c[0] + 0.01, c[1]]]], head: c };
  }
  const runs: Point[][] = [];
  let run: Point[] = [];
  let prevRouter = -1;
  let prev: Point = [0, 0];
  for (const seg of segs) {
    const here = layout.framePoint(seg, mqSlots);
    if (prevRouter >= 0) {
      const hop = prevRouter === seg.router ? null : layout.hop(prevRouter, seg.router);
      if (hop?.wrap) {
        run.push(layout.stubEnd(prevRouter, hop.dir, prev));
        runs.push(run);
        run = [layout.stubEnd(seg.router, OPPOSITE[hop.dir], here)];
      }
    }
    run.push(here);
    prevRouter = seg.router;
    prev = here;
  }
  if (segs.length === 1) run.push([prev[0] + 0.01, prev[1]]);
  runs.push(run);
  return { runs, head: prev };
}

const pt = (p: Point) => `${p[0]},${p[1]}`;

/** SVG path data of a packet's runs. */
export const pathData = (runs: Point[][]) =>
  runs.map((run) => run.map((p, i) => `${i === 0 ? 'M' : 'L'}${pt(p)}`).join('')).join('');

/** Where a packet's dot goes in the heat map: near its head router, spread so dots do not stack. */
export function dotPoint(p: PacketView, layout: TorusLayout): Point {
  const segs = orderedSegments(p);
  const router = segs.at(-1)?.router ?? p.path.at(-1) ?? 0;
  const [cx, cy] = layout.centre(router);
  const angle = p.id * 2.39996;
  const radius = 8 + (p.id % 3) * 8;
  return [cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)];
}

/** Distance from p to the segment a–b. */
function segmentDistance(p: Point, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t =
    len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/**
 * The packet drawn under point `p` (layout units), topmost (last painted) first: its head, its
 * line, or its heat-map dot. Shapes are worked out here, at the click, not kept from painting.
 */
export function packetAt(
  p: Point,
  packets: readonly PacketView[],
  layout: TorusLayout,
  mqSlots: number,
  detail: boolean,
): number | null {
  for (let i = packets.length - 1; i >= 0; i--) {
    const packet = packets[i]!;
    if (!detail) {
      const dot = dotPoint(packet, layout);
      if (Math.hypot(p[0] - dot[0], p[1] - dot[1]) <= 7) return packet.id;
      continue;
    }
    const shape = slinky(packet, layout, mqSlots);
    if (Math.hypot(p[0] - shape.head[0], p[1] - shape.head[1]) <= 8) return packet.id;
    for (const run of shape.runs)
      for (let j = 0; j + 1 < run.length; j++)
        if (segmentDistance(p, run[j]!, run[j + 1]!) <= 6) return packet.id;
  }
  return null;
}

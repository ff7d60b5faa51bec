/**
 * Where each packet's id goes on the torus picture. Heads crowd inside a busy router (its frames
 * are 10–26 units apart), and ids written at one fixed offset ran together into numbers nobody
 * sent: "35", "38" and "1" side by side read as 35381. So each label takes the first of eight
 * spots round its head that keeps clear of the labels placed before it, of every head and of the
 * routers' own text, or else the spot that covers least of the heads and router text. A label
 * that could only go over another label is left out: a wrong number is worse than none, and the
 * packet still names itself on hover and in the table. Every spot touches its head, so a label
 * never strays to a neighbour.
 *
 * Labels grow with the picture only from 12 to 16 pixels on screen, so zooming in on a crowded
 * router makes room for every id. The placement is in layout units, for the label size the zoom
 * gives; the canvas painter and the SVG layer call it with the same packets and size, and so agree.
 */
import type { PacketView } from '../../sim-core/network/network-frame';
import { slinky } from './packet-shape';
import { SQUARE, type Point, type TorusLayout } from './torus-layout';

/** The labels' type size: 13 layout units, kept between 12 and 16 CSS pixels on screen (bold). */
const LABEL_UNITS = 13;
const LABEL_MIN_PX = 12;
const LABEL_MAX_PX = 16;
/** The labels' size in layout units where one unit is `pxPerUnit` CSS pixels on screen. */
export function labelSizeAt(pxPerUnit: number): number {
  if (!(pxPerUnit > 0)) return LABEL_UNITS;
  const px = Math.min(LABEL_MAX_PX, Math.max(LABEL_MIN_PX, LABEL_UNITS * pxPerUnit));
  return px / pxPerUnit;
}

/** A bold digit's advance in ems, generous for the sans-serif fonts a browser may pick. */
const DIGIT_EM = 0.7;
/** The white halo round a label's letters, in ems. */
export const HALO_EM = 0.16;
/** Room kept between two labels, in ems, so two ids never read as one number. */
export const GAP_EM = 0.25;
const HEAD = 7;

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** The packet whose head this is: its own label may touch it. */
  head?: number;
}

/** A label's text anchor: start of the text, on its baseline. */
export interface LabelSpot {
  x: number;
  y: number;
}

/** Boxes bucketed by square cells, so a test looks only at its neighbours. */
class BoxIndex {
  private readonly cells = new Map<number, Box[]>();

  constructor(private readonly grid: number) {}

  private *cellsOf(b: Box): Generator<number> {
    const g = this.grid;
    for (let gy = Math.floor(b.y0 / g); gy <= Math.floor(b.y1 / g); gy++)
      for (let gx = Math.floor(b.x0 / g); gx <= Math.floor(b.x1 / g); gx++) yield gy * 65536 + gx;
  }

  add(b: Box): void {
    for (const cell of this.cellsOf(b)) {
      const list = this.cells.get(cell);
      if (list) list.push(b);
      else this.cells.set(cell, [b]);
    }
  }

  /** Area of `b` covered by the boxes here but packet `own`'s head (each box counted once). */
  overlap(b: Box, own: number): number {
    let area = 0;
    const seen = new Set<Box>();
    for (const cell of this.cellsOf(b))
      for (const o of this.cells.get(cell) ?? []) {
        if (seen.has(o) || o.head === own) continue;
        seen.add(o);
        const w = Math.min(b.x1, o.x1) - Math.max(b.x0, o.x0);
        const h = Math.min(b.y1, o.y1) - Math.max(b.y0, o.y0);
        if (w > 0 && h > 0) area += w * h;
      }
    return area;
  }
}

/** The box of a label's ink and halo at `spot`, `width` wide, grown by `pad` on every side. */
function labelBox(spot: LabelSpot, width: number, size: number, pad: number): Box {
  const halo = HALO_EM * size;
  return {
    x0: spot.x - halo - pad,
    y0: spot.y - 0.75 * size - halo - pad,
    x1: spot.x + width + halo + pad,
    y1: spot.y + 0.05 * size + halo + pad,
  };
}

/** How wide label `id` is drawn, for labels `size` tall. */
const widthOf = (id: number, size: number) => String(id).length * DIGIT_EM * size;

/** The box a label's ink and halo take at `spot`. */
export const labelBounds = (id: number, spot: LabelSpot, size: number): Box =>
  labelBox(spot, widthOf(id, size), size, 0);

/** The eight spots round a head at `h` for a label `w` wide: up and to the right first. */
function spots([hx, hy]: Point, w: number, size: number): LabelSpot[] {
  const clear = HEAD + HALO_EM * size;
  const up = hy - clear;
  const down = hy + clear + 0.75 * size;
  const level = hy + 0.35 * size;
  const right = hx + clear;
  const left = hx - clear - w;
  return [
    { x: right, y: up },
    { x: right, y: down },
    { x: left, y: up },
    { x: left, y: down },
    { x: right, y: level },
    { x: left, y: level },
    { x: hx - w / 2, y: up },
    { x: hx - w / 2, y: down },
  ];
}

/**
 * The text of a router's own that packet labels keep off: its node name and its frame count. Both
 * are painted at a fixed size on screen, like the labels: on a small picture they take more of
 * the layout, by the labels' own growth beyond their layout size (`size` / LABEL_UNITS).
 */
function routerTextBoxes(layout: TorusLayout, size: number): Box[] {
  const grow = Math.max(1, size / LABEL_UNITS);
  const boxes: Box[] = [];
  for (let r = 0; r < layout.k * layout.k; r++) {
    const [cx, cy] = layout.centre(r);
    const x = cx - SQUARE / 2;
    const y = cy - SQUARE / 2;
    boxes.push(
      { x0: x + 15, y0: y + 3, x1: x + 15 + 25 * grow, y1: y + 3 + 14 * grow },
      {
        x0: x + SQUARE - 3 - 33 * grow,
        y0: y + SQUARE - 3 - 13 * grow,
        x1: x + SQUARE - 3,
        y1: y + SQUARE - 3,
      },
    );
  }
  return boxes;
}

/**
 * A spot for each packet's label that has one, by id, for labels `size` layout units tall:
 * `heads` in the order the labels are placed (the first gets the best spot), each with its head;
 * only the first `count` are labelled, every head is kept clear of.
 */
export function placePacketLabels(
  heads: readonly { id: number; head: Point }[],
  layout: TorusLayout,
  size: number,
  count = heads.length,
): Map<number, LabelSpot> {
  const grid = Math.max(32, 3 * size);
  const labels = new BoxIndex(grid);
  const marks = new BoxIndex(grid);
  for (const b of routerTextBoxes(layout, size)) marks.add(b);
  for (const {
    id,
    head: [x, y],
  } of heads)
    marks.add({ x0: x - HEAD, y0: y - HEAD, x1: x + HEAD, y1: y + HEAD, head: id });
  const pad = (GAP_EM * size) / 2;
  const placed = new Map<number, LabelSpot>();
  for (const { id, head } of heads.slice(0, count)) {
    const width = widthOf(id, size);
    let best: LabelSpot | null = null;
    let bestCover = Infinity;
    for (const spot of spots(head, width, size)) {
      if (labels.overlap(labelBox(spot, width, size, pad), id) > 0) continue;
      const cover = marks.overlap(labelBox(spot, width, size, 0), id);
      if (cover < bestCover) {
        best = spot;
        bestCover = cover;
        if (cover === 0) break;
      }
    }
    if (!best) continue;
    placed.set(id, best);
    labels.add(labelBox(best, width, size, pad));
  }
  return placed;
}

/**
 * The label spots of a frame's packets for labels `size` layout units tall, the followed one
 * (`first`) placed before the rest, so it always has its label; with `onlyFirst`, its alone (the
 * other ids are hidden at this zoom).
 */
export function packetLabelSpots(
  packets: readonly PacketView[],
  layout: TorusLayout,
  mqSlots: number,
  first: number | null,
  size: number,
  onlyFirst = false,
): Map<number, LabelSpot> {
  const heads = packets.map((p) => ({ id: p.id, head: slinky(p, layout, mqSlots).head }));
  const at = heads.findIndex((h) => h.id === first);
  if (at > 0) heads.unshift(...heads.splice(at, 1));
  if (onlyFirst && at < 0) return new Map();
  return placePacketLabels(heads, layout, size, onlyFirst ? 1 : heads.length);
}

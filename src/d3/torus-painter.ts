/**
 * The torus picture's canvas layer (after Fig. 5.5 of the thesis): the links as two lanes whose
 * width shows their use over the last LINK_WINDOW cycles, the router squares shaded by how many of
 * their frames hold a packet with their labels and node dots, the wrap-stub numbers, and the
 * packets drawn on the canvas (a thick line with a casing through the frames their phits occupy,
 * and a head; or a dot each in the heat map). The renderer (torus-renderer.ts) keeps what one
 * points at and reads in an SVG layer above, and decides the scene; this module only paints.
 *
 * It paints on the page's canvas, or on an OffscreenCanvas in a worker of its own
 * (torus-paint.worker.ts), where a 16×16 torus with 500 packets costs the page's thread nothing:
 * about 5,000 canvas calls and their software raster, 9–10 ms a picture, which on the page's
 * thread left no room for the panels around the torus. The same code also paints through an SVG
 * recorder for the vector export.
 *
 * While playing, the links and routers come from a layer repainted at most every
 * NETWORK_LAYER_MS and copied in between: they are half the raster time, and link use is an
 * average over LINK_WINDOW cycles anyway. The packets move every picture.
 */
import type { NetworkFrame, PacketView } from '../../sim-core/network/network-frame';
import { LINK_WINDOW } from '../../sim-core/network/link-window';
import { HALO_EM, packetLabelSpots } from './packet-labels';
import { dotPoint, slinky } from './packet-shape';
import { SvgRecorder, type Painter2D } from './svg-recorder';
import { paintThickLine, type PointMap } from './thick-line';
import {
  CELL,
  SQUARE,
  heatFill,
  heatInk,
  heatOf,
  packetColour,
  torusLayout,
  type Point,
  type TopologyKind,
  type TorusLayout,
} from './torus-layout';

/** What the painter reads of a network frame (torus-canvas.ts sends just this to the worker). */
export interface PaintFrame {
  cycle: number;
  routers: readonly { id: number; node: number | null; occupancy: number; frames: number }[];
  /** Multi-queue frames per router. */
  mqSlots: number;
  /** Phits each link carried in the last LINK_WINDOW cycles: linkRecent[router][N E S W]. */
  linkRecent: readonly (readonly number[])[];
  packets: readonly PacketView[];
}

export const paintFrameOf = (frame: NetworkFrame): PaintFrame => ({
  cycle: frame.cycle,
  routers: frame.routers.map((r) => ({
    id: r.id,
    node: r.node,
    occupancy: r.occupancy,
    frames: r.inputs.length + r.outputs.length + r.multiQueue.length,
  })),
  mqSlots: frame.routers[0]?.multiQueue.length ?? 0,
  linkRecent: frame.linkRecent,
  packets: frame.packets,
});

/** What to paint, as the renderer decides it from the frame, the zoom and the panel's size. */
export interface PaintScene {
  /** The canvas in device pixels. */
  width: number;
  height: number;
  /** Layout units to device pixels. */
  map: PointMap;
  topology: TopologyKind;
  /** Every packet drawn (false: the heat map, a dot per packet). */
  detail: boolean;
  /** Whether packets are painted here at all (else they are SVG buttons), and which one is not. */
  packets: boolean;
  exclude: number | null;
  /** A packet is followed: the others are faded. */
  fade: boolean;
  playing: boolean;
  showNodes: boolean;
  showLabels: boolean;
  /** The packet labels' type size in layout units at this zoom (see packet-labels.ts). */
  labelSize: number;
  /** The font family of the panel. */
  font: string;
}

/** While playing, the links and routers are repainted at most this often (ms). */
const NETWORK_LAYER_MS = 100;
/** Opacity of the other packets while one is followed. */
export const FADED = 0.3;

type Canvas = HTMLCanvasElement | OffscreenCanvas;
type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** A canvas of `w`×`h` to paint on apart: off the page where the browser can. */
function scratchCanvas(w: number, h: number): Canvas {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(w, h);
  return Object.assign(document.createElement('canvas'), { width: w, height: h });
}

/** Router fill and label ink per heat, computed once: d3's colour interpolation is not free. */
const shades = new Map<number, { fill: string; ink: string }>();
function shade(heat: number): { fill: string; ink: string } {
  let s = shades.get(heat);
  if (!s) {
    s = { fill: heatFill(heat), ink: heatInk(heat) };
    shades.set(heat, s);
  }
  return s;
}

function paintLinks(c: Painter2D, frame: PaintFrame, lay: TorusLayout, font: string): void {
  // Use over the recent window (shorter at the start of the run), so hot links cool down.
  const cycles = Math.max(1, Math.min(LINK_WINDOW, frame.cycle));
  // Links of the same (rounded) use are painted together, as rectangles: every lane runs
  // horizontally or vertically (see thick-line.ts for why rectangles).
  const buckets = new Map<number, number[]>();
  const links = lay.links;
  for (let i = 0; i < links.length; i++) {
    const d = links[i]!;
    const u = Math.min(1, (frame.linkRecent[d.r]?.[d.dir] ?? 0) / cycles);
    const b = Math.round(u * 100);
    const list = buckets.get(b);
    if (list) list.push(i);
    else buckets.set(b, [i]);
  }
  c.fillStyle = '#222';
  for (const [b, list] of buckets) {
    const u = b / 100;
    const half = (1.5 + 9 * u) / 2;
    c.globalAlpha = 0.3 + 0.7 * u;
    for (const i of list) {
      const d = links[i]!;
      const x = Math.min(d.x1, d.x2);
      const y = Math.min(d.y1, d.y2);
      if (d.y1 === d.y2) c.fillRect(x, y - half, Math.abs(d.x2 - d.x1), 2 * half);
      else c.fillRect(x - half, y, 2 * half, Math.abs(d.y2 - d.y1));
    }
  }
  c.globalAlpha = 1;
  // Wrap-stub numbers, legible at fit-to-panel size whatever k is.
  c.fillStyle = '#333';
  c.font = `700 ${Math.max(14, lay.size / 65)}px ${font}`;
  c.textAlign = 'center';
  c.textBaseline = 'middle';
  for (const l of lay.stubLabels) c.fillText(l.text, l.x, l.y);
  c.textBaseline = 'alphabetic';
}

function paintRouters(
  c: Painter2D,
  frame: PaintFrame,
  lay: TorusLayout,
  scene: PaintScene,
  visible: (x: number, y: number) => boolean,
): void {
  const byFill = new Map<string, number[]>();
  for (const r of frame.routers) {
    const { fill } = shade(heatOf(r.occupancy, r.frames));
    const list = byFill.get(fill);
    if (list) list.push(r.id);
    else byFill.set(fill, [r.id]);
  }
  const square = (id: number) => {
    const [cx, cy] = lay.centre(id);
    c.roundRect(cx - SQUARE / 2, cy - SQUARE / 2, SQUARE, SQUARE, 4);
  };
  for (const [fill, ids] of byFill) {
    c.fillStyle = fill;
    c.beginPath();
    for (const id of ids) square(id);
    c.fill();
  }
  // Outlines: a router with a processing node has a thicker, darker one, and a dot.
  for (const withNode of [false, true]) {
    c.strokeStyle = withNode ? '#111' : '#555';
    c.lineWidth = withNode ? 3 : 1.5;
    c.beginPath();
    for (const r of frame.routers) if ((r.node !== null) === withNode) square(r.id);
    c.stroke();
  }
  c.beginPath();
  for (const r of frame.routers) {
    if (r.node === null) continue;
    const [cx, cy] = lay.centre(r.id);
    c.moveTo(cx - SQUARE / 2 + 14, cy - SQUARE / 2 + 9);
    c.arc(cx - SQUARE / 2 + 9, cy - SQUARE / 2 + 9, 5, 0, 2 * Math.PI);
  }
  c.fillStyle = '#111';
  c.fill();
  c.strokeStyle = '#fff';
  c.lineWidth = 1.5;
  c.stroke();
  if (!scene.showNodes && !scene.showLabels) return;
  c.font = `700 12px ${scene.font}`;
  for (const r of frame.routers) {
    const [cx, cy] = lay.centre(r.id);
    if (!visible(cx, cy)) continue;
    const frames = r.frames;
    c.fillStyle = shade(heatOf(r.occupancy, frames)).ink;
    const x = cx - SQUARE / 2;
    const y = cy - SQUARE / 2;
    if (scene.showNodes && r.node !== null) {
      c.textAlign = 'start';
      c.fillText(`n${r.node}`, x + 17, y + 14);
    }
    if (scene.showLabels) {
      c.textAlign = 'end';
      c.fillText(`${r.occupancy}/${frames}`, x + SQUARE - 5, y + SQUARE - 6);
    }
  }
  c.textAlign = 'start';
}

/** Links and routers in the scene's map; labels only where they fall on the picture. */
function paintNetwork(c: Painter2D, frame: PaintFrame, lay: TorusLayout, scene: PaintScene) {
  const [scale, tx, ty] = scene.map;
  c.setTransform(scale, 0, 0, scale, tx, ty);
  const margin = CELL * scale;
  const visible = (x: number, y: number) => {
    const sx = x * scale + tx;
    const sy = y * scale + ty;
    return sx > -margin && sy > -margin && sx < scene.width + margin && sy < scene.height + margin;
  };
  paintLinks(c, frame, lay, scene.font);
  paintRouters(c, frame, lay, scene, visible);
}

/** A packet's head (or heat-map dot) of radius `r` at a layout point. */
type HeadPainter = (colour: string, r: number, at: Point) => void;

/**
 * The packets the scene paints: the same casing, body, head and label as the SVG packets, or a
 * dot each. In device pixels (points mapped here, no transform per packet).
 */
function paintPackets(
  c: Painter2D,
  frame: PaintFrame,
  lay: TorusLayout,
  scene: PaintScene,
  head: HeadPainter,
): void {
  const { mqSlots } = frame;
  const scale = scene.map[0];
  c.setTransform(1, 0, 0, 1, 0, 0);
  // Flat tails and mitred bends, as the SVG packets have, painted mostly as rectangles (see
  // thick-line.ts): round caps and joins, or stroking at all, cost the software rasteriser
  // several times more for hundreds of packets; the head is a disc anyway.
  for (const p of frame.packets) {
    if (p.id === scene.exclude) continue;
    const colour = packetColour(p.id);
    if (!scene.detail) {
      head(colour, 6, dotPoint(p, lay));
      continue;
    }
    const shape = slinky(p, lay, mqSlots);
    c.fillStyle = '#111';
    for (const run of shape.runs) paintThickLine(c, run, 10 * scale, scene.map);
    c.fillStyle = colour;
    for (const run of shape.runs) paintThickLine(c, run, 6 * scale, scene.map);
    head(colour, 7, shape.head);
  }
  if (!scene.detail || !scene.showLabels) return;
  // Labels over every packet's line, each where packet-labels.ts finds it room.
  const size = scene.labelSize;
  c.font = `700 ${size * scale}px ${scene.font}`;
  c.strokeStyle = '#fff';
  c.lineWidth = 2 * HALO_EM * size * scale;
  c.lineJoin = 'round';
  c.fillStyle = '#111';
  for (const [id, spot] of packetLabelSpots(frame.packets, lay, mqSlots, scene.exclude, size)) {
    if (id === scene.exclude) continue;
    const x = spot.x * scale + scene.map[1];
    const y = spot.y * scale + scene.map[2];
    c.strokeText(String(id), x, y);
    c.fillText(String(id), x, y);
  }
  c.lineJoin = 'miter';
}

/** The torus's canvas layer on one canvas (the page's, or an OffscreenCanvas in a worker). */
export class TorusPainter {
  private readonly ctx: Context2D | null;
  /** Faded packets are painted here first, then onto the canvas at once (group opacity). */
  private fade: { canvas: Canvas; ctx: Context2D } | null = null;
  /** While playing, the links and routers painted here at most every NETWORK_LAYER_MS. */
  private network: { canvas: Canvas; ctx: Context2D } | null = null;
  /** When the network layer was painted, and for which size, map and labels ('': stale). */
  private networkPaintedAt = 0;
  private networkKey = '';
  private readonly sprites = new Map<string, ImageBitmap | Canvas>();
  private spriteScale = 0;

  constructor(private readonly canvas: Canvas) {
    let ctx: Context2D | null = null;
    try {
      ctx = canvas.getContext('2d') as Context2D | null;
    } catch {
      // A canvas already handed to a worker has no context here: nothing is painted.
    }
    this.ctx = ctx;
  }

  paint(frame: PaintFrame, scene: PaintScene): void {
    const { ctx, canvas } = this;
    if (!ctx || scene.width === 0 || scene.height === 0) return;
    if (canvas.width !== scene.width || canvas.height !== scene.height) {
      canvas.width = scene.width;
      canvas.height = scene.height;
    }
    const lay = torusLayout(Math.round(Math.sqrt(frame.routers.length)), scene.topology);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    if (scene.playing) this.paintNetworkLayer(frame, lay, scene);
    else {
      paintNetwork(ctx, frame, lay, scene);
      this.networkKey = '';
    }
    if (!scene.packets) return;
    const [scale, tx, ty] = scene.map;
    // Heads are blits of a pre-drawn sprite: far cheaper than hundreds of arcs every frame. At
    // whole pixels, so the blit is a copy rather than a resampling (half its raster time).
    const blit =
      (c: Context2D): HeadPainter =>
      (colour, r, [x, y]) => {
        const img = this.sprite(colour, r, scale);
        const half = img.width / 2;
        c.drawImage(img, Math.round(x * scale + tx - half), Math.round(y * scale + ty - half));
      };
    if (!scene.fade) {
      paintPackets(ctx, frame, lay, scene, blit(ctx));
      return;
    }
    // Group opacity, as CSS gives the faded SVG packets: paint them apart, then blend once.
    const fade = (this.fade = this.layer(this.fade, scene));
    paintPackets(fade.ctx, frame, lay, scene, blit(fade.ctx));
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = FADED;
    ctx.drawImage(fade.canvas, 0, 0);
    ctx.globalAlpha = 1;
  }

  /** A scratch layer of the canvas's size, blank (made, resized or cleared). */
  private layer(
    current: { canvas: Canvas; ctx: Context2D } | null,
    scene: PaintScene,
  ): { canvas: Canvas; ctx: Context2D } {
    if (!current) {
      const canvas = scratchCanvas(scene.width, scene.height);
      return { canvas, ctx: canvas.getContext('2d') as Context2D };
    }
    if (current.canvas.width !== scene.width || current.canvas.height !== scene.height) {
      current.canvas.width = scene.width;
      current.canvas.height = scene.height;
    } else {
      current.ctx.setTransform(1, 0, 0, 1, 0, 0);
      current.ctx.clearRect(0, 0, scene.width, scene.height);
    }
    return current;
  }

  /** See the header: the links and routers while playing, repainted at most every 100 ms. */
  private paintNetworkLayer(frame: PaintFrame, lay: TorusLayout, scene: PaintScene): void {
    const now = performance.now();
    const key = `${scene.width}×${scene.height} ${scene.map.join(' ')} ${scene.showNodes} ${scene.showLabels}`;
    if (
      !this.network ||
      key !== this.networkKey ||
      now - this.networkPaintedAt >= NETWORK_LAYER_MS
    ) {
      this.network = this.layer(this.network, scene);
      paintNetwork(this.network.ctx, frame, lay, scene);
      this.networkKey = key;
      this.networkPaintedAt = now;
    }
    this.ctx!.drawImage(this.network.canvas, 0, 0);
  }

  /**
   * A packet head (or heat-map dot) pre-drawn at the current scale, one per colour: a blit is far
   * cheaper than rasterising hundreds of small filled and stroked arcs every frame. An
   * ImageBitmap where the browser can make one at once: a canvas is snapshotted at every blit.
   */
  private sprite(colour: string, r: number, scale: number): ImageBitmap | Canvas {
    if (scale !== this.spriteScale) {
      for (const s of this.sprites.values()) if (s instanceof ImageBitmap) s.close();
      this.sprites.clear();
      this.spriteScale = scale;
    }
    const key = `${colour}/${r}`;
    let s = this.sprites.get(key);
    if (!s) {
      const size = Math.ceil((2 * r + 2) * scale) + 2;
      const drawn = scratchCanvas(size, size);
      const c = drawn.getContext('2d') as Context2D | null;
      if (c) {
        c.setTransform(scale, 0, 0, scale, size / 2, size / 2);
        c.beginPath();
        c.arc(0, 0, r, 0, 2 * Math.PI);
        c.fillStyle = colour;
        c.fill();
        c.strokeStyle = '#111';
        c.lineWidth = 1.5;
        c.stroke();
      }
      s = 'transferToImageBitmap' in drawn ? drawn.transferToImageBitmap() : drawn;
      this.sprites.set(key, s);
    }
    return s;
  }
}

/**
 * What the canvas layer shows, as SVG elements: `base` scales device pixels to the CSS pixels of
 * the canvas box (the SVG export).
 */
export function vectorPicture(frame: PaintFrame, scene: PaintScene, base: number): string {
  const svg = new SvgRecorder(base);
  const lay = torusLayout(Math.round(Math.sqrt(frame.routers.length)), scene.topology);
  paintNetwork(svg, frame, lay, scene);
  if (!scene.packets) return svg.toString();
  const [scale, tx, ty] = scene.map;
  const circle: HeadPainter = (colour, r, [x, y]) => {
    svg.beginPath();
    svg.arc(x * scale + tx, y * scale + ty, r * scale);
    svg.fillStyle = colour;
    svg.fill();
    svg.strokeStyle = '#111';
    svg.lineWidth = 1.5 * scale;
    svg.stroke();
  };
  if (scene.fade) svg.globalAlpha = FADED;
  paintPackets(svg, frame, lay, scene, circle);
  return svg.toString();
}

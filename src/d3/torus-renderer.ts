/**
 * The torus picture (after Fig. 5.5 of the thesis): router squares shaded by how many of their
 * frames hold a packet, links as two lanes whose width shows their use over the last LINK_WINDOW
 * cycles, wrap-around links as numbered stubs at the edges (none on a mesh), and every packet in
 * flight as a thick line through the frames its phits occupy — long while it cuts through, a blob
 * when it is blocked (the slinky). The followed packet's path so far is drawn under it, deroutes
 * dashed; after a watchdog stall, the waiting packets, their routers and the links they wait for
 * are ringed.
 *
 * Two layers, so a 16×16 torus with hundreds of packets animates at full frame rate:
 *
 * - a canvas underneath paints everything that changes across the whole network every cycle: the
 *   links, the router squares with their shading and labels, and the packets whenever the picture
 *   is playing or more than FOCUSABLE_PACKETS are in flight (building and styling thousands of SVG
 *   elements per frame is what dropped frames); while playing, the links and routers come from a
 *   layer repainted at most every NETWORK_LAYER_MS;
 * - an SVG on top holds what one points at, tabs to and reads: a transparent button per router
 *   (its outline shows selection and keyboard focus; its label is rewritten only when the router's
 *   occupancy changes), the followed packet's path, marks and the packet itself, and every packet
 *   as a focusable SVG button when few are in flight and the picture is paused. A click on a packet
 *   painted on the canvas is found by a hit test.
 *
 * Both layers share one zoom transform. Geometry comes from torus-layout (cached per k). Above
 * 16×16 or 1000 packets the picture is the heat map only, with a dot per packet at its head router.
 */
import { select, zoom, zoomIdentity, type Selection, type ZoomBehavior } from 'd3';
import type { NetworkFrame, PacketView, RouterView } from '../../sim-core/network/network-frame';
import { LINK_WINDOW } from '../../sim-core/network/link-window';
import type { Port } from '../../sim-core/network/topology';
import { registerVectorCanvas } from '../export/vector-canvas';
import { SvgRecorder, type Painter2D } from './svg-recorder';
import {
  CELL,
  SQUARE,
  heatFill,
  heatInk,
  heatOf,
  orderedSegments,
  packetColour,
  torusLayout,
  LINK_DIRS,
  type LinkDir,
  type Point,
  type TopologyKind,
  type TorusLayout,
} from './torus-layout';

export interface TorusFocus {
  packet: number | null;
  router: number | null;
  /** A delivered packet's whole path, drawn when the followed packet is no longer in flight. */
  trail?: TorusTrail | null;
}

export type TorusTrail = Pick<PacketView, 'path' | 'derouted' | 'dst'>;

/** The packets a watchdog stall names: each at its router, waiting for an output (null: unknown). */
export interface TorusStall {
  waiting: { packet: number; router: number; waitsFor: Port | null }[];
}

/** How to draw a frame, beyond the frame itself. */
export interface TorusScene {
  /** Frames arrive up to 60 times a second: packets are painted, not SVG buttons. */
  playing: boolean;
  topology: TopologyKind;
  stall: TorusStall | null;
  /** CSS zoom on the page (presentation mode): the canvas needs that many more pixels. */
  pageZoom: number;
}

export interface TorusHandlers {
  onPacket(id: number): void;
  onRouter(id: number): void;
}

export interface TorusRenderer {
  /**
   * Draws a frame. While playing, every packet but the followed one is painted on the canvas
   * (frames arrive up to 60 times a second); when paused and few are in flight, each is a
   * focusable SVG button.
   */
  update(frame: NetworkFrame, focus: TorusFocus, scene: TorusScene): void;
  /** The on-screen size of the drawing, so labels appear only when they are legible. */
  resize(width: number, height: number): void;
  zoomBy(factor: number): void;
  resetZoom(): void;
  destroy(): void;
}

/**
 * Beyond these the packets become dots: drawing every slinky would drop frames (and be unreadable).
 * Painted on the canvas, about 550 slinkies on a 16×16 torus play at 44–48 frames per second
 * on a two-core machine without a GPU (npm run bench:browser; docs/cli.md).
 */
export const DETAIL_MAX_K = 16;
export const DETAIL_MAX_PACKETS = 1000;
/** Packets are SVG buttons (focusable with Tab) only when there are few and the picture is paused. */
const FOCUSABLE_PACKETS = 60;
/** Screen pixels per cell from which router and packet labels are legible. */
const NODE_LABEL_PX = 75;
const DETAIL_LABEL_PX = 64;
/** While playing, at most this many router labels are rewritten per frame (see drawRouters). */
const LABELS_PER_UPDATE = 256;
/** While playing, links and routers are repainted at most this often (see paintNetworkLayer). */
const NETWORK_LAYER_MS = 100;
/** Other packets fade to this while one is followed (as the SVG packets do, by CSS). */
const FADED = 0.3;

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Writes an attribute only when it changes: most of them stay put from one cycle to the next. */
function setAttr(el: Element, name: string, value: string): void {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

function setText(el: Element, value: string): void {
  if (el.textContent !== value) el.textContent = value;
}

const OPP: Record<LinkDir, LinkDir> = { N: 'S', S: 'N', E: 'W', W: 'E' };
const pt = (p: Point) => `${p[0]},${p[1]}`;

interface HopPiece {
  key: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  deroute: boolean;
}

/** A packet's line: polylines (broken where it wraps round the edge) and its head. */
interface PacketShape {
  runs: Point[][];
  head: Point;
}

/** The thick line through a packet's occupied frames, broken where it wraps round the edge. */
function slinky(p: PacketView, layout: TorusLayout, mqSlots: number): PacketShape {
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
        run = [layout.stubEnd(seg.router, OPP[hop.dir], here)];
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

const pathData = (runs: Point[][]) =>
  runs.map((run) => run.map((p, i) => `${i === 0 ? 'M' : 'L'}${pt(p)}`).join('')).join('');

/** Where a packet's dot goes in the heat map: near its head router, spread so dots do not stack. */
function dotPoint(p: PacketView, layout: TorusLayout): Point {
  const segs = orderedSegments(p);
  const router = segs.at(-1)?.router ?? p.path.at(-1) ?? 0;
  const [cx, cy] = layout.centre(router);
  const angle = p.id * 2.39996;
  const radius = 8 + (p.id % 3) * 8;
  return [cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)];
}

/** The followed packet's hops, centre to centre (a wrap hop as two stubs). */
function hopPieces(p: TorusTrail, layout: TorusLayout): HopPiece[] {
  const pieces: HopPiece[] = [];
  for (let i = 0; i + 1 < p.path.length; i++) {
    const a = p.path[i]!;
    const b = p.path[i + 1]!;
    const ca = layout.centre(a);
    const cb = layout.centre(b);
    const deroute = p.derouted[i] === true;
    const hop = layout.hop(a, b);
    if (hop?.wrap) {
      const out = layout.stubEnd(a, hop.dir, ca);
      const back = layout.stubEnd(b, OPP[hop.dir], cb);
      pieces.push({ key: `${i}o`, x1: ca[0], y1: ca[1], x2: out[0], y2: out[1], deroute });
      pieces.push({ key: `${i}i`, x1: back[0], y1: back[1], x2: cb[0], y2: cb[1], deroute });
    } else {
      pieces.push({ key: `${i}`, x1: ca[0], y1: ca[1], x2: cb[0], y2: cb[1], deroute });
    }
  }
  return pieces;
}

const packetLabel = (p: PacketView) =>
  `Packet ${p.id}: node ${p.src} to node ${p.dst}, ${p.hops} hops` +
  (p.deroutes ? `, ${p.deroutes} derouted` : '') +
  `, header [${p.header.dy},${p.header.dx}]`;

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

/** Distance from p to the segment a–b. */
function segmentDistance(p: Point, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t =
    len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/** A packet painted on the canvas, kept for the click hit test. */
interface Painted {
  packet: PacketView;
  shape: PacketShape | null;
  dot: Point | null;
}

/** The SVG button of one router: transparent, it catches the pointer and shows focus. */
interface RouterEl {
  g: SVGGElement;
  title: SVGTitleElement;
  occupancy: number;
  frames: number;
  node: number | null | undefined;
}

export function createTorusRenderer(
  svgElement: SVGSVGElement,
  canvas: HTMLCanvasElement,
  handlers: TorusHandlers,
): TorusRenderer {
  const svg = select(svgElement).attr('class', 'tv-svg tv-layered');
  const gZoom = svg.append('g').attr('class', 'tv-zoom');
  const layer = (name: string) => gZoom.append('g').attr('class', name);
  const gRouters = layer('tv-routers');
  const gPath = layer('tv-path');
  const gStall = layer('tv-stall').attr('data-testid', 'stall-highlight');
  const gPackets = layer('tv-packets');
  const gDots = layer('tv-dots');
  const gMarks = layer('tv-marks');
  const ctx = canvas.getContext('2d');
  /** Faded packets are painted here first, then onto the canvas at once (group opacity). */
  const fadeCanvas = document.createElement('canvas');
  const fadeCtx = fadeCanvas.getContext('2d');
  /** While playing, the links and routers are painted here at most every NETWORK_LAYER_MS. */
  const networkCanvas = document.createElement('canvas');
  const networkCtx = networkCanvas.getContext('2d');
  /** When networkCanvas was painted, and for which size, transform and labels ('' : stale). */
  let networkPaintedAt = 0;
  let networkKey = '';
  let playing = false;

  let layout: TorusLayout | null = null;
  let screen = { width: 0, height: 0 };
  let pageZoom = 1;
  let transform = { k: 1, x: 0, y: 0 };
  let packetCount = 0;
  let showNodes = false;
  let showLabels = false;
  let font = '';
  let routers: RouterEl[] = [];
  let tabStop = 0;
  let labelCursor = 0;
  let selectedRouter: number | null = null;
  /** The frame last drawn, repainted on zoom and resize. */
  let last: { frame: NetworkFrame; detail: boolean } | null = null;
  let painted: Painted[] = [];

  const zoomer: ZoomBehavior<SVGSVGElement, unknown> = zoom<SVGSVGElement, unknown>()
    .scaleExtent([1, 12])
    .on('zoom', (event: { transform: { k: number; x: number; y: number; toString(): string } }) => {
      gZoom.attr('transform', event.transform.toString());
      transform = { k: event.transform.k, x: event.transform.x, y: event.transform.y };
      applyLabels();
      paint();
    });
  svg.call(zoomer);

  /** Labels by on-screen cell size: hidden when they would be an unreadable smear. */
  function applyLabels(): void {
    if (!layout || screen.width === 0) return;
    const cellPx = (CELL * Math.min(screen.width, screen.height) * transform.k) / layout.size;
    showNodes = cellPx >= NODE_LABEL_PX;
    // Packet ids need more room where packets crowd: a router holds up to 15 of them.
    const crowd = Math.max(1, packetCount / (layout.k * layout.k));
    showLabels =
      cellPx >= DETAIL_LABEL_PX * crowd || (packetCount <= 40 && cellPx >= NODE_LABEL_PX);
    svg.classed('tv-show-nodes', showNodes);
    svg.classed('tv-show-labels', showLabels);
  }

  function activate(event: KeyboardEvent, run: () => void): void {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      run();
    }
  }

  /** One router is in the tab order; arrow keys move it. */
  function setTabStop(r: number): void {
    if (r === tabStop && routers[r]?.g.getAttribute('tabindex') === '0') return;
    routers[tabStop]?.g.setAttribute('tabindex', '-1');
    routers[r]?.g.setAttribute('tabindex', '0');
    tabStop = r;
  }

  /** Arrow keys walk the routers (wrapping, like the torus). */
  function moveFocus(event: KeyboardEvent, from: number): void {
    const k = layout?.k ?? 0;
    const step: Partial<Record<string, LinkDir>> = {
      ArrowUp: 'N',
      ArrowRight: 'E',
      ArrowDown: 'S',
      ArrowLeft: 'W',
    };
    const dir = step[event.key];
    if (!dir || k === 0) return;
    event.preventDefault();
    const x = from % k;
    const y = Math.floor(from / k);
    const dx = dir === 'E' ? 1 : dir === 'W' ? -1 : 0;
    const dy = dir === 'S' ? 1 : dir === 'N' ? -1 : 0;
    const to = ((y + dy + k) % k) * k + ((x + dx + k) % k);
    setTabStop(to);
    routers[to]?.g.focus();
  }

  function setLayout(next: TorusLayout): void {
    layout = next;
    const { size, k } = next;
    svg.attr('viewBox', `0 0 ${size} ${size}`);
    zoomer.extent([
      [0, 0],
      [size, size],
    ]);
    zoomer.translateExtent([
      [0, 0],
      [size, size],
    ]);
    // The router buttons: built once per k, then only their labels change.
    gRouters.selectAll('*').remove();
    routers = [];
    const parent = gRouters.node()!;
    for (let id = 0; id < k * k; id++) {
      const [cx, cy] = next.centre(id);
      const g = document.createElementNS(SVG_NS, 'g');
      g.setAttribute('class', 'tv-router');
      g.setAttribute('role', 'button');
      g.setAttribute('data-router', String(id));
      g.setAttribute('tabindex', id === 0 ? '0' : '-1');
      const title = document.createElementNS(SVG_NS, 'title');
      const rect = document.createElementNS(SVG_NS, 'rect');
      rect.setAttribute('class', 'tv-router-box');
      rect.setAttribute('x', String(cx - SQUARE / 2));
      rect.setAttribute('y', String(cy - SQUARE / 2));
      rect.setAttribute('width', String(SQUARE));
      rect.setAttribute('height', String(SQUARE));
      rect.setAttribute('rx', '4');
      g.append(title, rect);
      g.addEventListener('click', () => handlers.onRouter(id));
      g.addEventListener('keydown', (event) => {
        activate(event, () => handlers.onRouter(id));
        moveFocus(event, id);
      });
      parent.append(g);
      routers.push({ g, title, occupancy: -1, frames: -1, node: undefined });
    }
    tabStop = 0;
    selectedRouter = null;
    // Resetting the zoom repaints through the zoom listener.
    svg.call(zoomer.transform, zoomIdentity);
  }

  /** Rewrites a router button's label if its occupancy changed; true if it did. */
  function labelRouter(r: RouterView, k: number): boolean {
    const el = routers[r.id];
    if (!el) return false;
    const frames = r.inputs.length + r.outputs.length + r.multiQueue.length;
    if (el.occupancy === r.occupancy && el.frames === frames && el.node === r.node) return false;
    const label = `Router ${r.id} (x ${r.id % k}, y ${Math.floor(r.id / k)})${
      r.node !== null ? `, node ${r.node}` : ''
    }: ${r.occupancy} of ${frames} frames occupied`;
    el.title.textContent = label;
    el.g.setAttribute('aria-label', label);
    if (el.node !== r.node) el.g.classList.toggle('tv-has-node', r.node !== null);
    el.occupancy = r.occupancy;
    el.frames = frames;
    el.node = r.node;
    return true;
  }

  /**
   * The router buttons' labels, selection and tab stop. While playing, at most LABELS_PER_UPDATE
   * labels are rewritten per frame, round-robin (the router with the keyboard focus first), so a
   * 32×32 torus does not spend its frame on words nobody can read at that pace; paused, all are.
   */
  function drawRouters(frame: NetworkFrame, focus: TorusFocus, playing: boolean): void {
    const k = layout!.k;
    const n = frame.routers.length;
    const focused = frame.routers[tabStop];
    if (focused && document.activeElement === routers[tabStop]?.g) labelRouter(focused, k);
    let budget = playing ? LABELS_PER_UPDATE : n;
    for (let i = 0; i < n && budget > 0; i++) {
      const at = (labelCursor + i) % n;
      if (labelRouter(frame.routers[at]!, k) && --budget === 0) labelCursor = (at + 1) % n;
    }
    if (focus.router !== selectedRouter) {
      if (selectedRouter !== null) routers[selectedRouter]?.g.classList.remove('tv-selected');
      if (focus.router !== null) routers[focus.router]?.g.classList.add('tv-selected');
      selectedRouter = focus.router;
    }
    if (focus.router !== null) setTabStop(focus.router);
  }

  function bindPacket<E extends SVGElement>(sel: Selection<E, PacketView, SVGGElement, unknown>) {
    sel
      .attr('data-testid', (d) => `packet-${d.id}`)
      .attr('role', 'button')
      .on('click', (event: Event, d) => {
        event.stopPropagation();
        handlers.onPacket(d.id);
      })
      .on('keydown', (event: Event, d) =>
        activate(event as KeyboardEvent, () => handlers.onPacket(d.id)),
      );
  }

  /** The packets that are SVG buttons: all of them when few and paused, else the followed one. */
  function drawSvgPackets(
    frame: NetworkFrame,
    focus: TorusFocus,
    list: PacketView[],
    detail: boolean,
  ) {
    const lay = layout!;
    const mqSlots = frame.routers[0]?.multiQueue.length ?? 0;
    const tab = frame.packets.length <= FOCUSABLE_PACKETS ? '0' : '-1';
    gPackets
      .selectAll<SVGGElement, PacketView>('g.tv-packet')
      .data(detail ? list : [], (d) => d.id)
      .join((enter) => {
        const g = enter.append('g').attr('class', 'tv-packet');
        bindPacket(g);
        g.append('title');
        g.append('path').attr('class', 'tv-casing');
        g.append('path')
          .attr('class', 'tv-body')
          .attr('stroke', (d) => packetColour(d.id));
        g.append('circle')
          .attr('class', 'tv-head')
          .attr('r', 7)
          .attr('fill', (d) => packetColour(d.id));
        g.append('text')
          .attr('class', 'tv-plabel')
          .text((d) => d.id);
        return g;
      })
      .each(function (d) {
        const [title, casing, body, head, text] = this.children as unknown as SVGElement[];
        const { runs, head: h } = slinky(d, lay, mqSlots);
        const path = pathData(runs);
        const label = packetLabel(d);
        setText(title!, label);
        setAttr(this, 'aria-label', label);
        setAttr(this, 'tabindex', tab);
        this.classList.toggle('tv-selected', d.id === focus.packet);
        setAttr(casing!, 'd', path);
        setAttr(body!, 'd', path);
        setAttr(head!, 'cx', String(h[0]));
        setAttr(head!, 'cy', String(h[1]));
        setAttr(text!, 'x', String(h[0] + 8));
        setAttr(text!, 'y', String(h[1] - 9));
      });

    // Heat-map mode: one dot per packet near its head router.
    gDots
      .selectAll<SVGCircleElement, PacketView>('circle')
      .data(detail ? [] : list, (d) => d.id)
      .join((enter) => {
        const c = enter
          .append('circle')
          .attr('class', 'tv-dot')
          .attr('r', 6)
          .attr('fill', (d) => packetColour(d.id));
        bindPacket(c);
        return c;
      })
      .each(function (d) {
        const [x, y] = dotPoint(d, lay);
        setAttr(this, 'cx', x.toFixed(1));
        setAttr(this, 'cy', y.toFixed(1));
        setAttr(this, 'aria-label', packetLabel(d));
        setAttr(this, 'tabindex', tab);
        this.classList.toggle('tv-selected', d.id === focus.packet);
      });
  }

  function drawFollowed(frame: NetworkFrame, focus: TorusFocus): void {
    const lay = layout!;
    const live = focus.packet === null ? null : frame.packets.find((q) => q.id === focus.packet);
    const p: TorusTrail | null = live ?? focus.trail ?? null;
    const pieces = p ? hopPieces(p, lay) : [];
    gPath
      .classed('tv-trail', !live && p !== null)
      .attr('data-hops', p ? Math.max(0, p.path.length - 1) : null);
    // A white casing under each hop keeps the path apart from the links beneath it.
    gPath
      .selectAll<SVGGElement, HopPiece>('g')
      .data(pieces, (d) => d.key)
      .join((enter) => {
        const g = enter.append('g');
        g.append('line').attr('class', 'tv-hop-casing');
        g.append('line');
        return g;
      })
      .each(function (d) {
        const lines = select(this)
          .selectAll<SVGLineElement, unknown>('line')
          .attr('x1', d.x1)
          .attr('y1', d.y1)
          .attr('x2', d.x2)
          .attr('y2', d.y2);
        lines.filter(':last-child').attr('class', d.deroute ? 'tv-hop tv-deroute' : 'tv-hop');
      });

    // Words on the picture: where it started, where it goes, and each deroute.
    const marks: { key: string; x: number; y: number; text: string; cls: string }[] = [];
    if (p) {
      const src = lay.centre(p.path[0] ?? 0);
      marks.push({ key: 'src', x: src[0], y: src[1] - SQUARE / 2 - 6, text: 'start', cls: '' });
      const dst = frame.routers.find((r) => r.node === p.dst);
      if (dst) {
        const c = lay.centre(dst.id);
        marks.push({ key: 'dst', x: c[0], y: c[1] + SQUARE / 2 + 16, text: 'dest.', cls: '' });
      }
      for (const piece of pieces) {
        if (piece.deroute && !piece.key.endsWith('i'))
          marks.push({
            key: `d${piece.key}`,
            x: (piece.x1 + piece.x2) / 2,
            y: (piece.y1 + piece.y2) / 2 - 8,
            text: 'deroute',
            cls: 'tv-deroute-label',
          });
      }
    }
    gMarks
      .selectAll<SVGTextElement, (typeof marks)[number]>('text')
      .data(marks, (d) => d.key)
      .join('text')
      .attr('class', (d) => `tv-mark ${d.cls}`)
      .attr('x', (d) => d.x)
      .attr('y', (d) => d.y)
      .text((d) => d.text);
    const dstRouter = p ? (frame.routers.find((r) => r.node === p.dst)?.id ?? null) : null;
    gMarks
      .selectAll<SVGRectElement, number>('rect')
      .data(dstRouter === null ? [] : [dstRouter])
      .join('rect')
      .attr('class', 'tv-dst-ring')
      .attr('x', (d) => lay.centre(d)[0] - SQUARE / 2 - 6)
      .attr('y', (d) => lay.centre(d)[1] - SQUARE / 2 - 6)
      .attr('width', SQUARE + 12)
      .attr('height', SQUARE + 12)
      .attr('rx', 8);
    svg.classed('tv-following', p !== null && p !== undefined);
  }

  /**
   * A watchdog stall on the picture: a red halo under each waiting packet, a ring round its
   * router, and the link it waits for drawn red and dashed, with "waits" and the packet id.
   */
  function drawStall(frame: NetworkFrame, stall: TorusStall | null, detail: boolean): void {
    const lay = layout!;
    const mqSlots = frame.routers[0]?.multiQueue.length ?? 0;
    const waiting = stall?.waiting ?? [];
    gStall.attr('data-packets', waiting.map((w) => w.packet).join(' ') || null);
    const halos = detail
      ? waiting.flatMap((w) => {
          const p = frame.packets.find((q) => q.id === w.packet);
          return p ? [{ key: w.packet, d: pathData(slinky(p, lay, mqSlots).runs) }] : [];
        })
      : [];
    gStall
      .selectAll<SVGPathElement, (typeof halos)[number]>('path')
      .data(halos, (d) => d.key)
      .join('path')
      .attr('class', 'tv-stall-packet')
      .attr('data-packet', (d) => d.key)
      .attr('d', (d) => d.d);
    const routerIds = [...new Set(waiting.map((w) => w.router))];
    gStall
      .selectAll<SVGRectElement, number>('rect')
      .data(routerIds, (d) => d)
      .join('rect')
      .attr('class', 'tv-stall-router')
      .attr('data-router', (d) => d)
      .attr('x', (d) => lay.centre(d)[0] - SQUARE / 2 - 4)
      .attr('y', (d) => lay.centre(d)[1] - SQUARE / 2 - 4)
      .attr('width', SQUARE + 8)
      .attr('height', SQUARE + 8)
      .attr('rx', 6);
    const links = waiting.flatMap((w) => {
      const dir = w.waitsFor === null || w.waitsFor === 'P' ? -1 : LINK_DIRS.indexOf(w.waitsFor);
      return lay.links
        .filter((l) => l.r === w.router && l.dir === dir)
        .map((l) => ({ ...l, key: `${w.packet}-${l.key}`, packet: w.packet }));
    });
    gStall
      .selectAll<SVGLineElement, (typeof links)[number]>('line')
      .data(links, (d) => d.key)
      .join('line')
      .attr('class', 'tv-stall-link')
      .attr('x1', (d) => d.x1)
      .attr('y1', (d) => d.y1)
      .attr('x2', (d) => d.x2)
      .attr('y2', (d) => d.y2);
    // "18 waits" on the link packet 18 waits for (above its router when it waits for no link).
    const perRouter = new Map<number, number>();
    const labels = waiting.map((w) => {
      const link = links.find((l) => l.packet === w.packet);
      if (link)
        return {
          key: w.packet,
          x: (link.x1 + link.x2) / 2,
          y: (link.y1 + link.y2) / 2 + 5,
          text: `${w.packet} waits`,
        };
      const [cx, cy] = lay.centre(w.router);
      const nth = perRouter.get(w.router) ?? 0;
      perRouter.set(w.router, nth + 1);
      return { key: w.packet, x: cx, y: cy - SQUARE / 2 - 9 - 15 * nth, text: `${w.packet} waits` };
    });
    gStall
      .selectAll<SVGTextElement, (typeof labels)[number]>('text')
      .data(labels, (d) => d.key)
      .join('text')
      .attr('class', 'tv-mark tv-stall-label')
      .attr('x', (d) => d.x)
      .attr('y', (d) => d.y)
      .text((d) => d.text);
  }

  // ---------- The canvas ----------

  /** Sizes the canvas to the SVG (in device pixels); false while there is nothing to paint on. */
  function fitCanvas(): boolean {
    if (screen.width === 0 || screen.height === 0) return false;
    const dpr = pixelRatio();
    const w = Math.round(screen.width * dpr);
    const h = Math.round(screen.height * dpr);
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
      canvas.style.width = `${screen.width}px`;
      canvas.style.height = `${screen.height}px`;
    }
    return true;
  }

  /**
   * Device pixels per CSS pixel of the panel: the screen's ratio times the page's CSS zoom, which
   * the ResizeObserver's size leaves out (without it a zoomed torus is a blurry bitmap).
   */
  function pixelRatio(): number {
    return (window.devicePixelRatio || 1) * pageZoom;
  }

  /** viewBox → device pixels: the SVG's "meet" fit, then the zoom. */
  function canvasTransform(): [number, number, number] {
    const dpr = pixelRatio();
    const size = layout!.size;
    const s = Math.min(screen.width / size, screen.height / size);
    const ox = (screen.width - s * size) / 2;
    const oy = (screen.height - s * size) / 2;
    return [dpr * s * transform.k, dpr * (ox + s * transform.x), dpr * (oy + s * transform.y)];
  }

  function paintLinks(c: Painter2D, frame: NetworkFrame): void {
    // Use over the recent window (shorter at the start of the run), so hot links cool down.
    const cycles = Math.max(1, Math.min(LINK_WINDOW, frame.cycle));
    // Links of the same (rounded) use are stroked together: one path per width.
    const buckets = new Map<number, number[]>();
    const links = layout!.links;
    for (let i = 0; i < links.length; i++) {
      const d = links[i]!;
      const u = Math.min(1, (frame.linkRecent[d.r]?.[d.dir] ?? 0) / cycles);
      const b = Math.round(u * 100);
      const list = buckets.get(b);
      if (list) list.push(i);
      else buckets.set(b, [i]);
    }
    c.strokeStyle = '#222';
    c.lineCap = 'butt';
    for (const [b, list] of buckets) {
      const u = b / 100;
      c.lineWidth = 1.5 + 9 * u;
      c.globalAlpha = 0.3 + 0.7 * u;
      c.beginPath();
      for (const i of list) {
        const d = links[i]!;
        c.moveTo(d.x1, d.y1);
        c.lineTo(d.x2, d.y2);
      }
      c.stroke();
    }
    c.globalAlpha = 1;
    // Wrap-stub numbers, legible at fit-to-panel size whatever k is.
    c.fillStyle = '#333';
    c.font = `700 ${Math.max(14, layout!.size / 65)}px ${font}`;
    c.textAlign = 'center';
    c.textBaseline = 'middle';
    for (const l of layout!.stubLabels) c.fillText(l.text, l.x, l.y);
    c.textBaseline = 'alphabetic';
  }

  function paintRouters(
    c: Painter2D,
    frame: NetworkFrame,
    visible: (x: number, y: number) => boolean,
  ): void {
    const lay = layout!;
    const byFill = new Map<string, number[]>();
    for (const r of frame.routers) {
      const frames = r.inputs.length + r.outputs.length + r.multiQueue.length;
      const { fill } = shade(heatOf(r.occupancy, frames));
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
    if (!showNodes && !showLabels) return;
    c.font = `700 12px ${font}`;
    for (const r of frame.routers) {
      const [cx, cy] = lay.centre(r.id);
      if (!visible(cx, cy)) continue;
      const frames = r.inputs.length + r.outputs.length + r.multiQueue.length;
      c.fillStyle = shade(heatOf(r.occupancy, frames)).ink;
      const x = cx - SQUARE / 2;
      const y = cy - SQUARE / 2;
      if (showNodes && r.node !== null) {
        c.textAlign = 'start';
        c.fillText(`n${r.node}`, x + 17, y + 14);
      }
      if (showLabels) {
        c.textAlign = 'end';
        c.fillText(`${r.occupancy}/${frames}`, x + SQUARE - 5, y + SQUARE - 6);
      }
    }
    c.textAlign = 'start';
  }

  /**
   * A packet head (or heat-map dot) pre-drawn at the current scale, one per colour: a blit is far
   * cheaper than rasterising hundreds of small filled and stroked arcs every frame.
   */
  const sprites = new Map<string, HTMLCanvasElement>();
  let spriteScale = 0;
  function sprite(colour: string, r: number, scale: number): HTMLCanvasElement {
    if (scale !== spriteScale) {
      sprites.clear();
      spriteScale = scale;
    }
    const key = `${colour}/${r}`;
    let s = sprites.get(key);
    if (!s) {
      const size = Math.ceil((2 * r + 2) * scale) + 2;
      s = document.createElement('canvas');
      s.width = size;
      s.height = size;
      const c = s.getContext('2d');
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
      sprites.set(key, s);
    }
    return s;
  }

  /**
   * The packets not drawn as SVG: the same casing, body, head and label, or dots. Painted in
   * device pixels (points mapped here, no canvas transform per packet): the heads are blits.
   */
  function paintPackets(
    c: Painter2D,
    frame: NetworkFrame,
    detail: boolean,
    [scale, tx, ty]: [number, number, number],
    head: HeadPainter,
  ): void {
    const lay = layout!;
    const mqSlots = frame.routers[0]?.multiQueue.length ?? 0;
    c.setTransform(1, 0, 0, 1, 0, 0);
    // Flat tails and mitred bends, as the SVG packets have: round caps and joins cost
    // rasterising hundreds of arcs a picture in software (11 → 7 ms for 550 packets for the
    // caps, about a third of what is left for the joins); the head is a disc anyway.
    c.lineCap = 'butt';
    c.lineJoin = 'miter';
    c.miterLimit = 4;
    if (showLabels) c.font = `700 ${13 * scale}px ${font}`;
    for (const item of painted) {
      const p = item.packet;
      const colour = packetColour(p.id);
      if (!detail) {
        head(colour, 6, (item.dot = dotPoint(p, lay)));
        continue;
      }
      const shape = (item.shape = slinky(p, lay, mqSlots));
      c.beginPath();
      for (const run of shape.runs) {
        c.moveTo(run[0]![0] * scale + tx, run[0]![1] * scale + ty);
        for (let i = 1; i < run.length; i++)
          c.lineTo(run[i]![0] * scale + tx, run[i]![1] * scale + ty);
      }
      c.strokeStyle = '#111';
      c.lineWidth = 10 * scale;
      c.stroke();
      c.strokeStyle = colour;
      c.lineWidth = 6 * scale;
      c.stroke();
      head(colour, 7, shape.head);
      if (showLabels) {
        const x = (shape.head[0] + 8) * scale + tx;
        const y = (shape.head[1] - 9) * scale + ty;
        c.strokeStyle = '#fff';
        c.lineWidth = 4 * scale;
        c.strokeText(String(p.id), x, y);
        c.fillStyle = '#111';
        c.fillText(String(p.id), x, y);
      }
    }
  }

  /** A packet's head (or heat-map dot) of radius `r` at a layout point, in device pixels. */
  type HeadPainter = (colour: string, r: number, at: Point) => void;

  /** Links and routers under `[scale, tx, ty]`; labels only where they fall on a w×h picture. */
  function paintNetwork(
    c: Painter2D,
    frame: NetworkFrame,
    [scale, tx, ty]: [number, number, number],
    w: number,
    h: number,
  ): void {
    c.setTransform(scale, 0, 0, scale, tx, ty);
    const margin = CELL * scale;
    const visible = (x: number, y: number) => {
      const sx = x * scale + tx;
      const sy = y * scale + ty;
      return sx > -margin && sy > -margin && sx < w + margin && sy < h + margin;
    };
    paintLinks(c, frame);
    paintRouters(c, frame, visible);
  }

  /** Sizes an offscreen canvas to the visible one (which blanks it), or else clears it. */
  function blankScratch(scratch: HTMLCanvasElement, scratchCtx: CanvasRenderingContext2D): void {
    if (scratch.width !== canvas.width || scratch.height !== canvas.height) {
      scratch.width = canvas.width;
      scratch.height = canvas.height;
    } else {
      scratchCtx.setTransform(1, 0, 0, 1, 0, 0);
      scratchCtx.clearRect(0, 0, scratch.width, scratch.height);
    }
  }

  /**
   * While playing, the links and routers are repainted at most every NETWORK_LAYER_MS (or at once
   * after a zoom or resize) and blitted in between: they are half the canvas's raster time, and
   * link use is an average over LINK_WINDOW cycles anyway. The packets move every picture.
   */
  function paintNetworkLayer(
    layerCtx: CanvasRenderingContext2D,
    frame: NetworkFrame,
    t: [number, number, number],
  ): void {
    const now = performance.now();
    const key = `${canvas.width}×${canvas.height} ${t.join(' ')} ${showNodes} ${showLabels}`;
    if (key !== networkKey || now - networkPaintedAt >= NETWORK_LAYER_MS) {
      blankScratch(networkCanvas, layerCtx);
      paintNetwork(layerCtx, frame, t, canvas.width, canvas.height);
      networkKey = key;
      networkPaintedAt = now;
    }
    ctx!.drawImage(networkCanvas, 0, 0);
  }

  /** Repaints the canvas from the last frame (after an update, a zoom or a resize). */
  function paint(): void {
    if (!ctx || !layout || !last || !fitCanvas()) return;
    if (!font) font = getComputedStyle(svgElement).fontFamily || 'sans-serif';
    const { frame } = last;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    const t = canvasTransform();
    if (playing && networkCtx) paintNetworkLayer(networkCtx, frame, t);
    else {
      paintNetwork(ctx, frame, t, canvas.width, canvas.height);
      networkKey = '';
    }
    if (painted.length === 0) return;
    const [scale, tx, ty] = t;
    // Heads are blits of a pre-drawn sprite: far cheaper than hundreds of arcs every frame.
    const blit =
      (c: CanvasRenderingContext2D): HeadPainter =>
      (colour, r, [x, y]) => {
        const img = sprite(colour, r, scale);
        c.drawImage(img, x * scale + tx - img.width / 2, y * scale + ty - img.height / 2);
      };
    const fade = svgElement.classList.contains('tv-following') && fadeCtx !== null;
    if (!fade) {
      paintPackets(ctx, frame, last.detail, t, blit(ctx));
      return;
    }
    // Group opacity, as CSS gives the faded SVG packets: paint them apart, then blend once.
    blankScratch(fadeCanvas, fadeCtx);
    paintPackets(fadeCtx, frame, last.detail, t, blit(fadeCtx));
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = FADED;
    ctx.drawImage(fadeCanvas, 0, 0);
    ctx.globalAlpha = 1;
  }

  /** What the canvas shows now, as SVG elements in CSS pixels of its box (the SVG export). */
  function vectorPicture(): string {
    if (!layout || !last || canvas.width === 0) return '';
    const svg = new SvgRecorder(canvas.clientWidth / canvas.width);
    const t = canvasTransform();
    const [scale, tx, ty] = t;
    paintNetwork(svg, last.frame, t, canvas.width, canvas.height);
    if (painted.length === 0) return svg.toString();
    const circle: HeadPainter = (colour, r, [x, y]) => {
      svg.beginPath();
      svg.arc(x * scale + tx, y * scale + ty, r * scale);
      svg.fillStyle = colour;
      svg.fill();
      svg.strokeStyle = '#111';
      svg.lineWidth = 1.5 * scale;
      svg.stroke();
    };
    if (svgElement.classList.contains('tv-following')) svg.globalAlpha = FADED;
    paintPackets(svg, last.frame, last.detail, t, circle);
    return svg.toString();
  }
  registerVectorCanvas(canvas, vectorPicture);

  /** The painted packet under a click, topmost first. */
  function hitPacket(p: Point): number | null {
    for (let i = painted.length - 1; i >= 0; i--) {
      const item = painted[i]!;
      const id = item.packet.id;
      if (item.dot && Math.hypot(p[0] - item.dot[0], p[1] - item.dot[1]) <= 7) return id;
      const shape = item.shape;
      if (!shape) continue;
      if (Math.hypot(p[0] - shape.head[0], p[1] - shape.head[1]) <= 8) return id;
      for (const run of shape.runs)
        for (let j = 0; j + 1 < run.length; j++)
          if (segmentDistance(p, run[j]!, run[j + 1]!) <= 6) return id;
    }
    return null;
  }

  const onClickCapture = (event: MouseEvent) => {
    if (painted.length === 0) return;
    const target = event.target as Element | null;
    if (target?.closest('.tv-packet, .tv-dot')) return;
    const m = gZoom.node()!.getScreenCTM();
    if (!m) return;
    const q = new DOMPoint(event.clientX, event.clientY).matrixTransform(m.inverse());
    const id = hitPacket([q.x, q.y]);
    if (id === null) return;
    event.stopPropagation();
    handlers.onPacket(id);
  };
  svgElement.addEventListener('click', onClickCapture, true);

  return {
    update(frame, focus, { playing: isPlaying, topology, stall, pageZoom: zoomed }) {
      playing = isPlaying;
      const k = Math.round(Math.sqrt(frame.routers.length));
      if (!layout || layout.k !== k || layout.kind !== topology)
        setLayout(torusLayout(k, topology));
      pageZoom = zoomed;
      packetCount = frame.packets.length;
      const detail = k <= DETAIL_MAX_K && frame.packets.length <= DETAIL_MAX_PACKETS;
      svg.classed('tv-heat-only', !detail);
      // Few packets and paused: each is an SVG button. Otherwise they are painted, but for the
      // followed one, which stays an SVG element above the others.
      const paintAll = playing || frame.packets.length > FOCUSABLE_PACKETS;
      const svgList = paintAll ? frame.packets.filter((p) => p.id === focus.packet) : frame.packets;
      painted = paintAll
        ? frame.packets
            .filter((p) => p.id !== focus.packet)
            .map((packet) => ({ packet, shape: null, dot: null }))
        : [];
      drawRouters(frame, focus, playing);
      drawFollowed(frame, focus);
      drawStall(frame, stall, detail);
      drawSvgPackets(frame, focus, svgList, detail);
      applyLabels();
      last = { frame, detail };
      paint();
    },
    resize(width, height) {
      screen = { width, height };
      applyLabels();
      paint();
    },
    zoomBy(factor) {
      svg.call(zoomer.scaleBy, factor);
    },
    resetZoom() {
      svg.call(zoomer.transform, zoomIdentity);
    },
    destroy() {
      svg.on('.zoom', null);
      svgElement.removeEventListener('click', onClickCapture, true);
      svg.selectAll('*').remove();
      ctx?.setTransform(1, 0, 0, 1, 0, 0);
      ctx?.clearRect(0, 0, canvas.width, canvas.height);
    },
  };
}

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
 *   elements per frame is what dropped frames). torus-painter.ts paints it, in a worker of its own
 *   where the browser can (torus-canvas.ts), so the page's thread is free for the panels;
 * - an SVG on top holds what one points at, tabs to and reads: a transparent button per router
 *   (its outline shows selection and keyboard focus; its label is rewritten only when the router's
 *   occupancy changes), the followed packet's path, marks and the packet itself, and every packet
 *   as a focusable SVG button when few are in flight and the picture is paused. A click on a packet
 *   painted on the canvas is found by a hit test on the packets' shapes (packet-shape.ts).
 *
 * Both layers share one zoom transform. Geometry comes from torus-layout (cached per k). Above
 * 16×16 or 1000 packets the picture is the heat map only, with a dot per packet at its head router.
 */
import { count } from '../../sim-core/kernel/words';
import { select, zoom, zoomIdentity, type Selection, type ZoomBehavior } from 'd3';
import type { NetworkFrame, PacketView, RouterView } from '../../sim-core/network/network-frame';
import type { Port } from '../../sim-core/network/topology';
import { registerVectorCanvas } from '../export/vector-canvas';
import { HALO_EM, labelSizeAt, packetLabelSpots, type LabelSpot } from './packet-labels';
import { dotPoint, packetAt, pathData, slinky } from './packet-shape';
import { createTorusCanvas } from './torus-canvas';
import { paintFrameOf, vectorPicture, type PaintScene } from './torus-painter';
import type { PointMap } from './thick-line';
import {
  CELL,
  OPPOSITE,
  SQUARE,
  packetColour,
  torusLayout,
  LINK_DIRS,
  type LinkDir,
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
 * See docs/cli.md (npm run bench:browser) for what a 16×16 torus with 500 packets plays at.
 */
export const DETAIL_MAX_K = 16;
export const DETAIL_MAX_PACKETS = 1000;
/** Packets are SVG buttons (focusable with Tab) only when there are few and the picture is paused. */
const FOCUSABLE_PACKETS = 60;
/** Screen pixels per cell from which router and packet labels are legible. */
const NODE_LABEL_PX = 75;
const DETAIL_LABEL_PX = 64;
/** While playing, at most this many router labels are rewritten per frame (see drawRouters). */
const LABELS_PER_UPDATE = 32;

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Writes an attribute only when it changes: most of them stay put from one cycle to the next. */
function setAttr(el: Element, name: string, value: string): void {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

function setText(el: Element, value: string): void {
  if (el.textContent !== value) el.textContent = value;
}

interface HopPiece {
  key: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  deroute: boolean;
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
      const back = layout.stubEnd(b, OPPOSITE[hop.dir], cb);
      pieces.push({ key: `${i}o`, x1: ca[0], y1: ca[1], x2: out[0], y2: out[1], deroute });
      pieces.push({ key: `${i}i`, x1: back[0], y1: back[1], x2: cb[0], y2: cb[1], deroute });
    } else {
      pieces.push({ key: `${i}`, x1: ca[0], y1: ca[1], x2: cb[0], y2: cb[1], deroute });
    }
  }
  return pieces;
}

const packetLabel = (p: PacketView) =>
  `Packet ${p.id}: node ${p.src} to node ${p.dst}, ${count(p.hops, 'hop')}` +
  (p.deroutes ? `, ${p.deroutes} derouted` : '') +
  `, header [${p.header.dy},${p.header.dx}]`;

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
  /** The SVG packets' ids, above every packet so no later head covers an earlier label. */
  const gLabels = layer('tv-plabels');
  const gMarks = layer('tv-marks');
  /** The canvas layer's painter: in a worker of its own where the browser can. */
  const surface = createTorusCanvas(canvas);
  canvas.dataset.painter = surface.painter;
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
  /** What the SVG packets' labels were last drawn for (redrawn at every zoom). */
  let svgLabels: { frame: NetworkFrame; focus: TorusFocus; list: PacketView[] } | null = null;
  /**
   * The frame last drawn, repainted on zoom and resize: each packet drawn or the heat map, whether
   * the canvas paints the packets (all but `exclude`, the followed one) or they are SVG buttons.
   */
  let last: {
    frame: NetworkFrame;
    detail: boolean;
    paintPackets: boolean;
    exclude: number | null;
  } | null = null;

  const zoomer: ZoomBehavior<SVGSVGElement, unknown> = zoom<SVGSVGElement, unknown>()
    .scaleExtent([1, 12])
    .on('zoom', (event: { transform: { k: number; x: number; y: number; toString(): string } }) => {
      gZoom.attr('transform', event.transform.toString());
      transform = { k: event.transform.k, x: event.transform.x, y: event.transform.y };
      applyLabels();
      drawSvgLabels();
      paint();
    });
  svg.call(zoomer);

  /**
   * Labels by on-screen cell size: hidden when they would be an unreadable smear. The panel's size
   * leaves out the page's CSS zoom (presentation mode), which makes everything that much larger.
   */
  function applyLabels(): void {
    if (!layout || screen.width === 0) return;
    const cellPx =
      (CELL * Math.min(screen.width, screen.height) * transform.k * pageZoom) / layout.size;
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

  /** The packet labels' type size in layout units at this zoom (see packet-labels.ts). */
  function labelSize(): number {
    const size = layout!.size;
    return labelSizeAt(Math.min(screen.width / size, screen.height / size) * transform.k);
  }

  /**
   * The SVG packets' ids, where the canvas would put them (so a label stays put when its packet
   * turns SVG), again at every zoom: their size on screen stays the same, so their room changes.
   * While the ids are hidden at this zoom only the followed packet's shows, and only it is placed.
   */
  function drawSvgLabels(): void {
    if (!layout || !svgLabels) return;
    const { frame, focus, list } = svgLabels;
    const size = labelSize();
    const spots =
      list.length > 0
        ? packetLabelSpots(
            frame.packets,
            layout,
            frame.routers[0]?.multiQueue.length ?? 0,
            focus.packet,
            size,
            !showLabels,
          )
        : new Map<number, LabelSpot>();
    gLabels
      .attr('font-size', size.toFixed(2))
      .attr('stroke-width', (2 * HALO_EM * size).toFixed(2))
      .selectAll<SVGTextElement, PacketView>('text')
      .data(
        list.filter((d) => spots.has(d.id)),
        (d) => d.id,
      )
      .join((enter) =>
        enter
          .append('text')
          .attr('class', 'tv-plabel')
          .attr('aria-hidden', 'true')
          .text((d) => d.id),
      )
      .each(function (d) {
        const spot = spots.get(d.id)!;
        setAttr(this, 'x', spot.x.toFixed(1));
        setAttr(this, 'y', spot.y.toFixed(1));
        this.classList.toggle('tv-selected', d.id === focus.packet);
      });
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
        return g;
      })
      .each(function (d) {
        const [title, casing, body, head] = this.children as unknown as SVGElement[];
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
      });
    svgLabels = { frame, focus, list: detail ? list : [] };
    drawSvgLabels();

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

  /**
   * Device pixels per CSS pixel of the panel: the screen's ratio times the page's CSS zoom, which
   * the ResizeObserver's size leaves out (without it a zoomed torus is a blurry bitmap).
   */
  function pixelRatio(): number {
    return (window.devicePixelRatio || 1) * pageZoom;
  }

  /** viewBox → device pixels: the SVG's "meet" fit, then the zoom. */
  function canvasMap(): PointMap {
    const dpr = pixelRatio();
    const size = layout!.size;
    const s = Math.min(screen.width / size, screen.height / size);
    const ox = (screen.width - s * size) / 2;
    const oy = (screen.height - s * size) / 2;
    return [dpr * s * transform.k, dpr * (ox + s * transform.x), dpr * (oy + s * transform.y)];
  }

  /** What the canvas layer shows now, or null while there is nothing to paint on. */
  function paintScene(): PaintScene | null {
    if (!layout || !last || screen.width === 0 || screen.height === 0) return null;
    if (!font) font = getComputedStyle(svgElement).fontFamily || 'sans-serif';
    const dpr = pixelRatio();
    return {
      width: Math.round(screen.width * dpr),
      height: Math.round(screen.height * dpr),
      map: canvasMap(),
      topology: layout.kind,
      detail: last.detail,
      packets: last.paintPackets,
      exclude: last.exclude,
      fade: svgElement.classList.contains('tv-following'),
      playing,
      showNodes,
      showLabels,
      labelSize: labelSize(),
      font,
    };
  }

  /** Repaints the canvas from the last frame (after an update, a zoom or a resize). */
  function paint(): void {
    const scene = paintScene();
    if (!scene) return;
    // The canvas's box in CSS pixels; its backing store (device pixels) is the painter's.
    const width = `${screen.width}px`;
    const height = `${screen.height}px`;
    if (canvas.style.width !== width) canvas.style.width = width;
    if (canvas.style.height !== height) canvas.style.height = height;
    surface.paint(last!.frame, scene);
  }

  /** What the canvas shows now, as SVG elements in CSS pixels of its box (the SVG export). */
  registerVectorCanvas(canvas, () => {
    const scene = paintScene();
    return scene ? vectorPicture(paintFrameOf(last!.frame), scene, screen.width / scene.width) : '';
  });

  const onClickCapture = (event: MouseEvent) => {
    if (!last?.paintPackets || !layout) return;
    const target = event.target as Element | null;
    if (target?.closest('.tv-packet, .tv-dot')) return;
    const m = gZoom.node()!.getScreenCTM();
    if (!m) return;
    const q = new DOMPoint(event.clientX, event.clientY).matrixTransform(m.inverse());
    const { frame, exclude, detail } = last;
    const painted = frame.packets.filter((p) => p.id !== exclude);
    const mqSlots = frame.routers[0]?.multiQueue.length ?? 0;
    const id = packetAt([q.x, q.y], painted, layout, mqSlots, detail);
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
      applyLabels();
      drawRouters(frame, focus, playing);
      drawFollowed(frame, focus);
      drawStall(frame, stall, detail);
      drawSvgPackets(frame, focus, svgList, detail);
      last = { frame, detail, paintPackets: paintAll, exclude: focus.packet };
      paint();
    },
    resize(width, height) {
      screen = { width, height };
      applyLabels();
      drawSvgLabels();
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
      surface.release();
    },
  };
}

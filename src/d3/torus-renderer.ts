/**
 * The torus picture (after Fig. 5.5 of the thesis), drawn imperatively with D3: router squares
 * shaded by how many of their frames hold a packet, links as two lanes whose width shows their
 * utilisation, wrap-around links as numbered stubs at the edges, and every packet in flight as a
 * thick line through the frames its phits occupy — long while it cuts through, a blob when it is
 * blocked (the slinky). The followed packet's path so far is drawn under it, deroutes dashed.
 *
 * Geometry comes from torus-layout (cached per k); an update only sets colours, widths and the
 * packet paths, with keyed joins and no transitions, so playback keeps up. Above 16×16 or 600
 * packets it draws the heat map only, with a dot per packet at its head router.
 */
import { select, zoom, zoomIdentity, type Selection, type ZoomBehavior } from 'd3';
import type { NetworkFrame, PacketView } from '../../sim-core/network/network-frame';
import {
  CELL,
  SQUARE,
  heatFill,
  heatInk,
  heatOf,
  orderedSegments,
  packetColour,
  torusLayout,
  type LinkDir,
  type LinkPiece,
  type Point,
  type StubLabel,
  type TorusLayout,
} from './torus-layout';

export interface TorusFocus {
  packet: number | null;
  router: number | null;
}

export interface TorusHandlers {
  onPacket(id: number): void;
  onRouter(id: number): void;
}

export interface TorusRenderer {
  update(frame: NetworkFrame, focus: TorusFocus): void;
  /** The on-screen size of the drawing, so labels appear only when they are legible. */
  resize(width: number, height: number): void;
  zoomBy(factor: number): void;
  resetZoom(): void;
  destroy(): void;
}

/** Beyond these the packets become dots: drawing every slinky would drop frames. */
export const DETAIL_MAX_K = 16;
export const DETAIL_MAX_PACKETS = 600;
/** Packets are focusable (Tab) only when there are few; otherwise the view's list serves. */
const FOCUSABLE_PACKETS = 60;
/** Screen pixels per cell from which router and packet labels are legible. */
const NODE_LABEL_PX = 75;
const DETAIL_LABEL_PX = 64;

/** Writes an attribute only when it changes: most of them stay put from one cycle to the next. */
function setAttr(el: Element, name: string, value: string): void {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

function setText(el: Element, value: string): void {
  if (el.textContent !== value) el.textContent = value;
}

const OPP: Record<LinkDir, LinkDir> = { N: 'S', S: 'N', E: 'W', W: 'E' };
const pt = (p: Point) => `${p[0]},${p[1]}`;

interface RouterDatum {
  key: string;
  id: number;
  node: number | null;
  heat: number;
  occupancy: number;
  frames: number;
}

interface HopPiece {
  key: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  deroute: boolean;
}

/** The thick line through a packet's occupied frames, broken where it wraps round the edge. */
function slinky(p: PacketView, layout: TorusLayout, mqSlots: number): { d: string; head: Point } {
  const segs = orderedSegments(p);
  if (segs.length === 0) {
    const c = layout.centre(p.path.at(-1) ?? p.src);
    return { d: `M${pt(c)}l0.01,0`, head: c };
  }
  let d = '';
  let prevRouter = -1;
  let prev: Point = [0, 0];
  for (const seg of segs) {
    const here = layout.framePoint(seg, mqSlots);
    if (prevRouter < 0) d = `M${pt(here)}`;
    else {
      const hop = prevRouter === seg.router ? null : layout.hop(prevRouter, seg.router);
      if (hop?.wrap) {
        const out = layout.stubEnd(prevRouter, hop.dir, prev);
        const back = layout.stubEnd(seg.router, OPP[hop.dir], here);
        d += `L${pt(out)}M${pt(back)}`;
      }
      d += `L${pt(here)}`;
    }
    prevRouter = seg.router;
    prev = here;
  }
  // A single point still draws: a zero-length line with round caps is a dot.
  if (segs.length === 1) d += 'l0.01,0';
  return { d, head: prev };
}

/** The followed packet's hops, centre to centre (a wrap hop as two stubs). */
function hopPieces(p: PacketView, layout: TorusLayout): HopPiece[] {
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

export function createTorusRenderer(
  svgElement: SVGSVGElement,
  handlers: TorusHandlers,
): TorusRenderer {
  const svg = select(svgElement).attr('class', 'tv-svg');
  const gZoom = svg.append('g').attr('class', 'tv-zoom');
  const layer = (name: string) => gZoom.append('g').attr('class', name);
  const gLinks = layer('tv-links');
  const gStubLabels = layer('tv-stub-labels');
  const gRouters = layer('tv-routers');
  const gPath = layer('tv-path');
  const gPackets = layer('tv-packets');
  const gDots = layer('tv-dots');
  const gMarks = layer('tv-marks');

  let layout: TorusLayout | null = null;
  let screen = { width: 0, height: 0 };
  let zoomK = 1;
  let packetCount = 0;
  let focusRouter = 0;

  const zoomer: ZoomBehavior<SVGSVGElement, unknown> = zoom<SVGSVGElement, unknown>()
    .scaleExtent([1, 12])
    .on('zoom', (event: { transform: { k: number; toString(): string } }) => {
      gZoom.attr('transform', event.transform.toString());
      zoomK = event.transform.k;
      applyLabels();
    });
  svg.call(zoomer);

  /** Labels by on-screen cell size: hidden when they would be an unreadable smear. */
  function applyLabels(): void {
    if (!layout || screen.width === 0) return;
    const cellPx = (CELL * Math.min(screen.width, screen.height) * zoomK) / layout.size;
    svg.classed('tv-show-nodes', cellPx >= NODE_LABEL_PX);
    // Packet ids need more room where packets crowd: a router holds up to 15 of them.
    const crowd = Math.max(1, packetCount / (layout.k * layout.k));
    svg.classed(
      'tv-show-labels',
      cellPx >= DETAIL_LABEL_PX * crowd || (packetCount <= 40 && cellPx >= NODE_LABEL_PX),
    );
  }

  function activate(event: KeyboardEvent, run: () => void): void {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      run();
    }
  }

  /** Arrow keys walk the routers (wrapping, like the torus); one router is in the tab order. */
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
    focusRouter = to;
    gRouters
      .selectAll<SVGGElement, RouterDatum>('g.tv-router')
      .attr('tabindex', (d) => (d.id === to ? 0 : -1))
      .filter((d) => d.id === to)
      .each(function () {
        this.focus();
      });
  }

  function setLayout(next: TorusLayout): void {
    layout = next;
    const { size } = next;
    svg.attr('viewBox', `0 0 ${size} ${size}`);
    zoomer.extent([
      [0, 0],
      [size, size],
    ]);
    zoomer.translateExtent([
      [0, 0],
      [size, size],
    ]);
    svg.call(zoomer.transform, zoomIdentity);

    gLinks
      .selectAll<SVGLineElement, LinkPiece>('line')
      .data(next.links, (d) => `${next.k}:${d.key}`)
      .join('line')
      .attr('class', 'tv-link')
      .attr('x1', (d) => d.x1)
      .attr('y1', (d) => d.y1)
      .attr('x2', (d) => d.x2)
      .attr('y2', (d) => d.y2);
    gStubLabels
      .selectAll<SVGTextElement, StubLabel>('text')
      .data(next.stubLabels, (d) => `${next.k}:${d.key}`)
      .join('text')
      .attr('class', 'tv-stub-label')
      // Legible at fit-to-panel size whatever k is.
      .attr('font-size', Math.max(14, size / 65))
      .attr('x', (d) => d.x)
      .attr('y', (d) => d.y)
      .text((d) => d.text);
  }

  function drawRouters(frame: NetworkFrame, focus: TorusFocus): void {
    const k = layout!.k;
    const data: RouterDatum[] = frame.routers.map((r) => {
      const frames = r.inputs.length + r.outputs.length + r.multiQueue.length;
      return {
        key: `${k}:${r.id}`,
        id: r.id,
        node: r.node,
        occupancy: r.occupancy,
        frames,
        heat: heatOf(r.occupancy, frames),
      };
    });
    const sel = gRouters
      .selectAll<SVGGElement, RouterDatum>('g.tv-router')
      .data(data, (d) => d.key)
      .join((enter) => {
        const g = enter
          .append('g')
          .attr('class', 'tv-router')
          .attr('role', 'button')
          .attr('data-router', (d) => d.id)
          .classed('tv-has-node', (d) => d.node !== null);
        g.each(function (d) {
          const [cx, cy] = layout!.centre(d.id);
          const x = cx - SQUARE / 2;
          const y = cy - SQUARE / 2;
          const gg = select(this);
          gg.append('title');
          gg.append('rect')
            .attr('class', 'tv-router-box')
            .attr('x', x)
            .attr('y', y)
            .attr('width', SQUARE)
            .attr('height', SQUARE)
            .attr('rx', 4);
          if (d.node !== null) {
            gg.append('circle')
              .attr('class', 'tv-node-dot')
              .attr('cx', x + 9)
              .attr('cy', y + 9)
              .attr('r', 5);
            gg.append('text')
              .attr('class', 'tv-node-label tv-ink')
              .attr('x', x + 17)
              .attr('y', y + 14)
              .text(`n${d.node}`);
          }
          gg.append('text')
            .attr('class', 'tv-occ-label tv-ink')
            .attr('x', x + SQUARE - 5)
            .attr('y', y + SQUARE - 6)
            .attr('text-anchor', 'end');
        });
        g.on('click', (_, d) => handlers.onRouter(d.id));
        g.on('keydown', (event: KeyboardEvent, d) => {
          activate(event, () => handlers.onRouter(d.id));
          moveFocus(event, d.id);
        });
        return g;
      });
    if (focus.router !== null) focusRouter = focus.router;
    sel.each((d, i, nodes) => {
      const g = nodes[i]!;
      const children = g.children;
      const label = `Router ${d.id} (x ${d.id % k}, y ${Math.floor(d.id / k)})${
        d.node !== null ? `, node ${d.node}` : ''
      }: ${d.occupancy} of ${d.frames} frames occupied`;
      setText(children[0]!, label);
      setAttr(g, 'aria-label', label);
      setAttr(g, 'tabindex', d.id === focusRouter ? '0' : '-1');
      g.classList.toggle('tv-selected', d.id === focus.router);
      const fill = heatFill(d.heat);
      if (children[1]!.getAttribute('fill') !== fill) {
        children[1]!.setAttribute('fill', fill);
        const ink = heatInk(d.heat);
        for (const t of g.querySelectorAll('.tv-ink')) t.setAttribute('fill', ink);
      }
      setText(g.lastElementChild!, `${d.occupancy}/${d.frames}`);
    });
  }

  function drawLinks(frame: NetworkFrame): void {
    const cycles = Math.max(1, frame.cycle);
    gLinks.selectAll<SVGLineElement, LinkPiece>('line').each(function (d) {
      const u = Math.min(1, (frame.linkPhits[d.r]?.[d.dir] ?? 0) / cycles);
      // Rounded so a link's attributes change (and restyle) only when its use visibly does.
      setAttr(this, 'stroke-width', (1.5 + 9 * u).toFixed(1));
      setAttr(this, 'stroke-opacity', (0.3 + 0.7 * u).toFixed(2));
    });
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

  function drawPackets(frame: NetworkFrame, focus: TorusFocus, detail: boolean): void {
    const lay = layout!;
    const mqSlots = frame.routers[0]?.multiQueue.length ?? 0;
    const tab = frame.packets.length <= FOCUSABLE_PACKETS ? '0' : '-1';
    gPackets
      .selectAll<SVGGElement, PacketView>('g.tv-packet')
      .data(detail ? frame.packets : [], (d) => d.id)
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
        const { d: path, head: h } = slinky(d, lay, mqSlots);
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

    // Heat-map mode: one dot per packet near its head router, spread so they do not stack.
    gDots
      .selectAll<SVGCircleElement, PacketView>('circle')
      .data(detail ? [] : frame.packets, (d) => d.id)
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
        const segs = orderedSegments(d);
        const router = segs.at(-1)?.router ?? d.path.at(-1) ?? 0;
        const [cx, cy] = lay.centre(router);
        const angle = d.id * 2.39996;
        const radius = 8 + (d.id % 3) * 8;
        setAttr(this, 'cx', (cx + radius * Math.cos(angle)).toFixed(1));
        setAttr(this, 'cy', (cy + radius * Math.sin(angle)).toFixed(1));
        setAttr(this, 'aria-label', packetLabel(d));
        setAttr(this, 'tabindex', tab);
        this.classList.toggle('tv-selected', d.id === focus.packet);
      });
  }

  function drawFollowed(frame: NetworkFrame, focus: TorusFocus): void {
    const lay = layout!;
    const p = focus.packet === null ? null : frame.packets.find((q) => q.id === focus.packet);
    const pieces = p ? hopPieces(p, lay) : [];
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

  return {
    update(frame, focus) {
      const k = Math.round(Math.sqrt(frame.routers.length));
      if (!layout || layout.k !== k) setLayout(torusLayout(k));
      packetCount = frame.packets.length;
      const detail = k <= DETAIL_MAX_K && frame.packets.length <= DETAIL_MAX_PACKETS;
      svg.classed('tv-heat-only', !detail);
      drawLinks(frame);
      drawRouters(frame, focus);
      drawFollowed(frame, focus);
      drawPackets(frame, focus, detail);
      applyLabels();
    },
    resize(width, height) {
      screen = { width, height };
      applyLabels();
    },
    zoomBy(factor) {
      svg.call(zoomer.scaleBy, factor);
    },
    resetZoom() {
      svg.call(zoomer.transform, zoomIdentity);
    },
    destroy() {
      svg.on('.zoom', null);
      svg.selectAll('*').remove();
    },
  };
}

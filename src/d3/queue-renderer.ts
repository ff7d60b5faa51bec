/**
 * One cachable queue as a ring (Fig. 2 of the CNI paper), drawn imperatively with D3: the slots
 * clockwise from twelve o'clock, each a card with every block's state in each agent's cache
 * (colour and letters) and the message it holds, or a two-tone cell when the queue is long; the
 * sender's tail arrow outside the ring, the receiver's head hand inside it and the sender's stale
 * shadow head as a dashed hand beside it, each with its sense bit. Slots are joined by index and
 * badges by agent, so a step animates only what changed (colours, the hands turning).
 */
import { count } from '../../sim-core/kernel/words';
import { arc, select, type BaseType, type Selection } from 'd3';
import type { BlockView, QueueView } from '../../sim-core/ni/cni/cni-frame';
import type { AgentName } from '../../sim-core/ni/cni/cni-state';
import { stateStyle, txnColours } from '../theme/states';
import { agentStates, contentText, slotOccupied, statesText } from './cni-text';
import { appendArrowhead, appendHatch, UNKNOWN_TXN } from './colour';
import { animateAttrs, fadeIn } from './motion';
import {
  ARROW_LEN,
  BADGE_H,
  BADGE_W,
  CARD_HEAD,
  CARD_PAD,
  CELL_HALF,
  ROW_H,
  polar,
  ringLayout,
  slotCentre,
  slotDegrees,
  slotReach,
  type RingLayout,
} from './queue-layout';

export interface QueueRenderOptions {
  animate: boolean;
  /** The block the bus is moving now, by name, and the transaction's kind: outlined in its colour. */
  active: { target: string; kind: string } | null;
  /** The slot selected in the views (its event-log rows are marked), drawn with a thick frame. */
  selected: number | null;
}

export interface QueueRenderer {
  update(queue: QueueView, opts: QueueRenderOptions): void;
  destroy(): void;
}

const ANIM_MS = 150;
/** The head hands start this far from the centre, clear of the hub dot. */
const HUB = 10;
/** The shadow hand runs beside the head hand so both stay visible when they point at one slot. */
const SHADOW_OFFSET = -6;
const LABEL_GAP = 9;
/** Longer transient state names are squeezed into the badge rather than widen every card. */
const BADGE_CHARS = 6;

let instances = 0;

interface SlotDatum {
  i: number;
  blocks: BlockView[];
  occupied: boolean;
}

type PointerKey = 'tail' | 'head' | 'shadow';

interface PointerDatum {
  key: PointerKey;
  slot: number;
  label: string;
}

const txnColour = (kind: string): string => txnColours[kind] ?? UNKNOWN_TXN;

/** Where a hand's label goes: beside the hand, on the clockwise (+1) or counter-clockwise side. */
function sideLabel(lay: RingLayout, slot: number, r: number, side: 1 | -1) {
  const p = polar(lay, slot, r);
  const a = ((slotDegrees(lay, slot) + 90 * side) * Math.PI) / 180;
  const dx = Math.cos(a);
  const dy = Math.sin(a);
  return {
    x: p.x + LABEL_GAP * dx,
    y: p.y + LABEL_GAP * dy + 4 + 4 * dy,
    anchor: dx > 0.35 ? 'start' : dx < -0.35 ? 'end' : 'middle',
  };
}

/** Where the tail label goes: beyond the arrow's outer end. */
function outerLabel(lay: RingLayout, slot: number, r: number) {
  const p = polar(lay, slot, r);
  const a = (slotDegrees(lay, slot) * Math.PI) / 180;
  const dx = Math.cos(a);
  const dy = Math.sin(a);
  return {
    x: p.x,
    y: p.y + 4 + 8 * dy,
    anchor: dx > 0.35 ? 'start' : dx < -0.35 ? 'end' : 'middle',
  };
}

/** A badge text squeezed to the badge when the state's name is long (IS_AD, SM_AD …). */
function fitBadge<D>(
  text: Selection<SVGTextElement, D, BaseType, unknown>,
  label: (d: D) => string,
) {
  text
    .text(label)
    .attr('textLength', (d) => (label(d).length > BADGE_CHARS ? BADGE_W - 6 : null))
    .attr('lengthAdjust', 'spacingAndGlyphs');
}

/** `onSlot`: a click on a slot (the table beside the ring offers the same by keyboard). */
export function createQueueRenderer(
  svgElement: SVGSVGElement,
  onSlot: (slot: number) => void,
): QueueRenderer {
  const uid = `qv-ring-${++instances}`;
  const hatch = `${uid}-hatch`;
  const svg = select(svgElement).attr('class', 'qv-svg');
  const defs = svg.append('defs');
  appendHatch(defs, hatch);
  for (const key of ['tail', 'head', 'shadow'] as const)
    appendArrowhead(defs, `${uid}-${key}`, { className: `qv-head-${key}` });

  const track = svg.append('circle').attr('class', 'qv-track');
  const wrap = svg.append('g').attr('class', 'qv-wrap');
  wrap.append('title').text('Wrap-around: after the last slot comes slot 0, and the sense flips');
  const wrapLine = wrap.append('line');
  const wrapText = wrap.append('text').attr('class', 'qv-t-muted').text('↻ wrap, sense flips');
  const gSlots = svg.append('g');
  const gPointers = svg.append('g');
  const hub = svg.append('circle').attr('class', 'qv-hub').attr('r', 4);

  function drawCards(
    lay: RingLayout,
    q: QueueView,
    slots: SlotDatum[],
    opts: QueueRenderOptions,
    ms: number,
  ): void {
    const cards = gSlots
      .selectAll<SVGGElement, SlotDatum>('g.qv-slot')
      .data(slots, (d) => d.i)
      .join((enter) => {
        const g = enter.append('g').attr('class', 'qv-slot');
        g.append('title');
        g.append('rect').attr('class', 'qv-card').attr('rx', 5);
        g.append('text').attr('class', 'qv-t-bold').attr('x', CARD_PAD).attr('y', 14);
        g.append('text').attr('class', 'qv-t qv-msg').attr('y', 14).attr('text-anchor', 'end');
        return g;
      });
    cards.attr('transform', (d) => {
      const c = slotCentre(lay, d.i);
      return `translate(${c.x - lay.cardW / 2},${c.y - lay.cardH / 2})`;
    });
    cards
      .select('.qv-card')
      .attr('width', lay.cardW)
      .attr('height', lay.cardH)
      .classed('qv-occupied', (d) => d.occupied);
    cards.select('.qv-t-bold').text((d) => `#${d.i}`);
    cards
      .select('.qv-msg')
      .attr('x', lay.cardW - CARD_PAD)
      .text((d) => {
        const b = d.blocks[0]!;
        return b.msg < 0 ? '—' : `${contentText(b)} · v=${b.valid}`;
      });

    const rows = cards
      .selectAll<SVGGElement, BlockView>('g.qv-row')
      .data(
        (d) => d.blocks,
        (b) => b.block,
      )
      .join((enter) => {
        const g = enter.append('g').attr('class', 'qv-row');
        g.append('rect')
          .attr('class', 'qv-row-active')
          .attr('x', CARD_PAD - 3)
          .attr('y', -2)
          .attr('height', BADGE_H + 4)
          .attr('rx', 3);
        return g;
      });
    rows.attr('transform', (_, k) => `translate(0,${CARD_HEAD + k * ROW_H})`);
    rows
      .select('.qv-row-active')
      .attr('width', lay.cardW - 2 * CARD_PAD + 6)
      .attr('display', (b) => (opts.active?.target === b.name ? null : 'none'))
      .attr('stroke', opts.active ? txnColour(opts.active.kind) : null);
    drawBadges(rows, q.name, ms);
  }

  function drawBadges(
    rows: Selection<SVGGElement, BlockView, SVGGElement, SlotDatum>,
    queue: string,
    ms: number,
  ): void {
    type Badge = { agent: AgentName; state: string };
    const badges = rows
      .selectAll<SVGGElement, Badge>('g.qv-badge')
      .data(
        (b) => agentStates(b).map(([agent, state]) => ({ agent, state })),
        (d) => d.agent,
      )
      .join((enter) => {
        const g = enter.append('g').attr('class', 'qv-badge');
        g.append('rect')
          .attr('class', 'qv-badge-fill')
          .attr('width', BADGE_W)
          .attr('height', BADGE_H)
          .attr('rx', 3);
        g.append('rect')
          .attr('class', 'qv-badge-hatch')
          .attr('width', BADGE_W)
          .attr('height', BADGE_H)
          .attr('rx', 3)
          .attr('fill', `url(#${hatch})`);
        g.append('text')
          .attr('class', 'qv-badge-text')
          .attr('x', BADGE_W / 2)
          .attr('y', BADGE_H - 4)
          .attr('text-anchor', 'middle');
        return g;
      });
    badges.attr('transform', (_, k) => `translate(${CARD_PAD + k * (BADGE_W + 4)},0)`);
    badges.attr('data-testid', (d) => `queue-badge-${queue}-${d.agent}`);
    animateAttrs(badges.select<SVGRectElement>('.qv-badge-fill'), ms, {
      fill: (d) => stateStyle(d.state).fill,
    });
    badges
      .select('.qv-badge-hatch')
      .attr('display', (d) => (stateStyle(d.state).hatched ? null : 'none'));
    const text = badges
      .select<SVGTextElement>('.qv-badge-text')
      .attr('fill', (d) => stateStyle(d.state).ink);
    fitBadge(text, (d) => `${d.agent}:${d.state}`);
  }

  function drawCells(
    lay: RingLayout,
    q: QueueView,
    slots: SlotDatum[],
    opts: QueueRenderOptions,
    ms: number,
  ): void {
    const step = (2 * Math.PI) / lay.n;
    const pad = Math.min(0.02, step * 0.15);
    const cell = (inner: number, outer: number) => (i: number) =>
      arc()({
        innerRadius: inner,
        outerRadius: outer,
        startAngle: i * step - step / 2 + pad,
        endAngle: i * step + step / 2 - pad,
      }) ?? '';
    const outerHalf = cell(lay.radius, lay.radius + CELL_HALF);
    const innerHalf = cell(lay.radius - CELL_HALF, lay.radius);
    const tick = cell(lay.radius + CELL_HALF + 2, lay.radius + CELL_HALF + 6);
    const stateOf = (d: SlotDatum, agent: AgentName) => d.blocks[0]!.states[agent] ?? 'I';
    const cells = gSlots
      .selectAll<SVGGElement, SlotDatum>('g.qv-slot')
      .data(slots, (d) => d.i)
      .join((enter) => {
        const g = enter.append('g').attr('class', 'qv-slot qv-cell');
        g.append('title');
        g.append('path').attr('class', 'qv-cell-sender');
        g.append('path').attr('class', 'qv-cell-receiver');
        g.append('path').attr('class', 'qv-cell-tick');
        return g;
      });
    cells.attr('transform', `translate(${lay.cx},${lay.cy})`);
    animateAttrs(
      cells.select<SVGPathElement>('.qv-cell-sender').attr('d', (d) => outerHalf(d.i)),
      ms,
      {
        fill: (d) => stateStyle(stateOf(d, q.sender)).fill,
      },
    );
    animateAttrs(
      cells.select<SVGPathElement>('.qv-cell-receiver').attr('d', (d) => innerHalf(d.i)),
      ms,
      { fill: (d) => stateStyle(stateOf(d, q.receiver)).fill },
    );
    cells
      .select('.qv-cell-tick')
      .attr('d', (d) => tick(d.i))
      .attr('display', (d) => (d.occupied ? null : 'none'));
    const active = opts.active;
    cells
      .selectAll<SVGPathElement, SlotDatum>('.qv-cell-sender, .qv-cell-receiver')
      .classed('qv-cell-active', (d) => d.blocks.some((b) => b.name === active?.target))
      .attr('stroke', (d) =>
        active && d.blocks.some((b) => b.name === active.target) ? txnColour(active.kind) : null,
      );
  }

  function drawPointers(lay: RingLayout, q: QueueView, ms: number): void {
    const pointers: PointerDatum[] = [
      { key: 'tail', slot: q.tail, label: `tail s=${q.senderSense}` },
      { key: 'head', slot: q.head, label: `head s=${q.receiverSense}` },
      { key: 'shadow', slot: q.shadowHead, label: `shadow s=${q.shadowSense}` },
    ];
    const groups = gPointers
      .selectAll<SVGGElement, PointerDatum>('g.qv-pointer')
      .data(pointers, (d) => d.key)
      .join((enter) => {
        const g = enter.append('g').attr('class', (d) => `qv-pointer qv-pointer-${d.key}`);
        g.append('title');
        const hand = g.append('g').attr('class', 'qv-hand');
        hand
          .append('line')
          .attr('class', (d) => `qv-line-${d.key}`)
          .attr('marker-end', (d) => `url(#${uid}-${d.key})`);
        g.append('text').attr('class', (d) => `qv-plabel qv-plabel-${d.key}`);
        fadeIn(g, ms);
        return g;
      });
    groups.attr('data-testid', (d) => `queue-${d.key}-${q.name}`).attr('data-value', (d) => d.slot);
    groups
      .select('title')
      .text((d) =>
        d.key === 'tail'
          ? `tail = ${q.tail}: the next free slot, ${q.sender}'s pointer; sender sense ${q.senderSense}`
          : d.key === 'head'
            ? `head = ${q.head}: the next message to take, ${q.receiver}'s pointer; receiver sense ${q.receiverSense}`
            : `shadow head = ${q.shadowHead}: ${q.sender}'s lazy copy of head, refreshed ${count(q.refreshes, 'time')}; sense ${q.shadowSense}`,
      );
    const geometry = (d: PointerDatum) => {
      const reach = slotReach(lay, d.slot);
      if (d.key === 'tail')
        return { x1: lay.radius + reach + ARROW_LEN, x2: lay.radius + reach + 3, y: 0 };
      const end = lay.radius - reach - (d.key === 'shadow' ? 8 : 3);
      return { x1: HUB, x2: end, y: d.key === 'shadow' ? SHADOW_OFFSET : 0 };
    };
    animateAttrs(groups.select<SVGGElement>('.qv-hand'), ms, {
      transform: (d) => `translate(${lay.cx},${lay.cy}) rotate(${slotDegrees(lay, d.slot)})`,
    });
    animateAttrs(groups.select<SVGLineElement>('line'), ms, {
      x1: (d) => geometry(d).x1,
      x2: (d) => geometry(d).x2,
      y1: (d) => geometry(d).y,
      y2: (d) => geometry(d).y,
    });
    const place = (d: PointerDatum) => {
      const g = geometry(d);
      if (d.key === 'tail') return outerLabel(lay, d.slot, g.x1 + 6);
      // The head's label goes clockwise of its hand, the lagging shadow's counter-clockwise.
      return sideLabel(lay, d.slot, (g.x1 + g.x2) * 0.45, d.key === 'head' ? 1 : -1);
    };
    const labels = groups.select<SVGTextElement>('text').text((d) => d.label);
    labels.attr('text-anchor', (d) => place(d).anchor);
    animateAttrs(labels, ms, { x: (d) => place(d).x, y: (d) => place(d).y });
  }

  function update(q: QueueView, opts: QueueRenderOptions): void {
    const ms = opts.animate ? ANIM_MS : 0;
    const agents = q.slots[0]?.[0] ? agentStates(q.slots[0][0]).length : 2;
    const lay = ringLayout(q.slotCount, q.slotBlocks, Math.max(1, agents));
    svg
      .attr('width', lay.width)
      .attr('height', lay.height)
      .attr('viewBox', `0 0 ${lay.width} ${lay.height}`)
      .attr('data-mode', lay.mode);
    track.attr('cx', lay.cx).attr('cy', lay.cy).attr('r', lay.radius);
    hub.attr('cx', lay.cx).attr('cy', lay.cy);

    // The wrap marker: a dashed stroke half a slot before slot 0, from the track to its label
    // outside the cards.
    const wrapSlot = -0.5;
    const reach = lay.mode === 'cards' ? Math.max(lay.cardW, lay.cardH) / 2 : CELL_HALF;
    const a = polar(lay, wrapSlot, lay.radius - 12);
    const b = polar(lay, wrapSlot, lay.radius + reach);
    wrapLine.attr('x1', a.x).attr('y1', a.y).attr('x2', b.x).attr('y2', b.y);
    // Slot 0 is at twelve o'clock and the wrap just before it: the label runs away from slot 0.
    const t = outerLabel(lay, wrapSlot, lay.radius + reach + 4);
    wrapText.attr('x', t.x).attr('y', t.y).attr('text-anchor', 'end');

    const slots: SlotDatum[] = q.slots.map((blocks, i) => ({
      i,
      blocks,
      occupied: slotOccupied(q, i),
    }));
    // A queue of another size (a new scenario) is redrawn from scratch in the other style.
    if (gSlots.attr('data-mode') !== lay.mode) gSlots.selectAll('*').remove();
    gSlots.attr('data-mode', lay.mode);
    if (lay.mode === 'cards') drawCards(lay, q, slots, opts, ms);
    else drawCells(lay, q, slots, opts, ms);
    const cells = gSlots.selectAll<SVGGElement, SlotDatum>('g.qv-slot');
    cells
      .classed('qv-selected', (d) => d.i === opts.selected)
      .on('click', (_, d) => onSlot(d.i))
      .attr('data-testid', (d) => `queue-slot-${q.name}-${d.i}`)
      .attr('data-states', (d) => statesText(d.blocks[0]!))
      .attr('data-msg', (d) => d.blocks[0]!.msg)
      .attr('data-occupied', (d) => String(d.occupied));
    cells
      .select('title')
      .text(
        (d) =>
          `Slot ${d.i}${d.occupied ? ' (holds a message not yet taken)' : ' (free)'}: ` +
          d.blocks.map((bl) => `${bl.name} ${statesText(bl)}, ${contentText(bl)}`).join('; '),
      );
    drawPointers(lay, q, ms);
  }

  return {
    update,
    destroy() {
      svg.selectAll<Element, unknown>('*').interrupt();
      svg.selectAll('*').remove();
    },
  };
}

/**
 * The bus picture, drawn imperatively with D3: processors and their caches in a row, the bus under
 * them, memory under the bus, the current transaction (request arrow, snoop reactions, data
 * arrow, occupancy) and the requests waiting for the bus. React sizes the SVG; this draws in it.
 * Elements are joined by key (cache id, txn id, request seq) so they keep identity across cycles
 * and a step can animate what changed.
 */
// `interrupt` is used as a function on purpose: it pulls in d3-transition, whose side effect adds
// selection.transition(), which the d3 barrel (sideEffects: false) would otherwise tree-shake.
import { count } from '../../sim-core/kernel/words';
import { interrupt, select, type BaseType, type Selection } from 'd3';
import { SNOOPING_ACTIONS } from '../../sim-core/index';
import type { BusFrame, BusMeta, SimEvent } from '../../sim-core/index';
import { stateStyle, txnColours } from '../theme/states';
import {
  blockAddr,
  blockState,
  dataRoute,
  memoryTakesCopy,
  occupancy,
  procName,
  queueItems,
  queueItemText,
  reactionWords,
  txnTitle,
  type QueueItem,
  type Snoop,
  type Txn,
} from './bus-text';
import { appendArrowhead, appendHatch, inkFor, UNKNOWN_TXN } from './colour';
import { animateAttrs, fadeIn } from './motion';
import { textWidth } from './text-width';

export interface BusRenderOptions {
  /** Width React gave the drawing; it grows past this (and scrolls) when boxes would not fit. */
  width: number;
  /** Animate the change from the previous update (stepping); off while playing. */
  animate: boolean;
}

export interface BusRenderer {
  update(frame: BusFrame, events: readonly SimEvent[], meta: BusMeta, opts: BusRenderOptions): void;
  destroy(): void;
}

const ANIM_MS = 220;
const M = 12;
const GAP = 14;
const BOX_TOP = 8;
const BOX_H = 104;
const BOX_BOTTOM = BOX_TOP + BOX_H;
const BOX_MIN_W = 104;
const BOX_MAX_W = 190;
const BUS_Y = BOX_BOTTOM + 56;
/** The data arrow runs just above the bus, clear of the request arrow's label. */
const DATA_Y = BUS_Y - 17;
/** Request arrows leave a box left of its centre, data arrows arrive right of it. */
const PORT = 20;
const MEM = { x: M, y: BUS_Y + 30, w: 150, h: 62 };
const STATUS_X = MEM.x + MEM.w + 26;
/** Baseline of the status block's first line; the lines below it are LINE_H apart. */
const STATUS_Y = BUS_Y + 36;
const LINE_H = 24;
const STATUS_W = 340;
/** Bold 13px text, per character: enough to decide where the notes wrap. */
const CHAR_W = 7.4;
const TAG_W = 150;
const TAG_H = 22;
const TAG_GAP = 6;
const MAX_TAGS = 6;

let instances = 0;

type Chip =
  { state: string; title?: string } | { text: string; className?: string; title?: string };

const txnColour = (kind: string): string => txnColours[kind] ?? UNKNOWN_TXN;

/** Joins phrases with " · " into lines of at most `maxChars` (a phrase is never split). */
function wrapWords(phrases: readonly string[], maxChars: number): string[] {
  const lines: string[] = [];
  for (const p of phrases) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 3 + p.length <= maxChars)
      lines[lines.length - 1] = `${last} · ${p}`;
    else lines.push(p);
  }
  return lines;
}

/**
 * Draws a row of state badges and words on a baseline. Skips the redraw when
 * the content is unchanged, so a label stays put (and unanimated) while a transaction runs.
 */
function drawChips<D>(
  g: Selection<SVGGElement, D, BaseType, unknown>,
  chips: Chip[],
  hatch: string,
  ms: number,
): void {
  const sig = JSON.stringify(chips);
  if (g.attr('data-sig') === sig) return;
  g.selectAll('*').remove();
  let x = 0;
  for (const chip of chips) {
    const c = g.append('g').attr('transform', `translate(${x},0)`);
    if (chip.title) c.append('title').text(chip.title);
    if ('state' in chip) {
      const style = stateStyle(chip.state);
      const rect = c.append('rect').attr('class', 'vg-badge');
      const over = style.hatched ? c.append('rect').attr('fill', `url(#${hatch})`) : null;
      const text = c
        .append('text')
        .attr('class', 'vg-badge-text')
        .attr('fill', style.ink)
        .text(chip.state);
      const w = textWidth(text.node(), 7.5) + 12;
      for (const r of over ? [rect, over] : [rect]) {
        r.attr('x', 0).attr('y', -14).attr('width', w).attr('height', 20).attr('rx', 4);
      }
      rect.attr('fill', style.fill);
      text.attr('x', w / 2).attr('text-anchor', 'middle');
      x += w + 4;
    } else {
      const text = c
        .append('text')
        .attr('class', chip.className ?? 'vg-t')
        .text(chip.text);
      x += textWidth(text.node(), 7.5) + 5;
    }
  }
  g.attr('data-sig', sig);
  fadeIn(g, ms);
}

interface BoxDatum {
  id: number;
  x: number;
  role: 'requester' | 'supplier' | 'other';
  status: string;
  statusTitle: string;
  line2: Chip[];
  line3: Chip[];
  line4: Chip[];
}

const REQUESTER_NOTE: Record<string, string> = {
  RD: 'waits for the data',
  RDX: 'waits for the data',
  INV: 'invalidates the others',
  WB: 'writes back',
};

function reactionChips(snoops: Snoop[]): { change: Chip[]; words: Chip[] } {
  const first = snoops[0];
  if (!first) return { change: [], words: [] };
  const change: Chip[] =
    first.from === first.to
      ? [{ state: first.from }, { text: 'no change', className: 'vg-t-muted' }]
      : [{ state: first.from }, { text: '→', className: 'vg-t-bold' }, { state: first.to }];
  const actions = snoops.flatMap((s) => s.actions);
  const words = [reactionWords(actions), snoops.length > 1 ? '+ WB buffer' : '']
    .filter(Boolean)
    .join(' ');
  const title = actions.map((a) => `${SNOOPING_ACTIONS[a].code}: ${SNOOPING_ACTIONS[a].desc}`);
  return {
    change,
    words: words ? [{ text: words, className: 'vg-t-bold', title: title.join('\n') }] : [],
  };
}

function boxData(frame: BusFrame, txn: Txn | null, bb: number, xOf: (i: number) => number) {
  const focus = txn?.block ?? frame.bus.recent.at(-1)?.block ?? null;
  return frame.caches.map((c, i): BoxDatum => {
    const proc = frame.processors[i];
    const supplier = txn?.source.kind === 'cache' && txn.source.cache === c.id;
    const role = txn?.requester === c.id ? 'requester' : supplier ? 'supplier' : 'other';
    const held = focus === null ? null : blockState(frame, c.id, focus);
    const line2: Chip[] =
      focus === null || !held
        ? [{ text: 'no bus traffic yet', className: 'vg-t-muted' }]
        : [
            { text: `${blockAddr(focus, bb)}:` },
            { state: held.state },
            ...(held.inWbBuffer ? [{ text: 'in WB buf', className: 'vg-t-muted' }] : []),
          ];
    const snoops = txn?.snoops.filter((s) => s.cache === c.id) ?? [];
    const reaction = reactionChips(snoops);
    let line3: Chip[] = reaction.change;
    let line4: Chip[] = reaction.words;
    if (txn && role === 'requester') {
      line3 = [{ text: `requester (${txn.kind})`, className: 'vg-t-bold' }];
      line4 = [{ text: REQUESTER_NOTE[txn.kind] ?? '', className: 'vg-t' }];
    } else if (txn && snoops.length === 0 && txn.kind !== 'WB') {
      line3 = [{ text: 'no copy: ignores', className: 'vg-t-muted' }];
    }
    const waiting = proc?.waiting;
    return {
      id: c.id,
      x: xOf(i),
      role,
      status: proc?.status ?? '',
      statusTitle: waiting
        ? `${procName(c.id)} waits for its ${waiting.op} since cycle ${waiting.since}`
        : `${procName(c.id)} is ${proc?.status ?? 'idle'}`,
      line2,
      line3,
      line4,
    };
  });
}

export function createBusRenderer(svgElement: SVGSVGElement): BusRenderer {
  const uid = `vg-bus-${++instances}`;
  const hatch = `${uid}-hatch`;
  const arrow = (name: string) => `${uid}-arrow-${name}`;
  const svg = select(svgElement).attr('class', 'vg-bus-svg');

  const defs = svg.append('defs');
  appendHatch(defs, hatch);
  for (const [name, colour] of [...Object.entries(txnColours), ['data', '#111111']] as const)
    appendArrowhead(defs, arrow(name), { fill: colour });

  // Layers, back to front.
  const layer = (name: string) => svg.append('g').attr('class', name);
  const gTaps = layer('vg-taps');
  const gBus = layer('vg-bus');
  const gMemory = layer('vg-memory');
  const gBoxes = layer('vg-boxes');
  const gRequest = layer('vg-request');
  const gData = layer('vg-data');
  const gStatus = layer('vg-status');
  const gQueue = layer('vg-queue');

  const busRect = gBus.append('rect').attr('class', 'vg-bus-line');
  gBus
    .append('text')
    .attr('class', 'vg-t-bold')
    .attr('x', M)
    .attr('y', BUS_Y - 10)
    .text('BUS');
  const memTap = gMemory.append('line').attr('class', 'vg-tap');
  const memFrame = gMemory.append('rect').attr('class', 'vg-box-frame').attr('rx', 6);
  gMemory
    .append('text')
    .attr('class', 'vg-t-title')
    .attr('x', MEM.x + 10)
    .attr('y', MEM.y + 22)
    .text('Memory');
  const memNote = gMemory.append('g').attr('transform', `translate(${MEM.x + 10},${MEM.y + 48})`);

  const statusPill = gStatus.append('g');
  const pillRect = statusPill
    .append('rect')
    .attr('y', -16)
    .attr('height', 22)
    .attr('rx', 4)
    .attr('stroke', '#111');
  const pillText = statusPill.append('text').attr('class', 'vg-pill-text').attr('x', 6);
  const current = gStatus
    .append('text')
    .attr('class', 'vg-t-current')
    .attr('data-testid', 'bus-current');
  const progress = gStatus.append('g').attr('class', 'vg-progress');
  const progressBg = progress.append('rect').attr('class', 'vg-progress-bg');
  const progressFill = progress.append('rect').attr('class', 'vg-progress-fill');
  const progressText = progress.append('text').attr('class', 'vg-t');
  const route = gStatus.append('text').attr('class', 'vg-t');
  const flags = gStatus.append('text').attr('class', 'vg-t-bold');
  const queueHead = gQueue.append('text').attr('class', 'vg-t-bold');
  const queueMore = gQueue.append('text').attr('class', 'vg-t-muted');

  function update(
    frame: BusFrame,
    events: readonly SimEvent[],
    meta: BusMeta,
    opts: BusRenderOptions,
  ): void {
    const ms = opts.animate ? ANIM_MS : 0;
    const bb = meta.geometry.blockBytes;
    const txn = frame.bus.current;
    const n = Math.max(1, frame.caches.length);

    // Layout: boxes share the width (within limits), centred; a drawing wider than its panel is
    // scaled down to fit (every box in view), never cut.
    const W = Math.max(opts.width, STATUS_X + STATUS_W, 2 * M + n * BOX_MIN_W + (n - 1) * GAP);
    const boxW = Math.min(BOX_MAX_W, (W - 2 * M - (n - 1) * GAP) / n);
    const x0 = (W - (n * boxW + (n - 1) * GAP)) / 2;
    const xOf = (i: number) => x0 + i * (boxW + GAP);
    const centreOf = (id: number) => {
      const i = frame.caches.findIndex((c) => c.id === id);
      return xOf(Math.max(0, i)) + boxW / 2;
    };
    const memPort = MEM.x + MEM.w / 2;

    const memSupplies = txn?.source.kind === 'memory';
    const memTakes = txn !== null && memoryTakesCopy(txn);
    const done = events.flatMap((e) => (e.kind === 'bus.done' ? [e] : []));
    const dropped = events.flatMap((e) => (e.kind === 'bus.drop' ? [e] : []));
    const notes = [
      ...(txn?.grantedAt === frame.cycle ? ['granted this cycle'] : []),
      ...(txn?.shared ? ['shared line asserted'] : []),
      ...(txn && memTakes ? ['memory takes a copy'] : []),
      ...done.map((e) => `✓ ${e.txnKind} by ${procName(e.requester)} finished`),
      ...dropped.map((e) => `${procName(e.cache)}'s write-back dropped`),
    ];

    // The status block sits right of memory; the queue beside it if there is room, else below.
    const items = queueItems(frame);
    const shown = items.slice(0, MAX_TAGS);
    const beside = W - M - TAG_W >= STATUS_X + STATUS_W;
    const statusRight = beside ? W - M - TAG_W - 12 : W - M;
    const noteLines = wrapWords(notes, (statusRight - STATUS_X) / CHAR_W);
    const firstNoteY = STATUS_Y + (txn ? 3 : 2) * LINE_H;
    const statusBottom = firstNoteY + Math.max(0, noteLines.length - 1) * LINE_H;
    const qx = beside ? W - M - TAG_W : M;
    const qy = beside ? STATUS_Y : Math.max(statusBottom, MEM.y + MEM.h) + 26;
    const cols = beside ? 1 : Math.max(1, Math.floor((W - 2 * M + TAG_GAP) / (TAG_W + TAG_GAP)));
    const rows = Math.ceil(shown.length / cols);
    const queueBottom = qy + 10 + rows * (TAG_H + TAG_GAP) + (items.length > shown.length ? 22 : 0);
    const H = Math.max(MEM.y + MEM.h + 12, statusBottom + 10, queueBottom + 6);
    const scale = opts.width > 0 ? Math.min(1, opts.width / W) : 1;
    svg
      .attr('width', Math.floor(W * scale))
      .attr('height', Math.floor(H * scale))
      .attr('viewBox', `0 0 ${W} ${H}`);

    // Bus and memory.
    busRect
      .attr('x', M)
      .attr('y', BUS_Y - 5)
      .attr('width', W - 2 * M)
      .attr('height', 10)
      .attr('rx', 3)
      .classed('vg-bus-busy', txn !== null);
    memTap.attr('x1', memPort).attr('x2', memPort).attr('y1', BUS_Y).attr('y2', MEM.y);
    memFrame
      .attr('x', MEM.x)
      .attr('y', MEM.y)
      .attr('width', MEM.w)
      .attr('height', MEM.h)
      .classed('vg-role-supplier', memSupplies)
      .classed('vg-role-target', memTakes);
    drawChips(
      memNote,
      txn && memSupplies
        ? [{ text: `supplies ${blockAddr(txn.block, bb)}`, className: 'vg-t-bold' }]
        : txn && memTakes
          ? [{ text: `takes ${blockAddr(txn.block, bb)}`, className: 'vg-t-bold' }]
          : [{ text: txn ? 'not involved' : 'idle', className: 'vg-t-muted' }],
      hatch,
      ms,
    );

    // Taps: every cache hangs off the bus.
    const boxes = boxData(frame, txn, bb, xOf);
    gTaps
      .selectAll<SVGLineElement, BoxDatum>('line')
      .data(boxes, (d) => d.id)
      .join('line')
      .attr('class', 'vg-tap')
      .attr('x1', (d) => d.x + boxW / 2)
      .attr('x2', (d) => d.x + boxW / 2)
      .attr('y1', BOX_BOTTOM)
      .attr('y2', BUS_Y);

    // Processor/cache boxes.
    const boxSel = gBoxes
      .selectAll<SVGGElement, BoxDatum>('g.vg-box')
      .data(boxes, (d) => d.id)
      .join((enter) => {
        const g = enter.append('g').attr('class', 'vg-box');
        g.append('title');
        g.append('rect').attr('class', 'vg-box-frame').attr('rx', 6);
        g.append('text').attr('class', 'vg-t-title').attr('x', 10).attr('y', 23);
        g.append('text').attr('class', 'vg-t-muted vg-box-status').attr('y', 22);
        for (const [cls, y] of [
          ['vg-l2', 50],
          ['vg-l3', 76],
          ['vg-l4', 96],
        ] as const) {
          g.append('g').attr('class', cls).attr('transform', `translate(10,${y})`);
        }
        return g;
      });
    boxSel.attr('transform', (d) => `translate(${d.x},${BOX_TOP})`);
    boxSel.select('title').text((d) => d.statusTitle);
    boxSel
      .select('.vg-box-frame')
      .attr('width', boxW)
      .attr('height', BOX_H)
      .attr('class', (d) => `vg-box-frame vg-role-${d.role}`)
      // Inline style: it must win over the class's stroke.
      .style('stroke', (d) => (d.role === 'requester' && txn ? txnColour(txn.kind) : null));
    boxSel.select('.vg-t-title').text((d) => procName(d.id));
    boxSel
      .select('.vg-box-status')
      .attr('x', boxW - 8)
      .attr('text-anchor', 'end')
      .text((d) => d.status);
    boxSel.each(function (d) {
      const g = select(this);
      drawChips(g.select<SVGGElement>('.vg-l2'), d.line2, hatch, ms);
      drawChips(g.select<SVGGElement>('.vg-l3'), d.line3, hatch, ms);
      drawChips(g.select<SVGGElement>('.vg-l4'), d.line4, hatch, ms);
    });

    // The request arrow, labelled with the transaction's kind.
    const reqSel = gRequest
      .selectAll<SVGGElement, Txn>('g.vg-req')
      .data(txn ? [txn] : [], (d) => d.id)
      .join(
        (enter) => {
          const g = enter.append('g').attr('class', 'vg-req');
          g.append('title');
          g.append('line').attr('stroke-width', 5);
          g.append('rect').attr('rx', 4).attr('height', 22).attr('stroke', '#111');
          g.append('text').attr('class', 'vg-pill-text').attr('text-anchor', 'middle');
          fadeIn(g, ms);
          return g;
        },
        (update) => update,
        (exit) => exit.remove(),
      );
    reqSel.each(function (d) {
      const g = select(this);
      const x = centreOf(d.requester) - PORT;
      const colour = txnColour(d.kind);
      // The label sits near the box so the arrow below it stays visible.
      const midY = BOX_BOTTOM + 17;
      g.select('title').text(`${d.kind} request by ${procName(d.requester)}`);
      g.select('line')
        .attr('x1', x)
        .attr('x2', x)
        .attr('y1', BOX_BOTTOM)
        .attr('y2', BUS_Y - 8)
        .attr('stroke', colour)
        .attr('marker-end', `url(#${arrow(d.kind)})`);
      const w = d.kind.length * 10 + 14;
      g.select('rect')
        .attr('x', x - w / 2)
        .attr('y', midY - 11)
        .attr('width', w)
        .attr('fill', colour);
      g.select('text')
        .attr('x', x)
        .attr('y', midY + 5)
        .attr('fill', inkFor(colour))
        .text(d.kind);
    });

    // The data arrow: from whoever supplies the block to whoever receives it.
    const dataPath = (d: Txn): string | null => {
      const req = centreOf(d.requester) + PORT;
      if (d.kind === 'WB') return `M${req},${BOX_BOTTOM} V${DATA_Y} H${memPort + PORT} V${MEM.y}`;
      if (d.source.kind === 'memory')
        return `M${memPort + PORT},${MEM.y} V${DATA_Y} H${req} V${BOX_BOTTOM + 2}`;
      if (d.source.kind === 'cache') {
        const from = centreOf(d.source.cache) + PORT;
        return `M${from},${BOX_BOTTOM} V${DATA_Y} H${req} V${BOX_BOTTOM + 2}`;
      }
      return null;
    };
    const moving = txn && dataPath(txn) ? [txn] : [];
    const dataSel = gData
      .selectAll<SVGGElement, Txn>('g.vg-dataflow')
      .data(moving, (d) => d.id)
      .join(
        (enter) => {
          const g = enter.append('g').attr('class', 'vg-dataflow');
          g.append('title');
          g.append('path')
            .attr('class', 'vg-data-path')
            .attr('marker-end', `url(#${arrow('data')})`);
          g.append('text').attr('class', 'vg-t-bold vg-halo').attr('text-anchor', 'middle');
          fadeIn(g, ms);
          return g;
        },
        (update) => update,
        (exit) => exit.remove(),
      );
    dataSel.each(function (d) {
      const g = select(this);
      const from =
        d.kind === 'WB'
          ? centreOf(d.requester) + PORT
          : d.source.kind === 'cache'
            ? centreOf(d.source.cache) + PORT
            : memPort + PORT;
      const to = d.kind === 'WB' ? memPort + PORT : centreOf(d.requester) + PORT;
      g.select('title').text(dataRoute(d));
      g.select('path').attr('d', dataPath(d) ?? '');
      g.select('text')
        .attr('x', Math.abs(to - from) > 90 ? (from + to) / 2 : Math.max(from, to) + 40)
        .attr('y', DATA_Y - 6)
        .text(`data ${blockAddr(d.block, bb)}`);
    });

    // The current transaction in words, its occupancy, and what else happened this cycle.
    const sx = STATUS_X;
    const sy = STATUS_Y;
    if (txn) {
      const colour = txnColour(txn.kind);
      pillText.text(txn.kind).attr('fill', inkFor(colour));
      pillRect.attr('width', textWidth(pillText.node(), 7.5) + 12).attr('fill', colour);
    }
    statusPill.attr('transform', `translate(${sx},${sy})`).attr('display', txn ? null : 'none');
    const pillW = txn ? Number(pillRect.attr('width')) : 0;
    current
      .attr('x', txn ? sx + pillW + 12 : sx)
      .attr('y', sy)
      .classed('vg-t-idle', !txn)
      .text(txn ? txnTitle(txn, bb) : 'bus idle');

    progress.attr('display', txn ? null : 'none');
    if (txn) {
      const { elapsed, total } = occupancy(txn, frame.cycle);
      const barW = 130;
      progressBg
        .attr('x', sx)
        .attr('y', sy + LINE_H - 12)
        .attr('width', barW)
        .attr('height', 14);
      progressFill
        .attr('x', sx)
        .attr('y', sy + LINE_H - 12)
        .attr('height', 14)
        .attr('fill', txnColour(txn.kind));
      animateAttrs(progressFill, ms, { width: (barW * elapsed) / total });
      progressText
        .attr('x', sx + barW + 8)
        .attr('y', sy + LINE_H)
        .text(`${elapsed} of ${count(total, 'cycle')} · ends at ${txn.endsAt}`);
    }
    const last = frame.bus.recent.at(-1);
    route
      .attr('x', sx)
      .attr('y', sy + (txn ? 2 : 1) * LINE_H)
      .text(
        txn
          ? dataRoute(txn)
          : last
            ? `last: ${txnTitle(last, bb)}, cycles ${last.grantedAt}–${last.endsAt}`
            : 'no transaction yet',
      );
    flags
      .selectAll('tspan')
      .data(noteLines)
      .join('tspan')
      .attr('x', sx)
      .attr('y', (_, i) => firstNoteY + i * LINE_H)
      .text((d) => d);

    // Requests waiting for the bus, oldest first.
    queueHead
      .attr('x', qx)
      .attr('y', qy)
      .text(items.length ? `Bus queue (${items.length})` : 'Bus queue: empty');
    const tagX = (i: number) => qx + (i % cols) * (TAG_W + TAG_GAP);
    const tagY = (i: number) => qy + 10 + Math.floor(i / cols) * (TAG_H + TAG_GAP);
    const tags = gQueue
      .selectAll<SVGGElement, QueueItem>('g.vg-tag')
      .data(shown, (d) => d.seq)
      .join(
        (enter) => {
          const g = enter.append('g').attr('class', 'vg-tag');
          g.append('title');
          g.append('rect')
            .attr('width', TAG_W)
            .attr('height', TAG_H)
            .attr('rx', TAG_H / 2);
          g.append('text').attr('class', 'vg-t').attr('x', 10).attr('y', 15);
          g.attr('transform', (_, i) => `translate(${tagX(i)},${tagY(i)})`);
          fadeIn(g, ms);
          return g;
        },
        (update) => update,
        (exit) => exit.remove(),
      );
    animateAttrs(tags, ms, { transform: (_, i) => `translate(${tagX(i)},${tagY(i)})` });
    tags.attr('data-stage', (d) => d.stage);
    tags.select('rect').attr('class', (d) => `vg-tag-${d.stage.replace(' ', '-')}`);
    tags.select('text').text((d) => queueItemText(d, bb));
    tags
      .select('title')
      .text((d) =>
        d.stage === 'waiting'
          ? 'At the arbiter: the oldest request wins the bus when it is free'
          : d.stage === 'on wire'
            ? 'On its request wire: reaches the arbiter next cycle'
            : "In the cache's outbox: goes on the wire when the wire is free",
      );
    queueMore
      .attr('x', qx)
      .attr('y', tagY(shown.length) + 14)
      .text(items.length > shown.length ? `+ ${items.length - shown.length} more` : '');
  }

  return {
    update,
    destroy() {
      svg.selectAll<Element, unknown>('*').each(function () {
        interrupt(this);
      });
      svg.selectAll('*').remove();
    },
  };
}

/**
 * A message's timeline like the thesis's Fig. 6.1, from the event log up to the current cycle:
 * one row per stage (command store, lookups, DMA read, outbox to link, network, inbox and decode,
 * DMA write, the receiver's poll), one lane per packet in the packet stages so a long message
 * shows its pipelining and its packets overtaking each other. Bars are labelled with their cycle
 * counts; the current cycle is a line. Clicking a bar selects its packet; a table says the same.
 */
import { useScrollFocus } from '../../../views/use-scroll-focus';
import { count, plural } from '../../../../sim-core/kernel/words';
import { scaleLinear } from 'd3';
import { useState } from 'react';
import type {
  CraniumMessageView,
  CraniumPacketView,
} from '../../../../sim-core/ni/cranium/cranium-frame';
import { inkFor } from '../../../d3/colour';
import { useApp } from '../../../state/store';
import {
  selectCrPacket,
  useCraniumFrame,
  useCraniumLog,
  useSelectedCrPacketId,
} from '../cranium/selection';
import { useElementWidth } from '../../../views/use-element-width';
import '../../../views/views-graphics.css';
import '../../../views/views-tables.css';
import '../cranium/views-cranium.css';
import {
  STAGES,
  messageTimeline,
  reorderReplay,
  type GanttBar,
  type MessageTimeline,
  type StageInfo,
} from './gantt-data';
import { TableToggle } from '../../../views/TableToggle';

/** One slot of the reorder buffer: an 11-phit Cranium packet's time on the link. */
const PACKET_CYCLES = 11;
/** Longer messages get the words without the strip of slots. */
const MAX_STRIP_SLOTS = 64;

/** Okabe–Ito, one colour per column of Table 6.1 (the row label names it too). */
const PART_COLOURS: Record<StageInfo['part'], string> = {
  'send SW': '#0072B2',
  'send HW': '#56B4E9',
  network: '#009E73',
  'receive HW': '#E69F00',
  'receive SW': '#CC79A7',
};

const LABEL_W = 150;
const PAD_R = 16;
const AXIS_H = 34;
const CHAR_W = 7;

/** A lane per packet: labelled up to 8 packets, thin up to 32, then the stage fits 160 px. */
function laneHeight(packets: number): number {
  if (packets <= 1) return 24;
  if (packets <= 8) return 15;
  if (packets <= 22) return 7;
  return 160 / packets;
}

interface Row {
  stage: StageInfo;
  y: number;
  height: number;
  lanes: number;
  bars: GanttBar[];
}

function layoutRows(t: MessageTimeline): { rows: Row[]; height: number } {
  const n = Math.max(1, t.packets.length);
  const lane = laneHeight(n);
  let y = 4;
  const rows = STAGES.map((stage) => {
    const lanes = stage.perPacket ? n : 1;
    const height = stage.perPacket ? Math.max(26, lanes * lane) : 26;
    const row = { stage, y, height, lanes, bars: t.bars.filter((b) => b.stage === stage.key) };
    y += height + 6;
    return row;
  });
  return { rows, height: y };
}

const cycles = (b: GanttBar) => b.end - b.start;

function rangeText(row: StageInfo, bars: readonly GanttBar[], t: MessageTimeline): string {
  if (bars.length === 0)
    return row.key === 'lookup' && t.bars.some((b) => b.stage === 'read')
      ? 'none: warm channel'
      : 'not yet';
  const counts = bars.map(cycles);
  const lo = Math.min(...counts);
  const hi = Math.max(...counts);
  const open = bars.some((b) => b.open) ? ' (under way)' : '';
  return `${lo === hi ? lo : `${lo}–${hi}`} ${plural(hi, 'cycle')}${open}`;
}

function barWords(b: GanttBar, stage: StageInfo): string {
  return (
    `${stage.label}${b.packet !== null ? ` of packet ${b.packet} (sequence ${b.seq})` : ''}: ` +
    `cycle ${b.start} to ${b.end}, ${count(cycles(b), 'cycle')}${b.open ? ', still under way' : ''}`
  );
}

function Chart({
  t,
  width,
  cycle,
  selected,
}: {
  t: MessageTimeline;
  width: number;
  cycle: number;
  selected: number | null;
}) {
  const w = Math.max(width, 420);
  const { rows, height } = layoutRows(t);
  const x = scaleLinear()
    .domain([t.start, Math.max(t.end, t.start + 10)])
    .range([LABEL_W, w - PAD_R]);
  const ticks = x.ticks(Math.max(2, Math.floor((w - LABEL_W) / 80))).filter(Number.isInteger);
  const axisY = height + 2;
  const laneOf = new Map(t.packets.map((p, i) => [p.id, i]));
  const seqOf = new Map(t.packets.map((p) => [p.id, p.seq]));
  return (
    <svg
      width={w}
      height={axisY + AXIS_H}
      role="img"
      aria-label={`Timeline of message ${t.msg.id} from cycle ${t.start} to ${t.end}, one row per stage`}
      className="gv-svg"
      data-testid="gantt-chart"
    >
      <defs>
        <pattern id="gv-open" width="6" height="6" patternUnits="userSpaceOnUse">
          <path d="M0,6 L6,0" stroke="#111" strokeWidth="1" opacity="0.5" />
        </pattern>
      </defs>
      {rows.map((row) => {
        const colour = PART_COLOURS[row.stage.part];
        const laneH = row.height / row.lanes;
        return (
          <g key={row.stage.key} data-testid={`gantt-row-${row.stage.key}`}>
            <rect
              className="gv-row-bg"
              x={LABEL_W}
              y={row.y}
              width={w - PAD_R - LABEL_W}
              height={row.height}
            />
            <text className="gv-row-label" x={6} y={row.y + 13}>
              {row.stage.label}
            </text>
            <text className="gv-row-sub" x={6} y={row.y + 25}>
              {rangeText(row.stage, row.bars, t)}
            </text>
            {row.bars.map((b) => {
              const lane = b.packet === null ? 0 : (laneOf.get(b.packet) ?? 0);
              const bx = x(b.start);
              const bw = Math.max(2, x(b.end) - bx);
              const by = row.y + lane * laneH + (laneH >= 6 ? 1 : 0);
              const bh = Math.max(1, laneH - (laneH >= 6 ? 2 : 0));
              const text = `${cycles(b)}`;
              const fits = bh >= 11 && text.length * CHAR_W + 6 <= bw;
              const beside = bh >= 11 && !fits && bx + bw + text.length * CHAR_W + 4 < w - PAD_R;
              const isSelected = b.packet !== null && b.packet === selected;
              const packet = b.packet;
              return (
                <g
                  key={`${b.stage}-${b.packet ?? 'm'}`}
                  className={`gv-bar${b.open ? ' gv-open' : ''}${isSelected ? ' gv-selected' : ''}${bh < 4 ? ' gv-thin' : ''}`}
                  data-stage={b.stage}
                  data-cycles={cycles(b)}
                  onClick={packet === null ? undefined : () => selectCrPacket(packet)}
                >
                  <title>{barWords(b, row.stage)}</title>
                  <rect x={bx} y={by} width={bw} height={bh} fill={colour} />
                  {b.open ? (
                    <rect x={bx} y={by} width={bw} height={bh} fill="url(#gv-open)" />
                  ) : null}
                  {fits ? (
                    <text x={bx + 3} y={by + bh / 2} dy="0.35em" fill={inkFor(colour)}>
                      {text}
                    </text>
                  ) : beside ? (
                    <text x={bx + bw + 3} y={by + bh / 2} dy="0.35em" className="gv-beside">
                      {text}
                    </text>
                  ) : null}
                  {row.stage.perPacket && laneH >= 13 && b.stage === 'read' ? (
                    <text
                      x={bx - 3}
                      y={by + bh / 2}
                      dy="0.35em"
                      textAnchor="end"
                      className="gv-seq"
                    >
                      s{seqOf.get(b.packet ?? -1)}
                    </text>
                  ) : null}
                </g>
              );
            })}
          </g>
        );
      })}
      <line className="gv-axis" x1={LABEL_W} x2={w - PAD_R} y1={axisY} y2={axisY} />
      {ticks.map((v) => (
        <g key={v} transform={`translate(${x(v)},${axisY})`} aria-hidden="true">
          <line className="gv-axis" y2={4} />
          <text className="gv-tick" y={16} textAnchor="middle">
            {v}
          </text>
        </g>
      ))}
      <text className="gv-axis-label" x={LABEL_W - 6} y={axisY + 16} textAnchor="end">
        cycle
      </text>
      {cycle >= t.start && cycle <= x.domain()[1]! ? (
        <g aria-hidden="true">
          <line className="gv-now" x1={x(cycle)} x2={x(cycle)} y1={0} y2={axisY + 4} />
          <text
            className="gv-now-label"
            x={x(cycle) > w - PAD_R - 70 ? x(cycle) - 3 : x(cycle) + 3}
            y={axisY + 30}
            textAnchor={x(cycle) > w - PAD_R - 70 ? 'end' : 'start'}
          >
            now {cycle}
          </text>
        </g>
      ) : null}
    </svg>
  );
}

function TimelineTable({ t, selected }: { t: MessageTimeline; selected: number | null }) {
  const stages = STAGES.filter((s) => s.perPacket);
  const once = STAGES.filter((s) => !s.perPacket);
  const cell = (b: GanttBar | undefined) =>
    b ? `${b.start}–${b.end} (${cycles(b)}${b.open ? ', under way' : ''})` : '—';
  return (
    <table className="vt-table gv-table" data-testid="gantt-table">
      <caption>Message {t.msg.id}, stage by stage (cycle from–to, and cycles)</caption>
      <thead>
        <tr>
          <th scope="col">packet</th>
          {stages.map((s) => (
            <th key={s.key} scope="col">
              {s.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {once.map((s) => (
          <tr key={s.key}>
            <th scope="row">{s.label}</th>
            <td colSpan={stages.length}>{cell(t.bars.find((b) => b.stage === s.key))}</td>
          </tr>
        ))}
        {t.packets.map((p) => (
          <tr key={p.id}>
            <th scope="row">
              <button
                type="button"
                className="crv-link"
                aria-pressed={p.id === selected}
                onClick={() => selectCrPacket(p.id)}
              >
                packet {p.id}, seq {p.seq}
              </button>
            </th>
            {stages.map((s) => (
              <td key={s.key}>
                {cell(t.bars.find((b) => b.stage === s.key && b.packet === p.id))}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Summary({ t }: { t: MessageTimeline }) {
  const m = t.msg;
  const parts = t.parts;
  const many = t.packets.length > 1;
  const names: Record<StageInfo['part'], string> = {
    'send SW': 'send SW',
    'send HW': 'send HW',
    network: many ? 'network (first packet)' : 'network',
    'receive HW': many ? 'first head to last placement' : 'receive HW',
    'receive SW': 'receive SW',
  };
  return (
    <p className="gv-summary" data-testid="gantt-summary">
      <strong>
        Message {m.id}: node {m.src} → node {m.dst}
      </strong>
      , {count(m.packets, 'packet')} ({m.bytes} B)
      {m.queue ? ' to the user queue' : ''}.{' '}
      {t.total !== null ? (
        <>
          Latency <strong data-testid="gantt-total">{count(t.total, 'cycle')}</strong>
          {parts ? ` = ${parts.map((p) => `${names[p.part]} ${p.cycles}`).join(' + ')}` : ''}.
        </>
      ) : (
        <>Under way since cycle {m.commandAt}.</>
      )}
      {many && m.outOfOrderPairs > 0
        ? ` ${count(m.outOfOrderPairs, 'pair')} of packets arrived out of order.`
        : ''}
    </p>
  );
}

/** F6 step 5: the same arrivals through an in-order reorder buffer (Table 3.1). */
function ReorderLine({
  msg,
  packets,
}: {
  msg: CraniumMessageView;
  packets: readonly CraniumPacketView[];
}) {
  const r = reorderReplay(msg, packets, PACKET_CYCLES);
  if (!r) return null;
  const later = r.finish - r.autoFinish;
  return (
    <div className="gv-reorder" data-testid="gantt-reorder">
      <p>
        <strong>Through a reorder buffer</strong> (Table 3.1: in sequence order, one packet per{' '}
        {r.slot}-cycle slot from cycle {r.start}): done at cycle{' '}
        <strong data-testid="gantt-reorder-finish">{r.finish}</strong>
        {later > 0
          ? `, ${count(later, 'cycle')} after`
          : later === 0
            ? ', the same cycle as'
            : ', before'}{' '}
        auto-receive&apos;s cycle {r.autoFinish}, with{' '}
        <strong data-testid="gantt-reorder-bubbles">{count(r.bubbles, 'bubble')}</strong> (○: slots
        where packets wait for a lower sequence number; ·: nothing waiting). Auto-receive places
        each packet as it comes and only counts.
      </p>
      {r.slots.length <= MAX_STRIP_SLOTS ? (
        <ol className="gv-slots" aria-label="Reorder buffer output, slot by slot">
          {r.slots.map((s, i) => (
            <li
              key={i}
              className={`gv-slot gv-slot-${s.kind}`}
              aria-label={
                s.kind === 'out'
                  ? `slot ${i + 1}: sequence ${s.seq}`
                  : s.kind === 'bubble'
                    ? `slot ${i + 1}: bubble`
                    : `slot ${i + 1}: idle`
              }
            >
              <span aria-hidden="true">
                {s.kind === 'out' ? s.seq : s.kind === 'bubble' ? '○' : '·'}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

function Legend() {
  return (
    <ul className="crv-legend" aria-label="Timeline key">
      {(Object.keys(PART_COLOURS) as StageInfo['part'][]).map((part) => (
        <li key={part}>
          <span
            className="crv-key-swatch"
            style={{ background: PART_COLOURS[part] }}
            aria-hidden="true"
          />
          {part}
        </li>
      ))}
      <li>
        <span className="crv-key-swatch gv-key-open" aria-hidden="true" />
        under way (to now)
      </li>
    </ul>
  );
}

/** The message to show: the one picked, else the selected packet's, else the latest begun. */
function chooseMessage(
  messages: readonly CraniumMessageView[],
  picked: number | null,
  packetMsg: number | null,
): CraniumMessageView | null {
  return (
    messages.find((m) => m.id === picked) ??
    messages.find((m) => m.id === packetMsg) ??
    messages.reduce<CraniumMessageView | null>(
      (best, m) => (best === null || m.commandAt >= best.commandAt ? m : best),
      null,
    )
  );
}

export function GanttView() {
  const frame = useCraniumFrame();
  const index = useCraniumLog();
  const selected = useSelectedCrPacketId();
  const scenario = useApp((s) => s.scenario?.id ?? '');
  const [pick, setPick] = useState<{ scenario: string; msg: number } | null>(null);
  const [showTable, setShowTable] = useState(false);
  const [wrapRef, width] = useElementWidth<HTMLDivElement>(frame !== null);
  // The chart scrolls sideways in a narrow panel: reachable by keyboard while it does.
  useScrollFocus(wrapRef);
  if (!frame) return <p className="vg-muted">No Cranium scenario loaded.</p>;
  const messages = frame.stats.messages;
  const packetMsg =
    selected === null ? null : (frame.packets.find((p) => p.id === selected)?.msg ?? null);
  const picked = pick && pick.scenario === scenario ? pick.msg : null;
  const msg = chooseMessage(messages, picked, packetMsg);
  const t = msg ? messageTimeline(msg, frame.packets, index, frame.cycle) : null;

  return (
    <div className="gv-view" data-testid="gantt-view">
      <div className="crv-toolbar">
        <label>
          Message{' '}
          <select
            value={msg?.id ?? ''}
            data-testid="gantt-message"
            disabled={messages.length === 0}
            onChange={(e) => setPick({ scenario, msg: Number(e.target.value) })}
          >
            {messages.length === 0 ? <option value="">none yet</option> : null}
            {messages.map((m) => (
              <option key={m.id} value={m.id}>
                {m.id}: node {m.src} → {m.dst}, {m.packets} pkt{m.queue ? ', queue' : ''}
              </option>
            ))}
          </select>
        </label>
        <TableToggle checked={showTable} onChange={setShowTable} />
      </div>
      <div ref={wrapRef} className="gv-stage" role="region" aria-label="Message timeline chart">
        {t === null ? (
          <p className="vg-muted">
            No message yet: a message begins when a send command is accepted.
          </p>
        ) : (
          <>
            <Summary t={t} />
            <ReorderLine msg={t.msg} packets={frame.packets} />
            <Legend />
            <Chart t={t} width={width} cycle={frame.cycle} selected={selected} />
            {showTable ? <TimelineTable t={t} selected={selected} /> : null}
          </>
        )}
      </div>
    </div>
  );
}

/**
 * The PP handler timeline (round2-spec §B2.3; seed 003 Figs. 8-9 [L113-137]): lanes for the PP,
 * memory, the processor-cache port, the data buffer and the network port of one node, around the
 * transfer handler's latest invocation, with the seed's anchors marked (the memory read issued at
 * PP cycle 18; a dirty line's get at 17, speculation exhausted at 32) and the bottleneck bar
 * "rate = max(network, sender, receiver)" (Fig. 7 [L85]). All from the run's own events.
 */
import { scaleLinear } from 'd3';
import { useMemo, useState } from 'react';
import type { SimEvent } from '../../../sim-core/index';
import { rateTerms } from '../../../sim-core/ni/flash/flash-predictions';
import type { FlashMeta } from '../../../sim-core/ni/flash/flash-meta';
import { useApp } from '../../state/store';
import { TableToggle } from '../../views/TableToggle';
import { useElementWidth } from '../../views/use-element-width';
import { NodePicker, useFlashMeta, useFlashNode, useLogNow } from './flash-store';
import './views-flash.css';

interface Bar {
  lane: string;
  start: number;
  end: number;
  what: string;
  kind: 'busy' | 'wait' | 'data';
}

const LANES = ['PP', 'memory', 'cache port', 'data buffer', 'network port'] as const;

interface Window {
  start: number;
  end: number;
  bars: Bar[];
  marks: { at: number; text: string }[];
}

function windowOf(log: readonly SimEvent[], meta: FlashMeta, node: number, now: number): Window {
  const starts = log.filter(
    (e) =>
      e.kind === 'flash.handler' && e.op === 'start' && e.node === node && e.handler === 'transfer',
  );
  const from = starts.length ? starts[starts.length - 1]!.cycle : Math.max(0, now - 120);
  const start = from;
  const end = Math.max(start + 100, Math.min(now, start + 240));
  const bars: Bar[] = [];
  const marks: Window['marks'] = [];
  const bpc = meta.network.bytesPerCycle;
  for (const e of log) {
    if (e.kind === 'phase' && e.node === node && e.part === null) {
      if (e.end < start || e.start > end) continue;
      if (e.actor === 'PP')
        bars.push({
          lane: 'PP',
          start: e.start,
          end: e.end,
          what: e.phase,
          kind: e.category === 'wait' ? 'wait' : 'busy',
        });
      if (e.actor === 'memory' || e.actor === 'cache port')
        bars.push({ lane: e.actor, start: e.start, end: e.end, what: e.phase, kind: 'data' });
    }
    if (
      e.kind === 'flash.mem' &&
      e.node === node &&
      e.op === 'read' &&
      e.last >= start &&
      e.issue <= end
    )
      bars.push({
        lane: 'data buffer',
        start: e.first,
        end: e.last,
        what: 'the line fills a data buffer',
        kind: 'data',
      });
    if (
      e.kind === 'flash.cache' &&
      e.node === node &&
      e.op === 'get' &&
      e.last >= start &&
      e.state <= end
    )
      bars.push({
        lane: 'data buffer',
        start: e.first,
        end: e.last,
        what: 'the line fills a data buffer from the cache',
        kind: 'data',
      });
    if (
      e.kind === 'flash.send' &&
      e.node === node &&
      e.cycle <= end &&
      e.cycle + e.bytes / bpc >= start
    )
      bars.push({
        lane: 'network port',
        start: e.cycle,
        end: e.cycle + Math.ceil(e.bytes / bpc),
        what: `${e.type} ${e.component >= 0 ? e.component : ''}`,
        kind: 'data',
      });
  }
  if (starts.length) {
    const inWindow = log.filter((e) => e.cycle >= start && e.cycle <= end);
    const read = inWindow.find((e) => e.kind === 'flash.mem' && e.node === node && e.op === 'read');
    const get = inWindow.find((e) => e.kind === 'flash.cache' && e.node === node && e.op === 'get');
    const stall = inWindow.find(
      (e) => e.kind === 'flash.handler' && e.node === node && e.op === 'stall',
    );
    if (read && read.kind === 'flash.mem')
      marks.push({
        at: read.issue,
        text: `read issued at PP cycle ${read.issue - start} (seed: 18)`,
      });
    if (get && get.kind === 'flash.cache')
      marks.push({ at: get.cycle, text: `get at ${get.cycle - start} (seed: 17)` });
    if (stall) marks.push({ at: stall.cycle, text: `stall at ${stall.cycle - start} (seed: 32)` });
  }
  return { start, end, bars, marks };
}

function Chart({ win, width, now }: { win: Window; width: number; now: number }) {
  const W = Math.max(480, width);
  const LABEL = 100;
  const laneH = 26;
  const top = 8;
  const x = scaleLinear()
    .domain([win.start, win.end])
    .range([LABEL, W - 12]);
  const height = top + LANES.length * laneH + 56;
  const ticks = x.ticks(8).filter(Number.isInteger);
  return (
    <svg
      width={W}
      height={height}
      role="img"
      aria-label={`Resource lanes from cycle ${win.start} to ${win.end}`}
      className="fl-svg"
      data-testid="handler-chart"
    >
      {LANES.map((lane, i) => (
        <g key={lane}>
          <rect
            className="fl-lane"
            x={LABEL}
            y={top + i * laneH}
            width={W - 12 - LABEL}
            height={laneH - 4}
          />
          <text className="fl-label" x={4} y={top + i * laneH + 16}>
            {lane}
          </text>
          {win.bars
            .filter((b) => b.lane === lane)
            .map((b, j) => {
              const x0 = x(Math.max(b.start, win.start));
              const x1 = x(Math.min(b.end, win.end));
              return (
                <rect
                  key={j}
                  className={`fl-bar fl-${b.kind}`}
                  x={x0}
                  y={top + i * laneH + 2}
                  width={Math.max(1, x1 - x0)}
                  height={laneH - 8}
                >
                  <title>{`${lane}: ${b.what}, cycles ${b.start}–${b.end} (${b.end - b.start})`}</title>
                </rect>
              );
            })}
        </g>
      ))}
      {win.marks.map((m, i) => (
        <g key={m.text} className="fl-mark">
          <line x1={x(m.at)} x2={x(m.at)} y1={top} y2={top + LANES.length * laneH} />
          <text x={x(m.at) + 3} y={top + LANES.length * laneH + 14 + i * 13}>
            {m.text}
          </text>
        </g>
      ))}
      {now >= win.start && now <= win.end ? (
        <line className="fl-now" x1={x(now)} x2={x(now)} y1={top} y2={top + LANES.length * laneH} />
      ) : null}
      {ticks.map((t) => (
        <text key={t} className="fl-tick" x={x(t)} y={height - 4} textAnchor="middle">
          {t - win.start}
        </text>
      ))}
    </svg>
  );
}

function Bottleneck({ log, meta }: { log: readonly SimEvent[]; meta: FlashMeta }) {
  const terms = useMemo(() => rateTerms(log as never, meta, 0), [log, meta]);
  const entries = [
    ['network', terms.network],
    ['sender', terms.sender],
    ['receiver', terms.receiver],
  ] as const;
  const max = Math.max(...entries.map(([, v]) => v));
  const scale = (v: number) => (max > 0 ? (v / Math.max(max, 60)) * 260 : 0);
  return (
    <figure className="fl-bottleneck" data-testid="bottleneck-bar">
      <figcaption>
        rate = max(network, sender, receiver) cycles a line [003 L85] — transfer 0 so far
      </figcaption>
      <svg
        width={420}
        height={74}
        role="img"
        aria-label={entries.map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')}
      >
        {entries.map(([k, v], i) => (
          <g key={k}>
            <text className="fl-label" x={0} y={16 + i * 22}>
              {k}
            </text>
            <rect
              className={`fl-term${v === max && v > 0 ? ' fl-max' : ''}`}
              x={70}
              y={4 + i * 22}
              width={scale(v)}
              height={16}
            />
            <text className="fl-label" x={74 + scale(v)} y={16 + i * 22}>
              {v > 0 ? v.toFixed(1) : 'not yet'}
              {v === max && v > 0 ? ' ← the bottleneck' : ''}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}

export function HandlerView() {
  const meta = useFlashMeta();
  const node = useFlashNode(meta);
  const log = useLogNow('flash.handler', 'phase', 'flash.mem', 'flash.cache', 'flash.send');
  const now = useApp((s) => s.view?.cycle ?? 0);
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const [table, setTable] = useState(false);
  const win = useMemo(() => (meta ? windowOf(log, meta, node, now) : null), [log, meta, node, now]);
  if (!meta || !win)
    return <p className="muted">The handler timeline is drawn for a FLASH machine.</p>;
  return (
    <div className="fl-panel" ref={ref} data-testid="handler-view">
      <div className="fl-head">
        <NodePicker meta={meta} node={node} label="Node shown" />
        <span className="fl-sub">cycles from the latest transfer-handler start ({win.start})</span>
        <TableToggle checked={table} onChange={setTable} testId="handler-table-toggle" />
      </div>
      {table ? (
        <table className="vt-table" data-testid="handler-table">
          <caption>
            Resource occupancy, cycles {win.start}–{win.end}
          </caption>
          <thead>
            <tr>
              <th scope="col">resource</th>
              <th scope="col">from</th>
              <th scope="col">to</th>
              <th scope="col">what</th>
            </tr>
          </thead>
          <tbody>
            {win.bars.map((b, i) => (
              <tr key={i}>
                <th scope="row">{b.lane}</th>
                <td className="num">{b.start - win.start}</td>
                <td className="num">{b.end - win.start}</td>
                <td>{b.what}</td>
              </tr>
            ))}
            {win.marks.map((m) => (
              <tr key={m.text}>
                <th scope="row">mark</th>
                <td className="num">{m.at - win.start}</td>
                <td />
                <td>{m.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <Chart win={win} width={width} now={now} />
      )}
      <Bottleneck log={log} meta={meta} />
    </div>
  );
}

/**
 * One Cranium node up close (seed 001 §C): its NI's flow state (FREEZE is loud), the processor
 * and its program, the channels, the scheduler FIFO, inbox and outbox, the pinned pages filling
 * line by line, the four queue rings, the processor's other cached lines and the interrupts.
 * Clicking a page line, a queue entry or a buffered packet selects that packet: a card tells its
 * story and the torus draws its path.
 */
import { useState } from 'react';
import { ERROR_CODES } from '../../../../sim-core/ni/cranium/cranium-events';
import type { CraniumNodeView } from '../../../../sim-core/ni/cranium/cranium-frame';
import { craniumCacheStyle, flowStyles } from '../../../theme/states';
import { useApp } from '../../../state/store';
import '../../../views/views-graphics.css';
import '../../../views/views-network.css';
import '../../../views/views-tables.css';
import './views-cranium.css';
import { ChannelTable } from './ChannelTable';
import { CraniumProcessor } from './CraniumProcessor';
import { NiBuffers } from './NiBuffers';
import { PacketCard } from './PacketCard';
import { PageGrid, PageLegend } from './PageGrid';
import { QueueRings } from './QueueRings';
import {
  selectCraniumNode,
  useCraniumFrame,
  useCraniumLog,
  useCraniumNode,
  useCraniumSystem,
  useSelectedCrPacket,
} from './selection';
import { TableToggle } from '../../../views/TableToggle';

const FLOW_WORDS: Record<CraniumNodeView['flow'], string> = {
  NORMAL: 'NORMAL: packets flow',
  FLUSH: 'FLUSH: packets are still delivered; none are injected',
  FREEZE: 'FREEZE: the NI accepts nothing until the OS thaws it',
};

function FlowBadge({ flow }: { flow: CraniumNodeView['flow'] }) {
  const style = flowStyles[flow] ?? flowStyles.NORMAL!;
  return (
    <span
      className={`crv-flow crv-flow-${flow.toLowerCase()}`}
      style={{ background: style.fill, color: style.ink }}
      data-testid="cranium-flow"
      data-flow={flow}
      role={flow === 'FREEZE' ? 'alert' : undefined}
    >
      {flow === 'FREEZE' ? '⚠ ' : ''}
      {FLOW_WORDS[flow]}
    </span>
  );
}

function Interrupts({ node }: { node: CraniumNodeView }) {
  return (
    <section className="crv-card" aria-label="Interrupts" data-testid="cranium-interrupts">
      <h3>Interrupts</h3>
      {node.interrupts.length === 0 ? (
        <p className="vg-muted">None raised.</p>
      ) : (
        <ol className="crv-interrupts">
          {node.interrupts.map((i, k) => (
            <li key={k} className={i.code ? 'crv-error' : undefined}>
              <span className="crv-when">cycle {i.at}</span>{' '}
              {i.code && i.text.startsWith(`error ${i.code}`) ? (
                <strong>{i.text}</strong>
              ) : i.code ? (
                <>
                  <strong>
                    error {i.code} ({ERROR_CODES[i.code] ?? 'unknown'}):
                  </strong>{' '}
                  {i.text}
                </>
              ) : (
                <>
                  <strong>notification:</strong> {i.text}
                </>
              )}
              {i.code && i.channel >= 0 ? ` (channel ${i.channel})` : ''}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Cached lines with consecutive indices and one state, as one range: "userq[0–127].flag". */
export function groupCachedLines(
  lines: readonly { line: string; state: string }[],
): { name: string; state: string; count: number }[] {
  const out: { name: string; state: string; count: number }[] = [];
  let run: { pre: string; post: string; state: string; from: number; to: number } | null = null;
  const flush = () => {
    if (!run) return;
    const range = run.from === run.to ? `${run.from}` : `${run.from}–${run.to}`;
    out.push({
      name: `${run.pre}[${range}]${run.post}`,
      state: run.state,
      count: run.to - run.from + 1,
    });
    run = null;
  };
  for (const { line, state } of lines) {
    const m = /^(.*)\[(\d+)\](.*)$/.exec(line);
    if (!m) {
      flush();
      out.push({ name: line, state, count: 1 });
      continue;
    }
    const [, pre = '', num = '0', post = ''] = m;
    const i = Number(num);
    if (run && run.pre === pre && run.post === post && run.state === state && run.to + 1 === i)
      run.to = i;
    else {
      flush();
      run = { pre, post, state, from: i, to: i };
    }
  }
  flush();
  return out;
}

function CachedLines({ node }: { node: CraniumNodeView }) {
  if (node.cache.length === 0) return null;
  // Flags apart from payloads, so each kind of line groups into ranges.
  const sorted = [...node.cache].sort((a, b) => {
    const key = (l: string) => l.replace(/\[\d+\]/, '');
    const num = (l: string) => Number(/\[(\d+)\]/.exec(l)?.[1] ?? 0);
    return key(a.line).localeCompare(key(b.line)) || num(a.line) - num(b.line);
  });
  return (
    <section className="crv-card" aria-label="Other cached lines">
      <h3>Processor cache (queue lines)</h3>
      <ul className="crv-chips">
        {groupCachedLines(sorted).map((c) => {
          const style = craniumCacheStyle(c.state);
          return (
            <li key={c.name} className="crv-chip">
              <code>{c.name}</code>{' '}
              <span
                className="crv-cache-badge"
                style={{ background: style.fill, color: style.ink }}
              >
                {c.state}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function CraniumView() {
  const frame = useCraniumFrame();
  const node = useCraniumNode(frame);
  const system = useCraniumSystem();
  const scenario = useApp((s) => s.scenario?.id ?? '');
  const index = useCraniumLog();
  const packet = useSelectedCrPacket();
  const [showTables, setShowTables] = useState(false);
  if (!frame || !node) return <p className="vg-muted">No Cranium scenario loaded.</p>;
  const selected = packet?.id ?? null;

  return (
    <div className="crv-view" data-testid="cranium-view">
      <div className="crv-toolbar">
        <label>
          Node{' '}
          <select
            value={node.node}
            data-testid="cranium-node-picker"
            onChange={(e) => selectCraniumNode(scenario, Number(e.target.value))}
          >
            {frame.nodes.map((n) => (
              <option key={n.node} value={n.node}>
                node {n.node} (router {n.router})
              </option>
            ))}
          </select>
        </label>
        <FlowBadge flow={node.flow} />
        <span className="crv-sub">
          process {node.processId} · barrier {node.barrier} · cycle {frame.cycle}
        </span>
        <TableToggle checked={showTables} onChange={setShowTables} plural />
      </div>
      <div className="crv-columns" data-main-picture>
        <CraniumProcessor node={node} index={index} cycle={frame.cycle} />
        <NiBuffers
          node={node}
          inboxSize={system?.inboxPackets ?? 8}
          outboxSize={system?.outboxPackets ?? 4}
          selected={selected}
        />
      </div>
      <ChannelTable channels={node.channels} />
      {node.pages.length > 0 ? (
        <section className="crv-card" aria-label="Pinned pages">
          <h3>Pinned pages</h3>
          <PageLegend />
          {node.pages.map((page) => (
            <PageGrid
              key={page.handle}
              page={page}
              channels={node.channels}
              packets={frame.packets}
              selected={selected}
              showTable={showTables}
            />
          ))}
        </section>
      ) : null}
      <p className="vg-sr-only" aria-live="polite">
        {packet
          ? `Selected packet ${packet.id}, sequence ${packet.seq} of message ${packet.msg}`
          : ''}
      </p>
      {packet ? <PacketCard packet={packet} index={index} cycle={frame.cycle} /> : null}
      <QueueRings queues={node.queues} showTables={showTables} selected={selected} />
      <div className="crv-columns">
        <Interrupts node={node} />
        <CachedLines node={node} />
      </div>
    </div>
  );
}

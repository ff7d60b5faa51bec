/**
 * The snooping bus at the current cycle: React lays out and sizes the panel, the D3 renderer draws
 * the picture; below it the transaction timeline, and a text version for screen readers. "Show as
 * table" replaces the picture and the timeline with tables of the same facts.
 */
import { count } from '../../../../sim-core/kernel/words';
import { useEffect, useRef, useState } from 'react';
import { useElementWidth } from '../../../views/use-element-width';
import type { BusFrame, BusMeta, SimEvent } from '../../../../sim-core/index';
import { createBusRenderer, type BusRenderer } from '../../../d3/bus-renderer';
import {
  blockAddr,
  dataRoute,
  occupancy,
  procName,
  queueItems,
  queueItemText,
  reactionText,
  txnTitle,
} from '../../../d3/bus-text';
import { reducedMotion } from '../../../d3/motion';
import { useApp } from '../../../state/store';
import { busFrame, busMeta } from '../selection';
import '../../../views/views-graphics.css';
import '../../../views/views-tables.css';
import './bus.css';
import { BusTimeline } from './BusTimeline';
import { TableToggle } from '../../../views/TableToggle';

const NO_EVENTS: SimEvent[] = [];

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The drawing in words: the current transaction, every snooper's reaction, and the queue. */
function BusSummary({ frame, meta }: { frame: BusFrame; meta: BusMeta }) {
  const bb = meta.geometry.blockBytes;
  const txn = frame.bus.current;
  const items = queueItems(frame);
  let busText = 'The bus is idle.';
  if (txn) {
    const { elapsed, total } = occupancy(txn, frame.cycle);
    const snoops = txn.snoops.map((s) => `${procName(s.cache)} ${reactionText(s)}`).join('; ');
    busText =
      `On the bus: ${txnTitle(txn, bb)}, ${elapsed} of ${count(total, 'cycle')}, ends at cycle ` +
      `${txn.endsAt}. ${capitalise(dataRoute(txn))}. ` +
      (snoops ? `Snoops: ${snoops}.` : 'No other cache holds the block.');
  }
  return (
    <div className="vg-sr-only">
      <p>{busText}</p>
      <p>
        {items.length
          ? `Waiting for the bus: ${items.map((q) => queueItemText(q, bb)).join(', ')}.`
          : 'No requests waiting for the bus.'}
      </p>
    </div>
  );
}

/** The picture as tables: the transaction on the bus, each snooper's reaction, and the queue. */
function BusNowTables({ frame, meta }: { frame: BusFrame; meta: BusMeta }) {
  const bb = meta.geometry.blockBytes;
  const txn = frame.bus.current;
  const items = queueItems(frame);
  return (
    <div className="vg-bus-tables" data-testid="bus-now-table">
      <table className="vt-table">
        <caption>On the bus at cycle {frame.cycle}</caption>
        <thead>
          <tr>
            <th scope="col">transaction</th>
            <th scope="col">cycles</th>
            <th scope="col">data</th>
            <th scope="col">snoopers</th>
          </tr>
        </thead>
        <tbody>
          {txn ? (
            <tr>
              <td>{txnTitle(txn, bb)}</td>
              <td className="num">
                {txn.grantedAt}–{txn.endsAt} ({occupancy(txn, frame.cycle).elapsed} of{' '}
                {occupancy(txn, frame.cycle).total})
              </td>
              <td>{dataRoute(txn)}</td>
              <td>
                {txn.snoops.length
                  ? txn.snoops.map((sn) => `${procName(sn.cache)} ${reactionText(sn)}`).join('; ')
                  : 'no other cache holds the block'}
              </td>
            </tr>
          ) : (
            <tr>
              <td colSpan={4}>The bus is idle.</td>
            </tr>
          )}
        </tbody>
      </table>
      <table className="vt-table">
        <caption>Waiting for the bus</caption>
        <thead>
          <tr>
            <th scope="col">cache</th>
            <th scope="col">where</th>
            <th scope="col">request</th>
            <th scope="col">block</th>
          </tr>
        </thead>
        <tbody>
          {items.length ? (
            items.map((q) => (
              <tr key={`${q.stage}-${q.seq}`}>
                <td>{procName(q.cache)}</td>
                <td>{q.stage}</td>
                <td>{q.writeback ? 'write-back' : 'bus request'}</td>
                <td>
                  <code>{blockAddr(q.block, bb)}</code>
                </td>
              </tr>
            ))
          ) : (
            <tr>
              <td colSpan={4}>No requests waiting.</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

export function BusView() {
  const frame = useApp((s) => busFrame(s));
  const events = useApp((s) => s.view?.events ?? NO_EVENTS);
  const meta = useApp((s) => busMeta(s));
  const playing = useApp((s) => s.playing);
  const selectedTxn = useApp((s) => (s.selection?.kind === 'txn' ? s.selection.txn : null));

  const svgRef = useRef<SVGSVGElement>(null);
  const rendererRef = useRef<BusRenderer | null>(null);
  const drawn = useRef<{ frame: BusFrame; width: number } | null>(null);
  const [wrapRef, width] = useElementWidth<HTMLDivElement>();
  const [asTable, setAsTable] = useState(false);

  useEffect(() => {
    if (!svgRef.current) return;
    const renderer = createBusRenderer(svgRef.current);
    rendererRef.current = renderer;
    return () => {
      renderer.destroy();
      rendererRef.current = null;
      drawn.current = null;
    };
  }, []);

  useEffect(() => {
    const renderer = rendererRef.current;
    if (!renderer || !frame || !meta || width === 0) return;
    // Animate a step, never playback or a resize.
    const prev = drawn.current;
    const animate = !playing && prev !== null && prev.frame !== frame && prev.width === width;
    renderer.update(frame, events, meta, { width, animate: animate && !reducedMotion() });
    drawn.current = { frame, width };
  }, [frame, events, meta, width, playing]);

  return (
    <div className="vg-bus-view" data-testid="bus-view">
      <TableToggle
        checked={asTable}
        onChange={setAsTable}
        testId="bus-view-table-toggle"
        className="vg-table-toggle"
      />
      {/* Kept mounted (hidden) under the tables: the renderer keeps its state for the way back. */}
      <div className="vg-bus-scroll" ref={wrapRef} hidden={asTable} data-main-picture>
        <svg ref={svgRef} aria-hidden="true" focusable="false" />
      </div>
      {frame && meta ? (
        <>
          {asTable ? (
            <BusNowTables frame={frame} meta={meta} />
          ) : (
            <BusSummary frame={frame} meta={meta} />
          )}
          <BusTimeline
            frame={frame}
            width={width}
            blockBytes={meta.geometry.blockBytes}
            selectedTxn={selectedTxn}
            asTable={asTable}
          />
        </>
      ) : (
        <p className="vg-muted">No scenario loaded.</p>
      )}
    </div>
  );
}

/**
 * The torus of chaotic routers at the current cycle (after Fig. 5.5): React sizes the panel and
 * holds the controls, the info box of the followed packet, the legend and a text version; the D3
 * renderer draws the picture.
 */
import { useEffect, useRef, useState } from 'react';
import { useElementWidth } from '../use-element-width';
import type { NetworkFrame, PacketView } from '../../../sim-core/network/network-frame';
import {
  DETAIL_MAX_K,
  DETAIL_MAX_PACKETS,
  createTorusRenderer,
  type TorusRenderer,
  type TorusTrail,
} from '../../d3/torus-renderer';
import { packetColour } from '../../d3/torus-layout';
import '../views-graphics.css';
import '../views-network.css';
import './torus-layers.css';
import {
  clearSelection,
  selectPacket,
  selectRouter,
  useNetworkFrame,
  useSelectedPacket,
  useSelectedRouter,
  useSelectedTrail,
} from './selection';
import { TorusLegend } from './TorusLegend';
import { useApp } from '../../state/store';

const MAX_HEIGHT = 760;

const routerName = (frame: NetworkFrame, r: number) => {
  const node = frame.routers[r]?.node;
  return node === null || node === undefined ? `router ${r}` : `router ${r} (node ${node})`;
};

/** The header in words: what is left of the packet's way, e.g. "2 north, 1 east". */
function headerWords(dy: number, dx: number): string {
  const parts = [
    dy < 0 ? `${-dy} north` : dy > 0 ? `${dy} south` : '',
    dx > 0 ? `${dx} east` : dx < 0 ? `${-dx} west` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'arrived: deliver here';
}

function PacketInfo({
  frame,
  id,
  trail,
}: {
  frame: NetworkFrame;
  id: number;
  trail: TorusTrail | null;
}) {
  const p = frame.packets.find((q) => q.id === id);
  return (
    <aside className="nv-info" data-testid="packet-info" aria-label={`Packet ${id}`}>
      <div className="nv-info-head">
        <span className="nv-swatch" style={{ background: packetColour(id) }} aria-hidden="true" />
        <strong>Packet {id}</strong>
        <button type="button" className="nv-button" onClick={clearSelection}>
          Stop following
        </button>
      </div>
      {p ? (
        <dl>
          <div>
            <dt>From → to</dt>
            <dd>
              node {p.src} → node {p.dst}
            </dd>
          </div>
          <div>
            <dt>Hops</dt>
            <dd>
              {p.hops}
              {p.deroutes ? ` (${p.deroutes} derouted)` : ' (none derouted)'}
            </dd>
          </div>
          <div>
            <dt>Cycles waited</dt>
            <dd>{p.waited}</dd>
          </div>
          <div>
            <dt>Header [dy,dx]</dt>
            <dd>
              [{p.header.dy},{p.header.dx}] — {headerWords(p.header.dy, p.header.dx)}
            </dd>
          </div>
        </dl>
      ) : trail ? (
        <p data-testid="packet-trail">
          Delivered to node {trail.dst}. Its path: routers {trail.path.join(' → ')} (
          {trail.path.length - 1} hops
          {trail.derouted.some(Boolean)
            ? `, hop ${trail.derouted.flatMap((d, i) => (d ? [i + 1] : [])).join(', ')} derouted`
            : ', none derouted'}
          ).
        </p>
      ) : (
        <p>Not in flight at this cycle (not yet injected, or delivered).</p>
      )}
    </aside>
  );
}

function pathWords(frame: NetworkFrame, p: PacketView): string {
  const derouted = p.derouted.flatMap((d, i) => (d ? [i + 1] : []));
  return (
    `Followed packet ${p.id}, node ${p.src} to node ${p.dst}, has visited routers ` +
    `${p.path.join(', ')}` +
    (derouted.length ? `; hop ${derouted.join(', ')} derouted` : '; no deroutes') +
    `. It now waits or moves at ${routerName(frame, p.path.at(-1) ?? 0)}.`
  );
}

/** The drawing in words, for screen readers. */
function TorusSummary({ frame, followed }: { frame: NetworkFrame; followed: number | null }) {
  const k = Math.round(Math.sqrt(frame.routers.length));
  const nodes = frame.routers.filter((r) => r.node !== null).length;
  const busiest = frame.routers.reduce(
    (best, r) => (r.occupancy > best.occupancy ? r : best),
    frame.routers[0]!,
  );
  const p = followed === null ? null : frame.packets.find((q) => q.id === followed);
  return (
    <div className="vg-sr-only">
      <p>
        {`Cycle ${frame.cycle}: a ${k} by ${k} torus of ${frame.routers.length} routers, ` +
          `${nodes} with a processing node. ${frame.packets.length} packets in flight. ` +
          (busiest.occupancy > 0
            ? `Busiest: ${routerName(frame, busiest.id)} with ${busiest.occupancy} frames occupied.`
            : 'Every router is idle.') +
          ` Average link use ${(frame.stats.linkUtilisation * 100).toFixed(0)}%.`}
      </p>
      {p ? <p>{pathWords(frame, p)}</p> : null}
    </div>
  );
}

/**
 * The "Follow packet" list. While playing it lists the followed packet only — rebuilding hundreds
 * of options 60 times a second would cost more than the picture — unless it has the focus, when
 * it lists every packet in flight, as it always does when paused.
 */
function FollowSelect({
  frame,
  followed,
  playing,
}: {
  frame: NetworkFrame;
  followed: number | null;
  playing: boolean;
}) {
  const [open, setOpen] = useState(false);
  const listed = !playing || open ? frame.packets : frame.packets.filter((p) => p.id === followed);
  return (
    <label>
      Follow packet{' '}
      <select
        className="tv-follow"
        value={followed ?? ''}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onChange={(e) =>
          e.target.value === '' ? clearSelection() : selectPacket(Number(e.target.value))
        }
      >
        <option value="">none</option>
        {followed !== null && !frame.packets.some((p) => p.id === followed) ? (
          <option value={followed}>{followed} (not in flight)</option>
        ) : null}
        {listed.map((p) => (
          <option key={p.id} value={p.id}>
            {p.id}: node {p.src} → {p.dst}
          </option>
        ))}
      </select>
    </label>
  );
}

export function TorusView() {
  const frame = useNetworkFrame();
  const followed = useSelectedPacket();
  const selectedRouter = useSelectedRouter();
  const trail = useSelectedTrail();
  const playing = useApp((s) => s.playing);
  const hasFrame = frame !== null;

  const svgRef = useRef<SVGSVGElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const rendererRef = useRef<TorusRenderer | null>(null);
  const [wrapRef, width] = useElementWidth<HTMLDivElement>(hasFrame);
  const height = Math.min(width, MAX_HEIGHT);

  // The panel mounts before a network scenario may be loaded: (re)attach when the SVG appears.
  useEffect(() => {
    if (!hasFrame || !svgRef.current || !canvasRef.current) return;
    const renderer = createTorusRenderer(svgRef.current, canvasRef.current, {
      onPacket: selectPacket,
      onRouter: selectRouter,
    });
    rendererRef.current = renderer;
    return () => {
      renderer.destroy();
      rendererRef.current = null;
    };
  }, [hasFrame]);

  useEffect(() => {
    rendererRef.current?.resize(width, height);
  }, [width, height]);

  useEffect(() => {
    if (frame)
      rendererRef.current?.update(
        frame,
        { packet: followed, router: selectedRouter, trail },
        playing,
      );
  }, [frame, followed, selectedRouter, trail, playing]);

  if (!frame) return null;
  const k = Math.round(Math.sqrt(frame.routers.length));
  const heatOnly = k > DETAIL_MAX_K || frame.packets.length > DETAIL_MAX_PACKETS;
  const zoom = (f: number) => rendererRef.current?.zoomBy(f);

  return (
    <div className="nv-torus" data-testid="torus-view">
      <div className="nv-toolbar">
        <span>
          <strong>
            {k}×{k} torus
          </strong>{' '}
          · cycle {frame.cycle} · {frame.packets.length} packets in flight
        </span>
        <FollowSelect frame={frame} followed={followed} playing={playing} />
        <span className="nv-zoom" role="group" aria-label="Zoom">
          <button type="button" className="nv-button" onClick={() => zoom(1.5)}>
            Zoom in
          </button>
          <button type="button" className="nv-button" onClick={() => zoom(1 / 1.5)}>
            Zoom out
          </button>
          <button
            type="button"
            className="nv-button"
            onClick={() => rendererRef.current?.resetZoom()}
          >
            Fit
          </button>
        </span>
      </div>
      {followed !== null ? <PacketInfo frame={frame} id={followed} trail={trail} /> : null}
      <div className="nv-stage" ref={wrapRef}>
        {/* Painted underneath the SVG (links, routers, and packets while playing); hidden from
            assistive technology, which reads the SVG's buttons and the summary below. */}
        <canvas ref={canvasRef} className="tv-canvas" aria-hidden="true" />
        <svg
          ref={svgRef}
          role="group"
          aria-label={`Torus of ${k} by ${k} routers; arrow keys move between routers, Enter selects`}
          style={{ height: height || undefined }}
        />
      </div>
      <TorusLegend frames={frameCount(frame)} heatOnly={heatOnly} />
      <TorusSummary frame={frame} followed={followed} />
    </div>
  );
}

function frameCount(frame: NetworkFrame): number {
  const r = frame.routers[0];
  return r ? r.inputs.length + r.outputs.length + r.multiQueue.length : 15;
}

/**
 * The torus (or mesh) of chaotic routers at the current cycle (after Fig. 5.5): React sizes the
 * panel and holds the controls, the info box of the followed packet with its path, the watchdog's
 * stall banner, the legend, a text version and the tables; the D3 renderer draws the picture.
 */
import { count } from '../../../sim-core/kernel/words';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useElementWidth } from '../use-element-width';
import { useFitHeight } from '../use-fit-height';
import type { NetworkFrame, PacketView } from '../../../sim-core/network/network-frame';
import {
  DETAIL_MAX_K,
  DETAIL_MAX_PACKETS,
  createTorusRenderer,
  type TorusRenderer,
  type TorusStall,
} from '../../d3/torus-renderer';
import { heatOf, packetColour, type TopologyKind } from '../../d3/torus-layout';
export { warmPaintWorker } from '../../d3/torus-canvas';
import '../views-graphics.css';
import '../views-network.css';
import '../views-tables.css';
import './torus-layers.css';
import {
  clearSelection,
  selectPacket,
  selectRouter,
  useNetworkFrame,
  useSelectedPacket,
  useSelectedRouter,
  useSelectedTrail,
  useStall,
  useTopology,
  type PacketTrail,
  type StallEvent,
} from './selection';
import { TorusLegend } from './TorusLegend';
import { useApp } from '../../state/store';
import { Paced } from '../../state/paced';
import { useLecture } from '../../lecture/lecture-store';
import { TableToggle } from '../TableToggle';

const MAX_HEIGHT = 760;
/** The torus is never squeezed below this (a very short window scrolls instead). */
const MIN_HEIGHT = 240;

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

/** Router r's coordinates on a k×k grid, as "(x,y)". */
const at = (r: number, k: number) => `(${r % k},${Math.floor(r / k)})`;

/** The routers a packet has visited, in order, each derouted hop marked in words. */
function PathList({ path, derouted, k }: { path: number[]; derouted: boolean[]; k: number }) {
  return (
    <ol className="tv-path-list" data-testid="packet-path" aria-label="Path, router by router">
      {path.map((r, i) => {
        const deroute = i > 0 && derouted[i - 1] === true;
        return (
          <li key={i} className={deroute ? 'tv-path-deroute' : undefined}>
            {at(r, k)}
            {deroute ? <strong> derouted</strong> : null}
          </li>
        );
      })}
    </ol>
  );
}

const derouteWords = (n: number) => (n ? ` (${n} derouted)` : ' (none derouted)');

function PacketInfo({
  frame,
  id,
  trail,
  k,
}: {
  frame: NetworkFrame;
  id: number;
  trail: PacketTrail | null;
  k: number;
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
        <>
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
                {derouteWords(p.deroutes)}
              </dd>
            </div>
            <div>
              <dt>Cycles waited</dt>
              <dd>{p.waited}</dd>
            </div>
            <div>
              <dt>Header [Y,X]</dt>
              <dd>
                [{p.header.dy},{p.header.dx}] — {headerWords(p.header.dy, p.header.dx)}
              </dd>
            </div>
          </dl>
          <PathList path={p.path} derouted={p.derouted} k={k} />
        </>
      ) : trail ? (
        <>
          <p data-testid="packet-trail">
            Delivered to node {trail.dst} at cycle {trail.deliveredAt}:{' '}
            {count(trail.path.length - 1, 'hop')}
            {derouteWords(trail.derouted.filter(Boolean).length)}.
          </p>
          <PathList path={trail.path} derouted={trail.derouted} k={k} />
        </>
      ) : (
        <p>Not in flight at this cycle (not yet injected, or delivered).</p>
      )}
    </aside>
  );
}

/**
 * The watchdog's stall, from its cycle on: the ring of waiting packets and the frames they hold
 * (or, with no ring, the frames held). A deadlock never clears, so the banner stays.
 */
function StallBanner({ stall }: { stall: StallEvent }) {
  const ring = stall.deadlock;
  const first = ring[0];
  return (
    <div className="tv-stall-banner" role="alert" data-testid="stall-banner">
      <strong>
        {first ? 'Deadlock' : 'Stall'} since cycle {stall.cycle}
      </strong>
      : no phit has moved for {stall.idleCycles} cycles.{' '}
      {first ? (
        <>
          A ring of waiting packets, each holding a frame the one before it needs:{' '}
          {ring
            .map(
              (d) =>
                `packet ${d.packet} at router ${d.router} holds frame ${d.where} and waits for output ${d.waitsFor}`,
            )
            .join(' → ')}{' '}
          → back to packet {first.packet}. No packet in the ring can ever move.
        </>
      ) : (
        <>
          {count(stall.held.length, 'frame')} held:{' '}
          {stall.held
            .slice(0, 12)
            .map((h) => `packet ${h.packet} at router ${h.router} (${h.where})`)
            .join(', ')}
          {stall.held.length > 12 ? ', …' : ''}.
        </>
      )}
    </div>
  );
}

/** The picture as tables: every router's frames and heat, and every packet in flight. */
function TorusTables({ frame, k }: { frame: NetworkFrame; k: number }) {
  return (
    <div className="tv-tables" data-testid="torus-tables">
      <table className="vt-table" data-testid="torus-router-table">
        <caption>Routers at cycle {frame.cycle}</caption>
        <thead>
          <tr>
            <th scope="col">router (x,y)</th>
            <th scope="col">node</th>
            <th scope="col">frames occupied</th>
            <th scope="col">multi-queue</th>
            <th scope="col">heat</th>
          </tr>
        </thead>
        <tbody>
          {frame.routers.map((r) => {
            const total =
              r.inputs.length + r.virtualChannels.length + r.outputs.length + r.multiQueue.length;
            // The picture's shading: frames held against the router's own frames (frameCount).
            const heat = heatOf(r.occupancy, frameCount(frame));
            const mq = r.multiQueue.filter((f) => f.packet !== null).length;
            return (
              <tr key={r.id}>
                <th scope="row">
                  {r.id} {at(r.id, k)}
                </th>
                <td>{r.node ?? '—'}</td>
                <td>
                  {r.occupancy} of {total}
                </td>
                <td>{r.multiQueue.length ? `${mq} of ${r.multiQueue.length}` : 'none'}</td>
                <td>{Math.round(heat * 100)}%</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <table className="vt-table" data-testid="torus-packet-table">
        <caption>Packets in flight at cycle {frame.cycle}</caption>
        <thead>
          <tr>
            <th scope="col">packet</th>
            <th scope="col">source</th>
            <th scope="col">destination</th>
            <th scope="col">hops</th>
            <th scope="col">deroutes</th>
            <th scope="col">header [Y,X]</th>
          </tr>
        </thead>
        <tbody>
          {frame.packets.map((p) => (
            <tr key={p.id}>
              <th scope="row">{p.id}</th>
              <td>node {p.src}</td>
              <td>node {p.dst}</td>
              <td>{p.hops}</td>
              <td>{p.deroutes}</td>
              <td>
                [{p.header.dy},{p.header.dx}]
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
function TorusSummary({
  frame,
  followed,
  kind,
}: {
  frame: NetworkFrame;
  followed: number | null;
  kind: TopologyKind;
}) {
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
        {`Cycle ${frame.cycle}: a ${k} by ${k} ${kind} of ${frame.routers.length} routers, ` +
          `${nodes} with a processing node. ${count(frame.packets.length, 'packet')} in flight. ` +
          (busiest.occupancy > 0
            ? `Busiest: ${routerName(frame, busiest.id)} with ${count(busiest.occupancy, 'frame')} occupied.`
            : 'Every router is idle.') +
          ` Average link use since cycle 0: ${(frame.stats.linkUtilisation * 100).toFixed(0)}%.`}
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
function PacedTorusSummary() {
  const frame = useNetworkFrame();
  const followed = useSelectedPacket();
  const kind: TopologyKind = useTopology()?.kind ?? 'torus';
  return frame ? <TorusSummary frame={frame} followed={followed} kind={kind} /> : null;
}

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
  const kind = useTopology()?.kind ?? 'torus';
  const stallEvent = useStall();
  // CSS zoom applies to the page only in presentation mode (App.tsx).
  const pageZoom = useLecture((s) => (s.present ? s.zoom : 1));
  const [asTable, setAsTable] = useState(false);
  const hasFrame = frame !== null;
  const stall = useMemo<TorusStall | null>(
    () =>
      stallEvent && {
        waiting: stallEvent.deadlock.length
          ? stallEvent.deadlock.map(({ packet, router, waitsFor }) => ({
              packet,
              router,
              waitsFor,
            }))
          : stallEvent.held.map(({ packet, router }) => ({ packet, router, waitsFor: null })),
      },
    [stallEvent],
  );

  const svgRef = useRef<SVGSVGElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const rendererRef = useRef<TorusRenderer | null>(null);
  const [wrapRef, width] = useElementWidth<HTMLDivElement>(hasFrame);
  // Square where there is room; else as tall as the window leaves it (a lecture opens with the
  // whole torus in view), never below MIN_HEIGHT.
  const room = useFitHeight(wrapRef, pageZoom, playing);
  const height = Math.min(width, MAX_HEIGHT, Math.max(MIN_HEIGHT, room));

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
        { playing, topology: kind, stall, pageZoom },
      );
  }, [frame, followed, selectedRouter, trail, playing, kind, stall, pageZoom]);

  if (!frame) return null;
  const k = Math.round(Math.sqrt(frame.routers.length));
  const heatOnly = k > DETAIL_MAX_K || frame.packets.length > DETAIL_MAX_PACKETS;
  const zoom = (f: number) => rendererRef.current?.zoomBy(f);

  return (
    <div className="nv-torus" data-testid="torus-view">
      <div className="nv-toolbar">
        <span>
          <strong data-testid="torus-kind">
            {k}×{k} {kind}
          </strong>{' '}
          · cycle {frame.cycle} · {count(frame.packets.length, 'packet')} in flight
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
        <TableToggle checked={asTable} onChange={setAsTable} testId="torus-table-toggle" />
      </div>
      {stallEvent ? <StallBanner stall={stallEvent} /> : null}
      {followed !== null ? <PacketInfo frame={frame} id={followed} trail={trail} k={k} /> : null}
      <div className="nv-stage" ref={wrapRef} data-main-picture>
        {/* Painted underneath the SVG (links, routers, and packets while playing); hidden from
            assistive technology, which reads the SVG's buttons and the summary below. */}
        <canvas ref={canvasRef} className="tv-canvas" aria-hidden="true" />
        <svg
          ref={svgRef}
          role="group"
          aria-label={`${kind === 'mesh' ? 'Mesh' : 'Torus'} of ${k} by ${k} routers; arrow keys move between routers, Enter selects`}
          style={{ height: height || undefined }}
        />
      </div>
      <TorusLegend frames={frameCount(frame)} heatOnly={heatOnly} wraps={kind === 'torus'} />
      {/* For screen readers, which a sentence rewritten fifty times a second would not help:
          it follows the cycle at the panels' reading pace while playing. */}
      <Paced>
        <PacedTorusSummary />
      </Paced>
      {asTable ? <TorusTables frame={frame} k={k} /> : null}
    </div>
  );
}

function frameCount(frame: NetworkFrame): number {
  const r = frame.routers[0];
  return r ? r.inputs.length + r.outputs.length + r.multiQueue.length : 15;
}

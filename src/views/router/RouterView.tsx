/**
 * One chaotic router up close (thesis Figs 5.2–5.3): what its routing function does (the
 * registry's description), its five input frames, the multi-queue and its five output frames,
 * each with the packet it holds and how many of its phits are there, and its last routing
 * decision in one plain sentence. Shows the selected router, else the router of
 * this cycle's last routing decision.
 */
import type {
  Decision,
  FrameView,
  NetworkFrame,
  RouterView as RouterFrame,
} from '../../../sim-core/network/network-frame';
import { routingFunctions, type SimEvent } from '../../../sim-core/index';
import { packetColour } from '../../d3/torus-layout';
import { useApp } from '../../state/store';
import '../views-network.css';
import {
  selectPacket,
  selectRouter,
  useNetworkFrame,
  useRouterKind,
  useScenarioPacketPhits,
  useSelectedRouter,
} from '../torus/selection';

const NO_EVENTS: SimEvent[] = [];
const PORT_LABELS = ['N', 'E', 'S', 'W', 'P'];

const STATE_WORDS: Record<FrameView['state'], string> = {
  empty: 'empty',
  filling: 'filling',
  full: 'full, waiting',
  'cut-through': 'cutting through',
  leaving: 'leaving',
};

const fromWords = (from: Decision['from']) =>
  from === 'MQ' ? 'the multi-queue' : from === 'P' ? 'the injection frame' : `the ${from} input`;

/** The last decision as one sentence a student can read aloud. */
function decisionSentence(d: Decision, node: number | null): string {
  const profitable = `(profitable: ${d.profitable.join(' ') || 'none'})`;
  const pkt = `Packet ${d.packet}`;
  switch (d.reason) {
    case 'cut-through':
      return `${pkt} from ${fromWords(d.from)} cut through to ${d.to} while still arriving ${profitable}.`;
    case 'forward':
      return `${pkt}, fully arrived in ${fromWords(d.from)}, was forwarded to ${d.to} ${profitable}.`;
    case 'from-multi-queue':
      return `${pkt} left the multi-queue for ${d.to}, the oldest packet waiting for it ${profitable}.`;
    case 'deroute':
      return (
        `${pkt} was derouted from ${fromWords(d.from)} to ${d.to}, a random victim: the ` +
        `multi-queue was full and no profitable output was free ${profitable}.`
      );
    case 'exchange':
      return (
        `${pkt} left the multi-queue for ${d.to} in a packet exchange: the multi-queue was full, ` +
        `a packet from the ${d.to} neighbour waited for a frame and no output was free, and that ` +
        `neighbour was stuck the same way, so the two routers swapped packets across the link — ` +
        `each takes the other's waiting packet into the frame it frees ${profitable}.`
      );
    case 'deflect':
      return (
        `${pkt} was deflected from ${fromWords(d.from)} to ${d.to}: no profitable output was ` +
        `free and a bufferless router does not let it wait ${profitable}.`
      );
    case 'deliver':
      return `${pkt} from ${fromWords(d.from)} was delivered to ${
        node === null ? 'its node' : `node ${node}`
      }.`;
  }
}

function lastRoutedRouter(events: readonly SimEvent[]): number | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.kind === 'net.route') return e.router;
  }
  return null;
}

/** Phits per packet: the scenario's, else the most any frame holds (an MQ frame holds all). */
function packetLength(frame: NetworkFrame, fromScenario: number | null): number {
  if (fromScenario !== null && fromScenario > 0) return fromScenario;
  let max = 1;
  for (const r of frame.routers)
    for (const f of [...r.inputs, ...r.virtualChannels, ...r.outputs, ...r.multiQueue])
      max = Math.max(max, f.phits);
  return max;
}

function FrameBox({ label, f, length }: { label: string; f: FrameView; length: number }) {
  const share = f.packet === null ? 0 : Math.min(1, f.phits / length);
  return (
    <div className={`nv-frame nv-frame-${f.state}`}>
      <span className="nv-frame-port">{label}</span>
      {f.packet === null ? (
        <span className="nv-frame-packet nv-muted">—</span>
      ) : (
        <button
          type="button"
          className="nv-frame-packet nv-chip"
          onClick={() => selectPacket(f.packet!)}
          title={`Follow packet ${f.packet} on the torus`}
        >
          <span
            className="nv-swatch"
            style={{ background: packetColour(f.packet) }}
            aria-hidden="true"
          />
          pkt {f.packet}
        </button>
      )}
      <span
        className="nv-bar"
        role="img"
        aria-label={`${f.phits} of ${length} phits`}
        title={`${f.phits} of ${length} phits`}
      >
        <span className="nv-bar-fill" style={{ width: `${share * 100}%` }} />
      </span>
      <span className="nv-frame-state">
        {f.packet === null ? 'empty' : `${f.phits}/${length} · ${STATE_WORDS[f.state]}`}
      </span>
    </div>
  );
}

function Column({
  title,
  frames,
  labels,
  length,
}: {
  title: string;
  frames: FrameView[];
  labels: string[];
  length: number;
}) {
  return (
    <section className="nv-router-col" aria-label={title}>
      <h3>{title}</h3>
      {frames.map((f, i) => (
        <FrameBox key={labels[i]} label={labels[i] ?? String(i)} f={f} length={length} />
      ))}
    </section>
  );
}

export function RouterView() {
  const frame = useNetworkFrame();
  const events = useApp((s) => s.view?.events ?? NO_EVENTS);
  const selected = useSelectedRouter();
  const scenarioPhits = useScenarioPacketPhits();
  const kind = useRouterKind();
  if (!frame || frame.routers.length === 0) return null;
  // What the routing function does, in the registry's own words.
  const routing = kind ? routingFunctions[kind] : null;

  const id = selected ?? lastRoutedRouter(events) ?? 0;
  const router: RouterFrame = frame.routers[id] ?? frame.routers[0]!;
  const k = Math.round(Math.sqrt(frame.routers.length));
  const length = packetLength(frame, scenarioPhits);
  // With a dateline, each input port has a second virtual channel (P's is never used).
  const datelineVcs = router.virtualChannels.slice(0, 4);
  const frames =
    router.inputs.length + datelineVcs.length + router.outputs.length + router.multiQueue.length;
  const decided = router.decisions;

  return (
    <div className="nv-router" data-testid="router-view">
      <div className="nv-toolbar">
        <label>
          Router{' '}
          <select value={router.id} onChange={(e) => selectRouter(Number(e.target.value))}>
            {frame.routers.map((r) => (
              <option key={r.id} value={r.id}>
                {r.id}
                {r.node !== null ? ` (n${r.node})` : ''}
              </option>
            ))}
          </select>
        </label>
        <span>
          x {router.x}, y {router.y} of {k}×{k} ·{' '}
          {router.node !== null ? `processing node ${router.node}` : 'no processing node'} ·{' '}
          <strong>
            {router.occupancy} of {frames}
          </strong>{' '}
          frames occupied
          {selected === null ? ' · showing the last router to decide' : ''}
        </span>
      </div>
      <Decisions decided={decided} node={router.node} />
      {routing ? (
        <p className="nv-routing" data-testid="router-routing">
          <strong>{routing.label}</strong>: {routing.description}
        </p>
      ) : null}
      {/* It scrolls sideways in a narrow panel: focusable, so the keyboard can scroll it too. */}
      <div
        className="nv-router-grid"
        tabIndex={0}
        role="group"
        aria-label={`Frames of router ${router.id}`}
      >
        <Column
          title="Input frames (P: from the node)"
          frames={router.inputs}
          labels={PORT_LABELS}
          length={length}
        />
        {datelineVcs.length > 0 ? (
          <Column
            title="Dateline channel (VC 1: after the wrap-around link)"
            frames={datelineVcs}
            labels={PORT_LABELS.slice(0, 4)}
            length={length}
          />
        ) : router.multiQueue.length > 0 ? (
          <Column
            title="Multi-queue"
            frames={router.multiQueue}
            labels={router.multiQueue.map((_, i) => `MQ ${i}`)}
            length={length}
          />
        ) : null}
        <Column
          title="Output frames (P: to the node)"
          frames={router.outputs}
          labels={PORT_LABELS}
          length={length}
        />
      </div>
    </div>
  );
}

/** The router's decisions of the last cycle it routed in, each one sentence, at the panel's top. */
function Decisions({ decided, node }: { decided: Decision[]; node: number | null }) {
  const first = decided[0];
  if (!first)
    return (
      <p className="nv-decision" data-testid="router-decision">
        This router has not routed a packet yet.
      </p>
    );
  const title =
    decided.length === 1 ? 'Last decision' : `Last decisions (${decided.length} packets)`;
  return (
    <div className="nv-decision" data-testid="router-decision">
      <strong>
        {title} (cycle {first.cycle}):
      </strong>{' '}
      {decided.length === 1 ? (
        decisionSentence(first, node)
      ) : (
        <ul>
          {decided.map((d) => (
            <li key={d.packet}>{decisionSentence(d, node)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * One line for people per torus event (digest seed-001-cranium.md §B.5: cut-through, deroutes,
 * the packet exchange), numbers instead of sentences for a busy cycle, and what a quiet cycle is
 * busy with. The same vocabulary tells a network run's torus and a Cranium run's.
 */
import { count } from '../kernel/words';
import type { EventVocabulary } from '../model';
import type { EventStamp } from '../trace/common-events';
import type { NetworkEventBody } from './network-events';
import type { NetworkFrame } from './network-frame';

/** A cycle whose network moves would take more sentences than this is summarised instead. */
const NETWORK_SENTENCES_TOLD = 6;

/** Of a summarised cycle's network moves, the rare ones still told in full, at most this many. */
const NOTABLE_TOLD = 3;

const NOTABLE_ROUTES = new Set(['deroute', 'exchange', 'deflect']);

const isNotable = (e: NetworkEventBody): boolean =>
  e.kind === 'net.stall' ||
  (e.kind === 'net.route' && NOTABLE_ROUTES.has(e.reason)) ||
  (e.kind === 'net.buffer' && e.exchange === true);

const ROUTE_WHY = {
  'cut-through': 'cuts through',
  forward: 'leaves its input frame',
  'from-multi-queue': 'leaves the multi-queue',
  deroute: 'is DEROUTED (random multi-queue victim)',
  exchange:
    "is EXCHANGED (packet exchange: both routers' multi-queues are full and no output is free, so each sends the other one packet and takes in the other's stuck one)",
  deflect: 'is DEFLECTED (no profitable output free, and it may not wait)',
  deliver: 'is delivered to its node',
} as const;

/** How a busy cycle counts its route decisions: reason, one packet, several. */
const ROUTE_WORDS: readonly (readonly [string, string, string])[] = [
  ['cut-through', 'cuts through', 'cut through'],
  ['forward', 'leaves its input frame', 'leave their input frames'],
  ['from-multi-queue', 'leaves a multi-queue', 'leave a multi-queue'],
  ['deliver', 'passes to its node', 'pass to their nodes'],
  ['deroute', 'is derouted', 'are derouted'],
  ['exchange', 'is exchanged', 'are exchanged'],
  ['deflect', 'is deflected', 'are deflected'],
];

/**
 * A busy torus makes hundreds of moves a cycle: told one by one they bury the story (and the
 * picture under it), so they are counted by kind, the rare ones (deadlock, deroute, exchange,
 * deflection) still told; the event log lists every move.
 */
function summariseMoves(
  moves: readonly (NetworkEventBody & EventStamp)[],
  tell: (events: readonly { kind: string }[]) => string,
): string[] {
  const parts: string[] = [];
  const notable = moves.filter(isNotable);
  const toldNotable = notable.slice(0, NOTABLE_TOLD);
  const notableStory = tell(toldNotable);
  if (notableStory) parts.push(notableStory);
  const routes = new Map<string, number>();
  let arrivals = 0;
  let latency = 0;
  let injected = 0;
  let waiting = 0;
  for (const e of moves) {
    if (e.kind === 'net.deliver') {
      arrivals += 1;
      latency += e.networkLatency;
    } else if (e.kind === 'net.inject') injected += 1;
    else if (e.kind === 'net.buffer' && !e.exchange) waiting += 1;
    else if (e.kind === 'net.route') routes.set(e.reason, (routes.get(e.reason) ?? 0) + 1);
  }
  const counted: string[] = [];
  if (arrivals > 0)
    counted.push(
      `${count(arrivals, 'packet arrives', 'packets arrive')} (${count(Math.round(latency / arrivals), 'cycle')} in the network on average)`,
    );
  if (injected > 0)
    counted.push(`${count(injected, 'packet enters', 'packets enter')} the network`);
  const decisions = ROUTE_WORDS.filter(([reason]) => (routes.get(reason) ?? 0) > 0).map(
    ([reason, one, many]) => {
      const n = routes.get(reason)!;
      return `${n} ${n === 1 ? one : many}`;
    },
  );
  if (waiting > 0) decisions.push(`${waiting} wait${waiting === 1 ? 's' : ''} in a multi-queue`);
  if (decisions.length > 0) counted.push(`at the routers ${decisions.join(', ')}`);
  const untold = notable.length - toldNotable.length;
  if (untold > 0)
    counted.push(`${untold} more deadlock, deroute, exchange or deflection moves not told here`);
  parts.push(`${counted.join('; ')}. The event log lists every move`);
  return parts;
}

export const networkVocabulary: EventVocabulary<NetworkEventBody, unknown> = {
  narration: {
    'net.inject': (e) =>
      `packet ${e.packet} enters the network at router ${e.router} (node ${e.node} → node ${e.dst})`,
    'net.route': (e) => {
      const dir =
        e.to === 'P'
          ? ''
          : ` ${e.to} (profitable: ${e.profitable.join(' ')}; header now [${e.header.dy},${e.header.dx}])`;
      return `router ${e.router}: packet ${e.packet} ${ROUTE_WHY[e.reason]}${dir}`;
    },
    'net.buffer': (e) =>
      e.exchange
        ? `router ${e.router}: packet ${e.packet} moves into multi-queue slot ${e.slot}, the frame its router freed in the packet exchange`
        : `router ${e.router}: packet ${e.packet} waits in multi-queue slot ${e.slot} (no profitable output free)`,
    'net.deliver': (e) =>
      `packet ${e.packet} arrives at node ${e.node}: ${count(e.networkLatency, 'cycle')} in the network, ${count(e.hops, 'hop')}, ${e.deroutes} derouted`,
    'net.stall': (e) =>
      e.deadlock.length > 0
        ? `⚠ DEADLOCK: ${e.deadlock.map((d) => `packet ${d.packet} at router ${d.router} waits for ${d.waitsFor}`).join(' → ')} → back to packet ${e.deadlock[0]!.packet}`
        : `⚠ no phit has moved for ${e.idleCycles} cycles: ${count(e.held.length, 'frame is', 'frames are')} held`,
  },
  log: {
    who: {
      'net.inject': (e) => `pkt ${e.packet}`,
      'net.route': (e) => `R${e.router}`,
      'net.buffer': (e) => `R${e.router}`,
      'net.deliver': (e) => `pkt ${e.packet}`,
      'net.stall': () => 'check',
    },
  },
  busy: { over: NETWORK_SENTENCES_TOLD, summarise: summariseMoves },
};

export function narrateQuietNetwork(frame: NetworkFrame): string {
  if (frame.cycle === 0) return 'Initial state: the network is empty. Step forward to begin.';
  if (frame.halted) return 'Every packet has been delivered.';
  const queued = frame.injectionQueues.reduce((a, b) => a + b, 0);
  const moving = frame.packets.length;
  if (moving === 0 && queued === 0) return 'Nothing new this cycle: the network is idle.';
  return `Nothing new this cycle: ${count(moving, 'packet')} in the network${queued ? `, ${queued} waiting to be injected` : ''}; phits flow one per link per cycle.`;
}

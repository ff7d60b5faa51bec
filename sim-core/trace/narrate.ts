/**
 * One-line narration of a cycle, generated from the events (and so from the protocol cells that
 * fired), e.g. "P1 store 0x40 misses → RDX; P0's copy M→I, P0 supplies the block (42 cycles)".
 * Used by the narration bar, the screen-reader live region and the CLI.
 */
import { hex } from '../kernel/hex';
import type { NetworkFrame } from '../network/network-frame';
import type { Frame } from '../sim';
import type { SimEvent } from './events';
import { describeCniEvent, narrateQuietCni } from '../ni/cni/cni-narrate';
import { describeCraniumEvent, narrateQuietCranium } from '../ni/cranium/cranium-narrate';

const proc = (n: number) => `P${n}`;

export function describeEvent(e: SimEvent, blockBytes: number): string | null {
  const blk = (b: number) => hex(b * blockBytes);
  switch (e.kind) {
    case 'cpu.hit':
      if (e.from !== e.state) {
        return `${proc(e.proc)} ${e.op} ${hex(e.addr)} hits in ${e.from}: silent upgrade ${e.from}→${e.state}, no bus transaction ← ${e.value}`;
      }
      return `${proc(e.proc)} ${e.op} ${hex(e.addr)} hits in ${e.state}${e.op === 'load' ? ` → ${e.value}` : ` ← ${e.value}`}`;
    case 'cpu.miss':
      return `${proc(e.proc)} ${e.op} ${hex(e.addr)} ${e.state === 'I' ? 'misses' : `needs write permission (${e.state})`} → bus request`;
    case 'cpu.perform':
      return `${proc(e.proc)}'s ${e.op} ${hex(e.addr)} completes after ${e.waited} cycles${e.op === 'load' ? ` → ${e.value}` : ''}`;
    case 'cpu.compute':
      return `${proc(e.proc)} computes for ${e.cycles} cycle${e.cycles === 1 ? '' : 's'}`;
    case 'cpu.spin':
      return e.satisfied
        ? `${proc(e.proc)} sees [${hex(e.addr)}] = ${e.seen} and stops spinning`
        : `${proc(e.proc)} spins on ${hex(e.addr)} (sees ${e.seen}, waits for ${e.until}); polls hit in its cache`;
    case 'cpu.done':
      return `${proc(e.proc)} finishes its program`;
    case 'cache.evict':
      return `${proc(e.cache)} evicts block ${blk(e.block)} (${e.state})${e.dirty ? ': dirty, write-back queued' : ''}`;
    case 'bus.grant': {
      const parts = [
        `${proc(e.requester)}'s ${e.txnKind} for ${blk(e.block)} wins the bus (${e.cost} cycles)`,
      ];
      const changed = e.snoops
        .filter((s) => s.from !== s.to)
        .map((s) => `${proc(s.cache)}'s copy ${s.from}→${s.to}`);
      if (changed.length) parts.push(changed.join(', '));
      if (e.source.kind === 'cache')
        parts.push(
          `${proc(e.source.cache)} supplies the block${e.source.fromWbBuffer ? ' from its write-back buffer' : ''}`,
        );
      else if (e.source.kind === 'memory') parts.push('memory supplies the block');
      if (e.memoryUpdated) parts.push('memory is updated');
      if (e.shared) parts.push('shared asserted');
      return parts.join('; ');
    }
    case 'bus.drop':
      return `${proc(e.cache)}'s request for ${blk(e.block)} is dropped: ${e.reason}`;
    case 'invariant.violation':
      return `⚠ ${e.rule} invariant broken: ${e.detail}`;
    case 'sim.halt':
      return e.reason === 'all packets delivered'
        ? 'Every packet has been delivered.'
        : e.reason === 'a program waits forever'
          ? '⚠ The run stops: a program waits for something that can no longer happen.'
          : 'All programs have finished.';
    case 'net.inject':
      return `packet ${e.packet} enters the network at router ${e.router} (node ${e.node} → node ${e.dst})`;
    case 'net.route': {
      const why: Record<typeof e.reason, string> = {
        'cut-through': 'cuts through',
        forward: 'leaves its input frame',
        'from-multi-queue': 'leaves the multi-queue',
        deroute: 'is DEROUTED (random multi-queue victim)',
        exchange:
          "is EXCHANGED (packet exchange: both routers' multi-queues are full and no output is free, so each sends the other one packet and takes in the other's stuck one)",
        deflect: 'is DEFLECTED (no profitable output free, and it may not wait)',
        deliver: 'is delivered to its node',
      };
      const dir =
        e.to === 'P'
          ? ''
          : ` ${e.to} (profitable: ${e.profitable.join(' ')}; header now [${e.header.dy},${e.header.dx}])`;
      return `router ${e.router}: packet ${e.packet} ${why[e.reason]}${dir}`;
    }
    case 'net.buffer':
      return e.exchange
        ? `router ${e.router}: packet ${e.packet} moves into multi-queue slot ${e.slot}, the frame its router freed in the packet exchange`
        : `router ${e.router}: packet ${e.packet} waits in multi-queue slot ${e.slot} (no profitable output free)`;
    case 'net.deliver':
      return `packet ${e.packet} arrives at node ${e.node}: ${e.networkLatency} cycles in the network, ${e.hops} hop${e.hops === 1 ? '' : 's'}, ${e.deroutes} derouted`;
    case 'net.stall':
      return e.deadlock.length > 0
        ? `⚠ DEADLOCK: ${e.deadlock.map((d) => `packet ${d.packet} at router ${d.router} waits for ${d.waitsFor}`).join(' → ')} → back to packet ${e.deadlock[0]!.packet}`
        : `⚠ no phit has moved for ${e.idleCycles} cycles: ${e.held.length} frames are held`;
    case 'cni.access':
    case 'cni.txn':
    case 'cni.coh':
    case 'cni.nack':
    case 'cni.msg':
    case 'cni.pointer':
    case 'cni.device':
    case 'cni.lost':
    case 'cni.work':
      return describeCniEvent(e);
    case 'cr.cpu':
    case 'cr.notify':
    case 'cr.command':
    case 'cr.lookup':
    case 'cr.dma':
    case 'cr.arrive':
    case 'cr.dispatch':
    case 'cr.place':
    case 'cr.channel':
    case 'cr.queue':
    case 'cr.interrupt':
    case 'cr.flow':
    case 'cr.cache':
    case 'cr.barrier':
      return describeCraniumEvent(e);
    // Told through the cpu.* and bus.grant events that caused them.
    case 'coh.transition':
    case 'bus.request':
    case 'bus.done':
      return null;
  }
}

export function narrate(events: readonly SimEvent[], blockBytes: number): string {
  const lines = events
    .map((e) => describeEvent(e, blockBytes))
    .filter((s): s is string => s !== null);
  return lines.join('. ');
}

/** A cycle whose network moves would take more sentences than this is summarised instead. */
const NETWORK_SENTENCES_TOLD = 6;

/** Of a summarised cycle's network moves, the rare ones still told in full, at most this many. */
const NOTABLE_TOLD = 3;

/**
 * The narration of one cycle of any model. A busy torus makes hundreds of moves a cycle: told one
 * by one they bury the story (and the picture under it), so past NETWORK_SENTENCES_TOLD they are
 * counted by kind, the rare ones (deadlock, deroute, exchange, deflection) still told; the event
 * log lists every move. A Cranium run's torus also carries other processes' packets
 * (`workload.background`): their moves are counted, not told.
 */
export function narrateCycle(
  events: readonly SimEvent[],
  frame: Frame,
  blockBytes: number,
): string {
  let told = events;
  let background = 0;
  if (frame.model === 'cranium') {
    const ours = new Set(frame.packets.map((p) => p.netId));
    told = events.filter(
      (e) => !('packet' in e) || !e.kind.startsWith('net.') || ours.has(e.packet),
    );
    background = events.length - told.length;
  }
  const moves = told.filter((e) => e.kind.startsWith('net.'));
  const story =
    moves.length > NETWORK_SENTENCES_TOLD
      ? summariseBusyCycle(told, blockBytes)
      : narrate(told, blockBytes) || narrateQuiet(frame, blockBytes);
  if (background === 0) return story;
  return `${story.replace(/\.$/, '')}. Meanwhile ${background} move${background === 1 ? '' : 's'} of other processes' packets.`;
}

const NOTABLE_ROUTES = new Set(['deroute', 'exchange', 'deflect']);

const isNotable = (e: SimEvent): boolean =>
  e.kind === 'net.stall' ||
  (e.kind === 'net.route' && NOTABLE_ROUTES.has(e.reason)) ||
  (e.kind === 'net.buffer' && e.exchange === true);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A busy cycle: other models' events in full, the network's counted by kind. */
function summariseBusyCycle(events: readonly SimEvent[], blockBytes: number): string {
  const others = events.filter((e) => !e.kind.startsWith('net.'));
  const notable = events.filter(isNotable);
  const parts: string[] = [];
  const otherStory = narrate(others, blockBytes);
  if (otherStory) parts.push(otherStory);
  const toldNotable = notable.slice(0, NOTABLE_TOLD);
  const notableStory = narrate(toldNotable, blockBytes);
  if (notableStory) parts.push(notableStory);
  const routes = new Map<string, number>();
  let arrivals = 0;
  let latency = 0;
  let injected = 0;
  let waiting = 0;
  for (const e of events) {
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
      `${plural(arrivals, 'packet arrives', 'packets arrive')} (${Math.round(latency / arrivals)} cycles in the network on average)`,
    );
  if (injected > 0)
    counted.push(`${plural(injected, 'packet enters', 'packets enter')} the network`);
  const routeWords: [string, string, string][] = [
    ['cut-through', 'cuts through', 'cut through'],
    ['forward', 'leaves its input frame', 'leave their input frames'],
    ['from-multi-queue', 'leaves a multi-queue', 'leave a multi-queue'],
    ['deliver', 'passes to its node', 'pass to their nodes'],
    ['deroute', 'is derouted', 'are derouted'],
    ['exchange', 'is exchanged', 'are exchanged'],
    ['deflect', 'is deflected', 'are deflected'],
  ];
  const decisions = routeWords
    .filter(([reason]) => (routes.get(reason) ?? 0) > 0)
    .map(([reason, one, many]) => {
      const n = routes.get(reason)!;
      return `${n} ${n === 1 ? one : many}`;
    });
  if (waiting > 0) decisions.push(`${waiting} wait${waiting === 1 ? 's' : ''} in a multi-queue`);
  if (decisions.length > 0) counted.push(`at the routers ${decisions.join(', ')}`);
  const untold = notable.length - toldNotable.length;
  if (untold > 0)
    counted.push(`${untold} more deadlock, deroute, exchange or deflection moves not told here`);
  parts.push(`${counted.join('; ')}. The event log lists every move`);
  return `${parts.join('. ')}.`;
}

/**
 * What is going on in a cycle where nothing new happens: the transaction on the bus and what
 * each processor is doing, so the narration never goes blank while the machine is busy.
 */
export function narrateQuiet(frame: Frame, blockBytes: number): string {
  if (frame.model === 'network') return narrateQuietNetwork(frame);
  if (frame.model === 'cni') return narrateQuietCni(frame);
  if (frame.model === 'cranium') return narrateQuietCranium(frame);
  if (frame.cycle === 0) return 'Initial state: every cache is empty. Step forward to begin.';
  if (frame.halted) return 'All programs have finished.';
  const parts: string[] = [];
  const txn = frame.bus.current;
  if (txn) {
    parts.push(
      `${proc(txn.requester)}'s ${txn.kind} for ${hex(txn.block * blockBytes)} holds the bus (${frame.cycle - txn.grantedAt} of ${txn.endsAt - txn.grantedAt} cycles)`,
    );
  }
  for (const p of frame.processors) {
    if (p.status === 'waiting' && p.waiting)
      parts.push(`${proc(p.id)} waits for its ${p.waiting.op} of ${hex(p.waiting.addr)}`);
    else if (p.status === 'spinning')
      parts.push(`${proc(p.id)} spins, its polls hitting in its own cache`);
    else if (p.status === 'computing')
      parts.push(
        `${proc(p.id)} computes (${p.computeLeft} cycle${p.computeLeft === 1 ? '' : 's'} left)`,
      );
  }
  return `Nothing new this cycle${parts.length ? `: ${parts.join('; ')}` : ''}.`;
}

function narrateQuietNetwork(frame: NetworkFrame): string {
  if (frame.cycle === 0) return 'Initial state: the network is empty. Step forward to begin.';
  if (frame.halted) return 'Every packet has been delivered.';
  const queued = frame.injectionQueues.reduce((a, b) => a + b, 0);
  const moving = frame.packets.length;
  if (moving === 0 && queued === 0) return 'Nothing new this cycle: the network is idle.';
  return `Nothing new this cycle: ${moving} packet${moving === 1 ? '' : 's'} in the network${queued ? `, ${queued} waiting to be injected` : ''}; phits flow one per link per cycle.`;
}

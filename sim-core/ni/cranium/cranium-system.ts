/**
 * The Cranium machine (seed 001 Ch. 3, App. A, Ch. 6–7; digest §C): on every node a processor
 * running a program of API calls, its cache and pinned pages, and a Cranium NI on the memory bus;
 * the NIs exchange 11-phit packets across the chaotic torus of sim-core/network.
 *
 * Order of work in one cycle:
 *   1. The network moves phits; the NI hears of each packet's first phit (it takes an inbox slot)
 *      and its last.
 *   2. Each NI: commands whose register write completed take effect; the receive pipeline
 *      finishes writes that are due and decodes the next header (FIFO 2 + decode 4 after the
 *      head arrived, Fig. 6.1); the scheduler serves the command at its head — lookups when cold,
 *      then one DMA payload read per packet into the outbox (first phit after 5 cycles, FIFO 1),
 *      which the network injects the next cycle.
 *   3. The barrier (the Express Broadcast Network).
 *   4. Each processor: a spinning poll ends the cycle its condition holds — the final poll then
 *      costs its load, test and branch (Table 6.1's accounting) — or the next instruction starts.
 */
import { clonePlain } from '../../kernel/clone';
import { Network } from '../../network/network';
import { reviveNetworkState, type PacketState } from '../../network/network-state';
import { headerBetween, routerOfNode, type Topology } from '../../network/topology';
import type { CraniumModelEvent } from './cranium-events';
import { LINE_BYTES, QUEUE_NAMES, type CraniumConfig, type QueueName } from './cranium-config';
import {
  QUEUE_ENTRY_BYTES,
  type BarrierState,
  entryIndex,
  nextEntry,
  type BufferState,
  type CacheLineState,
  type ChannelState,
  type CraniumState,
  type InboxEntry,
  type NiState,
  type NodeState,
  type QueueState,
} from './cranium-state';
import { ERROR_CODES } from './cranium-events';
import { craniumFrame, craniumStats, type CraniumFrame, type CraniumStats } from './cranium-frame';
import { dispatch } from './dispatch';
import { encodeHeader, withDestination } from './header';
import { QUEUE_WORDS, instructionText, type CraniumInstruction } from './program';
import { SCHEDULERS } from './scheduler';

type Send = Extract<CraniumInstruction, { op: 'send' }>;
type Recv = Extract<CraniumInstruction, { op: 'recv' }>;

/** Table A.3: the barrier state a write of 0 or 1 leads to (null: error 7). */
const BARRIER_WRITE: Record<BarrierState, readonly [BarrierState | null, BarrierState | null]> = {
  I: ['A', 'W'],
  W: [null, null],
  C: [null, null],
  A: [null, 'W'],
};

/** Table A.2: the auto-receive mask → (Every, Final) as never / sometimes / always. */
const AUTO_MASK: readonly (readonly [
  'never' | 'sometimes' | 'always',
  'never' | 'sometimes' | 'always',
])[] = [
  ['never', 'never'],
  ['never', 'sometimes'],
  ['never', 'always'],
  ['sometimes', 'never'],
  ['sometimes', 'sometimes'],
  ['sometimes', 'always'],
  ['always', 'always'],
  ['always', 'always'],
];

const lineName = (handle: number, line: number) => `buf${handle}[${line}]`;
/** How the cache names a queue entry's two lines. */
const QUEUE_LINE: Record<QueueName, string> = {
  user: 'userq',
  userError: 'uerrq',
  system: 'sysq',
  systemError: 'syserrq',
};
const flagLineName = (q: QueueName, slot: number) => `${QUEUE_LINE[q]}[${slot}].flag`;
const payloadLineName = (q: QueueName, slot: number) => `${QUEUE_LINE[q]}[${slot}].payload`;

function emptyChannel(dir: 'send' | 'recv', id: number): ChannelState {
  return {
    dir,
    id,
    busy: false,
    phase: 'idle',
    remaining: 0,
    packets: 0,
    handle: -1,
    remoteNode: -1,
    remoteChannel: -1,
    seq: 0,
    queue: false,
    intr: 0,
    priority: false,
    fault: 'none',
    msg: -1,
    cachedHandle: -1,
    cachedNode: -1,
    page: -1,
    phys: null,
    lookupUntil: -1,
    acceptedAt: -1,
    pending: 0,
  };
}

/** Initially Head = Tail = Start (L891, L2752). */
function emptyQueue(name: QueueName, size: number, begin: number): QueueState {
  return {
    name,
    size,
    begin,
    end: begin + (size - 1) * QUEUE_ENTRY_BYTES,
    head: begin,
    tail: begin,
    reserved: begin,
    full: false,
    entries: Array(size).fill(null),
  };
}

export class CraniumSystem {
  state: CraniumState;
  readonly net: Network;
  readonly linesPerPage: number;
  private events: CraniumModelEvent[] = [];
  private readonly topology: Topology;
  private readonly programNodes: number[];

  constructor(readonly cfg: CraniumConfig) {
    this.topology = cfg.network.topology;
    this.linesPerPage = cfg.pageBytes / LINE_BYTES;
    this.net = new Network(cfg.network, {
      accepts: (n) => this.accepts(n),
      started: (n, p) => this.started(n, p),
      delivered: (n, p) => this.delivered(n, p),
    });
    const nodeCount = this.topology.attached * this.topology.attached;
    const setups = new Map(cfg.nodes.map((s) => [s.node, s]));
    this.programNodes = cfg.nodes.map((s) => s.node);
    let frame = 0x100;
    // Queue memory: whole pinned pages (L2466), after every node's buffers.
    let queueFrame = frame + cfg.nodes.reduce((a, s) => a + s.buffers.length, 0);
    const queuePages = (size: number) => Math.ceil((size * QUEUE_ENTRY_BYTES) / cfg.pageBytes);
    const nodes: NodeState[] = Array.from({ length: nodeCount }, (_, node) => {
      const setup = setups.get(node);
      const buffers: Record<number, BufferState> = {};
      const cache: Record<string, CacheLineState> = {};
      for (const b of setup?.buffers ?? []) {
        buffers[b.handle] = {
          handle: b.handle,
          frame: frame++,
          lines: Array.from(
            { length: this.linesPerPage },
            (_, i) => node * 1_000_000 + b.handle * 10_000 + i,
          ),
          received: Array(this.linesPerPage).fill(null),
        };
        for (const l of b.cached) cache[lineName(b.handle, l)] = 'CE';
        for (const l of b.dirty) cache[lineName(b.handle, l)] = 'DE';
      }
      if (setup?.cachedQueueFlags)
        for (let s = 0; s < cfg.queueEntries.user; s++) cache[flagLineName('user', s)] = 'CE';
      const program = setup?.program ?? [];
      const ni: NiState = {
        flow: 'NORMAL',
        processId: setup?.processId ?? 1,
        send: Array.from({ length: cfg.channels }, (_, i) => emptyChannel('send', i)),
        recv: Array.from({ length: cfg.channels }, (_, i) => emptyChannel('recv', i)),
        sched: [],
        commands: [],
        dmaReads: [],
        inbox: [],
        memoryFree: 0,
        queues: Object.fromEntries(
          QUEUE_NAMES.map((q) => {
            const begin = queueFrame * cfg.pageBytes;
            queueFrame += queuePages(cfg.queueEntries[q]);
            return [q, emptyQueue(q, cfg.queueEntries[q], begin)];
          }),
        ) as Record<QueueName, QueueState>,
        interrupts: [],
        barrier: 'I',
        barrierUntil: -1,
      };
      if (cfg.warmChannels) this.prewarm(ni, program, buffers);
      return {
        node,
        ni,
        proc: {
          pc: 0,
          current: -1,
          busyUntil: 0,
          wait: null,
          pollsLeft: 0,
          finishing: null,
          status: program.length ? 'running' : 'done',
          doneAt: program.length ? -1 : 0,
        },
        buffers,
        cache,
      };
    });
    this.state = {
      cycle: 0,
      halted: false,
      net: this.net.state,
      nodes,
      packets: {},
      inFlight: {},
      messages: {},
      nextPacket: 1,
      nextMessage: 1,
      barrierGeneration: 0,
    };
  }

  /** Table 6.1's warm channel: each channel holds the translations of its first command. */
  private prewarm(
    ni: NiState,
    program: readonly CraniumInstruction[],
    buffers: Record<number, BufferState>,
  ) {
    for (const i of program) {
      if (i.op !== 'send' && i.op !== 'recv') continue;
      const ch = (i.op === 'send' ? ni.send : ni.recv)[i.channel];
      if (!ch || ch.cachedHandle >= 0 || !buffers[i.buffer]) continue;
      ch.cachedHandle = i.buffer;
      ch.cachedNode = i.op === 'send' ? i.to : i.from;
    }
  }

  private programOf(node: number): readonly CraniumInstruction[] {
    return this.cfg.nodes.find((s) => s.node === node)?.program ?? [];
  }

  private emit(e: CraniumModelEvent): void {
    this.events.push(e);
  }

  // ---- network side ----

  private accepts(node: number): boolean {
    const ni = this.state.nodes[node]!.ni;
    return ni.flow !== 'FREEZE' && ni.inbox.length < this.cfg.inboxPackets;
  }

  private started(node: number, p: PacketState): void {
    const id = this.state.inFlight[p.id];
    if (id === undefined) return; // background traffic: another process's packets
    const pkt = this.state.packets[id]!;
    pkt.headAt = this.state.cycle;
    // The routers rewrote w0 on the way (w0 arrives first); a lecture's injected fault corrupts it or the code.
    pkt.header = withDestination(pkt.header, p.header.dy, p.header.dx);
    const fault = this.state.messages[pkt.msg]?.fault ?? 'none';
    if (fault === 'dest') pkt.header[0] = 0x0001;
    if (fault === 'crc') pkt.header[5] = (pkt.header[5]! ^ 0x0100) & 0xffff;
    const ni = this.state.nodes[node]!.ni;
    ni.inbox.push({
      packet: id,
      headAt: this.state.cycle,
      tailAt: -1,
      decidedAt: -1,
      destination: null,
      slot: -1,
      writeEnd: -1,
      doneAt: -1,
    });
    this.emit({
      kind: 'cr.arrive',
      node,
      packet: id,
      netPacket: p.id,
      msg: pkt.msg,
      sequence: pkt.seq,
      inbox: ni.inbox.length,
    });
  }

  private delivered(node: number, p: PacketState): void {
    const id = this.state.inFlight[p.id];
    if (id === undefined) return;
    delete this.state.inFlight[p.id];
    const pkt = this.state.packets[id]!;
    pkt.deliveredAt = this.state.cycle;
    pkt.hops = p.hops;
    pkt.deroutes = p.deroutes;
    pkt.path = [...p.path];
    pkt.derouted = [...p.derouted];
    const entry = this.state.nodes[node]!.ni.inbox.find((e) => e.packet === id);
    if (entry) entry.tailAt = this.state.cycle;
  }

  // ---- one cycle ----

  step(): CraniumModelEvent[] {
    const s = this.state;
    if (this.net.state !== s.net) this.net.state = s.net;
    this.events = [];
    if (s.halted) {
      s.cycle += 1;
      return [];
    }
    s.cycle += 1;
    const netEvents = this.net.step();
    for (const e of netEvents)
      if (e.kind === 'net.inject' && s.inFlight[e.packet] !== undefined)
        s.packets[s.inFlight[e.packet]!]!.injectedAt = s.cycle;
    const arrivals = this.events;
    this.events = [...netEvents, ...arrivals];
    for (const node of s.nodes) this.stepNi(node);
    this.stepBarrier();
    for (const node of this.programNodes) this.stepProcessor(s.nodes[node]!);
    if (this.cfg.checkInvariants) for (const node of s.nodes) this.checkNi(node);
    this.checkHalt();
    return this.events;
  }

  /** Every queue pointer addresses an entry in [Start, End]; channel counts never go negative. */
  private checkNi(node: NodeState): void {
    const bad = (detail: string) =>
      this.emit({ kind: 'invariant.violation', rule: 'capacity', block: -1, detail });
    for (const q of Object.values(node.ni.queues))
      for (const [name, at] of [
        ['head', q.head],
        ['tail', q.tail],
        ['reserved', q.reserved],
      ] as const)
        if (at < q.begin || at > q.end || (at - q.begin) % QUEUE_ENTRY_BYTES !== 0)
          bad(
            `node ${node.node} ${q.name} queue ${name} 0x${at.toString(16)} is not an entry in [0x${q.begin.toString(16)}, 0x${q.end.toString(16)}]`,
          );
    for (const ch of [...node.ni.send, ...node.ni.recv])
      if (ch.remaining < 0 || ch.pending < 0 || ch.pending > ch.remaining)
        bad(
          `node ${node.node} ${ch.dir} channel ${ch.id}: remaining ${ch.remaining}, pending ${ch.pending}`,
        );
  }

  private stepNi(node: NodeState): void {
    const ni = node.ni;
    const c = this.state.cycle;
    if (ni.commands.length) {
      const due = ni.commands.filter((cmd) => cmd.at <= c);
      ni.commands = ni.commands.filter((cmd) => cmd.at > c);
      for (const cmd of due) this.command(node, cmd.instr);
    }
    this.receive(node);
    this.schedule(node);
  }

  // ---- commands (digest §C.5, §C.6) ----

  private command(node: NodeState, i: CraniumInstruction): void {
    const ni = node.ni;
    const c = this.state.cycle;
    if (i.op === 'reset') {
      const ch = (i.dir === 'send' ? ni.send : ni.recv)[i.channel]!;
      Object.assign(ch, {
        ...emptyChannel(i.dir, i.channel),
        cachedHandle: ch.cachedHandle,
        cachedNode: ch.cachedNode,
      });
      ni.sched = ni.sched.filter((e) => !(e.dir === i.dir && e.channel === i.channel));
      this.emit({
        kind: 'cr.command',
        node: node.node,
        dir: i.dir,
        channel: i.channel,
        result: 'reset',
        packets: 0,
        warm: false,
        why: 'reset bit: the channel is cleared to inactive',
      });
      if (i.dir === 'send') this.dropReads(node, i.channel);
      else this.redirectDecoded(node, i.channel);
      return;
    }
    if (i.op !== 'send' && i.op !== 'recv') return;
    const dir = i.op;
    const ch = (dir === 'send' ? ni.send : ni.recv)[i.channel]!;
    if (ch.busy) {
      this.emit({
        kind: 'cr.command',
        node: node.node,
        dir,
        channel: i.channel,
        result: 'ignored',
        packets: i.packets,
        warm: false,
        why: 'the channel is busy: the command is ignored',
      });
      this.interrupt(node, 'misc', 1, i.channel);
      return;
    }
    const remoteNode = dir === 'send' ? (i as Send).to : (i as Recv).from;
    const warm =
      ch.cachedHandle === i.buffer && ch.cachedNode === remoteNode && ch.cachedHandle >= 0;
    Object.assign(ch, {
      busy: true,
      phase: 'queued',
      remaining: i.packets,
      packets: i.packets,
      handle: i.buffer,
      remoteNode,
      remoteChannel: i.remoteChannel,
      seq: dir === 'send' ? (i as Send).start % this.linesPerPage : 0,
      queue: dir === 'send' ? (i as Send).queue : false,
      intr: i.intr,
      priority: dir === 'send' ? (i as Send).priority : false,
      fault: dir === 'send' ? (i as Send).fault : 'none',
      msg: -1,
      acceptedAt: c,
      pending: 0,
      page: warm ? ch.page : -1,
      phys: warm ? ch.phys : null,
    } satisfies Partial<ChannelState>);
    if (dir === 'send') {
      const send = i as Send;
      const msg = this.state.nextMessage++;
      ch.msg = msg;
      this.state.messages[msg] = {
        id: msg,
        src: node.node,
        dst: send.to,
        channel: send.channel,
        packets: send.packets,
        queue: send.queue,
        fault: send.fault,
        commandAt: c - this.cfg.timing.register,
        sentAll: -1,
        arrivals: [],
        placed: 0,
        completedAt: -1,
        notifiedAt: -1,
        receiver: -1,
      };
    }
    ni.sched.push({ dir, channel: i.channel });
    this.emit({
      kind: 'cr.command',
      node: node.node,
      dir,
      channel: i.channel,
      result: 'accepted',
      packets: i.packets,
      warm,
      why: warm
        ? 'same buffer and node handles as the last command: the translations are still valid (warm)'
        : 'new handles: the node map and buffer map must be read (cold)',
    });
  }

  /**
   * A reset send channel is inactive "regardless of its previous state" (L1962): the payload
   * reads it started and not yet in the outbox are abandoned; packets already in the outbox have
   * left the channel and go out.
   */
  private dropReads(node: NodeState, channel: number): void {
    const ni = node.ni;
    const mine = (id: number) => this.state.packets[id]!.srcChannel === channel;
    for (const read of ni.dmaReads.filter((d) => mine(d.packet))) {
      const pkt = this.state.packets[read.packet]!;
      pkt.placed = 'abandoned: its send channel was reset during the payload read';
      this.emit({
        kind: 'cr.dma',
        node: node.node,
        packet: pkt.id,
        msg: pkt.msg,
        sequence: pkt.seq,
        channel,
        netPacket: -1,
        stage: 'abandoned',
        why: `send channel ${channel} was reset while packet ${pkt.id} (sequence ${pkt.seq}) was being read: it never enters the outbox`,
      });
    }
    ni.dmaReads = ni.dmaReads.filter((d) => !mine(d.packet));
  }

  /**
   * Packets already decoded for a receive channel that is then reset find it inactive when their
   * write completes: like any packet for an inactive channel (§C.6, §C.12) they go to the user
   * error queue with error 2, and the page is not written. (The thesis does not describe this
   * race; this is the model's reading, docs/fidelity/cranium.md.)
   */
  private redirectDecoded(node: NodeState, channel: number): void {
    const c = this.state.cycle;
    const t = this.cfg.timing;
    for (const e of node.ni.inbox) {
      if (e.destination?.kind !== 'auto' || e.destination.channel !== channel) continue;
      const pkt = this.state.packets[e.packet]!;
      const why = `auto-receive channel ${channel} was reset before the packet's write completed`;
      e.destination = { kind: 'queue', queue: 'userError', why, error: 2 };
      e.slot = this.reserveEntry(node, node.ni.queues.userError);
      this.interrupt(node, 'auto', 2, channel);
      // The second line, flag and header, follows the payload line (L2012).
      e.writeEnd = Math.max(e.writeEnd, c) + t.queueHeaderLine;
      node.ni.memoryFree = Math.max(node.ni.memoryFree, c) + t.lineOccupancy;
      if (e.tailAt >= 0) e.doneAt = Math.max(e.writeEnd, e.tailAt + t.inboxFifo + 1);
      this.emit({
        kind: 'cr.dispatch',
        node: node.node,
        packet: pkt.id,
        to: 'userError queue',
        why,
      });
    }
  }

  // ---- scheduler and send engine (digest §C.5, §C.10) ----

  private schedule(node: NodeState): void {
    const ni = node.ni;
    const c = this.state.cycle;
    const t = this.cfg.timing;
    // Payload reads that reached the outbox go to the network (injected next cycle).
    // (Other processes' packets share the outbox: a read that finds it full waits.)
    while (ni.flow === 'NORMAL' && ni.dmaReads.length && ni.dmaReads[0]!.readyAt <= c) {
      if (!this.handOver(node, ni.dmaReads[0]!.packet)) break;
      ni.dmaReads.shift();
    }
    if (!ni.sched.length) return;
    const fifo = ni.sched.map((e) => (e.dir === 'send' ? ni.send : ni.recv)[e.channel]!);
    const at = SCHEDULERS[this.cfg.scheduler].pick(fifo, this.cfg.alpha);
    const ch = fifo[at]!;
    if (ch.phase === 'queued') {
      const warm = ch.cachedHandle === ch.handle && ch.cachedNode === ch.remoteNode;
      if (warm && ch.page >= 0) this.translated(node, at, ch);
      else {
        ch.phase = 'lookup';
        ch.lookupUntil = c + (warm ? 0 : t.lookups);
        this.emit({
          kind: 'cr.lookup',
          node: node.node,
          dir: ch.dir,
          channel: ch.id,
          result: 'start',
          why: warm
            ? 'warm: the cached translations are used'
            : `cold: node-map and buffer-map lookups (${t.lookups} cycles, pipelined)`,
        });
        if (warm) this.lookedUp(node, at, ch);
      }
    } else if (ch.phase === 'lookup' && c >= ch.lookupUntil) this.lookedUp(node, at, ch);
    if (ch.phase !== 'active' || ni.flow !== 'NORMAL') return;
    // One payload read per packet, while the outbox has room and the memory port is free.
    const outbox = this.state.net.queues[node.node]!.length + ni.dmaReads.length;
    if (outbox >= this.cfg.network.injectionQueue || ni.memoryFree > c) return;
    if (ch.remaining - ch.pending <= 0) return;
    this.startRead(node, ch);
    if (ch.remaining - ch.pending === 0) ni.sched.splice(at, 1);
    else if (SCHEDULERS[this.cfg.scheduler].rotate(ch)) ni.sched.push(...ni.sched.splice(at, 1));
  }

  private lookedUp(node: NodeState, at: number, ch: ChannelState): void {
    const buffer = node.buffers[ch.handle];
    const phys = this.physOf(node.node, ch.remoteNode);
    if (!buffer || !phys) {
      this.emit({
        kind: 'cr.lookup',
        node: node.node,
        dir: ch.dir,
        channel: ch.id,
        result: 'nil',
        why: !buffer
          ? `buffer handle ${ch.handle} maps to NIL: the transfer is aborted`
          : `node ${ch.remoteNode} maps to NIL: the transfer is aborted`,
      });
      node.ni.sched.splice(at, 1);
      Object.assign(ch, { busy: false, phase: 'idle', remaining: 0 });
      this.interrupt(node, ch.dir === 'send' ? 'send' : 'auto', 4, ch.id);
      return;
    }
    ch.page = buffer.frame;
    ch.phys = phys;
    ch.cachedHandle = ch.handle;
    ch.cachedNode = ch.remoteNode;
    this.emit({
      kind: 'cr.lookup',
      node: node.node,
      dir: ch.dir,
      channel: ch.id,
      result: 'done',
      why: `buffer ${ch.handle} → page 0x${buffer.frame.toString(16)}, node ${ch.remoteNode} → [${phys.dy},${phys.dx}]`,
    });
    this.translated(node, at, ch);
  }

  private translated(node: NodeState, at: number, ch: ChannelState): void {
    if (ch.dir === 'recv') {
      // A receive channel leaves the FIFO once translated; arrivals schedule it (L1889).
      ch.phase = 'ready';
      node.ni.sched.splice(at, 1);
    } else ch.phase = 'active';
  }

  private startRead(node: NodeState, ch: ChannelState): void {
    const s = this.state;
    const c = s.cycle;
    const t = this.cfg.timing;
    const msg = s.messages[ch.msg]!;
    const id = s.nextPacket++;
    const src = s.nodes[node.node]!;
    const line = ch.seq;
    const dest = ch.phys!;
    const header = encodeHeader({
      dest,
      src: { dy: -dest.dy, dx: -dest.dx },
      processId: src.ni.processId,
      destChannel: ch.remoteChannel,
      srcChannel: ch.id,
      intrEvery: (ch.intr & 1) !== 0,
      intrFinal: (ch.intr & 2) !== 0,
      queueFlag: ch.queue,
      sysFlag: false,
      sequence: line,
    });
    const buffer = node.buffers[ch.handle]!;
    const cached = node.cache[lineName(ch.handle, line)];
    s.packets[id] = {
      id,
      msg: msg.id,
      src: node.node,
      dst: ch.remoteNode,
      srcChannel: ch.id,
      destChannel: ch.remoteChannel,
      seq: line,
      header,
      payload: buffer.lines[line]!,
      netId: -1,
      createdAt: c,
      injectedAt: -1,
      headAt: -1,
      deliveredAt: -1,
      placedAt: -1,
      placed: '',
      hops: 0,
      deroutes: 0,
      path: [],
      derouted: [],
    };
    ch.pending += 1;
    ch.seq = (ch.seq + 1) % this.linesPerPage;
    node.ni.memoryFree = c + t.lineOccupancy;
    // The network injects a handed-over packet the next cycle: that cycle is the link entry.
    const readyAt = c + t.firstPhit + t.outboxFifo + t.linkEntry - 1;
    node.ni.dmaReads.push({ packet: id, readyAt });
    this.emit({
      kind: 'cr.dma',
      node: node.node,
      packet: id,
      msg: msg.id,
      sequence: line,
      channel: ch.id,
      netPacket: -1,
      stage: 'read',
      why:
        cached === 'DE'
          ? `line ${line} is dirty in the processor's cache: the cache supplies it (intervention) and keeps it dirty`
          : `DMA read of line ${line} (first phit ready in ${t.firstPhit} cycles)`,
    });
  }

  private handOver(node: NodeState, id: number): boolean {
    const s = this.state;
    const pkt = s.packets[id]!;
    const ch = node.ni.send[pkt.srcChannel]!;
    const netId = this.net.submit(node.node, pkt.dst);
    if (netId === null) return false;
    pkt.netId = netId;
    s.inFlight[netId] = id;
    ch.pending -= 1;
    ch.remaining -= 1;
    this.emit({
      kind: 'cr.dma',
      node: node.node,
      packet: id,
      msg: pkt.msg,
      sequence: pkt.seq,
      channel: ch.id,
      netPacket: netId,
      stage: 'outbox',
      why: `packet ${id} (sequence ${pkt.seq}) enters the outbox; ${ch.remaining} still to send`,
    });
    this.emit({
      kind: 'cr.channel',
      node: node.node,
      dir: 'send',
      channel: ch.id,
      remaining: ch.remaining,
      done: ch.remaining === 0,
    });
    if (ch.remaining === 0) {
      ch.busy = false;
      ch.phase = 'idle';
      s.messages[pkt.msg]!.sentAll = s.cycle;
      if (ch.intr & 4) this.interrupt(node, 'send', 0, ch.id);
    }
    return true;
  }

  /** The node map: the displacement from `from` to linear node `to`, or null (NIL). */
  physOf(from: number, to: number): { dy: number; dx: number } | null {
    const n = this.topology.attached * this.topology.attached;
    if (!Number.isInteger(to) || to < 0 || to >= n) return null;
    return headerBetween(
      this.topology,
      routerOfNode(this.topology, from),
      routerOfNode(this.topology, to),
    );
  }

  private interrupt(
    node: NodeState,
    type: 'send' | 'auto' | 'queue' | 'misc',
    code: number,
    channel: number,
  ): void {
    const text =
      code > 0
        ? `error ${code}: ${ERROR_CODES[code]}`
        : type === 'send'
          ? `send channel ${channel} complete`
          : type === 'auto'
            ? `auto-receive channel ${channel}`
            : 'queue arrival';
    node.ni.interrupts.push({ at: this.state.cycle, type, code, channel, text });
    if (node.ni.interrupts.length > 16) node.ni.interrupts.shift();
    this.emit({ kind: 'cr.interrupt', node: node.node, type, code, channel, text });
  }

  private setFlow(node: NodeState, to: NiState['flow'], why: string): void {
    const from = node.ni.flow;
    if (from === to) return;
    node.ni.flow = to;
    this.emit({ kind: 'cr.flow', node: node.node, from, to, why });
  }

  /** A cache line's new state; an update in place (`inPlace`) is reported even when unchanged. */
  private cacheTo(
    node: NodeState,
    line: string,
    to: CacheLineState,
    why: string,
    inPlace = false,
  ): void {
    const from = node.cache[line] ?? 'I';
    if (from === to && !inPlace) return;
    if (to === 'I') delete node.cache[line];
    else node.cache[line] = to;
    this.emit({ kind: 'cr.cache', node: node.node, line, from, to, why });
  }

  // ---- receive pipeline (digest §C.6–§C.8, §C.16) ----

  private receive(node: NodeState): void {
    const ni = node.ni;
    const c = this.state.cycle;
    const t = this.cfg.timing;
    for (const e of ni.inbox)
      if (e.decidedAt >= 0 && e.doneAt < 0 && e.tailAt >= 0)
        e.doneAt = Math.max(e.writeEnd, e.tailAt + t.inboxFifo + 1, c);
    while (ni.inbox.length && ni.inbox[0]!.doneAt >= 0 && ni.inbox[0]!.doneAt <= c)
      this.place(node, ni.inbox.shift()!);
    if (ni.flow === 'FREEZE') return;
    const next = ni.inbox.find((e) => e.decidedAt < 0);
    if (!next || c < next.headAt + t.inboxFifo + t.decode) return;
    this.decide(node, next);
  }

  private decide(node: NodeState, e: InboxEntry): void {
    const ni = node.ni;
    const c = this.state.cycle;
    const t = this.cfg.timing;
    const pkt = this.state.packets[e.packet]!;
    const dest = dispatch({
      words: pkt.header,
      processId: ni.processId,
      recv: ni.recv,
      physOf: (n) => this.physOf(node.node, n),
      ring: this.topology.kind === 'torus' ? this.topology.k : null,
    });
    // A receive posted but still translating its handles holds the packet in the inbox.
    if (dest.kind === 'auto' && ni.recv[dest.channel]!.phase !== 'ready') return;
    e.decidedAt = c;
    e.destination = dest;
    let lines = 1;
    if (dest.kind === 'auto') {
      const ch = ni.recv[dest.channel]!;
      ch.pending += 1;
      e.slot = pkt.seq;
    } else {
      lines = 2;
      e.slot = this.reserveEntry(node, ni.queues[dest.queue]);
      if (dest.error) this.interrupt(node, 'auto', dest.error, pkt.destChannel);
    }
    const writeStart = Math.max(c + t.slotWait, ni.memoryFree);
    ni.memoryFree = writeStart + t.lineOccupancy * lines;
    e.writeEnd = writeStart + t.payloadWrite + (lines === 2 ? t.queueHeaderLine : 0);
    if (e.tailAt >= 0) e.doneAt = Math.max(e.writeEnd, e.tailAt + t.inboxFifo + 1);
    this.emit({
      kind: 'cr.dispatch',
      node: node.node,
      packet: pkt.id,
      to: dest.kind === 'auto' ? `auto-receive channel ${dest.channel}` : `${dest.queue} queue`,
      why: dest.why,
    });
  }

  /** The entry a decoded packet will be written to; the tail's successor reaching the head overflows. */
  private reserveEntry(node: NodeState, q: QueueState): number {
    const slot = entryIndex(q, q.reserved);
    q.reserved = nextEntry(q, q.reserved);
    if (q.reserved === q.head) {
      // The tail will reach the head: full and empty now look alike, so the NI must stop.
      this.emit({
        kind: 'cr.queue',
        node: node.node,
        queue: q.name,
        op: 'overflow',
        head: entryIndex(q, q.head),
        tail: entryIndex(q, q.reserved),
      });
      if (q.name === 'user') this.interrupt(node, 'queue', 5, -1);
      if (this.cfg.freezeOnOverflow)
        this.setFlow(
          node,
          'FREEZE',
          `the ${q.name} queue overflowed: the freeze mask stops delivery and injection until the OS thaws the NI`,
        );
    }
    return slot;
  }

  private place(node: NodeState, e: InboxEntry): void {
    const s = this.state;
    const c = s.cycle;
    const pkt = s.packets[e.packet]!;
    const dest = e.destination!;
    const msg = s.messages[pkt.msg]!;
    const outOfOrder = msg.arrivals.some((seq) => seq > pkt.seq);
    pkt.placedAt = c;
    if (dest.kind === 'auto') {
      const ch = node.ni.recv[dest.channel]!;
      // The channel remembers its message so the notification names it, not a look-alike.
      ch.msg = pkt.msg;
      const buffer = Object.values(node.buffers).find((b) => b.frame === ch.page)!;
      msg.arrivals.push(pkt.seq);
      msg.placed += 1;
      const prior = buffer.received[pkt.seq];
      if (this.cfg.checkInvariants && prior && prior.msg === pkt.msg)
        this.emit({
          kind: 'invariant.violation',
          rule: 'delivery',
          block: -1,
          detail: `line ${pkt.seq} of message ${pkt.msg} written twice`,
        });
      buffer.received[pkt.seq] = {
        packet: pkt.id,
        msg: pkt.msg,
        seq: pkt.seq,
        at: c,
        order: msg.placed,
        writes: (prior?.writes ?? 0) + 1,
      };
      buffer.lines[pkt.seq] = pkt.payload;
      pkt.placed = `buffer ${buffer.handle} line ${pkt.seq}`;
      const line = lineName(buffer.handle, pkt.seq);
      if (node.cache[line]) {
        if (this.cfg.dmaCoherence === 'update')
          this.cacheTo(node, line, 'CE', 'the DMA write updates the cached copy', true);
        else
          this.cacheTo(
            node,
            line,
            'I',
            'the DMA write invalidates the cached copy (bulk data: do not pollute the cache)',
          );
      }
      ch.pending -= 1;
      ch.remaining -= 1;
      this.emit({
        kind: 'cr.place',
        node: node.node,
        packet: pkt.id,
        msg: pkt.msg,
        sequence: pkt.seq,
        where: pkt.placed,
        remaining: ch.remaining,
        outOfOrder,
      });
      this.emit({
        kind: 'cr.channel',
        node: node.node,
        dir: 'recv',
        channel: ch.id,
        remaining: ch.remaining,
        done: ch.remaining === 0,
      });
      const [every, final] = AUTO_MASK[ch.intr & 7]!;
      const h = pkt.header[4]! >> 12;
      const fires = (mode: string, bit: number) =>
        mode === 'always' || (mode === 'sometimes' && (h & bit) !== 0);
      if (fires(every, 8)) this.interrupt(node, 'auto', 0, ch.id);
      if (ch.remaining === 0) {
        ch.busy = false;
        ch.phase = 'idle';
        msg.completedAt = c;
        if (fires(final, 4)) this.interrupt(node, 'auto', 0, ch.id);
      }
      return;
    }
    const q = node.ni.queues[dest.queue];
    if (q.entries[e.slot]?.flag)
      this.emit({
        kind: 'cr.queue',
        node: node.node,
        queue: q.name,
        op: 'overwrite',
        head: entryIndex(q, q.head),
        tail: entryIndex(q, q.tail),
      });
    q.entries[e.slot] = {
      packet: pkt.id,
      flag: true,
      at: c,
      header: [...pkt.header],
      payload: pkt.payload,
      src: pkt.src,
    };
    q.tail = nextEntry(q, q.begin + e.slot * QUEUE_ENTRY_BYTES);
    if (q.tail === q.head) q.full = true;
    msg.arrivals.push(pkt.seq);
    msg.placed += 1;
    if (msg.placed === msg.packets && dest.queue === 'user') msg.completedAt = c;
    pkt.placed = `${q.name} queue entry ${e.slot}`;
    const flag = flagLineName(q.name, e.slot);
    if (node.cache[flag]) {
      if (this.cfg.dmaCoherence === 'invalidate')
        this.cacheTo(
          node,
          flag,
          'I',
          "the NI's write invalidates the polled flag line: the next poll misses",
        );
      else
        this.cacheTo(
          node,
          flag,
          'CE',
          "the NI's write updates the polled flag line in place: the next poll hits",
          true,
        );
    }
    if (node.cache[payloadLineName(q.name, e.slot)] && this.cfg.dmaCoherence === 'invalidate')
      this.cacheTo(
        node,
        payloadLineName(q.name, e.slot),
        'I',
        "the NI's write invalidates the cached payload line",
      );
    this.emit({
      kind: 'cr.place',
      node: node.node,
      packet: pkt.id,
      msg: pkt.msg,
      sequence: pkt.seq,
      where: pkt.placed,
      remaining: -1,
      outOfOrder,
    });
  }

  // ---- barrier (Table A.3; the Express Broadcast Network) ----

  private stepBarrier(): void {
    const s = this.state;
    const c = s.cycle;
    const members = this.programNodes.map((n) => s.nodes[n]!);
    for (const node of members) {
      if (node.ni.barrier === 'C' && c >= node.ni.barrierUntil) {
        node.ni.barrier = 'I';
        this.emit({
          kind: 'cr.barrier',
          node: node.node,
          from: 'C',
          to: 'I',
          why: 'the completion timer expires',
        });
      }
    }
    const waiting = members.filter((n) => n.ni.barrier === 'W');
    if (!waiting.length || !members.every((n) => n.ni.barrier === 'W' || n.ni.barrier === 'A'))
      return;
    const last = Math.max(...waiting.map((n) => n.ni.barrierUntil));
    if (c < last + this.cfg.barrierCycles) return;
    s.barrierGeneration += 1;
    for (const node of waiting) {
      node.ni.barrier = 'C';
      node.ni.barrierUntil = c + this.cfg.barrierHold;
      this.emit({
        kind: 'cr.barrier',
        node: node.node,
        from: 'W',
        to: 'C',
        why: 'every node has entered: the broadcast network completes the barrier',
      });
    }
  }

  // ---- processors (digest §C.15, §C.16) ----

  private stepProcessor(node: NodeState): void {
    const p = node.proc;
    const c = this.state.cycle;
    const t = this.cfg.timing;
    const program = this.programOf(node.node);
    if (p.status === 'done' || c < p.busyUntil) return;
    if (p.finishing !== null) {
      const what = p.finishing;
      p.finishing = null;
      this.finish(node, what);
      if (p.finishing !== null || c < p.busyUntil) return;
    }
    if (p.wait) {
      if (!this.waitOver(node)) {
        p.status = 'spinning';
        return;
      }
      p.status = 'running';
      this.endWait(node);
      return;
    }
    if (p.pc >= program.length) {
      p.status = 'done';
      p.doneAt = c;
      this.emit({ kind: 'cr.cpu', node: node.node, pc: p.pc, text: 'program finished', cycles: 0 });
      return;
    }
    const i = program[p.pc]!;
    const pc = p.pc;
    p.current = pc;
    p.pc += 1;
    let cycles = 0;
    switch (i.op) {
      case 'compute':
        cycles = i.cycles;
        break;
      case 'send':
      case 'recv':
      case 'reset':
        cycles = t.register;
        node.ni.commands.push({ at: c + cycles, instr: i });
        break;
      case 'waitSend':
      case 'waitRecv':
        p.wait = { kind: i.op === 'waitSend' ? 'send' : 'recv', channel: i.channel };
        break;
      case 'pollQueue':
        p.wait = { kind: 'queue', queue: i.queue };
        p.pollsLeft = i.count;
        p.pc = pc; // stays on this instruction until every entry is taken
        cycles = this.firstPoll(node, i.queue);
        break;
      case 'advanceQueue':
        cycles = t.register;
        p.finishing = `advance:${i.queue}`;
        break;
      case 'barrier': {
        cycles = t.register;
        const from = node.ni.barrier;
        const to = BARRIER_WRITE[from][i.value];
        if (to === null) {
          this.interrupt(node, 'misc', 7, -1);
          break;
        }
        node.ni.barrier = to;
        node.ni.barrierUntil = c + cycles;
        this.emit({
          kind: 'cr.barrier',
          node: node.node,
          from,
          to,
          why:
            i.value === 1
              ? 'the processor writes 1 to NIR_barrier'
              : 'the processor writes 0 to NIR_barrier: this node abstains',
        });
        if (to === 'W') p.wait = { kind: 'barrier' };
        break;
      }
      case 'load':
      case 'store': {
        const line = lineName(i.buffer, i.line);
        const hit = node.cache[line] !== undefined;
        cycles = hit ? t.cacheHit : t.cacheMiss;
        if (i.op === 'store') {
          const b = node.buffers[i.buffer];
          if (b) b.lines[i.line] = (b.lines[i.line] ?? 0) + 1;
          this.cacheTo(node, line, 'DE', 'the processor writes the line');
        } else if (!hit) this.cacheTo(node, line, 'CE', 'the load misses and fetches the line');
        break;
      }
      case 'thaw':
        cycles = t.register;
        p.finishing = 'thaw';
        break;
      case 'flow':
        cycles = t.register;
        p.finishing = `flow:${i.state}`;
        break;
    }
    p.busyUntil = c + cycles;
    p.status = p.wait && cycles === 0 ? 'spinning' : 'running';
    this.emit({ kind: 'cr.cpu', node: node.node, pc, text: instructionText(i), cycles });
    if (p.wait && cycles === 0 && this.waitOver(node)) {
      p.status = 'running';
      this.endWait(node);
    }
  }

  /** The first poll of the queue's presence flag misses unless the line is cached. */
  private firstPoll(node: NodeState, queue: QueueName): number {
    const t = this.cfg.timing;
    const q = node.ni.queues[queue];
    const flag = flagLineName(queue, entryIndex(q, q.head));
    if (node.cache[flag]) return t.cacheHit + t.testBranch;
    this.cacheTo(
      node,
      flag,
      'CE',
      'the first poll misses and caches the flag line; later polls hit',
    );
    return t.cacheMiss + t.testBranch;
  }

  private waitOver(node: NodeState): boolean {
    const w = node.proc.wait!;
    const ni = node.ni;
    switch (w.kind) {
      case 'send':
        return ni.send[w.channel]!.remaining === 0 && !ni.commands.length;
      case 'recv':
        return ni.recv[w.channel]!.remaining === 0 && !ni.commands.length;
      case 'queue':
        return (
          ni.queues[w.queue].entries[entryIndex(ni.queues[w.queue], ni.queues[w.queue].head)]
            ?.flag === true
        );
      case 'barrier':
        return ni.barrier === 'C' || ni.barrier === 'I';
    }
  }

  /** The poll that sees the condition: its load, test and branch (Table 6.1's 13 cycles). */
  private endWait(node: NodeState): void {
    const p = node.proc;
    const w = p.wait!;
    const t = this.cfg.timing;
    const c = this.state.cycle;
    p.wait = null;
    if (w.kind === 'queue') {
      const q = node.ni.queues[w.queue];
      const flag = flagLineName(q.name, entryIndex(q, q.head));
      const hit = node.cache[flag] !== undefined;
      const payload = payloadLineName(q.name, entryIndex(q, q.head));
      const payloadHit = node.cache[payload] !== undefined;
      // The poll, then read the payload, clear the flag (a store that hits) and advance the head.
      p.busyUntil = c + (hit ? t.cacheHit : t.cacheMiss) + t.testBranch;
      if (!hit) this.cacheTo(node, flag, 'CE', 'the poll misses and fetches the new flag line');
      p.finishing = `consume:${q.name}:${payloadHit ? t.cacheHit : t.cacheMiss}`;
      return;
    }
    p.busyUntil = c + t.register + t.testBranch;
    p.finishing = `notify:${w.kind}:${'channel' in w ? w.channel : -1}`;
  }

  private finish(node: NodeState, what: string): void {
    const s = this.state;
    const p = node.proc;
    const c = s.cycle;
    const t = this.cfg.timing;
    const [kind, a, b] = what.split(':');
    if (kind === 'notify') {
      const channel = Number(b);
      if (a === 'recv') {
        const msg = s.messages[node.ni.recv[channel]!.msg];
        if (msg && msg.notifiedAt < 0) {
          msg.notifiedAt = c;
          msg.receiver = node.node;
          if (this.cfg.checkInvariants && msg.placed < msg.packets)
            this.emit({
              kind: 'invariant.violation',
              rule: 'delivery',
              block: -1,
              detail: `message ${msg.id} notified with ${msg.packets - msg.placed} packets still to come`,
            });
        }
      }
      this.emit({
        kind: 'cr.notify',
        node: node.node,
        what: a as 'send' | 'recv' | 'barrier',
        channel,
        text:
          a === 'recv'
            ? `the poll of receive channel ${channel} reads 0: the whole message is in place`
            : a === 'send'
              ? `the poll of send channel ${channel} reads 0: the buffer may be reused`
              : 'the barrier is complete',
      });
      return;
    }
    if (kind === 'consume') {
      const q = node.ni.queues[a as QueueName];
      const slot = entryIndex(q, q.head);
      const entry = q.entries[slot]!;
      const payloadCycles = Number(b);
      const msg = s.messages[s.packets[entry.packet]!.msg]!;
      if (msg.completedAt >= 0 && msg.notifiedAt < 0 && msg.placed === msg.packets) {
        msg.notifiedAt = c;
        msg.receiver = node.node;
      }
      this.emit({
        kind: 'cr.notify',
        node: node.node,
        what: 'queue',
        channel: -1,
        text: `the flag of ${QUEUE_WORDS[q.name].replace(' ', '-')}-queue entry ${slot} is set: packet ${entry.packet} from node ${entry.src} is here`,
      });
      this.cacheTo(node, payloadLineName(q.name, slot), 'CE', 'the processor reads the payload');
      this.cacheTo(
        node,
        flagLineName(q.name, slot),
        'DE',
        'the processor clears the flag (NIP_flag = 0)',
      );
      entry.flag = false;
      p.busyUntil = c + payloadCycles + t.cacheHit + t.register;
      p.finishing = `advance:${q.name}`;
      p.pollsLeft -= 1;
      return;
    }
    if (kind === 'advance') {
      const q = node.ni.queues[a as QueueName];
      // Fig. 7.14b: the underflow test comes before the new head is computed.
      const underflow = q.head === q.tail && !q.full;
      if (!underflow) {
        q.entries[entryIndex(q, q.head)] = null;
        q.head = nextEntry(q, q.head);
        q.full = false;
      }
      this.emit({
        kind: 'cr.queue',
        node: node.node,
        queue: q.name,
        op: underflow ? 'underflow' : 'advance',
        head: entryIndex(q, q.head),
        tail: entryIndex(q, q.tail),
      });
      if (underflow) this.interrupt(node, 'queue', 6, -1);
      const instr = this.programOf(node.node)[p.pc];
      if (instr?.op === 'pollQueue') {
        if (p.pollsLeft > 0) {
          p.wait = { kind: 'queue', queue: q.name };
          const cycles = this.firstPoll(node, q.name);
          p.busyUntil = c + cycles;
        } else p.pc += 1;
      }
      return;
    }
    if (kind === 'thaw') this.setFlow(node, 'NORMAL', 'the OS thaws the NI');
    if (kind === 'flow')
      this.setFlow(
        node,
        a as NiState['flow'],
        a === 'FLUSH'
          ? 'the OS drains the network: packets are delivered but none injected'
          : a === 'FREEZE'
            ? 'the OS freezes the NI: no injection, no delivery'
            : 'the OS sets NORMAL',
      );
  }

  // ---- the end of a run ----

  private checkHalt(): void {
    const s = this.state;
    const nodes = this.programNodes.map((n) => s.nodes[n]!);
    const busy = (n: NodeState) =>
      n.ni.inbox.length > 0 ||
      n.ni.dmaReads.length > 0 ||
      n.ni.commands.length > 0 ||
      n.ni.sched.length > 0;
    if (Object.keys(s.inFlight).length > 0 || s.nodes.some(busy)) return;
    if (nodes.every((n) => n.proc.status === 'done')) {
      s.halted = true;
      this.emit({ kind: 'sim.halt', reason: 'all programs finished' });
      return;
    }
    const barrierDue =
      nodes.some((n) => n.ni.barrier === 'W') &&
      nodes.every((n) => n.ni.barrier === 'W' || n.ni.barrier === 'A');
    if (barrierDue) return;
    const stuck = nodes.filter((n) => n.proc.status === 'spinning');
    if (
      stuck.length &&
      nodes.every(
        (n) =>
          n.proc.status !== 'running' && n.proc.finishing === null && s.cycle >= n.proc.busyUntil,
      )
    ) {
      s.halted = true;
      this.emit({ kind: 'sim.halt', reason: 'a program waits forever' });
    }
  }

  // ---- views ----

  /** A restored snapshot's copy, its network revived by the network's own literals. */
  revive(state: CraniumState): CraniumState {
    const { net, ...rest } = state;
    return { ...clonePlain(rest), net: reviveNetworkState(net) };
  }

  frame(): CraniumFrame {
    if (this.net.state !== this.state.net) this.net.state = this.state.net;
    return craniumFrame(this.cfg, this.state, this.net.frame());
  }

  stats(): CraniumStats {
    if (this.net.state !== this.state.net) this.net.state = this.state.net;
    return craniumStats(this.state, this.net.stats());
  }
}

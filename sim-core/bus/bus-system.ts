/**
 * Processors with private caches kept coherent by a snooping bus (the first model; coherent
 * network interfaces later attach to the same bus). Caches follow the protocol table named by the
 * scenario; bus occupancies default to Table 2 of the CNI paper (seed 000, digest §C.2).
 *
 * Order of work inside one cycle c (events are stamped c; the frame at c is the state after it):
 *   1. Bus completion: a transaction whose occupancy ends at c delivers (fill, perform the access,
 *      unblock the processor).
 *   2. Arbitration: every cache's request wire ticks (cache 0 first); arrivals join the queue;
 *      if the bus is free, the oldest request (lowest seq) is granted and all snoops happen at once
 *      (atomic bus), in cache-id order.
 *   3. Processors, in id order, execute: a hit completes this cycle; a miss queues a request.
 *   4. Each cache puts at most one queued request on its wire (so arbitration sees it at c + 1).
 *   5. Invariants: single writer or many readers per block; every valid copy holds the value of
 *      the most recent store to each word (against a sequential reference memory).
 *   6. Halt when every program has finished and the bus is idle.
 * A transaction granted at c with occupancy k keeps the bus busy for cycles c … c+k−1 and
 * completes in step 1 of cycle c+k, so the next grant can happen in that same cycle.
 */
import { canSend, createChannel, send, tick } from '../kernel/channel';
import { clonePlain } from '../kernel/clone';
import { createStream } from '../kernel/rng';
import {
  blockOf,
  chooseWay,
  createCache,
  findLine,
  findWbEntry,
  setOf,
  wordOf,
  wordsPerBlock,
  type CacheGeometry,
  type CacheLine,
  type CacheState,
  type ReplacementPolicy,
  type WbEntry,
} from '../memory/cache';
import {
  costOf,
  type BusCosts,
  type BusRequest,
  type BusState,
  type BusTxn,
  type BusTxnKind,
} from './bus-types';
import { cellOf } from '../memory/protocol';
import type { ProtocolName } from '../memory/protocols';
import type {
  SnoopingAction,
  SnoopingEvent,
  SnoopingProtocol,
} from '../memory/protocols/snooping-vocabulary';
import { protocols } from '../memory/protocols';
import type { AccessOp, BusModelEvent, DataSource, SnoopOutcome } from './bus-events';
import { hex } from '../kernel/hex';
import { compileProgram, type CompiledProgram, type Instruction } from './program';
import type { BusFrame, BusSystemStats } from './bus-frame';

export interface BusSystemConfig {
  nodes: number;
  protocol: ProtocolName;
  geometry: CacheGeometry;
  replacement: ReplacementPolicy;
  costs: BusCosts;
  programs: Instruction[][];
  initialMemory: { addr: number; value: number }[];
  seed: number;
  checkInvariants: boolean;
}

interface PendingAccess {
  op: AccessOp;
  addr: number;
  value: number;
  since: number;
  spin: boolean;
}

export interface ProcessorState {
  id: number;
  pc: number;
  loopCounters: number[];
  computeLeft: number;
  waiting: PendingAccess | null;
  /** Set while a spin has seen the wrong value, so repeated polls stay quiet in the log. */
  spinning: boolean;
  done: boolean;
  retired: number;
  stallCycles: number;
}

export interface BusSystemState {
  cycle: number;
  procs: ProcessorState[];
  caches: CacheState[];
  /** Requests each cache has made but not yet put on its wire (one per cycle), oldest first. */
  outboxes: BusRequest[][];
  bus: BusState;
  /** Main memory, sparse: block number → words. Absent blocks read as the initial image. */
  memory: Record<number, number[]>;
  /** The sequential reference: word address → value of the most recent store. */
  reference: Record<number, number>;
  halted: boolean;
  busStats: {
    busyCycles: number;
    transactions: Record<BusTxnKind, number>;
    cacheToCache: number;
    memoryReads: number;
    memoryWrites: number;
    dropped: number;
  };
}

const RECENT_TXNS = 24;

export class BusSystem {
  readonly protocol: SnoopingProtocol;
  readonly programs: CompiledProgram[];
  private readonly initialImage: Record<number, number>;
  private events: BusModelEvent[] = [];
  /** Blocks something happened to in this cycle (checked by the invariants; not part of state). */
  private touched: number[] = [];
  state: BusSystemState;

  constructor(readonly cfg: BusSystemConfig) {
    this.protocol = protocols[cfg.protocol];
    this.programs = cfg.programs.map(compileProgram);
    this.initialImage = {};
    for (const { addr, value } of cfg.initialMemory) this.initialImage[addr] = value;
    this.state = this.initialState();
  }

  private initialState(): BusSystemState {
    const { cfg } = this;
    const memory: Record<number, number[]> = {};
    for (const addr of Object.keys(this.initialImage).map(Number)) {
      const block = blockOf(addr, cfg.geometry);
      memory[block] ??= this.imageBlock(block);
    }
    return {
      cycle: 0,
      procs: this.programs.map((p, id) => ({
        id,
        pc: 0,
        loopCounters: new Array<number>(p.loopSlots).fill(0),
        computeLeft: 0,
        waiting: null,
        spinning: false,
        done: false,
        retired: 0,
        stallCycles: 0,
      })),
      caches: Array.from({ length: cfg.nodes }, (_, id) =>
        createCache(id, cfg.geometry, createStream(cfg.seed, `cache${id}.replacement`)),
      ),
      outboxes: Array.from({ length: cfg.nodes }, () => []),
      bus: {
        wires: Array.from({ length: cfg.nodes }, () => createChannel<BusRequest>(1)),
        queue: [],
        current: null,
        nextTxnId: 1,
        nextRequestSeq: 0,
        recent: [],
      },
      memory,
      reference: { ...this.initialImage },
      halted: false,
      busStats: {
        busyCycles: 0,
        transactions: { RD: 0, RDX: 0, INV: 0, WB: 0 },
        cacheToCache: 0,
        memoryReads: 0,
        memoryWrites: 0,
        dropped: 0,
      },
    };
  }

  private imageBlock(block: number): number[] {
    const g = this.cfg.geometry;
    return Array.from(
      { length: wordsPerBlock(g) },
      (_, w) => this.initialImage[block * g.blockBytes + w * g.wordBytes] ?? 0,
    );
  }

  private memoryBlock(block: number): number[] {
    return (this.state.memory[block] ??= this.imageBlock(block));
  }

  /** Expected value of a word: the most recent store, else the initial image. */
  private expected(addr: number): number {
    return this.state.reference[addr] ?? this.initialImage[addr] ?? 0;
  }

  private emit(e: BusModelEvent): void {
    this.events.push(e);
  }

  /** Runs one cycle and returns its events (unstamped; the session stamps cycle and seq). */
  step(): BusModelEvent[] {
    this.events = [];
    this.touched = [];
    const s = this.state;
    s.cycle += 1;
    if (s.halted) return this.events;
    this.completeTransaction();
    this.arbitrate();
    for (const p of s.procs) this.runProcessor(p);
    s.outboxes.forEach((outbox, id) => {
      const wire = s.bus.wires[id]!;
      if (outbox.length > 0 && canSend(wire)) send(wire, outbox.shift()!);
    });
    if (s.bus.current) s.busStats.busyCycles += 1;
    if (this.cfg.checkInvariants) this.checkInvariants();
    const idle =
      !s.bus.current &&
      s.bus.queue.length === 0 &&
      s.outboxes.every((o) => o.length === 0) &&
      s.bus.wires.every((w) => w.slots[0] === null);
    if (idle && s.procs.every((p) => p.done)) {
      s.halted = true;
      this.emit({ kind: 'sim.halt', reason: 'all programs finished' });
    }
    return this.events;
  }

  // ---- the cache controller: every state change goes through the protocol table ----

  /**
   * Fires `event` on a line or write-back-buffer entry: looks up the cell, moves to its next state
   * and runs its actions through `perform`. Returns the cell's actions, or null for a stall.
   */
  private fire(
    cache: CacheState,
    holder: CacheLine | WbEntry,
    block: number,
    event: SnoopingEvent,
    txn: number | null,
    perform: (action: SnoopingAction) => void,
    quiet = false,
  ): readonly SnoopingAction[] | null {
    const from = holder.state;
    this.touched.push(block);
    const cell = cellOf(this.protocol, from, event);
    if (cell.kind === 'stall') return null;
    if (cell.kind === 'impossible') {
      this.emit({
        kind: 'invariant.violation',
        rule: 'protocol',
        block,
        detail: `P${cache.id}: ${from} × ${event} is impossible (${cell.why})`,
      });
      return [];
    }
    holder.state = cell.next;
    if (!quiet)
      this.emit({
        kind: 'coh.transition',
        cache: cache.id,
        block,
        from,
        to: cell.next,
        event,
        actions: cell.actions,
        txn,
      });
    for (const action of cell.actions) perform(action);
    return cell.actions;
  }

  private request(
    cache: CacheState,
    block: number,
    writeback: boolean,
    purpose: 'miss' | 'upgrade' | 'writeback',
  ): void {
    const s = this.state;
    s.outboxes[cache.id]!.push({
      cache: cache.id,
      block,
      seq: s.bus.nextRequestSeq++,
      issuedAt: s.cycle,
      writeback,
    });
    this.emit({ kind: 'bus.request', cache: cache.id, block, purpose });
  }

  // ---- step 1: completion ----

  private completeTransaction(): void {
    const s = this.state;
    const txn = s.bus.current;
    if (!txn || txn.endsAt !== s.cycle) return;
    s.bus.current = null;
    this.emit({
      kind: 'bus.done',
      txn: txn.id,
      txnKind: txn.kind,
      requester: txn.requester,
      block: txn.block,
    });
    if (txn.kind === 'WB') return;
    const cache = s.caches[txn.requester]!;
    const line = findLine(cache, txn.block, this.cfg.geometry);
    if (!line) return;
    const event: SnoopingEvent =
      txn.kind === 'INV' ? 'Done' : txn.shared ? 'DataShared' : 'DataExcl';
    this.fire(cache, line, txn.block, event, txn.id, (action) => {
      if (action === 'fill') {
        line.words = [...(txn.data ?? [])];
        line.filledAt = s.cycle;
      } else if (action === 'performLoad' || action === 'performStore') {
        this.performWaiting(s.procs[txn.requester]!, line);
      }
    });
  }

  // ---- step 2: arbitration and snooping ----

  private arbitrate(): void {
    const s = this.state;
    for (const wire of s.bus.wires) {
      const arrived = tick(wire);
      if (arrived) s.bus.queue.push(arrived);
    }
    s.bus.queue.sort((a, b) => a.seq - b.seq);
    while (!s.bus.current && s.bus.queue.length > 0) this.grant(s.bus.queue.shift()!);
  }

  /** The transaction a request needs now, from its line's current state (null: no longer needed). */
  private kindFor(req: BusRequest): BusTxnKind | null {
    const cache = this.state.caches[req.cache]!;
    if (req.writeback) return findWbEntry(cache, req.block) ? 'WB' : null;
    const state = findLine(cache, req.block, this.cfg.geometry)?.state;
    switch (state) {
      case 'IS_AD':
        return 'RD';
      case 'IM_AD':
        return 'RDX';
      case 'SM_A':
      case 'OM_A':
        return 'INV';
      default:
        return null;
    }
  }

  private grant(req: BusRequest): void {
    const s = this.state;
    const kind = this.kindFor(req);
    const requester = s.caches[req.cache]!;
    if (kind === null) {
      s.busStats.dropped += 1;
      this.emit({
        kind: 'bus.drop',
        cache: req.cache,
        block: req.block,
        reason: 'the write-back was cancelled by a snoop',
      });
      return;
    }
    const cost = costOf(kind, this.cfg.costs);
    const txn: BusTxn = {
      id: s.bus.nextTxnId++,
      kind,
      requester: req.cache,
      block: req.block,
      grantedAt: s.cycle,
      endsAt: s.cycle + cost,
      source: { kind: 'none' },
      shared: false,
      data: null,
      snoops: [],
    };
    const transitions = this.events.length;
    let memoryUpdated = false;

    if (kind === 'WB') {
      const entry = findWbEntry(requester, req.block)!;
      this.fire(requester, entry, req.block, 'Grant', txn.id, (action) => {
        if (action === 'writeBackToMemory') {
          this.state.memory[req.block] = [...entry.words];
          memoryUpdated = true;
        }
      });
      requester.wbBuffer = requester.wbBuffer.filter((e) => e !== entry);
      requester.stats.writebacks += 1;
      s.busStats.memoryWrites += 1;
    } else {
      const snoopEvent: SnoopingEvent =
        kind === 'RD' ? 'OtherRd' : kind === 'RDX' ? 'OtherRdX' : 'OtherInv';
      for (const other of s.caches) {
        if (other.id === req.cache) continue;
        const holders: (CacheLine | WbEntry)[] = [];
        const line = findLine(other, req.block, this.cfg.geometry);
        if (line) holders.push(line);
        const entry = findWbEntry(other, req.block);
        if (entry) holders.push(entry);
        for (const holder of holders) {
          const from = holder.state;
          const inBuffer = holder === entry;
          const actions = this.fire(other, holder, req.block, snoopEvent, txn.id, (action) => {
            if (action === 'supplyData') {
              txn.source = { kind: 'cache', cache: other.id, fromWbBuffer: inBuffer };
              txn.data = [...holder.words];
              other.stats.suppliedBlocks += 1;
            } else if (action === 'assertShared') {
              txn.shared = true;
            } else if (action === 'flushToMemory') {
              this.state.memory[req.block] = [...holder.words];
              memoryUpdated = true;
            } else if (action === 'cancelWriteback') {
              other.wbBuffer = other.wbBuffer.filter((e) => e !== holder);
            }
          });
          if (holder.state === 'I' && from !== 'I') other.stats.invalidatedBySnoop += 1;
          txn.snoops.push({ cache: other.id, from, to: holder.state, actions: actions ?? [] });
        }
      }
      if (kind !== 'INV' && txn.source.kind === 'none') {
        txn.source = { kind: 'memory' };
        txn.data = [...this.memoryBlock(req.block)];
        s.busStats.memoryReads += 1;
      } else if (txn.source.kind === 'cache') {
        s.busStats.cacheToCache += 1;
      }
      const line = findLine(requester, req.block, this.cfg.geometry)!;
      this.fire(requester, line, req.block, 'Grant', txn.id, () => undefined);
      if (kind === 'INV') requester.stats.upgrades += 1;
    }

    s.bus.current = txn;
    s.bus.recent.push(txn);
    if (s.bus.recent.length > RECENT_TXNS) s.bus.recent.shift();
    s.busStats.transactions[kind] += 1;
    const source: DataSource = clonePlain(txn.source);
    const grantEvent: BusModelEvent = {
      kind: 'bus.grant',
      txn: txn.id,
      txnKind: kind,
      requester: req.cache,
      block: req.block,
      cost,
      endsAt: txn.endsAt,
      source,
      shared: txn.shared,
      snoops: txn.snoops.map((o): SnoopOutcome => ({ ...o, actions: [...o.actions] })),
      memoryUpdated,
    };
    // The grant is announced before the transitions it caused.
    this.events.splice(transitions, 0, grantEvent);
  }

  // ---- step 3: processors ----

  private runProcessor(p: ProcessorState): void {
    if (p.done) return;
    if (p.waiting) {
      p.stallCycles += 1;
      return;
    }
    if (p.computeLeft > 0) {
      p.computeLeft -= 1;
      if (p.computeLeft === 0) this.retire(p);
      return;
    }
    const code = this.programs[p.id]!.code;
    for (;;) {
      const instr = code[p.pc];
      if (!instr) {
        p.done = true;
        this.emit({ kind: 'cpu.done', proc: p.id });
        return;
      }
      if (instr.op !== 'endloop') break;
      // A loop's end costs no cycle: branch back until the body has run `times` times.
      p.loopCounters[instr.slot] = (p.loopCounters[instr.slot] ?? 0) + 1;
      if (p.loopCounters[instr.slot]! < instr.times) p.pc = instr.start;
      else {
        p.loopCounters[instr.slot] = 0;
        p.pc += 1;
      }
    }
    const instr = code[p.pc]!;
    switch (instr.op) {
      case 'compute':
        this.emit({ kind: 'cpu.compute', proc: p.id, cycles: instr.cycles });
        p.computeLeft = instr.cycles - 1;
        if (p.computeLeft === 0) this.retire(p);
        return;
      case 'load':
        this.access(p, {
          op: 'load',
          addr: instr.addr,
          value: 0,
          since: this.state.cycle,
          spin: false,
        });
        return;
      case 'store':
        this.access(p, {
          op: 'store',
          addr: instr.addr,
          value: instr.value,
          since: this.state.cycle,
          spin: false,
        });
        return;
      case 'spin':
        this.access(p, {
          op: 'load',
          addr: instr.addr,
          value: 0,
          since: this.state.cycle,
          spin: true,
        });
        return;
      case 'endloop':
        return;
    }
  }

  private retire(p: ProcessorState): void {
    p.pc += 1;
    p.retired += 1;
  }

  /** A load or store from processor p: a hit completes now; a miss evicts if needed and requests the bus. */
  private access(p: ProcessorState, acc: PendingAccess): void {
    const s = this.state;
    const g = this.cfg.geometry;
    const cache = s.caches[p.id]!;
    const block = blockOf(acc.addr, g);
    const event: SnoopingEvent = acc.op === 'load' ? 'Load' : 'Store';
    const quietPoll = acc.spin && p.spinning;

    // An access to this cache's own departing victim is decided by the table (a stall waits).
    const leaving = findWbEntry(cache, block);
    if (leaving && this.fire(cache, leaving, block, event, null, () => undefined) === null) {
      p.stallCycles += 1;
      return;
    }
    if (acc.op === 'load') cache.stats.loads += 1;
    else cache.stats.stores += 1;

    let line = findLine(cache, block, g);
    let victimWriteback: number | null = null;
    if (!line) {
      const way = chooseWay(cache, block, g, this.cfg.replacement, this.protocol);
      if (way === undefined) return; // every way mid-transaction: retry next cycle
      line = cache.sets[setOf(block, g)]![way]!;
      if (line.state !== 'I') victimWriteback = this.evict(cache, line);
      line.block = block;
      line.state = 'I';
    }
    const target = line;
    const stateBefore = target.state;
    let hit = false;
    this.fire(
      cache,
      target,
      block,
      event,
      null,
      (action) => {
        if (action === 'hit') hit = true;
        else if (action === 'requestBus')
          this.request(cache, block, false, stateBefore === 'I' ? 'miss' : 'upgrade');
      },
      quietPoll && ['M', 'O', 'E', 'S'].includes(stateBefore),
    );
    // The write-back waits behind the miss: the buffer takes its latency off the critical path.
    if (victimWriteback !== null) this.request(cache, victimWriteback, true, 'writeback');
    target.lastUse = s.cycle;
    if (hit) {
      if (acc.op === 'load') cache.stats.loadHits += 1;
      else cache.stats.storeHits += 1;
      const value = this.performAccess(p, target, acc);
      if (!quietPoll)
        this.emit({
          kind: 'cpu.hit',
          proc: p.id,
          op: acc.op,
          addr: acc.addr,
          block,
          value,
          from: stateBefore,
          state: target.state,
        });
      this.afterAccess(p, acc, value);
    } else {
      if (acc.op === 'load') cache.stats.loadMisses += 1;
      else cache.stats.storeMisses += 1;
      p.waiting = acc;
      this.emit({
        kind: 'cpu.miss',
        proc: p.id,
        op: acc.op,
        addr: acc.addr,
        block,
        state: stateBefore,
      });
    }
  }

  /** Evicts a valid line; returns the victim's block when it needs a write-back. */
  private evict(cache: CacheState, line: CacheLine): number | null {
    const victim = line.block;
    const dirty = this.protocol.states[line.state]?.owner ?? false;
    let writeback: number | null = null;
    cache.stats.evictions += 1;
    this.emit({ kind: 'cache.evict', cache: cache.id, block: victim, state: line.state, dirty });
    this.fire(cache, line, victim, 'Replacement', null, (action) => {
      if (action === 'toWbBuffer') {
        cache.wbBuffer.push({ block: victim, state: line.state, words: [...line.words] });
        writeback = victim;
      }
    });
    // The buffer entry took the victim's state; the line itself is now free.
    line.state = 'I';
    return writeback;
  }

  /** Reads or writes the word; a store also updates the sequential reference. */
  private performAccess(p: ProcessorState, line: CacheLine, acc: PendingAccess): number {
    const w = wordOf(acc.addr, this.cfg.geometry);
    this.touched.push(line.block);
    if (acc.op === 'store') {
      line.words[w] = acc.value;
      this.state.reference[acc.addr] = acc.value;
      return acc.value;
    }
    const value = line.words[w] ?? 0;
    const expected = this.expected(acc.addr);
    if (value !== expected) {
      this.emit({
        kind: 'invariant.violation',
        rule: 'data-value',
        block: line.block,
        detail: `P${p.id} loaded ${value} from 0x${acc.addr.toString(16)}, but the last store wrote ${expected}`,
      });
    }
    return value;
  }

  private performWaiting(p: ProcessorState, line: CacheLine): void {
    const acc = p.waiting;
    if (!acc) return;
    p.waiting = null;
    line.lastUse = this.state.cycle;
    const value = this.performAccess(p, line, acc);
    this.emit({
      kind: 'cpu.perform',
      proc: p.id,
      op: acc.op,
      addr: acc.addr,
      value,
      waited: this.state.cycle - acc.since,
    });
    this.afterAccess(p, acc, value);
  }

  private afterAccess(p: ProcessorState, acc: PendingAccess, value: number): void {
    const code = this.programs[p.id]!.code;
    const instr = code[p.pc];
    if (acc.spin && instr?.op === 'spin') {
      const satisfied = value === instr.until;
      if (satisfied || !p.spinning) {
        this.emit({
          kind: 'cpu.spin',
          proc: p.id,
          addr: acc.addr,
          until: instr.until,
          seen: value,
          satisfied,
        });
      }
      p.spinning = !satisfied;
      if (!satisfied) return;
    }
    this.retire(p);
  }

  // ---- step 5: invariants ----

  /**
   * Checks the blocks touched this cycle: a block's copies can only break an invariant in a
   * cycle where something happened to that block, so this finds every violation in the cycle it
   * occurs, at a fraction of the cost of scanning every line.
   */
  private checkInvariants(): void {
    const g = this.cfg.geometry;
    const blocks = [...new Set(this.touched)].sort((a, b) => a - b);
    for (const block of blocks) {
      let writers = 0;
      let readers = 0;
      let owners = 0;
      const held: string[] = [];
      for (const cache of this.state.caches) {
        const copies: (CacheLine | WbEntry)[] = [];
        const line = findLine(cache, block, g);
        if (line) copies.push(line);
        const entry = findWbEntry(cache, block);
        if (entry) copies.push(entry);
        for (const copy of copies) {
          const spec = this.protocol.states[copy.state];
          if (!spec) continue;
          held.push(`P${cache.id}:${copy.state}`);
          if (spec.perm === 'write') writers++;
          else if (spec.perm === 'read') readers++;
          if (spec.owner) owners++;
          if (spec.perm !== 'none') this.checkCopyValues(cache.id, copy, block);
        }
      }
      if (writers > 1 || (writers === 1 && readers > 0) || owners > 1) {
        this.emit({
          kind: 'invariant.violation',
          rule: 'single-writer',
          block,
          detail: `block ${hex(block * g.blockBytes)} held as ${held.join(', ')}`,
        });
      }
    }
  }

  /** A readable copy must hold the value of the most recent store to each of its words. */
  private checkCopyValues(cache: number, copy: CacheLine | WbEntry, block: number): void {
    const g = this.cfg.geometry;
    for (let w = 0; w < copy.words.length; w++) {
      const addr = block * g.blockBytes + w * g.wordBytes;
      const expected = this.expected(addr);
      if (copy.words[w] !== expected) {
        this.emit({
          kind: 'invariant.violation',
          rule: 'data-value',
          block,
          detail: `P${cache} holds ${copy.words[w]} at ${hex(addr)} in ${copy.state}, but the last store wrote ${expected}`,
        });
      }
    }
  }

  // ---- views ----

  stats(): BusSystemStats {
    const s = this.state;
    return {
      cycles: s.cycle,
      bus: {
        ...s.busStats,
        transactions: { ...s.busStats.transactions },
        utilisation: s.cycle === 0 ? 0 : s.busStats.busyCycles / s.cycle,
      },
      caches: s.caches.map((c) => ({ id: c.id, ...c.stats })),
      processors: s.procs.map((p) => ({
        id: p.id,
        retired: p.retired,
        stallCycles: p.stallCycles,
        done: p.done,
      })),
    };
  }

  frame(): BusFrame {
    const s = this.state;
    const g = this.cfg.geometry;
    const staleWords = (block: number, words: readonly number[]) =>
      words.map(
        (v, w) => block >= 0 && v !== this.expected(block * g.blockBytes + w * g.wordBytes),
      );
    const touched = Object.keys(s.memory)
      .map(Number)
      .sort((a, b) => a - b);
    return {
      model: 'bus',
      cycle: s.cycle,
      halted: s.halted,
      processors: s.procs.map((p) => ({
        id: p.id,
        pc: p.pc,
        status: p.done
          ? 'done'
          : p.waiting
            ? 'waiting'
            : p.spinning
              ? 'spinning'
              : p.computeLeft > 0
                ? 'computing'
                : 'running',
        computeLeft: p.computeLeft,
        waiting: p.waiting
          ? { op: p.waiting.op, addr: p.waiting.addr, since: p.waiting.since }
          : null,
        loopCounters: [...p.loopCounters],
      })),
      caches: s.caches.map((c) => ({
        id: c.id,
        lines: c.sets.flatMap((set, si) =>
          set.map((line, way) => ({
            set: si,
            way,
            block: line.block,
            state: line.state,
            words: [...line.words],
            stale: staleWords(line.block, line.words),
            lastUse: line.lastUse,
          })),
        ),
        wbBuffer: c.wbBuffer.map((e) => ({
          block: e.block,
          state: e.state,
          words: [...e.words],
          stale: staleWords(e.block, e.words),
        })),
      })),
      bus: {
        current: s.bus.current ? clonePlain(s.bus.current) : null,
        queue: s.bus.queue.map((r) => ({ ...r })),
        onWires: s.bus.wires.flatMap((w) => (w.slots[0] ? [{ ...w.slots[0] }] : [])),
        outboxes: s.outboxes.map((o) => o.map((r) => ({ ...r }))),
        recent: clonePlain(s.bus.recent),
      },
      memory: touched.map((block) => ({
        block,
        words: [...s.memory[block]!],
        stale: staleWords(block, s.memory[block]!),
      })),
      stats: this.stats(),
    };
  }
}

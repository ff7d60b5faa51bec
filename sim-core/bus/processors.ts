/**
 * Step 3 of a bus-model cycle (seed 000 §B.0): each processor runs its program. A compute takes
 * its cycles; a load or store goes to the processor's cache, whose protocol table (Sorin, Hill &
 * Wood 2011, Ch. 7) decides: a hit performs now, a miss evicts a victim if needed and requests the
 * bus, and the access performs when the transaction completes (bus-completion.ts). A spin polls
 * until it loads the value it waits for.
 */
import {
  blockOf,
  chooseWay,
  findLine,
  findWbEntry,
  setOf,
  wordOf,
  type CacheLine,
  type CacheState,
} from '../memory/cache';
import type { SnoopingEvent } from '../memory/protocols/snooping-vocabulary';
import { request } from './bus-arbiter';
import { emit, expected, type BusCtx } from './bus-context';
import type { PendingAccess, ProcessorState } from './bus-state';
import { fire } from './cache-controller';

export function runProcessor(ctx: BusCtx, p: ProcessorState): void {
  if (p.done) return;
  if (p.waiting) {
    p.stallCycles += 1;
    return;
  }
  if (p.computeLeft > 0) {
    p.computeLeft -= 1;
    if (p.computeLeft === 0) retire(p);
    return;
  }
  const code = ctx.programs[p.id]!.code;
  for (;;) {
    const instr = code[p.pc];
    if (!instr) {
      p.done = true;
      emit(ctx, { kind: 'cpu.done', proc: p.id });
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
      emit(ctx, { kind: 'cpu.compute', proc: p.id, cycles: instr.cycles });
      p.computeLeft = instr.cycles - 1;
      if (p.computeLeft === 0) retire(p);
      return;
    case 'load':
      access(ctx, p, {
        op: 'load',
        addr: instr.addr,
        value: 0,
        since: ctx.state.cycle,
        spin: false,
      });
      return;
    case 'store':
      access(ctx, p, {
        op: 'store',
        addr: instr.addr,
        value: instr.value,
        since: ctx.state.cycle,
        spin: false,
      });
      return;
    case 'spin':
      access(ctx, p, {
        op: 'load',
        addr: instr.addr,
        value: 0,
        since: ctx.state.cycle,
        spin: true,
      });
      return;
    case 'endloop':
      return;
  }
}

function retire(p: ProcessorState): void {
  p.pc += 1;
  p.retired += 1;
}

/** A load or store from processor p: a hit completes now; a miss evicts if needed and requests the bus. */
function access(ctx: BusCtx, p: ProcessorState, acc: PendingAccess): void {
  const s = ctx.state;
  const g = ctx.cfg.geometry;
  const cache = s.caches[p.id]!;
  const block = blockOf(acc.addr, g);
  const event: SnoopingEvent = acc.op === 'load' ? 'Load' : 'Store';
  const quietPoll = acc.spin && p.spinning;

  // An access to this cache's own departing victim is decided by the table (a stall waits).
  const leaving = findWbEntry(cache, block);
  if (leaving && fire(ctx, cache, leaving, block, event, null, () => undefined) === null) {
    p.stallCycles += 1;
    return;
  }
  if (acc.op === 'load') cache.stats.loads += 1;
  else cache.stats.stores += 1;

  let line = findLine(cache, block, g);
  let victimWriteback: number | null = null;
  if (!line) {
    const way = chooseWay(cache, block, g, ctx.cfg.replacement, ctx.protocol);
    if (way === undefined) return; // every way mid-transaction: retry next cycle
    line = cache.sets[setOf(block, g)]![way]!;
    if (line.state !== 'I') victimWriteback = evict(ctx, cache, line);
    line.block = block;
    line.state = 'I';
  }
  const target = line;
  const stateBefore = target.state;
  let hit = false;
  fire(
    ctx,
    cache,
    target,
    block,
    event,
    null,
    (action) => {
      if (action === 'hit') hit = true;
      else if (action === 'requestBus')
        request(ctx, cache, block, false, stateBefore === 'I' ? 'miss' : 'upgrade');
    },
    quietPoll && ['M', 'O', 'E', 'S'].includes(stateBefore),
  );
  // The write-back waits behind the miss: the buffer takes its latency off the critical path.
  if (victimWriteback !== null) request(ctx, cache, victimWriteback, true, 'writeback');
  target.lastUse = s.cycle;
  if (hit) {
    if (acc.op === 'load') cache.stats.loadHits += 1;
    else cache.stats.storeHits += 1;
    const value = performAccess(ctx, p, target, acc);
    if (!quietPoll)
      emit(ctx, {
        kind: 'cpu.hit',
        proc: p.id,
        op: acc.op,
        addr: acc.addr,
        block,
        value,
        from: stateBefore,
        state: target.state,
      });
    afterAccess(ctx, p, acc, value);
  } else {
    if (acc.op === 'load') cache.stats.loadMisses += 1;
    else cache.stats.storeMisses += 1;
    p.waiting = acc;
    emit(ctx, {
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
function evict(ctx: BusCtx, cache: CacheState, line: CacheLine): number | null {
  const victim = line.block;
  const dirty = ctx.protocol.states[line.state]?.owner ?? false;
  let writeback: number | null = null;
  cache.stats.evictions += 1;
  emit(ctx, { kind: 'cache.evict', cache: cache.id, block: victim, state: line.state, dirty });
  fire(ctx, cache, line, victim, 'Replacement', null, (action) => {
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
function performAccess(
  ctx: BusCtx,
  p: ProcessorState,
  line: CacheLine,
  acc: PendingAccess,
): number {
  const w = wordOf(acc.addr, ctx.cfg.geometry);
  ctx.touched.push(line.block);
  if (acc.op === 'store') {
    line.words[w] = acc.value;
    ctx.state.reference[acc.addr] = acc.value;
    return acc.value;
  }
  const value = line.words[w] ?? 0;
  const want = expected(ctx, acc.addr);
  if (value !== want) {
    emit(ctx, {
      kind: 'invariant.violation',
      rule: 'data-value',
      block: line.block,
      detail: `P${p.id} loaded ${value} from 0x${acc.addr.toString(16)}, but the last store wrote ${want}`,
    });
  }
  return value;
}

/** The access processor p waits for performs on the line its transaction has just delivered. */
export function performWaiting(ctx: BusCtx, p: ProcessorState, line: CacheLine): void {
  const acc = p.waiting;
  if (!acc) return;
  p.waiting = null;
  line.lastUse = ctx.state.cycle;
  const value = performAccess(ctx, p, line, acc);
  emit(ctx, {
    kind: 'cpu.perform',
    proc: p.id,
    op: acc.op,
    addr: acc.addr,
    value,
    waited: ctx.state.cycle - acc.since,
  });
  afterAccess(ctx, p, acc, value);
}

/** Retires the instruction, unless it is a spin that has not yet seen its value. */
function afterAccess(ctx: BusCtx, p: ProcessorState, acc: PendingAccess, value: number): void {
  const code = ctx.programs[p.id]!.code;
  const instr = code[p.pc];
  if (acc.spin && instr?.op === 'spin') {
    const satisfied = value === instr.until;
    if (satisfied || !p.spinning) {
      emit(ctx, {
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
  retire(p);
}

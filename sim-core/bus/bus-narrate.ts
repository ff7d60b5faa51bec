/**
 * One line for people per bus-model event, from the protocol cells that fired ("P1 store 0x40
 * misses → RDX; P0's copy M→I, P0 supplies the block"), and what a quiet cycle is busy with.
 */
import { count } from '../kernel/words';
import { hex } from '../kernel/hex';
import type { EventVocabulary } from '../model';
import type { BusEventBody } from './bus-events';
import type { BusFrame } from './bus-frame';
import type { BusMeta } from './bus-meta';

const proc = (n: number) => `P${n}`;

export const busVocabulary: EventVocabulary<BusEventBody, BusMeta> = {
  narration: {
    'cpu.hit': (e) =>
      e.from !== e.state
        ? `${proc(e.proc)} ${e.op} ${hex(e.addr)} hits in ${e.from}: silent upgrade ${e.from}→${e.state}, no bus transaction ← ${e.value}`
        : `${proc(e.proc)} ${e.op} ${hex(e.addr)} hits in ${e.state}${e.op === 'load' ? ` → ${e.value}` : ` ← ${e.value}`}`,
    'cpu.miss': (e) =>
      `${proc(e.proc)} ${e.op} ${hex(e.addr)} ${e.state === 'I' ? 'misses' : `needs write permission (${e.state})`} → bus request`,
    'cpu.perform': (e) =>
      `${proc(e.proc)}'s ${e.op} ${hex(e.addr)} completes after ${count(e.waited, 'cycle')}${e.op === 'load' ? ` → ${e.value}` : ''}`,
    'cpu.compute': (e) => `${proc(e.proc)} computes for ${count(e.cycles, 'cycle')}`,
    'cpu.spin': (e) =>
      e.satisfied
        ? `${proc(e.proc)} sees [${hex(e.addr)}] = ${e.seen} and stops spinning`
        : `${proc(e.proc)} spins on ${hex(e.addr)} (sees ${e.seen}, waits for ${e.until}); polls hit in its cache`,
    'cpu.done': (e) => `${proc(e.proc)} finishes its program`,
    'cache.evict': (e, meta) =>
      `${proc(e.cache)} evicts block ${hex(e.block * meta.geometry.blockBytes)} (${e.state})${e.dirty ? ': dirty, write-back queued' : ''}`,
    'bus.grant': (e, meta) => {
      const parts = [
        `${proc(e.requester)}'s ${e.txnKind} for ${hex(e.block * meta.geometry.blockBytes)} wins the bus (${count(e.cost, 'cycle')})`,
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
    },
    'bus.drop': (e, meta) =>
      `${proc(e.cache)}'s request for ${hex(e.block * meta.geometry.blockBytes)} is dropped: ${e.reason}`,
    // A completion is told through the load or store it lets perform (cpu.perform); a
    // write-back has none, so its own completion is told.
    'bus.done': (e, meta) =>
      e.txnKind === 'WB'
        ? `${proc(e.requester)}'s write-back of ${hex(e.block * meta.geometry.blockBytes)} completes: memory holds the block and the bus is free`
        : null,
    // Told through the cpu.* and bus.grant events that caused them.
    'coh.transition': () => null,
    'bus.request': () => null,
  },
  log: {
    who: {
      'cpu.hit': (e) => proc(e.proc),
      'cpu.miss': (e) => proc(e.proc),
      'cpu.perform': (e) => proc(e.proc),
      'cpu.compute': (e) => proc(e.proc),
      'cpu.spin': (e) => proc(e.proc),
      'cpu.done': (e) => proc(e.proc),
      'coh.transition': (e) => proc(e.cache),
      'cache.evict': (e) => proc(e.cache),
      'bus.request': (e) => proc(e.cache),
      'bus.drop': (e) => proc(e.cache),
      'bus.grant': () => 'bus',
      'bus.done': () => 'bus',
    },
    // Protocol transitions have no narration of their own; the log still lists them, muted.
    text: { 'coh.transition': (e) => `P${e.cache} ${e.from}→${e.to} on ${e.event}` },
    style: { 'coh.transition': 'transition' },
  },
};

/**
 * What is going on in a cycle where nothing new happens: the transaction on the bus and what
 * each processor is doing, so the narration never goes blank while the machine is busy.
 */
export function narrateQuietBus(frame: BusFrame, meta: BusMeta): string {
  if (frame.cycle === 0) return 'Initial state: every cache is empty. Step forward to begin.';
  if (frame.halted) return 'All programs have finished.';
  const parts: string[] = [];
  const txn = frame.bus.current;
  if (txn) {
    parts.push(
      `${proc(txn.requester)}'s ${txn.kind} for ${hex(txn.block * meta.geometry.blockBytes)} holds the bus (${frame.cycle - txn.grantedAt} of ${count(txn.endsAt - txn.grantedAt, 'cycle')})`,
    );
  }
  for (const p of frame.processors) {
    if (p.status === 'waiting' && p.waiting)
      parts.push(`${proc(p.id)} waits for its ${p.waiting.op} of ${hex(p.waiting.addr)}`);
    else if (p.status === 'spinning')
      parts.push(`${proc(p.id)} spins, its polls hitting in its own cache`);
    else if (p.status === 'computing')
      parts.push(`${proc(p.id)} computes (${count(p.computeLeft, 'cycle')} left)`);
  }
  return `Nothing new this cycle${parts.length ? `: ${parts.join('; ')}` : ''}.`;
}

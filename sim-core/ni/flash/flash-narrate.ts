/** One line for people per FLASH event, and what a quiet cycle is busy with. */
import type { EventVocabulary } from '../../model';
import type { FlashEventBody } from './flash-events';
import type { FlashFrame } from './flash-frame';
import type { FlashMeta } from './flash-meta';

const at = (e: { node: number }) => `node ${e.node}`;
const xfer = (t: number) => (t >= 0 ? `transfer ${t}` : 'no transfer');
const line = (l: number) => `line ${l & 0xffff} of node ${l >> 16}`;

const QUEUE_WORDS: Readonly<Record<string, string>> = {
  processor: 'processor queue',
  request: 'network request lane',
  reply: 'network reply lane',
  software: 'software queue',
};

export const flashVocabulary: EventVocabulary<FlashEventBody, FlashMeta> = {
  narration: {
    'flash.cmd': (e) =>
      ({
        write: `${at(e)} MAGIC: PID ${e.pid}'s ${e.field} for ${xfer(e.transfer)} goes into its record (an uncached write to message space)`,
        shadow: `${at(e)} MAGIC: PID ${e.pid}'s shadow store names ${e.field}: an authentic physical page, kept in its record`,
        commit: `${at(e)} CPU (PID ${e.pid}): the commit read for ${xfer(e.transfer)} — the processor stalls for the answer`,
        ack: `${at(e)} MAGIC: ACK — PID ${e.pid}'s ${e.field} command for ${xfer(e.transfer)} is accepted`,
        nack: `${at(e)} MAGIC: NACK — PID ${e.pid}'s command is refused (resources exhausted or incomplete); the library may retry`,
        switch: `${at(e)} MAGIC: the OS now runs PID ${e.pid}; commands go to its record`,
        retry: `${at(e)} CPU (PID ${e.pid}): retries the commit for ${xfer(e.transfer)}`,
      })[e.op],
    'flash.arrive': () => null,
    'flash.dispatch': (e) =>
      `${at(e)} Inbox: ${e.type === 'swq' ? `the software queue's head (${xfer(e.transfer)})` : `a ${e.type} from the ${QUEUE_WORDS[e.queue]} (${e.space} space)`} → the ${e.handler} handler`,
    'flash.handler': (e) =>
      e.op === 'start'
        ? null
        : e.op === 'end'
          ? `${at(e)} PP: ${e.what} ends after ${e.busy} cycles`
          : e.op === 'stall'
            ? `${at(e)} PP stalls: ${e.what}`
            : `${at(e)} PP resumes (${e.busy} cycles into the handler)`,
    'flash.mem': (e) =>
      e.op === 'read'
        ? `${at(e)} memory: read ${line(e.line)} — first word at ${e.first}, last at ${e.last}`
        : `${at(e)} memory: write ${line(e.line)}, done at ${e.last}`,
    'flash.cache': (e) =>
      e.op === 'invalidate'
        ? `${at(e)} processor cache: ${line(e.line)} invalidated (${e.from}→I)`
        : `${at(e)} processor cache: a get for ${line(e.line)} (${e.from}→${e.to}) — state at ${e.state}, first word at ${e.first}, last at ${e.last}; the port is not pipelined`,
    'flash.send': (e) =>
      `${at(e)} Outbox: ${e.type}${e.component >= 0 ? ` ${e.component}` : ''} of ${xfer(e.transfer)} → node ${e.to} on the ${e.lane === 1 ? 'reply' : 'request'} lane (${e.bytes} B)`,
    'flash.recvLine': (e) =>
      `${at(e)} MAGIC: component ${e.component} of ${xfer(e.transfer)} written to ${line(e.line)}`,
    'flash.swq': (e) =>
      e.handler === 'forwardHome' && e.op === 'schedule'
        ? `${at(e)} software queue: a line of ${xfer(e.transfer)} is home, but the request queue has no room for its component — a reply never waits for a request's room (that could deadlock), so the software queue will send it from memory`
        : `${at(e)} software queue: ${xfer(e.transfer)} ${e.op === 'reschedule' ? 'rescheduled — the PP is free for other messages' : `scheduled (${e.handler})`}${e.waiting ? `; ${e.waiting} more rest in memory` : ''}`,
    'flash.dir': (e) => `${at(e)} directory: ${line(e.line)} ${e.from}→${e.to} on ${e.event}`,
    'flash.credit': (e) =>
      e.op === 'post'
        ? `${at(e)} MAGIC: the receive is posted — ${e.bytes} B of space announced to the sender`
        : `${at(e)} MAGIC: ${e.bytes} B of credit for ${xfer(e.transfer)}`,
    'flash.xlate': (e) =>
      ({
        add: `${at(e)} MAGIC: page ${e.page} of ${xfer(e.transfer)} linked into the translation hash table`,
        remove: `${at(e)} MAGIC: page ${e.page} of ${xfer(e.transfer)} unlinked`,
        invalidate: `${at(e)} MAGIC: ${xfer(e.transfer)}'s address for page ${e.page} is invalidated (0 in the record)`,
        fault: `${at(e)} MAGIC: ${xfer(e.transfer)} finds its address invalid — it interrupts the processor and waits; other handlers run`,
        resume: `${at(e)} MAGIC: a new translation for page ${e.page}; ${xfer(e.transfer)} resumes`,
        remap: `${at(e)} OS: page ${e.page} of ${xfer(e.transfer)} changes its translation`,
        defer: `${at(e)} MAGIC: hold-off count ${e.holdOff} — the OS waits, and new operations are refused`,
        hold: `${at(e)} MAGIC: hold-off count ${e.holdOff}`,
        release: `${at(e)} MAGIC: ${xfer(e.transfer)} releases hold-off — count ${e.holdOff}`,
      })[e.op],
    'flash.transfer': (e) =>
      e.status === 'done'
        ? `${xfer(e.transfer)} is complete: the receiver has cleaned up`
        : e.status === 'draining'
          ? `${xfer(e.transfer)}: every component has left the sender`
          : e.status === 'waitCredit'
            ? `${xfer(e.transfer)} waits for the receiver to post space`
            : `${xfer(e.transfer)}: ${e.status}`,
    'flash.spin': (e) =>
      `${at(e)} PP: the ${e.handler} handler spins on a full output queue — it holds the PP, so nothing drains node ${e.node}'s input queues (a run-to-completion PP must never block on output [003 L68])`,
  },
  log: {
    who: {
      'flash.spin': (e, a) => a('PP', e.node),
      'flash.cmd': (e, a) => a(e.op === 'commit' || e.op === 'retry' ? 'P' : 'MAGIC', e.node),
      'flash.arrive': (e, a) => a('Inbox', e.node),
      'flash.dispatch': (e, a) => a('Inbox', e.node),
      'flash.handler': (e, a) => a('PP', e.node),
      'flash.mem': (e, a) => a('mem', e.node),
      'flash.cache': (e, a) => a('cache', e.node),
      'flash.send': (e, a) => a('Outbox', e.node),
      'flash.recvLine': (e, a) => a('MAGIC', e.node),
      'flash.swq': (e, a) => a('SWQ', e.node),
      'flash.dir': (e, a) => a('dir', e.node),
      'flash.credit': (e, a) => a('MAGIC', e.node),
      'flash.xlate': (e, a) => a('MAGIC', e.node),
      'flash.transfer': (e, a) => a('MAGIC', e.node),
    },
    text: {
      'flash.arrive': (e) => `${e.type} from node ${e.from} into the ${QUEUE_WORDS[e.queue]}`,
      'flash.handler': (e) =>
        `${e.handler} ${e.op}${e.op === 'end' ? ` (${e.busy} cycles)` : ''}: ${e.what}`,
    },
    style: { 'flash.dir': 'transition', 'flash.arrive': 'transition', 'flash.spin': 'violation' },
  },
};

export function narrateQuietFlash(frame: FlashFrame): string {
  if (frame.cycle === 0)
    return 'Initial state: the programs are about to start. Step forward to begin.';
  if (frame.halted) return 'The run is over.';
  const parts: string[] = [];
  for (const n of frame.nodes) {
    if (n.pp.handler)
      parts.push(
        `node ${n.id}'s PP ${n.pp.stalled ? 'stalls in' : 'runs'} ${n.pp.title} (${n.pp.what})`,
      );
    else if (n.cpu.waiting !== 'none')
      parts.push(`node ${n.id}'s processor waits (${n.cpu.waiting})`);
  }
  if (frame.inFlight.length)
    parts.push(
      `${frame.inFlight.length} message${frame.inFlight.length === 1 ? '' : 's'} in the network`,
    );
  return `Nothing new this cycle${parts.length ? `: ${parts.join('; ')}` : ''}.`;
}

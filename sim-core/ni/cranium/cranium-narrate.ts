/** One line for people per Cranium event, and what a quiet cycle is busy with. */
import type { SimEvent } from '../../trace/events';
import type { CraniumEventBody } from './cranium-events';
import type { CraniumFrame } from './cranium-frame';

type CrEvent = Extract<SimEvent, CraniumEventBody>;

export function describeCraniumEvent(e: CrEvent): string | null {
  const n = `node ${e.node}`;
  switch (e.kind) {
    case 'cr.cpu':
      return e.text === 'program finished'
        ? `${n}'s program finishes`
        : `${n} CPU: ${e.text}${e.cycles ? ` (${e.cycles} cycles)` : ''}`;
    case 'cr.notify':
      return `${n} CPU: ${e.text}`;
    case 'cr.command':
      return `${n} NI: ${e.dir} channel ${e.channel} ${e.result === 'accepted' ? `accepts a command for ${e.packets} packet${e.packets === 1 ? '' : 's'}` : e.result === 'ignored' ? 'IGNORES a command' : 'is reset'} — ${e.why}`;
    case 'cr.lookup':
      return e.result === 'start' && e.why.startsWith('warm')
        ? null
        : `${n} NI: ${e.dir} channel ${e.channel} lookup ${e.result === 'start' ? 'starts' : e.result === 'done' ? 'done' : 'FAILS'} — ${e.why}`;
    case 'cr.dma':
      return `${n} NI: ${e.why}`;
    case 'cr.arrive':
      return `${n} NI: the head of packet ${e.packet} (message ${e.msg}, sequence ${e.sequence}; network packet ${e.netPacket}) enters the inbox (${e.inbox} of 8)`;
    case 'cr.dispatch':
      return `${n} NI: packet ${e.packet} → ${e.to} (${e.why})`;
    case 'cr.place':
      return `${n} NI: packet ${e.packet} written to ${e.where}${e.outOfOrder ? ' — OUT OF ORDER, placed by its sequence number' : ''}${e.remaining >= 0 ? `; ${e.remaining} still to come` : ''}`;
    case 'cr.channel':
      return e.done ? `${n} NI: ${e.dir} channel ${e.channel} reaches 0: done` : null;
    case 'cr.queue':
      return e.op === 'overflow'
        ? `${n} NI: the ${e.queue} queue OVERFLOWS — the tail reaches the head (${e.head})`
        : e.op === 'underflow'
          ? `${n} NI: advance on an empty ${e.queue} queue: UNDERFLOW`
          : e.op === 'overwrite'
            ? `${n} NI: ⚠ an arrival OVERWRITES an unread ${e.queue}-queue entry (overflow without FREEZE)`
            : `${n}: the ${e.queue} queue's head advances to ${e.head}`;
    case 'cr.interrupt':
      return `${n} NI raises an interrupt: ${e.text}`;
    case 'cr.flow':
      return `${n} NI: ${e.from} → ${e.to} (${e.why})`;
    case 'cr.cache':
      return `${n} cache: ${e.line} ${e.from}→${e.to} (${e.why})`;
    case 'cr.barrier':
      return `${n} barrier ${e.from}→${e.to} (${e.why})`;
  }
}

export function narrateQuietCranium(frame: CraniumFrame): string {
  if (frame.cycle === 0)
    return 'Initial state: the programs are about to start. Step forward to begin.';
  if (frame.halted) return 'The run is over.';
  const parts: string[] = [];
  for (const node of frame.nodes) {
    if (node.proc.status === 'spinning')
      parts.push(`node ${node.node} polls (${node.proc.waitingFor})`);
    else if (node.proc.status === 'running' && node.proc.current)
      parts.push(`node ${node.node} runs “${node.proc.current.replace(/\s*;$/, '')}”`);
  }
  const moving = frame.network.packets.length;
  if (moving) parts.push(`${moving} packet${moving === 1 ? '' : 's'} in the network`);
  return `Nothing new this cycle${parts.length ? `: ${parts.join('; ')}` : ''}.`;
}

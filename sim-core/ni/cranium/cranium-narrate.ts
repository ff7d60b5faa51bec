/** One line for people per Cranium event, and what a quiet cycle is busy with. */
import { count } from '../../kernel/words';
import type { EventVocabulary } from '../../model';
import type { CraniumEventBody } from './cranium-events';
import type { CraniumFrame } from './cranium-frame';
import type { CraniumMeta } from './cranium-meta';

const node = (e: { node: number }) => `node ${e.node}`;

export const craniumVocabulary: EventVocabulary<CraniumEventBody, CraniumMeta> = {
  narration: {
    'cr.cpu': (e) =>
      e.text === 'program finished'
        ? `${node(e)}'s program finishes`
        : `${node(e)} CPU: ${e.text}${e.cycles ? ` (${count(e.cycles, 'cycle')})` : ''}`,
    'cr.notify': (e) => `${node(e)} CPU: ${e.text}`,
    'cr.command': (e) =>
      `${node(e)} NI: ${e.dir} channel ${e.channel} ${e.result === 'accepted' ? `accepts a command for ${count(e.packets, 'packet')}` : e.result === 'ignored' ? 'IGNORES a command' : 'is reset'} — ${e.why}`,
    'cr.lookup': (e) =>
      e.result === 'start' && e.why.startsWith('warm')
        ? null
        : `${node(e)} NI: ${e.dir} channel ${e.channel} lookup ${e.result === 'start' ? 'starts' : e.result === 'done' ? 'done' : 'FAILS'} — ${e.why}`,
    'cr.dma': (e) => `${node(e)} NI: ${e.why}`,
    'cr.arrive': (e) =>
      `${node(e)} NI: the head of packet ${e.packet} (message ${e.msg}, sequence ${e.sequence}; network packet ${e.netPacket}) enters the inbox (${e.inbox} of 8)`,
    'cr.dispatch': (e) => `${node(e)} NI: packet ${e.packet} → ${e.to} (${e.why})`,
    'cr.place': (e) =>
      `${node(e)} NI: packet ${e.packet} written to ${e.where}${e.outOfOrder ? ' — OUT OF ORDER, placed by its sequence number' : ''}${e.remaining >= 0 ? `; ${e.remaining} still to come` : ''}`,
    'cr.channel': (e) =>
      e.done ? `${node(e)} NI: ${e.dir} channel ${e.channel} reaches 0: done` : null,
    'cr.queue': (e) =>
      e.op === 'overflow'
        ? `${node(e)} NI: the ${e.queue} queue OVERFLOWS — the tail reaches the head (${e.head})`
        : e.op === 'underflow'
          ? `${node(e)} NI: advance on an empty ${e.queue} queue: UNDERFLOW`
          : e.op === 'overwrite'
            ? `${node(e)} NI: ⚠ an arrival OVERWRITES an unread ${e.queue}-queue entry (overflow without FREEZE)`
            : `${node(e)}: the ${e.queue} queue's head advances to ${e.head}`,
    'cr.interrupt': (e) => `${node(e)} NI raises an interrupt: ${e.text}`,
    'cr.flow': (e) => `${node(e)} NI: ${e.from} → ${e.to} (${e.why})`,
    'cr.cache': (e) => `${node(e)} cache: ${e.line} ${e.from}→${e.to} (${e.why})`,
    'cr.barrier': (e) => `${node(e)} barrier ${e.from}→${e.to} (${e.why})`,
  },
  log: {
    who: {
      'cr.cpu': (e, at) => at('P', e.node),
      'cr.notify': (e, at) => at('P', e.node),
      'cr.cache': (e, at) => at('cache', e.node),
      'cr.command': (e, at) => at('NI', e.node),
      'cr.lookup': (e, at) => at('NI', e.node),
      'cr.dma': (e, at) => at('NI', e.node),
      'cr.arrive': (e, at) => at('NI', e.node),
      'cr.dispatch': (e, at) => at('NI', e.node),
      'cr.place': (e, at) => at('NI', e.node),
      'cr.channel': (e, at) => at('NI', e.node),
      'cr.queue': (e, at) => at('NI', e.node),
      'cr.interrupt': (e, at) => at('NI', e.node),
      'cr.flow': (e, at) => at('NI', e.node),
      'cr.barrier': (e, at) => at('NI', e.node),
    },
  },
};

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
  if (moving) parts.push(`${count(moving, 'packet')} in the network`);
  return `Nothing new this cycle${parts.length ? `: ${parts.join('; ')}` : ''}.`;
}

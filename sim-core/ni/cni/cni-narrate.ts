/** Narration of the coherent-NI model's events and of its quiet cycles. */
import { count } from '../../kernel/words';
import type { EventVocabulary } from '../../model';
import type { CniEventBody } from './cni-events';
import type { CniFrame } from './cni-frame';
import type { CniMeta } from './cni-meta';

const who = (node: number, agent: string) => `${agent}${node === 0 ? '' : `@${node}`}`;

const sourceText = (source: string) =>
  source === 'memory' ? 'memory supplies it' : source === '—' ? '' : `${source} supplies it`;

export const cniVocabulary: EventVocabulary<CniEventBody, CniMeta> = {
  narration: {
    'cni.access': (e) =>
      e.hit
        ? null
        : `${who(e.node, e.agent)} ${e.op} ${e.target} ${e.state === 'I' ? 'misses' : `needs write permission (${e.state})`}: ${e.why}`,
    'cni.txn': (e) => {
      const src = ['RD', 'RDX', 'ITOM'].includes(e.txnKind) ? sourceText(e.source) : '';
      return `${who(e.node, e.agent)}'s ${e.txnKind} ${e.target} holds the bus ${count(e.cycles, 'cycle')}${src ? `, ${src}` : ''}${e.posted ? ' (posted by the bridge)' : ''} — ${e.why}`;
    },
    'cni.coh': (e) => {
      if (e.event === 'Snarf')
        return `${who(e.node, e.agent)} snarfs ${e.target} as it is written back: I→S`;
      if (e.from === e.to || !e.event.startsWith('Other')) return null;
      return `${who(e.node, e.agent)}'s copy of ${e.target} ${e.from}→${e.to}`;
    },
    'cni.nack': (e) =>
      `the I/O bridge NACKs ${who(e.node, e.agent)}'s ${e.target}: both buses started at once; its retry is guaranteed`,
    'cni.msg': (e, meta) => {
      const m = `message ${e.msg}`;
      switch (e.phase) {
        case 'send':
          return e.src === e.dst
            ? `${who(e.node, e.agent)} puts ${m} (${e.bytes} B) into the local queue`
            : `${who(e.node, e.agent)} has handed ${m} (${e.bytes} B) to its NI`;
        case 'blocked':
          return `${who(e.node, e.agent)} cannot send ${m}: no room; ${meta.ni.autoOverflow ? 'arrivals overflow into memory meanwhile, unless its NI interrupts' : 'it drains arrivals meanwhile'}`;
        case 'inject':
          return `${who(e.node, e.agent)} injects ${m} into the network${e.dst >= 0 ? ` for node ${e.dst}` : ''}`;
        case 'arrive':
          return `${m} arrives at ${who(e.node, e.agent)}`;
        case 'accept':
          return `${who(e.node, e.agent)} has taken ${m} in${e.src >= 0 ? '; the acknowledgement goes back' : ''}`;
        case 'receive':
          return `${who(e.node, e.agent)} has received ${m} (${e.latency === null ? 'its send time unknown' : `${count(e.latency, 'cycle')} after it was sent`})`;
        case 'buffer':
          return `${who(e.node, e.agent)} buffers ${m} in user memory (software flow control)`;
        case 'complete':
          return `user message ${e.user} (${e.bytes} B) complete at node ${e.node} after ${e.latency === null ? 'an unknown time' : count(e.latency, 'cycle')}`;
        case 'ack':
          return null;
      }
    },
    'cni.pointer': (e) => `${e.queue}.${e.pointer} = ${e.value} (sense ${e.sense})`,
    'cni.device': (e) => `NI@${e.node}: ${e.what}`,
    'cni.lost': (e) => `⚠ message ${e.msg} LOST: ${e.target} now holds message ${e.got} — ${e.why}`,
    'cni.work': () => null,
  },
  log: {
    who: {
      'cni.access': (e, at) => at(e.agent, e.node),
      'cni.txn': (e, at) => at(e.agent, e.node),
      'cni.coh': (e, at) => at(e.agent, e.node),
      'cni.nack': (e, at) => at(e.agent, e.node),
      'cni.pointer': (e, at) => at(e.agent, e.node),
      'cni.work': (e, at) => at(e.agent, e.node),
      'cni.device': (e, at) => at('NI', e.node),
      'cni.msg': (e) => `msg ${e.msg}`,
      'cni.lost': () => 'check',
    },
    text: {
      // A same-state snoop is left out; other transitions are listed, muted.
      'cni.coh': (e, meta) =>
        e.from === e.to
          ? null
          : (cniVocabulary.narration['cni.coh'](e, meta) ??
            `${e.target} ${e.from}→${e.to} on ${e.event}`),
    },
    style: { 'cni.coh': 'transition', 'cni.lost': 'violation' },
  },
};

export function narrateQuietCni(frame: CniFrame): string {
  if (frame.cycle === 0) return 'Initial state: every queue is empty. Step forward to begin.';
  if (frame.halted) return 'Every message has been delivered.';
  const parts: string[] = [];
  for (const node of frame.nodes) {
    const t = node.bus.current;
    if (t)
      parts.push(
        `${who(node.id, t.agent)}'s ${t.kind} ${t.target} holds bus ${node.id} (${frame.cycle - t.grantedAt} of ${count(t.endsAt - t.grantedAt, 'cycle')})`,
      );
    for (const a of node.agents) {
      if (a.status === 'computing' && a.doing) parts.push(`${who(node.id, a.name)}: ${a.doing}`);
    }
  }
  const flying = frame.network.inFlight.length;
  if (flying) parts.push(`${count(flying, 'message')} in the network`);
  return `Nothing new this cycle${parts.length ? `: ${parts.slice(0, 4).join('; ')}` : ''}.`;
}

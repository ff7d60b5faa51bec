/** Narration of the coherent-NI model's events and of its quiet cycles. */
import type { SimEvent } from '../../trace/events';
import type { CniEventBody } from './cni-events';
import type { CniFrame } from './cni-frame';

const who = (node: number, agent: string) => `${agent}${node === 0 ? '' : `@${node}`}`;

const sourceText = (source: string) =>
  source === 'memory' ? 'memory supplies it' : source === '—' ? '' : `${source} supplies it`;

export function describeCniEvent(e: CniEventBody & Pick<SimEvent, 'cycle'>): string | null {
  switch (e.kind) {
    case 'cni.access':
      if (e.hit) return null;
      return `${who(e.node, e.agent)} ${e.op} ${e.target} ${e.state === 'I' ? 'misses' : `needs write permission (${e.state})`}: ${e.why}`;
    case 'cni.txn': {
      const src = ['RD', 'RDX', 'ITOM'].includes(e.txnKind) ? sourceText(e.source) : '';
      return `${who(e.node, e.agent)}'s ${e.txnKind} ${e.target} holds the bus ${e.cycles} cycles${src ? `, ${src}` : ''}${e.posted ? ' (posted by the bridge)' : ''} — ${e.why}`;
    }
    case 'cni.coh':
      if (e.event === 'Snarf')
        return `${who(e.node, e.agent)} snarfs ${e.target} as it is written back: I→S`;
      if (e.from === e.to || !e.event.startsWith('Other')) return null;
      return `${who(e.node, e.agent)}'s copy of ${e.target} ${e.from}→${e.to}`;
    case 'cni.nack':
      return `the I/O bridge NACKs ${who(e.node, e.agent)}'s ${e.target}: both buses started at once; its retry is guaranteed`;
    case 'cni.msg': {
      const m = `message ${e.msg}`;
      switch (e.phase) {
        case 'send':
          return e.src === e.dst
            ? `${who(e.node, e.agent)} puts ${m} (${e.bytes} B) into the local queue`
            : `${who(e.node, e.agent)} has handed ${m} (${e.bytes} B) to its NI`;
        case 'blocked':
          return `${who(e.node, e.agent)} cannot send ${m}: no room; it drains arrivals meanwhile`;
        case 'inject':
          return `${who(e.node, e.agent)} injects ${m} into the network${e.dst >= 0 ? ` for node ${e.dst}` : ''}`;
        case 'arrive':
          return `${m} arrives at ${who(e.node, e.agent)}`;
        case 'accept':
          return `${who(e.node, e.agent)} has taken ${m} in${e.src >= 0 ? '; the acknowledgement goes back' : ''}`;
        case 'receive':
          return `${who(e.node, e.agent)} has received ${m} (${e.latency} cycles after it was sent)`;
        case 'buffer':
          return `${who(e.node, e.agent)} buffers ${m} in user memory (software flow control)`;
        case 'complete':
          return `user message ${e.user} (${e.bytes} B) complete at node ${e.node} after ${e.latency} cycles`;
        case 'ack':
          return null;
      }
      return null;
    }
    case 'cni.pointer':
      return `${e.queue}.${e.pointer} = ${e.value} (sense ${e.sense})`;
    case 'cni.device':
      return `NI@${e.node}: ${e.what}`;
    case 'cni.lost':
      return `⚠ message ${e.msg} LOST: ${e.target} now holds message ${e.got} — ${e.why}`;
    case 'cni.work':
      return null;
  }
}

export function narrateQuietCni(frame: CniFrame): string {
  if (frame.cycle === 0) return 'Initial state: every queue is empty. Step forward to begin.';
  if (frame.halted) return 'Every message has been delivered.';
  const parts: string[] = [];
  for (const node of frame.nodes) {
    const t = node.bus.current;
    if (t)
      parts.push(
        `${who(node.id, t.agent)}'s ${t.kind} ${t.target} holds bus ${node.id} (${frame.cycle - t.grantedAt} of ${t.endsAt - t.grantedAt} cycles)`,
      );
    for (const a of node.agents) {
      if (a.status === 'computing' && a.doing) parts.push(`${who(node.id, a.name)}: ${a.doing}`);
    }
  }
  const flying = frame.network.inFlight.length;
  if (flying) parts.push(`${flying} message${flying === 1 ? '' : 's'} in the network`);
  return `Nothing new this cycle${parts.length ? `: ${parts.slice(0, 4).join('; ')}` : ''}.`;
}

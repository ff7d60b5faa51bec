/** Narration of the EDT model's events and of its quiet cycles. */
import type { EventVocabulary } from '../../model';
import type { EdtEventBody } from './edt-events';
import type { EdtFrame } from './edt-frame';
import type { EdtMeta } from './edt-meta';

const who = (node: number, agent: string) => `${agent}@${node}`;
const hex = (n: number) => `0x${n.toString(16)}`;

const AGENT_WORDS: Readonly<Record<string, string>> = {
  P: 'the host processor',
  NI: 'the NI processor (VI-MSG)',
  CC: "the EDT NI's cache controller",
  DMA: 'the DMA engine',
};

const source = (s: string) =>
  s === 'memory' ? ', memory supplies it' : s === '—' || s === '' ? '' : `, ${s} supplies it`;

export const edtVocabulary: EventVocabulary<EdtEventBody, EdtMeta> = {
  narration: {
    'edt.access': (e) =>
      e.hit
        ? null
        : `${who(e.node, e.agent)} ${e.op}s ${e.target}: ${e.state === 'I' ? 'a miss' : `needs write permission (${e.state})`} — ${e.why}`,
    'edt.txn': (e) => {
      const data = ['RD', 'RDX', 'DMARD'].includes(e.txnKind) ? source(e.source) : '';
      const refused =
        e.txnKind === 'RETRY' ? `: ${e.source} refuses and writes the block back first` : '';
      return `${who(e.node, e.agent)}'s ${e.txnKind} ${e.target} holds the bus ${e.cycles} cycles${data}${refused} — ${e.why}`;
    },
    'edt.coh': (e) =>
      e.from === e.to || !e.event.startsWith('Other')
        ? null
        : `${who(e.node, e.agent)}'s copy of ${e.target} ${e.from}→${e.to}`,
    'edt.tag': (e) =>
      `TAG entry ${e.entry} (${e.region}) matches ${e.by === 'P' ? `the host's ${e.txnKind}` : `the NI's own ${e.txnKind}`} of ${e.target}: host ${hex(e.hostAddr)} is NI ${hex(e.niAddr)} (SNA + address − SHA)`,
    'edt.st': (e) =>
      e.from === e.to
        ? null
        : `NI@${e.node} block ${e.target}: ${e.from}→${e.to} on ${e.event}${e.actions.length ? ` (${e.actions.join(', ')})` : ''} — ${e.why}`,
    'edt.fetch': (e) =>
      e.stage === 'scheduled'
        ? `NI@${e.node} will read ${e.target} at cycle ${e.at}: ${e.why}`
        : e.stage === 'issued'
          ? `NI@${e.node} asks the bus for ${e.target} (a snoop-triggered fetch)`
          : `NI@${e.node} holds ${e.target} again (S)${source(e.source)}`,
    'via.step': (e) =>
      `${e.step} (message ${e.msg}, ${AGENT_WORDS[e.actor] ?? e.actor}@${e.node}): ${e.what}`,
    'edt.msg': (e) => {
      const m = `message ${e.msg} (${e.bytes} B, node ${e.src} → ${e.dst})`;
      switch (e.phase) {
        case 'post':
          return null;
        case 'start':
          return `VipPostSend(): ${m} starts`;
        case 'send':
          return `NI@${e.node} sends ${m} into the network`;
        case 'arrive':
          return `${m} reaches NI@${e.node}`;
        case 'complete':
          return `${m} is received: ${e.latency} cycles after VipPostSend()`;
      }
    },
    'edt.stale': (e) =>
      `⚠ STALE at ${e.where === 'receiver' ? `the receiver, node ${e.node}` : e.where === 'ni' ? `NI@${e.node}` : `host ${e.node}`}: ${e.target}, message ${e.msg} — ${e.detail}`,
  },
  log: {
    who: {
      'edt.access': (e, at) => at(e.agent, e.node),
      'edt.txn': (e, at) => at(e.agent, e.node),
      'edt.coh': (e, at) => at(e.agent, e.node),
      'edt.tag': (e, at) => at('TAG', e.node),
      'edt.st': (e, at) => at('NI', e.node),
      'edt.fetch': (e, at) => at('CC', e.node),
      'via.step': (e, at) => at(e.actor, e.node),
      'edt.msg': (e) => `msg ${e.msg}`,
      'edt.stale': () => 'check',
    },
    text: {
      'edt.coh': (e, meta) =>
        e.from === e.to
          ? null
          : (edtVocabulary.narration['edt.coh'](e, meta) ??
            `${e.target} ${e.from}→${e.to} on ${e.event}`),
      'edt.st': (e) =>
        `${e.target} ${e.from}→${e.to} on ${e.event}${e.actions.length ? ` (${e.actions.join(', ')})` : ''}`,
    },
    style: { 'edt.coh': 'transition', 'edt.st': 'transition', 'edt.stale': 'violation' },
  },
};

export function narrateQuietEdt(frame: EdtFrame): string {
  if (frame.cycle === 0)
    return 'Registration is done: the NI holds its copies. Step forward to begin.';
  if (frame.halted) return 'Every message has been received.';
  const parts: string[] = [];
  for (const node of frame.nodes) {
    const t = node.bus.current;
    if (t)
      parts.push(
        `${who(node.id, t.agent)}'s ${t.kind} ${t.target} holds bus ${node.id} (${frame.cycle - t.grantedAt} of ${t.endsAt - t.grantedAt} cycles)`,
      );
    for (const a of node.agents)
      if (a.status === 'computing' && a.doing) parts.push(`${who(node.id, a.name)}: ${a.doing}`);
    const d = node.dma;
    if (d && d.state !== 'idle' && d.current)
      parts.push(`DMA@${node.id}: ${d.state} of "${d.current.label}"`);
  }
  return `Nothing new this cycle${parts.length ? `: ${parts.slice(0, 4).join('; ')}` : ''}`;
}

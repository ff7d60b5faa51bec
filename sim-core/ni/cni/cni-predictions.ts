/**
 * The coherent-NI model's "predict, then see" questions (seed 000): a queue pointer's value after
 * its next update (lazy pointers, sense reverse, §B.3), and the next transaction on a node's bus
 * with who issues it, answered with the protocol rows that fired.
 */
import type { SnoopingProtocol } from '../../memory/protocols/snooping-vocabulary';
import { tellWith } from '../../model';
import {
  eventsFrom,
  firstAfter,
  logEvents,
  range,
  windowed,
  type PredictionKindSpec,
  type RuleFired,
} from '../../teaching/prediction-kind';
import type { EventStamp } from '../../trace/common-events';
import type { CniEventBody, CniModelEvent } from './cni-events';
import type { CniFrame } from './cni-frame';
import type { CniMeta } from './cni-meta';
import { cniVocabulary } from './cni-narrate';
import { AGENT_NAMES, CNI_TXN_KINDS, type CniTxnKind } from './cni-state';

type CniLogEvent = CniModelEvent & EventStamp;
type Coherence = Extract<CniEventBody, { kind: 'cni.coh' }> & EventStamp;
type CniPredictionKind = PredictionKindSpec<CniModelEvent, CniMeta, CniFrame>;

export const queuePointer: CniPredictionKind = {
  name: 'queuePointer',
  title: "A queue pointer's value after its next update",
  panels: ['queue'],
  find(run, cycle, target) {
    const log = run.log;
    for (const [e, index] of eventsFrom(run, firstAfter(log, cycle))) {
      if (e.kind !== 'cni.pointer') continue;
      if (target.node !== undefined && e.node !== target.node) continue;
      if (target.queue !== undefined && e.queue !== target.queue) continue;
      if (target.pointer !== undefined && e.pointer !== target.pointer) continue;
      return {
        event: e,
        index,
        facts: { node: e.node, queue: e.queue, pointer: e.pointer },
        deciding: [e],
        value: `${e.value}/${e.sense}`,
        shownAt: e.cycle,
      };
    }
    return null;
  },
  ask(run, cycle, found) {
    const { node, queue, pointer } = found.facts;
    const slots = run.meta.queues.find((q) => q.name === queue)?.slots ?? 8;
    const e = found.event;
    const actual = e.kind === 'cni.pointer' ? e.value : 0;
    const values = windowed(range(slots), actual, 8);
    const who =
      pointer === 'shadowHead'
        ? "the sender's shadow copy of head (lazy pointers)"
        : pointer === 'tail'
          ? 'the tail (where the sender writes next)'
          : 'the head (where the receiver reads next)';
    return {
      prompt: `It is cycle ${cycle}. Node ${node}'s queue "${queue}" has ${slots} slots. What will ${who} hold after its next update: which slot, and which sense bit?`,
      options: values.flatMap((v) =>
        [0, 1].map((s) => ({
          value: `${v}/${s}`,
          label: `slot ${v}, sense ${s}`,
          group: `sense ${s}`,
          short: `slot ${v}`,
        })),
      ),
    };
  },
  explain(run, found) {
    const e = found.event;
    if (e.kind !== 'cni.pointer') return { text: '', rules: [] };
    const moved =
      e.pointer === 'shadowHead'
        ? 'The sender refreshes its shadow of head only when the shadow says the queue is full (lazy pointers): it reads the real head, which costs a bus transaction.'
        : `The ${e.agent === 'NI' ? 'NI' : `processor ${e.agent}`} advances ${e.pointer} by one slot, modulo the number of slots; passing the last slot flips the sense bit (sense reverse), so a full queue and an empty one differ even when head = tail.`;
    return {
      text: `Node ${e.node}: ${tellWith(cniVocabulary, e, run.meta) ?? ''} at cycle ${e.cycle}. ${moved}`,
      rules: [],
    };
  },
  shown(frame, events, facts) {
    const q = frame.nodes[facts.node!]?.queues.find((v) => v.name === facts.queue);
    const pointer = facts.pointer;
    const updates = events.flatMap((e) =>
      e.kind === 'cni.pointer' &&
      e.node === facts.node &&
      e.queue === facts.queue &&
      e.pointer === pointer
        ? [`${e.value}/${e.sense}`]
        : [],
    );
    if (!q) return updates;
    const now =
      pointer === 'head'
        ? `${q.head}/${q.receiverSense}`
        : pointer === 'tail'
          ? `${q.tail}/${q.senderSense}`
          : `${q.shadowHead}/${q.shadowSense}`;
    return [...updates, now];
  },
};

const CNI_TXN_TEXT: Record<CniTxnKind, string> = {
  RD: 'read a block',
  RDX: 'read a block to write it',
  ITOM: 'take ownership without the data (a whole-block write)',
  INV: 'invalidate the other copies (an upgrade)',
  WB: 'write a dirty block back to memory',
  UCR8: 'an uncached 8-byte read (a device register)',
  UCW8: 'an uncached 8-byte write (a device register)',
};

/** A coherent NI's coherence row as a rule: `NI: S × Store → SM_A (requestBus)`. */
function cniRuleOf(protocol: SnoopingProtocol, e: Coherence): RuleFired {
  const actions = [...e.actions];
  const meaning = protocol.events[e.event]?.desc ?? e.event;
  return {
    protocol: protocol.name,
    from: e.from,
    event: e.event,
    to: e.to,
    actions,
    text: `${e.agent} ${e.target}: ${protocol.name} ${e.from} × ${e.event} → ${e.to}${actions.length ? ` (${actions.join(', ')})` : ''} — ${meaning}`,
  };
}

export const cniTransaction: CniPredictionKind = {
  name: 'cniTransaction',
  title: "The next transaction on a node's memory bus and who issues it",
  panels: ['cdr', 'queue', 'buses'],
  find(run, cycle, target) {
    const log = run.log;
    for (const [e, index] of eventsFrom(run, firstAfter(log, cycle))) {
      if (e.kind !== 'cni.txn') continue;
      if (target.node !== undefined && e.node !== target.node) continue;
      // The row that asked for the bus, and the rows the transaction itself fired.
      let request: CniLogEvent | null = null;
      for (let i = index - 1; i >= 0; i--) {
        const t = log.at(i)!;
        if (
          t.kind === 'cni.coh' &&
          t.node === e.node &&
          t.agent === e.agent &&
          t.target === e.target &&
          t.actions.includes('requestBus')
        ) {
          request = t;
          break;
        }
        if (t.kind === 'cni.txn' && t.node === e.node && t.agent === e.agent) break;
      }
      // The grant's rows are logged just before the transaction, in the same cycle.
      const fired: CniLogEvent[] = [];
      for (let i = index - 1; i >= 0 && log.at(i)!.cycle === e.cycle; i--) {
        const t = log.at(i)!;
        if (t.kind === 'cni.coh' && t.txn === e.txn && t.node === e.node) fired.unshift(t);
      }
      return {
        event: e,
        index,
        facts: { node: e.node },
        deciding: [e, ...(request ? [request] : []), ...fired],
        value: `${e.txnKind}:${e.agent}`,
        shownAt: e.cycle,
      };
    }
    return null;
  },
  ask(run, cycle, found) {
    const node = found.facts.node!;
    // P1 is an agent only where the workload has a second processor on the bus (E4's local queue).
    const agents = AGENT_NAMES.filter(
      (a) =>
        a !== 'P1' ||
        [...logEvents(run.log)].some((e) => e.kind === 'cni.access' && e.agent === 'P1'),
    );
    return {
      prompt: `It is cycle ${cycle}. Which transaction will node ${node}'s memory bus carry next, and who issues it: the processor or the NI?`,
      options: agents.flatMap((a) =>
        CNI_TXN_KINDS.map((k) => ({
          value: `${k}:${a}`,
          label: `${a === 'NI' ? 'the NI' : a}: ${k} — ${CNI_TXN_TEXT[k]}`,
          group: a === 'NI' ? 'the NI' : a,
          short: k,
          hint: CNI_TXN_TEXT[k],
        })),
      ),
    };
  },
  explain(run, found) {
    const { protocol } = run.meta;
    const rules = found.deciding
      .filter((e): e is Coherence => e.kind === 'cni.coh')
      .map((e) => cniRuleOf(protocol, e));
    return {
      text: `Cycle ${found.event.cycle}: ${tellWith(cniVocabulary, found.event, run.meta) ?? ''}.${rules.length ? ` Rules: ${rules.map((r) => r.text).join('; ')}.` : ''}`,
      rules,
    };
  },
  shown(frame, _events, facts) {
    const bus = frame.nodes[facts.node!]?.bus;
    if (!bus) return [];
    return [...(bus.current ? [bus.current] : []), ...bus.recent]
      .filter((t) => t.grantedAt === frame.cycle)
      .map((t) => `${t.kind}:${t.agent}`);
  },
};

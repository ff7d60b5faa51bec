/**
 * The EDT model's "predict, then see" questions: the next status of an NI block (niBlockState:
 * the EDT NI's table, seed 002 §4), and the next transaction on a host's bus with who issues it
 * (edtTransaction: the host, the EDT NI's controller, the DMA engine), each explained with the
 * table row that fired.
 */
import { tellWith } from '../../model';
import {
  eventsFrom,
  firstAfter,
  type PredictionKindSpec,
  type RuleFired,
} from '../../teaching/prediction-kind';
import type { EventStamp } from '../../trace/common-events';
import type { EdtEventBody, EdtModelEvent } from './edt-events';
import type { EdtFrame } from './edt-frame';
import type { EdtMeta } from './edt-meta';
import { edtVocabulary } from './edt-narrate';

type Kind = PredictionKindSpec<EdtModelEvent, EdtMeta, EdtFrame>;
type NiStatus = Extract<EdtEventBody, { kind: 'edt.st' }> & EventStamp;
type Coherence = Extract<EdtEventBody, { kind: 'edt.coh' }> & EventStamp;

const stRule = (meta: EdtMeta, e: NiStatus): RuleFired => {
  const p = meta.niProtocol;
  return {
    protocol: p.name,
    from: e.from,
    event: e.event,
    to: e.to,
    actions: [...e.actions],
    text: `${p.name}: ${e.from} × ${e.event} → ${e.to}${e.actions.length ? ` (${e.actions.join(', ')})` : ''} — ${p.events[e.event]?.desc ?? e.event}`,
  };
};

export const niBlockState: Kind = {
  name: 'niBlockState',
  title: "The next status of a block in the EDT NI's memory",
  panels: ['edtni'],
  find(run, cycle, target) {
    for (const [e, index] of eventsFrom(run, firstAfter(run.log, cycle))) {
      if (e.kind !== 'edt.st' || e.from === e.to) continue;
      if (target.node !== undefined && e.node !== target.node) continue;
      if (target.block !== undefined && run.meta.blocks[target.block]?.name !== e.target) continue;
      return {
        event: e,
        index,
        facts: { node: e.node, block: run.meta.blocks.find((b) => b.name === e.target)?.id },
        deciding: [e],
        value: e.to,
        shownAt: e.cycle,
      };
    }
    return null;
  },
  ask(run, cycle, found) {
    const e = found.event as NiStatus;
    const p = run.meta.niProtocol;
    return {
      prompt: `It is cycle ${cycle}. NI@${e.node}'s block ${e.target} is ${e.from}. What will its status be after its next change, and why?`,
      options: p.stateOrder
        .filter((s) => s !== e.from)
        .map((s) => ({ value: s, label: `${s} — ${p.states[s]!.desc}` })),
    };
  },
  explain(run, found) {
    const e = found.event as NiStatus;
    const rule = stRule(run.meta, e);
    return {
      text: `Cycle ${e.cycle}: ${tellWith(edtVocabulary, e, run.meta) ?? ''} Rule: ${rule.text}.`,
      rules: [rule],
    };
  },
  shown(frame, events, facts, { meta }) {
    // The NI panel's status column: the block's changes this cycle, then where it ends.
    const name = meta.blocks.find((b) => b.id === facts.block)?.name;
    const block = frame.nodes[facts.node!]?.blocks.find((b) => b.name === name);
    const changes = events.flatMap((e) =>
      e.kind === 'edt.st' && e.node === facts.node && e.target === name ? [e.to] : [],
    );
    return block?.ni ? [...changes, block.ni] : changes;
  },
};

const TXN_TEXT: Readonly<Record<string, string>> = {
  RD: 'read a block',
  RDX: 'read a block to write it',
  INV: 'invalidate the other copies',
  WB: 'write a block to memory',
  RETRY: 'a refusal: the owner writes back first',
  DMARD: 'a DMA read of a block',
  DMAWR: 'a DMA write of a block',
  UCW8: 'an uncached store (a doorbell)',
};

const AGENTS: Readonly<Record<string, string>> = {
  P: 'the host',
  CC: "the EDT NI's controller",
  DMA: 'the DMA engine',
  NI: 'the NI processor',
};

export const edtTransaction: Kind = {
  name: 'edtTransaction',
  title: "The next transaction on a host's bus and who issues it",
  panels: ['log'],
  find(run, cycle, target) {
    const log = run.log;
    for (const [e, index] of eventsFrom(run, firstAfter(log, cycle))) {
      if (e.kind !== 'edt.txn') continue;
      if (target.node !== undefined && e.node !== target.node) continue;
      const fired: (EdtModelEvent & EventStamp)[] = [];
      for (let i = index - 1; i >= 0 && log.at(i)!.cycle === e.cycle; i--) {
        const t = log.at(i)!;
        if (t.kind === 'edt.coh' && t.txn === e.txn && t.node === e.node) fired.unshift(t);
      }
      return {
        event: e,
        index,
        facts: { node: e.node },
        deciding: [e, ...fired],
        value: `${e.txnKind}:${e.agent}`,
        shownAt: e.cycle,
      };
    }
    return null;
  },
  ask(run, cycle, found) {
    const node = found.facts.node!;
    const agents = run.meta.mechanism === 'eager' ? ['P', 'CC', 'NI'] : ['P', 'DMA', 'NI'];
    const kinds =
      run.meta.mechanism === 'eager'
        ? ['RD', 'RDX', 'INV', 'WB', 'UCW8']
        : ['RD', 'RDX', 'INV', 'WB', 'RETRY', 'DMARD', 'DMAWR', 'UCW8'];
    return {
      prompt: `It is cycle ${cycle}. Which transaction will host ${node}'s bus carry next, and who issues it?`,
      options: agents.flatMap((a) =>
        kinds.map((k) => ({
          value: `${k}:${a}`,
          label: `${AGENTS[a]}: ${k} — ${TXN_TEXT[k]}`,
          group: AGENTS[a],
          short: k,
          hint: TXN_TEXT[k],
        })),
      ),
    };
  },
  explain(run, found) {
    const { protocol } = run.meta;
    const rules = found.deciding
      .filter((e): e is Coherence => e.kind === 'edt.coh')
      .map((e): RuleFired => ({
        protocol: protocol.name,
        from: e.from,
        event: e.event,
        to: e.to,
        actions: [...e.actions],
        text: `${e.agent} ${e.target}: ${protocol.name} ${e.from} × ${e.event} → ${e.to} — ${protocol.events[e.event]?.desc ?? e.event}`,
      }));
    return {
      text: `Cycle ${found.event.cycle}: ${tellWith(edtVocabulary, found.event, run.meta) ?? ''}.${rules.length ? ` Rules: ${rules.map((r) => r.text).join('; ')}.` : ''}`,
      rules,
    };
  },
  shown(_frame, events, facts) {
    // The event log's rows for the host's bus this cycle.
    return events.flatMap((e) =>
      e.kind === 'edt.txn' && e.node === facts.node ? [`${e.txnKind}:${e.agent}`] : [],
    );
  },
};

/**
 * The bus model's "predict, then see" questions: a block's state in a cache after the next bus
 * transaction on it, and the next transaction with its requester, each answered with the
 * protocol-table rows that fired.
 */
import { hex } from '../kernel/hex';
import type { SnoopingEvent, SnoopingProtocol } from '../memory/protocols/snooping-vocabulary';
import { tellWith } from '../model';
import {
  eventsFrom,
  exploreThrough,
  firstAfter,
  range,
  type PredictionKindSpec,
  type PredictionRun,
  type PredictionTarget,
  type RuleFired,
} from '../teaching/prediction-kind';
import type { EventStamp } from '../trace/common-events';
import type { BusEventBody, BusModelEvent } from './bus-events';
import type { BusFrame } from './bus-frame';
import type { BusMeta } from './bus-meta';
import { busVocabulary } from './bus-narrate';
import type { BusTxnKind } from './bus-types';

type BusLogEvent = BusModelEvent & EventStamp;
type Transition = Extract<BusEventBody, { kind: 'coh.transition' }> & EventStamp;
type BusRun = PredictionRun<BusModelEvent, BusMeta>;
type BusPredictionKind = PredictionKindSpec<BusModelEvent, BusMeta, BusFrame>;

const TXN_TEXT: Record<BusTxnKind, string> = {
  RD: 'read the block',
  RDX: 'read the block to write it',
  INV: 'invalidate the other copies (an upgrade)',
  WB: 'write a dirty block back to memory',
};

function ruleOf(protocol: SnoopingProtocol, e: Transition): RuleFired {
  const actions = [...e.actions];
  const meaning = protocol.events[e.event as SnoopingEvent]?.desc ?? e.event;
  return {
    protocol: protocol.name,
    from: e.from,
    event: e.event,
    to: e.to,
    actions,
    text: `${protocol.name}: ${e.from} × ${e.event} → ${e.to}${actions.length ? ` (${actions.join(', ')})` : ''} — ${meaning}`,
  };
}

/** The state of a block in a cache after all events up to and including `cycle` (I if never seen). */
function stateAt(run: BusRun, cache: number, block: number, cycle: number): string {
  const log = run.log;
  for (let i = firstAfter(log, cycle) - 1; i >= 0; i--) {
    const e = log[i]!;
    if (e.kind === 'coh.transition' && e.cache === cache && e.block === block) return e.to;
  }
  return 'I';
}

export const cacheState: BusPredictionKind = {
  name: 'cacheState',
  title: 'The state of a block in a cache after the next bus transaction on it',
  find(run, cycle, target) {
    const { protocol } = run.meta;
    const log = run.log;
    for (const [e, index] of eventsFrom(run, firstAfter(log, cycle))) {
      if (e.kind !== 'bus.grant') continue;
      if (target.block !== undefined && e.block !== target.block) continue;
      const asked = target.cache ?? e.requester;
      if (asked !== e.requester && !e.snoops.some((s) => s.cache === asked)) continue;
      // Every transition a transaction causes is stamped with it, at its grant or completion.
      exploreThrough(run, e.endsAt);
      const deciding: BusLogEvent[] = [e];
      let last: Transition | null = null;
      for (let i = index + 1; i < log.length && log[i]!.cycle <= e.endsAt; i++) {
        const t = log[i]!;
        if (t.kind === 'coh.transition' && t.txn === e.txn && t.cache === asked) {
          deciding.push(t);
          last = t;
        }
      }
      if (!last || protocol.states[last.to]?.transient !== false) continue;
      return { event: e, index, facts: { cache: asked, block: e.block }, deciding, value: last.to };
    }
    return null;
  },
  ask(run, cycle, found) {
    const { protocol, geometry } = run.meta;
    const cache = found.facts.cache!;
    const block = found.facts.block!;
    const now = stateAt(run, cache, block, cycle);
    return {
      prompt: `Block ${hex(block * geometry.blockBytes)} is in state ${now} in P${cache}'s cache now (cycle ${cycle}). In which state will P${cache} hold it once the next bus transaction on this block is over?`,
      options: protocol.stateOrder
        .filter((s) => protocol.states[s] && !protocol.states[s].transient)
        .map((s) => ({ value: s, label: `${s} — ${protocol.states[s]!.desc}` })),
    };
  },
  explain(run, found) {
    const { protocol } = run.meta;
    const grant = found.event;
    const rules = found.deciding
      .filter((e): e is Transition => e.kind === 'coh.transition')
      .map((e) => ruleOf(protocol, e));
    const cache = found.facts.cache!;
    const role =
      grant.kind === 'bus.grant' && grant.requester === cache
        ? `P${cache} is the requester`
        : `P${cache} snoops it`;
    return {
      text: `${tellWith(busVocabulary, grant, run.meta)}. ${role}: ${rules.map((r) => r.text).join('; then ')}.`,
      rules,
    };
  },
};

export const nextBusTransaction: BusPredictionKind = {
  name: 'nextBusTransaction',
  title: 'The next bus transaction and its requester',
  find(run, cycle, target) {
    const log = run.log;
    for (const [e, index] of eventsFrom(run, firstAfter(log, cycle))) {
      if (e.kind !== 'bus.grant') continue;
      if (target.block !== undefined && e.block !== target.block) continue;
      if (target.cache !== undefined && e.requester !== target.cache) continue;
      // The protocol row that queued the request: the last one asking for the bus for this block.
      let request: BusLogEvent | null = null;
      for (let i = index - 1; i >= 0; i--) {
        const t = log[i]!;
        if (
          t.kind === 'coh.transition' &&
          t.cache === e.requester &&
          t.block === e.block &&
          (t.actions.includes('requestBus') || t.actions.includes('toWbBuffer'))
        ) {
          request = t;
          break;
        }
      }
      let grantRow: BusLogEvent | null = null;
      for (let i = index + 1; i < log.length && log[i]!.cycle === e.cycle; i++) {
        const t = log[i]!;
        if (t.kind === 'coh.transition' && t.txn === e.txn && t.cache === e.requester) grantRow = t;
      }
      const deciding = [e, ...(request ? [request] : []), ...(grantRow ? [grantRow] : [])];
      const facts: PredictionTarget = {};
      if (target.block !== undefined) facts.block = target.block;
      if (target.cache !== undefined) facts.cache = target.cache;
      return { event: e, index, facts, deciding, value: `${e.txnKind}:${e.requester}` };
    }
    return null;
  },
  ask(run, cycle, found) {
    const { nodes, geometry } = run.meta;
    const about =
      found.facts.block !== undefined
        ? ` on block ${hex(found.facts.block * geometry.blockBytes)}`
        : '';
    const whose = found.facts.cache !== undefined ? ` requested by P${found.facts.cache}` : '';
    const kinds: BusTxnKind[] = ['RD', 'RDX', 'INV', 'WB'];
    return {
      prompt: `It is cycle ${cycle}. Which bus transaction${about}${whose} will be granted next, and for which cache?`,
      options: range(nodes).flatMap((p) =>
        kinds.map((k) => ({ value: `${k}:${p}`, label: `P${p}: ${k} — ${TXN_TEXT[k]}` })),
      ),
    };
  },
  explain(run, found) {
    const { protocol } = run.meta;
    const grant = found.event;
    const rules = found.deciding
      .filter((e): e is Transition => e.kind === 'coh.transition')
      .map((e) => ruleOf(protocol, e));
    const why =
      grant.kind === 'bus.grant'
        ? " The oldest waiting request wins an idle bus; its kind is decided at the grant from the requester's line state."
        : '';
    return {
      text: `${tellWith(busVocabulary, grant, run.meta)}.${why}${rules.length ? ` Rules: ${rules.map((r) => r.text).join('; ')}.` : ''}`,
      rules,
    };
  },
};

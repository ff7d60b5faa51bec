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
    const e = log.at(i)!;
    if (e.kind === 'coh.transition' && e.cache === cache && e.block === block) return e.to;
  }
  return 'I';
}

/** The grant of a transaction, found back from one of its transitions (null if not logged). */
function grantOf(run: BusRun, txn: number, before: number): BusLogEvent | null {
  for (let i = before; i >= 0; i--) {
    const e = run.log.at(i)!;
    if (e.kind === 'bus.grant' && e.txn === txn) return e;
  }
  return null;
}

/** The transitions as the caches panel shows a line's cycle: `SM_A → M → O`. */
const passage = (ts: readonly Transition[]): string =>
  ts.length ? [ts[0]!.from, ...ts.map((t) => t.to)].join(' → ') : '';

export const cacheState: BusPredictionKind = {
  name: 'cacheState',
  title: 'The state of a block in a cache after the next bus transaction on it',
  panels: ['caches', 'bus'],
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
      let at = index;
      for (let i = index + 1; i < log.length && log.at(i)!.cycle <= e.endsAt; i++) {
        const t = log.at(i)!;
        if (t.kind === 'coh.transition' && t.txn === e.txn && t.cache === asked) {
          deciding.push(t);
          last = t;
          at = i;
        }
      }
      if (!last || protocol.states[last.to]?.transient !== false) continue;
      // A grant in the same cycle (the next request wins the bus the cycle this one completes)
      // may move the line on again: the views show both.
      const then: BusLogEvent[] = [];
      for (let i = at + 1; i < log.length && log.at(i)!.cycle === last.cycle; i++) {
        const t = log.at(i)!;
        if (t.kind === 'coh.transition' && t.cache === asked && t.block === e.block) then.push(t);
      }
      return {
        event: e,
        index,
        facts: { cache: asked, block: e.block },
        deciding,
        value: last.to,
        shownAt: last.cycle,
        then,
      };
    }
    return null;
  },
  ask(run, cycle, found) {
    const { protocol, geometry } = run.meta;
    const cache = found.facts.cache!;
    const block = found.facts.block!;
    const now = stateAt(run, cache, block, cycle);
    return {
      prompt: `Block ${hex(block * geometry.blockBytes)} is in state ${now} in P${cache}'s cache now (cycle ${cycle}). In which state will P${cache} hold it once the next bus transaction on this block has done its part in P${cache}'s cache?`,
      options: protocol.stateOrder
        .filter((s) => protocol.states[s] && !protocol.states[s].transient)
        .map((s) => ({
          value: s,
          label: `${s} — ${protocol.states[s]!.desc}`,
          short: s,
          hint: protocol.states[s]!.desc,
        })),
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
    const own = found.deciding.filter((e): e is Transition => e.kind === 'coh.transition');
    const then = (found.then ?? []).filter((e): e is Transition => e.kind === 'coh.transition');
    const at = `P${cache} holds it in ${found.value} at cycle ${found.shownAt}`;
    let after = '';
    if (then.length > 0) {
      const txn = then[0]!.txn;
      const next = txn === null ? null : grantOf(run, txn, run.log.length - 1);
      const why = next ? `${tellWith(busVocabulary, next, run.meta)}, and ` : '';
      after = ` In that same cycle ${why}P${cache}'s copy moves on: ${then.map((t) => ruleOf(protocol, t).text).join('; then ')}. The caches panel lists the states the line passed through in this cycle: ${passage([...own.filter((t) => t.cycle === found.shownAt), ...then])}.`;
    }
    return {
      text: `${tellWith(busVocabulary, grant, run.meta)}. ${role}: ${rules.map((r) => r.text).join('; then ')}. ${at}.${after}`,
      rules,
    };
  },
  shown(frame, events, facts) {
    // Its line, else its write-back buffer entry (a victim on its way to memory), else I.
    const cache = frame.caches[facts.cache!];
    const line =
      cache?.lines.find((l) => l.block === facts.block && l.state !== 'I') ??
      cache?.wbBuffer.find((w) => w.block === facts.block);
    const passed = events.flatMap((e) =>
      e.kind === 'coh.transition' && e.cache === facts.cache && e.block === facts.block
        ? [e.to]
        : [],
    );
    return [...passed, line?.state ?? 'I'];
  },
};

export const nextBusTransaction: BusPredictionKind = {
  name: 'nextBusTransaction',
  title: 'The next bus transaction and its requester',
  panels: ['bus'],
  find(run, cycle, target) {
    const log = run.log;
    for (const [e, index] of eventsFrom(run, firstAfter(log, cycle))) {
      if (e.kind !== 'bus.grant') continue;
      if (target.block !== undefined && e.block !== target.block) continue;
      if (target.cache !== undefined && e.requester !== target.cache) continue;
      // The protocol row that queued the request: the last one asking for the bus for this block.
      let request: BusLogEvent | null = null;
      for (let i = index - 1; i >= 0; i--) {
        const t = log.at(i)!;
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
      for (let i = index + 1; i < log.length && log.at(i)!.cycle === e.cycle; i++) {
        const t = log.at(i)!;
        if (t.kind === 'coh.transition' && t.txn === e.txn && t.cache === e.requester) grantRow = t;
      }
      const deciding = [e, ...(request ? [request] : []), ...(grantRow ? [grantRow] : [])];
      const facts: PredictionTarget = {};
      if (target.block !== undefined) facts.block = target.block;
      if (target.cache !== undefined) facts.cache = target.cache;
      return {
        event: e,
        index,
        facts,
        deciding,
        value: `${e.txnKind}:${e.requester}`,
        shownAt: e.cycle,
      };
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
        kinds.map((k) => ({
          value: `${k}:${p}`,
          label: `P${p}: ${k} — ${TXN_TEXT[k]}`,
          group: `P${p}`,
          short: k,
          hint: TXN_TEXT[k],
        })),
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
  shown(frame) {
    const { current, recent } = frame.bus;
    return [...(current ? [current] : []), ...recent]
      .filter((t) => t.grantedAt === frame.cycle)
      .map((t) => `${t.kind}:${t.requester}`);
  },
};

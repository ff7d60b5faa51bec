/**
 * FUGU's "predict, then see" questions (round2-spec §B3.3): how the next message to arrive will
 * reach its handler — fast upcall, poll or buffered (or a cross-domain upcall) — decided by the
 * dispatch rule's row and the mismatch policy; and which of the four UAC bits changes next.
 */
import { tellWith } from '../../model';
import {
  eventsFrom,
  firstAfter,
  logEvents,
  type PredictionKindSpec,
} from '../../teaching/prediction-kind';
import { DISPATCH_RULE } from './dispatch-rule';
import type { FuguModelEvent } from './fugu-events';
import type { FuguFrame } from './fugu-frame';
import type { FuguMeta } from './fugu-meta';
import { fuguVocabulary } from './fugu-narrate';
import { UAC_BITS } from './fugu-state';

const PATHS = [
  ['fast upcall', 'fast upcall: a user interrupt straight from the NI (Table 4-4)'],
  ['poll', 'poll: the program reads it inside its atomic section'],
  ['buffered', 'buffered: the kernel inserts it, the message thread handles it later (Table 4-5)'],
  ['cross-domain', 'cross-domain upcall: its handler runs now in another process’s time'],
] as const;

export const deliveryPath: PredictionKindSpec<FuguModelEvent, FuguMeta, FuguFrame> = {
  name: 'deliveryPath',
  title: 'Fast upcall, poll or buffered: how the next message reaches its handler',
  panels: ['delivery', 'udm'],
  find(run, cycle, target) {
    let arrival: (FuguModelEvent & { cycle: number; seq: number }) | null = null;
    for (const [e, index] of eventsFrom(run, firstAfter(run.log, cycle))) {
      if (!arrival) {
        if (e.kind !== 'fugu.arrive') continue;
        if (target.node !== undefined && e.node !== target.node) continue;
        if (target.msg !== undefined && e.msg !== target.msg) continue;
        arrival = e;
        continue;
      }
      if (
        e.kind === 'fugu.handler' &&
        e.what === 'start' &&
        e.msg === (arrival as { msg: number }).msg
      ) {
        const a = arrival as Extract<FuguModelEvent, { kind: 'fugu.arrive' }> & {
          cycle: number;
          seq: number;
        };
        const deciding = [...logEvents(run.log, run.log.firstAtCycle(a.cycle), index + 1)].filter(
          (d) => d.kind === 'fugu.dispatch' && d.msg === a.msg,
        );
        return {
          event: a,
          index: a.seq,
          facts: { node: a.node, msg: a.msg },
          deciding: [...deciding, e],
          value: e.how,
          shownAt: e.cycle,
        };
      }
    }
    return null;
  },
  ask(_run, cycle, found) {
    return {
      prompt: `It is cycle ${cycle}. Message ${found.facts.msg} is about to reach node ${found.facts.node}'s input queue. How will it reach its handler?`,
      options: PATHS.map(([value, label]) => ({ value, label })),
    };
  },
  explain(run, found) {
    const rows = found.deciding.filter((d) => d.kind === 'fugu.dispatch');
    const fired = rows.map((d) => (d.kind === 'fugu.dispatch' ? d.row : '')).filter(Boolean);
    const rule = fired
      .map((id) => DISPATCH_RULE.find((r) => r.id === id))
      .map((r) => (r ? `row “${r.id}”: ${r.why} ${r.source}` : ''))
      .join('; then ');
    const end = found.deciding[found.deciding.length - 1]!;
    return {
      text: `${rule || 'The dispatch rule'}. ${tellWith(fuguVocabulary, end, run.meta) ?? ''} (cycle ${end.cycle}).`,
      rules: [],
    };
  },
  shown(_frame, events, facts) {
    // The decision table's path taken: the handler that starts for the message this cycle.
    return events.flatMap((e) =>
      e.kind === 'fugu.handler' && e.what === 'start' && e.msg === facts.msg ? [e.how] : [],
    );
  },
};

const BIT_WORDS: Record<(typeof UAC_BITS)[number], string> = {
  interruptDisable:
    'interrupt-disable (user): blocks message-available interrupts; with a message waiting it runs the timer',
  timerForce: 'timer-force (user): runs the atomicity timer unconditionally',
  disposePending: 'dispose-pending (kernel): set by the message-available stub, cleared by dispose',
  atomicityExtend: 'atomicity-extend (kernel): the next endatom traps to the kernel',
};

export const uacBit: PredictionKindSpec<FuguModelEvent, FuguMeta, FuguFrame> = {
  name: 'uacBit',
  title: 'Which UAC bit changes next',
  panels: ['udm', 'atomicity'],
  find(run, cycle, target) {
    for (const [e, index] of eventsFrom(run, firstAfter(run.log, cycle))) {
      if (e.kind !== 'fugu.uac') continue;
      if (target.node !== undefined && e.node !== target.node) continue;
      // Other bits the same cycle changes on the node after it: the panels show those too.
      const then = [...logEvents(run.log, index + 1, run.log.firstAtCycle(e.cycle + 1))].filter(
        (t) => t.kind === 'fugu.uac' && t.node === e.node,
      );
      return {
        event: e,
        index,
        facts: { node: e.node },
        deciding: [e],
        value: e.bit,
        shownAt: e.cycle,
        then,
      };
    }
    return null;
  },
  ask(_run, cycle, found) {
    return {
      prompt: `It is cycle ${cycle}. Which of node ${found.facts.node}'s four User Atomicity Control bits (Table 4-3) changes next?`,
      options: UAC_BITS.map((b) => ({ value: b, label: BIT_WORDS[b] })),
    };
  },
  explain(run, found) {
    const e = found.event;
    const later = (found.then ?? []).flatMap((t) => (t.kind === 'fugu.uac' ? [t.bit] : []));
    const also = later.length
      ? ` In the same cycle ${later.join(', then ')} change${later.length > 1 ? '' : 's'} too.`
      : '';
    return {
      text: `${tellWith(fuguVocabulary, e, run.meta) ?? ''} (cycle ${e.cycle}). ${e.kind === 'fugu.uac' ? BIT_WORDS[e.bit] : ''} [004 L805-810].${also}`,
      rules: [],
    };
  },
  shown(_frame, events, facts) {
    // The UDM panel's UAC toggles: the bits that changed on the node this cycle, in order.
    return events.flatMap((e) => (e.kind === 'fugu.uac' && e.node === facts.node ? [e.bit] : []));
  },
};

/**
 * FLASH's "predict, then see" questions (round2-spec §B2.3): which handler the PP runs next (the
 * Inbox's choice among its queues, and the dispatch table's row), and which of the network, the
 * sender's PP and the receiver's PP limits a transfer's rate (Fig. 7's rule [003 L85]).
 */
import { tellWith } from '../../model';
import {
  eventsFrom,
  firstAfter,
  logEvents,
  type PredictionKindSpec,
} from '../../teaching/prediction-kind';
import type { EventStamp } from '../../trace/common-events';
import type { FlashModelEvent } from './flash-events';
import type { FlashFrame } from './flash-frame';
import type { FlashMeta } from './flash-meta';
import { flashVocabulary } from './flash-narrate';
import { HEADER_BYTES, LINE_BYTES } from './geometry';

type Spec = PredictionKindSpec<FlashModelEvent, FlashMeta, FlashFrame>;
type Stamped = FlashModelEvent & EventStamp;

const QUEUE_WORDS: Readonly<Record<string, string>> = {
  processor: 'the processor queue',
  request: 'the network request lane',
  reply: 'the network reply lane',
  software: "the software queue's head",
};

export const nextHandler: Spec = {
  name: 'nextHandler',
  title: 'Which handler MAGIC’s protocol processor runs next',
  panels: ['magic', 'handler'],
  find(run, cycle, target) {
    for (const [e, index] of eventsFrom(run, firstAfter(run.log, cycle))) {
      if (e.kind !== 'flash.dispatch') continue;
      if (target.node !== undefined && e.node !== target.node) continue;
      return {
        event: e,
        index,
        facts: { node: e.node },
        deciding: [e],
        value: e.handler,
        shownAt: e.cycle,
      };
    }
    return null;
  },
  ask(run, cycle, found) {
    // A grid, a row per queue the handler is dispatched from (software: a transfer's own steps).
    const rows = [
      ...run.meta.dispatch.map((r) => [r.handler, r.queue] as const),
      ['setup', 'software'] as const,
      ['transfer', 'software'] as const,
    ];
    const names = [...new Set(rows.map(([n]) => n))];
    const queueOf = (n: string) => rows.find(([h]) => h === n)![1];
    const title = (n: string) => run.meta.handlers.find((h) => h.name === n)?.title ?? n;
    return {
      prompt: `It is cycle ${cycle}. The next time node ${found.facts.node}'s Inbox hands the protocol processor a message, which handler will run? (It picks among the processor queue, the network's request and reply lanes and the software queue's head, then looks the handler up by message type and address space.)`,
      options: names.map((n) => ({
        value: n,
        label: title(n),
        group: `from ${QUEUE_WORDS[queueOf(n)] ?? queueOf(n)}`,
        short: n,
        hint: title(n),
      })),
    };
  },
  explain(run, found) {
    const e = found.event;
    if (e.kind !== 'flash.dispatch') return { text: '', rules: [] };
    const row = run.meta.dispatch.find((r) => r.type === e.type && r.space === e.space);
    const why =
      e.type === 'swq'
        ? 'Software-queue entries carry their handler: a transfer reschedules itself there after each chunk, so coherence and other messages get the PP in between [003 L68].'
        : `The dispatch table maps a ${e.type} in ${e.space} space to ${row?.handler ?? e.handler}: normal space runs coherence handlers, message and I/O space messaging ones [003 L14].`;
    return {
      text: `${tellWith(flashVocabulary, e, run.meta) ?? ''} (cycle ${e.cycle}), taken from ${QUEUE_WORDS[e.queue]}. ${why}`,
      rules: [],
    };
  },
  shown(_frame, events, facts) {
    // The PP's box: the handlers dispatched on the node this cycle.
    return events.flatMap((e) =>
      e.kind === 'flash.dispatch' && e.node === facts.node ? [e.handler] : [],
    );
  },
};

const limitOf = (terms: ReturnType<typeof rateTerms>): string => {
  const max = Math.max(terms.network, terms.sender, terms.receiver);
  return terms.network >= max ? 'network' : terms.sender >= max ? 'sender' : 'receiver';
};

/** The three terms of Fig. 7's rule for one transfer, measured from its handlers in the log. */
export function rateTerms(log: Iterable<Stamped>, meta: FlashMeta, transfer: number) {
  const t = meta.transfers[transfer]!;
  const ends = [...log].filter(
    (e): e is Extract<Stamped, { kind: 'flash.handler' }> =>
      e.kind === 'flash.handler' && e.op === 'end' && e.transfer === transfer,
  );
  const busy = (node: number, handler: string) =>
    ends.flatMap((e) => (e.node === node && e.handler === handler ? [e.busy] : []));
  const sends = busy(t.from, 'transfer').slice(1);
  const lines = t.components;
  const sentLater = Math.max(1, lines - Math.min(meta.chunk, lines));
  const receives = busy(t.to, 'component').slice(0, -1);
  return {
    network: Math.ceil((HEADER_BYTES + LINE_BYTES) / meta.network.bytesPerCycle),
    sender: sends.length ? sends.reduce((a, b) => a + b, 0) / sentLater : 0,
    receiver: receives.length ? receives.reduce((a, b) => a + b, 0) / receives.length : 0,
  };
}

export const bottleneck: Spec = {
  name: 'bottleneck',
  title: 'Which limits a transfer’s rate: the network, the sender or the receiver',
  panels: ['handler'],
  find(run, cycle) {
    for (const [e, index] of eventsFrom(run, firstAfter(run.log, cycle))) {
      if (e.kind !== 'flash.transfer' || e.status !== 'done') continue;
      const value = limitOf(rateTerms(logEvents(run.log), run.meta, e.transfer));
      return {
        event: e,
        index,
        facts: { msg: e.transfer },
        deciding: [e],
        value,
        shownAt: e.cycle,
      };
    }
    return null;
  },
  ask(_run, cycle, found) {
    return {
      prompt: `It is cycle ${cycle}. Transfer ${found.facts.msg} streams its lines as components. Its rate in cycles a line is the largest of three terms [003 L85]. Which one will be largest?`,
      options: [
        { value: 'network', label: 'the network: 160 bytes a component at 4 bytes a cycle' },
        { value: 'sender', label: 'the sending PP’s handler time a line' },
        { value: 'receiver', label: 'the receiving PP’s handler time a line' },
      ],
    };
  },
  explain(run, found) {
    const terms = rateTerms(logEvents(run.log), run.meta, found.facts.msg!);
    const f = (x: number) => x.toFixed(1);
    return {
      text: `Rate = max(network ${terms.network}, sender ${f(terms.sender)}, receiver ${f(terms.receiver)}) cycles a line: the ${found.value} limits it. A clean or uncached source leaves the network the bottleneck (Fig. 8); a dirty one makes the sender's PP wait 43 cycles a line for the processor cache, which is not pipelined (Fig. 9) [003 L113-128].`,
      rules: [],
    };
  },
  shown(_frame, _events, facts, { soFar, meta }) {
    // The handler timeline's "rate = max(network, sender, receiver)" line, from the run so far.
    return [limitOf(rateTerms(soFar, meta, facts.msg!))];
  },
};

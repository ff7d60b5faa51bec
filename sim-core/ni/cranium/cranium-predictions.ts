/**
 * The Cranium model's "predict, then see" question: an auto-receive channel's remaining count
 * after its next placement (seed 001 §C.6: a channel counts packets, not positions).
 */
import { count } from '../../kernel/words';
import { tellWith } from '../../model';
import {
  eventsFrom,
  firstAfter,
  logEvents,
  range,
  windowed,
  type PredictionKindSpec,
} from '../../teaching/prediction-kind';
import type { CraniumModelEvent } from './cranium-events';
import type { CraniumFrame } from './cranium-frame';
import type { CraniumMeta } from './cranium-meta';
import { craniumVocabulary } from './cranium-narrate';

export const craniumCount: PredictionKindSpec<CraniumModelEvent, CraniumMeta, CraniumFrame> = {
  name: 'craniumCount',
  title: "An auto-receive channel's remaining count after its next placement",
  panels: ['cranium'],
  find(run, cycle, target) {
    const log = run.log;
    for (const [e, index] of eventsFrom(run, firstAfter(log, cycle))) {
      if (e.kind !== 'cr.place' || e.remaining < 0) continue;
      if (target.node !== undefined && e.node !== target.node) continue;
      if (target.msg !== undefined && e.msg !== target.msg) continue;
      return {
        event: e,
        index,
        facts: { node: e.node, msg: e.msg },
        deciding: [e],
        value: String(e.remaining),
        shownAt: e.cycle,
      };
    }
    return null;
  },
  ask(run, cycle, found, frame) {
    const e = found.event;
    const actual = e.kind === 'cr.place' ? e.remaining : 0;
    // The message's size: from the frame when the caller is at `cycle`, else from the packets
    // placed (every remaining count is below it).
    const record = frame ? frame.stats.messages.find((m) => m.id === found.facts.msg) : undefined;
    let packets = record?.packets ?? 0;
    if (!packets) {
      for (const t of logEvents(run.log))
        if (t.kind === 'cr.place' && t.msg === found.facts.msg && t.node === found.facts.node)
          packets = Math.max(packets, t.remaining + 1);
    }
    return {
      prompt: `It is cycle ${cycle}. Node ${found.facts.node}'s auto-receive channel is collecting message ${found.facts.msg} (${count(packets, 'packet')}). After the next packet of this message is written into place, how many packets will the channel still wait for?`,
      options: windowed(range(Math.max(packets, actual + 1)), actual, 8).map((v) => ({
        value: String(v),
        label: `${v} still to come${v === 0 ? ' (the channel completes)' : ''}`,
        short: String(v),
      })),
    };
  },
  explain(run, found) {
    const e = found.event;
    if (e.kind !== 'cr.place') return { text: '', rules: [] };
    return {
      text: `${tellWith(craniumVocabulary, e, run.meta) ?? ''} (cycle ${e.cycle}). An auto-receive channel counts packets, not positions: every placement decrements its count, whatever the packet's sequence number (here ${e.sequence}${e.outOfOrder ? ', out of order' : ''}); the payload goes to line ${e.sequence} of the page, so the order of arrival does not matter.`,
      rules: [],
    };
  },
  shown(frame, events, facts) {
    // The node's channels table: the receive channel collecting the message, and this cycle's
    // placements of it.
    const node = frame.nodes.find((n) => n.node === facts.node);
    const channel = node?.channels.find((c) => c.dir === 'recv' && c.msg === facts.msg);
    const placed = events.flatMap((e) =>
      e.kind === 'cr.place' && e.node === facts.node && e.msg === facts.msg && e.remaining >= 0
        ? [String(e.remaining)]
        : [],
    );
    return channel ? [...placed, String(channel.remaining)] : placed;
  },
};

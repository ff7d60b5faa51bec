/** The words for the events any model may emit: a broken invariant, a stall, the end of the run. */
import type { EventVocabulary } from '../model';
import type { CommonEventBody } from './common-events';

export const commonVocabulary: EventVocabulary<CommonEventBody, unknown> = {
  narration: {
    'invariant.violation': (e) => `⚠ ${e.rule} invariant broken: ${e.detail}`,
    'sim.stall': (e) =>
      `⚠ Stalled: ${e.progress} for ${e.quietCycles} cycles, with work outstanding — ${e.waiting}`,
    'sim.halt': (e) =>
      e.reason === 'all packets delivered'
        ? 'Every packet has been delivered.'
        : e.reason === 'a program waits forever'
          ? '⚠ The run stops: a program waits for something that can no longer happen.'
          : 'All programs have finished.',
  },
  log: {
    who: {
      'invariant.violation': () => 'check',
      'sim.stall': () => 'check',
      'sim.halt': () => 'sim',
    },
    style: { 'invariant.violation': 'violation', 'sim.stall': 'violation' },
  },
};

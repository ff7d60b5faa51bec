/** The words for the phase ledger's events: one sentence a slice, and its row in the event log. */
import type { EventVocabulary } from '../model';
import { PHASE_CATEGORY_INFO, type PhaseEventBody } from './phase-events';

const cycles = (n: number) => `${n} cycle${n === 1 ? '' : 's'}`;

export const phaseVocabulary: EventVocabulary<PhaseEventBody, unknown> = {
  narration: {
    phase: (e) =>
      `${e.actor}: ${e.phase} of message ${e.message}, ${cycles(e.end - e.start)} ` +
      `(cycles ${e.start}–${e.end}, ${PHASE_CATEGORY_INFO[e.category].label}` +
      `${e.part ? `, ${e.part}` : ''}; ${e.source})`,
  },
  log: {
    who: { phase: (e, at) => at(e.actor, e.node) },
    style: { phase: 'transition' },
  },
};

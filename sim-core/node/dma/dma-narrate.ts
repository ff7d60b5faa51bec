/** The words for the DMA engine's events: one sentence each, and their rows in the event log. */
import type { EventVocabulary } from '../../model';
import type { DmaEventBody } from './dma-events';

const cycles = (n: number) => `${n} cycle${n === 1 ? '' : 's'}`;
const PHASES = { init: 'Init', exec: 'Exec', intr: 'Intr' } as const;
const WAYS = { read: 'host memory → device', write: 'device → host memory' } as const;

const supplier = (source: string) =>
  source === 'memory' ? 'memory supplies it' : `${source} supplies it from its cache`;

export const dmaVocabulary: EventVocabulary<DmaEventBody, unknown> = {
  narration: {
    'dma.post': (e) =>
      `${e.engine}: "${e.label}" queued, ${e.blocks} block${e.blocks === 1 ? '' : 's'} (${WAYS[e.dir]})`,
    'dma.phase': (e) => {
      const what = `${e.engine} ${PHASES[e.phase]} of "${e.label}"`;
      if (e.edge === 'end') return e.phase === 'exec' ? null : `${what} ends (${cycles(e.cycles)})`;
      if (e.phase === 'init') return `${what}: the engine is programmed (${cycles(e.cycles)})`;
      if (e.phase === 'intr')
        return `${what}: the completion interrupt is handled (${cycles(e.cycles)})`;
      return `${what}: the blocks move`;
    },
    'dma.block': (e) =>
      e.dir === 'read'
        ? `${e.engine} has read ${e.block} (${e.index + 1} of ${e.of}): ${supplier(e.source)}` +
          `${e.retries ? ` after ${e.retries} RETRY` : ''}, ${cycles(e.cycles)}`
        : `${e.engine} has written ${e.block} to host memory (${e.index + 1} of ${e.of}), ${cycles(e.cycles)}`,
    'dma.done': (e) =>
      `${e.engine}: "${e.label}" done, ${cycles(e.cycles)} after it was queued` +
      `${e.retries ? ` (${e.retries} RETRY${e.retries === 1 ? '' : 's'})` : ''}`,
  },
  log: {
    who: {
      'dma.post': (e, at) => at(e.engine, e.node),
      'dma.phase': (e, at) => at(e.engine, e.node),
      'dma.block': (e, at) => at(e.engine, e.node),
      'dma.done': (e, at) => at(e.engine, e.node),
    },
    style: { 'dma.phase': 'transition' },
  },
};

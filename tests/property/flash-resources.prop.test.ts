/**
 * FLASH's deadlock avoidance when MAGIC's resources are scarce (seed 003 L12, L68-69): with the
 * chunked handler and two lanes, every transfer must finish however small the queues, the window
 * and the pool of data buffers are. The soak (tools/soak/flash.ts) found two ways to deadlock,
 * both fixed: a reply (the owner's line, global coherence) waited in the reply queue for room in
 * the request queue, whose gets waited for the owner, whose replies waited for the reply queue;
 * and components queued for a full window held every data buffer, so nothing could arrive.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { failed } from '../../tools/soak/family';
import { flashSoak, type FlashMachine } from '../../tools/soak/flash';

const chunkedPipe = flashSoak.configurations.find(
  (c) => c.handler === 'chunked' && c.network === 'pipe' && c.lanes === 2,
)!;

/**
 * The soak's random machines, squeezed: queues of 1–3, windows of 1–4, 2–4 data buffers, and at
 * most three transfers of up to 24 lines (a deadlock needs few lines; long ones only cost time).
 */
const scarce = (m: FlashMachine, squeeze: { queue: number; window: number; buffers: number }) => ({
  ...m,
  transfers: m.transfers.slice(0, 3).map((t) => ({ ...t, lines: 1 + ((t.lines - 1) % 24) })),
  queues: {
    processor: m.queues.processor,
    networkIn: squeeze.queue,
    networkOut: 1 + ((m.queues.networkOut - 1) % 3),
  },
  window: squeeze.window,
  dataBuffers: squeeze.buffers,
});

describe('FLASH with scarce queues, windows and data buffers', () => {
  it('finishes every transfer, each line once at its receiver (chunked, two lanes)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 2, max: 4 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (queue, window, buffers, seed) => {
          const [m] = fc.sample(flashSoak.runs(chunkedPipe), { seed, numRuns: 1 });
          const squeezed = scarce(m!, { queue, window, buffers });
          const audit = flashSoak.audit(chunkedPipe, squeezed, 400_000);
          expect(failed(audit), `${audit.problem} in ${JSON.stringify(squeezed)}`).toBe(false);
        },
      ),
      { numRuns: 80 },
    );
  }, 240_000);
});

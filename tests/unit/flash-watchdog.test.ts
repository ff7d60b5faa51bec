/**
 * MAGIC's watchdog counts a line written at its destination as progress (seed 003 L67, L83-84).
 * The soak (`npm run soak -- --replay flash/2/20470586/579`, chunked · torus · 2 lanes) stopped a
 * run that was about to finish: the receiver's inbox held some 30 arrived components, each taking
 * 67 cycles of its PP, and no message entered or left the network for longer than the watchdog's
 * 1,000 cycles. Draining an inbox is progress; a NACKed retry still is not.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../sim-core/scenario/parse';
import type { FlashModelEvent } from '../../sim-core/ni/flash/flash-events';
import type { FlashScenario } from '../../sim-core/ni/flash/flash-schema';
import { FlashSystem } from '../../sim-core/ni/flash/flash-system';
import { flashConfigOf } from '../../sim-core/ni/flash/module';

const soakRun579 = {
  version: 1,
  id: 'soak-flash',
  title: 'soak',
  seed: 13,
  system: {
    kind: 'flash',
    nodes: 2,
    handler: 'chunked',
    chunk: 1,
    coherence: 'pipelined',
    addressValidity: 'hold-off',
    network: { kind: 'torus', lanes: 2, window: 7, latency: 199 },
    queues: { processor: 6, networkIn: 8, networkOut: 4 },
    dataBuffers: 15,
    maxOps: 4,
    inbox: 'round-robin',
  },
  workload: {
    transfers: [
      { from: 1, to: 0, bytes: 3584, receiveBytes: 3882, sender: 'dirty', receiver: 'uncached' },
      { from: 0, to: 1, bytes: 16384, receiver: 'dirty' },
    ],
  },
};

describe('MAGIC’s watchdog', () => {
  it('lets a receiver drain a long inbox of arrived components (soak run 579)', () => {
    const parsed = parseScenario(soakRun579);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
    const sys = new FlashSystem(flashConfigOf(parsed.value as FlashScenario));
    const events: FlashModelEvent[] = [];
    let lastSend = 0;
    while (!sys.state.halted && sys.state.cycle < 50_000)
      for (const e of sys.step()) {
        events.push(e);
        if (e.kind === 'flash.send') lastSend = sys.state.cycle;
      }
    const halt = events.at(-1);
    expect(halt).toMatchObject({ kind: 'sim.halt', reason: 'all programs finished' });
    // The run's point: the last line lands more than a watchdog's span after the last send.
    expect(sys.state.cycle - lastSend).toBeGreaterThan(1000);
    expect(sys.state.transfers.every((t) => t.status === 'done' && t.got.every(Boolean))).toBe(
      true,
    );
  });
});

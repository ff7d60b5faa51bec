/**
 * FLASH's deadlock avoidance (seed 003 L12, L68-69), as the soak found it missing: MAGIC's
 * watchdog stopped 16 of 574 random runs of the chunked handler on two lanes (soak seed
 * 20261128, `npm run soak -- --replay flash/0/20261128/28`, also /33 and /92). Each scenario
 * below deadlocked before the fix. Two rules now hold: a reply never waits for room on the
 * request lane (the owner's line is forwarded later, from memory, through the software queue),
 * and components queued for the network never hold every data buffer (one is left for arrivals).
 */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../sim-core/scenario/parse';
import type { FlashModelEvent } from '../../sim-core/ni/flash/flash-events';
import type { FlashScenario } from '../../sim-core/ni/flash/flash-schema';
import { FlashSystem } from '../../sim-core/ni/flash/flash-system';
import { flashConfigOf } from '../../sim-core/ni/flash/module';

type Doc = Record<string, unknown>;

function run(system: Doc, transfers: Doc[], watch?: (sys: FlashSystem) => void, cpus: Doc[] = []) {
  const parsed = parseScenario({
    version: 1,
    id: 't',
    title: 't',
    system: { kind: 'flash', ...system },
    workload: { transfers, cpus },
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  const sys = new FlashSystem(flashConfigOf(parsed.value as FlashScenario));
  const events: FlashModelEvent[] = [];
  while (!sys.state.halted && sys.state.cycle < 100_000) {
    events.push(...sys.step());
    watch?.(sys);
  }
  return { sys, events };
}

function expectFinished({ sys, events }: ReturnType<typeof run>) {
  expect(events.filter((e) => e.kind === 'invariant.violation')).toEqual([]);
  expect(events.at(-1)).toMatchObject({ kind: 'sim.halt', reason: 'all programs finished' });
  expect(sys.state.transfers.every((t) => t.status === 'done' && t.got.every(Boolean))).toBe(true);
}

const forwardedLater = (events: FlashModelEvent[]) =>
  events.filter((e) => e.kind === 'flash.swq' && e.handler === 'forwardHome').length;

describe('a reply never waits for room on the request lane', () => {
  it('collect: the owner’s lines land although the home’s request queue waits on the owner (soak run 28)', () => {
    const result = run(
      {
        nodes: 4,
        chunk: 3,
        coherence: 'collect',
        addressValidity: 'hold-off',
        network: { kind: 'pipe', lanes: 2, window: 6, latency: 51 },
        queues: { processor: 8, networkIn: 3, networkOut: 2 },
        dataBuffers: 10,
        maxOps: 2,
      },
      [
        { from: 3, to: 1, bytes: 6144, sender: 'remote', owner: 0 },
        {
          from: 3,
          to: 2,
          bytes: 8825,
          aligned: false,
          srcOffset: 64,
          dstOffset: 120,
          sender: 'dirty',
          receiver: 'clean',
        },
        { from: 1, to: 2, bytes: 7040, sender: 'clean' },
        { from: 3, to: 2, bytes: 128, sender: 'dirty', receiver: 'clean' },
      ],
    );
    expectFinished(result);
  });

  it('pipelined: a line that completes two components with room for one is sent later, from memory (soak run 33)', () => {
    const result = run(
      {
        nodes: 3,
        chunk: 3,
        coherence: 'pipelined',
        addressValidity: 'hold-off',
        inbox: 'reply-first',
        network: { kind: 'pipe', lanes: 2, window: 3, latency: 185 },
        queues: { processor: 3, networkIn: 4, networkOut: 1 },
        dataBuffers: 3,
        maxOps: 4,
      },
      [
        { from: 2, to: 0, bytes: 9013, aligned: false, srcOffset: 64, receiver: 'clean' },
        {
          from: 2,
          to: 0,
          bytes: 1036,
          aligned: false,
          srcOffset: 88,
          dstOffset: 72,
          sender: 'remote',
          owner: 1,
        },
        { from: 0, to: 1, bytes: 13952, receiver: 'dirty' },
      ],
    );
    expectFinished(result);
    expect(forwardedLater(result.events)).toBeGreaterThan(0);
  });
});

describe('components queued for the network never hold every data buffer', () => {
  it('two nodes sending to each other with two buffers and a window of one both finish', () => {
    let held = 0;
    const result = run(
      { nodes: 2, dataBuffers: 2, network: { kind: 'pipe', window: 1 } },
      [
        { from: 0, to: 1, bytes: 4096 },
        { from: 1, to: 0, bytes: 4096 },
      ],
      (sys) => {
        for (const node of sys.state.nodes) {
          const queued = node.outq.request.filter((q) => sys.state.messages[q.msg]!.buffer >= 0);
          held = Math.max(held, queued.length);
        }
      },
    );
    expectFinished(result);
    // Not vacuous: the queue did hold the one buffer it may.
    expect(held).toBe(1);
  });

  it('pipelined global coherence with two buffers finishes (soak run 92)', () => {
    expectFinished(
      run(
        {
          nodes: 3,
          chunk: 7,
          coherence: 'pipelined',
          addressValidity: 'hold-off',
          network: { kind: 'pipe', lanes: 2, window: 8, latency: 2 },
          queues: { processor: 3, networkIn: 3, networkOut: 8 },
          dataBuffers: 2,
          maxOps: 1,
        },
        [
          { from: 0, to: 1, bytes: 14820, aligned: false, srcOffset: 40, receiver: 'clean' },
          {
            from: 0,
            to: 1,
            bytes: 248,
            receiveBytes: 2062,
            aligned: false,
            srcOffset: 112,
            dstOffset: 56,
            sender: 'dirty',
            receiver: 'dirty',
          },
          {
            from: 0,
            to: 1,
            bytes: 15648,
            receiveBytes: 19498,
            aligned: false,
            srcOffset: 112,
            dstOffset: 8,
            sender: 'remote',
            receiver: 'clean',
            owner: 2,
          },
        ],
      ),
    );
  });
});

describe('a handler never overruns an output queue', () => {
  it('a receive posted while the node’s own send fills the request queue is NACKed until its credit has room', () => {
    // Node 0 sends 32 lines through a one-message request queue and a one-message window, then
    // posts a receive: the commit's credit goes on that request lane. It used to be queued
    // behind the full queue's component, two messages in a queue of one.
    let deepest = 0;
    const result = run(
      {
        nodes: 2,
        network: { kind: 'pipe', lanes: 2, window: 1, latency: 200 },
        queues: { processor: 4, networkIn: 2, networkOut: 1 },
      },
      [
        { from: 0, to: 1, bytes: 4096 },
        { from: 1, to: 0, bytes: 128 },
      ],
      (sys) => {
        deepest = Math.max(deepest, ...sys.state.nodes.map((n) => n.outq.request.length));
      },
      [
        {
          node: 0,
          ops: [
            { op: 'send', transfer: 0 },
            { op: 'compute', cycles: 1500 },
            { op: 'recv', transfer: 1 },
          ],
        },
        {
          node: 1,
          ops: [
            { op: 'recv', transfer: 0 },
            { op: 'compute', cycles: 3000 },
            { op: 'send', transfer: 1 },
          ],
        },
      ],
    );
    expectFinished(result);
    expect(deepest).toBe(1);
    const nacked = result.events.filter(
      (e) => e.kind === 'flash.cmd' && e.op === 'nack' && e.node === 0,
    );
    expect(nacked.length).toBeGreaterThan(0);
  });
});

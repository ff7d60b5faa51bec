/**
 * Table 7.3 (seed 001 L2089–2103): sustained throughput of 4-KB page messages with a 4-packet
 * outbox. "Single": A sends a page to B, which sends it back once it has all of it; "dual": A
 * and B send to each other at once. Only automatic-receive channels are used. The thesis's
 * 0-cycle and 10-cycle DRAM models are read as our `optimistic` and `meerkat` memory systems
 * (peaks 2.91 and 1.78 B/cycle; the reading of round2-spec §C.4-4); A and B are 8 hops apart
 * on an 8×8 torus (the thesis does not say how far: the average distance of §6.1's 16×16).
 */
import type { CraniumProgramInput } from '../ni/cranium/cranium-schema';
import type { ScenarioInput } from '../scenario/schema';
import { runCranium } from './cranium';

const PAGE_BYTES = 4096;
const PACKETS = PAGE_BYTES / 32;
const ROUNDS = 2;
const A = 0;
/** 8 hops from A on the 8×8 torus: 4 east, 4 south. */
const B = 4 * 8 + 4;

export type FifoTest = 'single' | 'dual';
export type DramModel = 'optimistic' | 'meerkat';

function scenario(test: FifoTest, memory: DramModel): ScenarioInput {
  const a: CraniumProgramInput = [];
  const b: CraniumProgramInput = [];
  const send = (p: CraniumProgramInput, to: number, channel: number, remote: number) =>
    p.push({ op: 'send', channel, to, remoteChannel: remote, buffer: 1, packets: PACKETS });
  const recv = (p: CraniumProgramInput, from: number, channel: number, remote: number) =>
    p.push({ op: 'recv', channel, from, remoteChannel: remote, buffer: 2, packets: PACKETS });
  for (let r = 0; r < ROUNDS; r++) {
    if (test === 'single') {
      recv(a, B, 7, 3);
      recv(b, A, 6, 2);
      send(a, B, 2, 6);
      b.push({ op: 'waitRecv', channel: 6 });
      send(b, A, 3, 7);
      a.push({ op: 'waitRecv', channel: 7 }, { op: 'waitSend', channel: 2 });
      b.push({ op: 'waitSend', channel: 3 });
    } else {
      recv(a, B, 7, 3);
      recv(b, A, 6, 2);
      send(a, B, 2, 6);
      send(b, A, 3, 7);
      a.push({ op: 'waitRecv', channel: 7 }, { op: 'waitSend', channel: 2 });
      b.push({ op: 'waitRecv', channel: 6 }, { op: 'waitSend', channel: 3 });
    }
  }
  const buffers = [{ handle: 1 }, { handle: 2 }];
  return {
    version: 1,
    id: `fidelity-fifo-${test}`,
    title: `Table 7.3, ${test}`,
    topic: 'cranium',
    system: { kind: 'cranium', k: 8, pageBytes: PAGE_BYTES, memory, outboxPackets: 4 },
    workload: {
      nodes: [
        { node: A, buffers, program: a },
        { node: B, buffers, program: b },
      ],
    },
    limits: { maxCycles: 2_000_000 },
  };
}

/**
 * Sustained throughput, all pages' bytes over the cycles from the first command to the last
 * notification: in the dual test both directions share each half-duplex P link, so this total is
 * what the link's 2.91 B/cycle peak bounds (2.71 B/cycle, 93%, in the thesis's prose, L2103).
 */
export function fifoThroughput(test: FifoTest, memory: DramModel): number {
  const sys = runCranium(scenario(test, memory));
  const messages = sys.stats().messages;
  if (messages.length !== 2 * ROUNDS || messages.some((m) => m.notifiedAt < 0))
    throw new Error(`Table 7.3 ${test} did not complete`);
  const start = Math.min(...messages.map((m) => m.commandAt));
  const end = Math.max(...messages.map((m) => m.notifiedAt));
  return (messages.length * PAGE_BYTES) / (end - start);
}

/**
 * Eq. 6.3 as the thesis runs it (seed 001 L1403–1412): a transfer longer than a page goes over
 * two send channels in turn; after each page the receiver sends a one-packet sync back, and the
 * sender starts a channel's next page only once the sync for it has come. With k = 512 packets
 * (16 KB) and m = 128 packets per page (4 KB pages), ⌈k/m⌉ − 2 = 2 sync packets.
 */
import type { ScenarioInput } from '../scenario/schema';
import type { CraniumProgramInput } from '../ni/cranium/cranium-schema';
import { runCranium } from './cranium';

export interface WindowRun {
  bytes: number;
  cycles: number;
  syncs: number;
}

const PAGE_BYTES = 4096;

/** The sender's and receiver's programs for `pages` pages over channels 2/3 → 6/7. */
export function slidingWindowScenario(pages: number, hops: 1 | 8 = 8): ScenarioInput {
  const k = 8;
  const dst = hops === 1 ? 1 : 4 * k + 4; // 8 hops: 4 east, 4 south
  const packets = PAGE_BYTES / 32;
  const sender: CraniumProgramInput = [];
  const receiver: CraniumProgramInput = [];
  const sendCh = (p: number) => 2 + (p % 2);
  const recvCh = (p: number) => 6 + (p % 2);
  const send = (p: number) =>
    sender.push({
      op: 'send',
      channel: sendCh(p),
      to: dst,
      remoteChannel: recvCh(p),
      buffer: p + 1,
      packets,
    });
  const recv = (p: number) =>
    receiver.push({
      op: 'recv',
      channel: recvCh(p),
      from: 0,
      remoteChannel: sendCh(p),
      buffer: p + 1,
      packets,
    });
  // Both channels start at once; each later page waits for its sync and its channel.
  for (let p = 0; p < Math.min(2, pages); p++) {
    recv(p);
    send(p);
  }
  for (let p = 2; p < pages; p++) {
    sender.push({ op: 'pollQueue', count: 1 }, { op: 'waitSend', channel: sendCh(p) });
    send(p);
    receiver.push({ op: 'waitRecv', channel: recvCh(p) });
    recv(p);
    receiver.push({ op: 'send', channel: 10, to: 0, buffer: 99, packets: 1, queue: true });
    receiver.push({ op: 'waitSend', channel: 10 });
  }
  sender.push({ op: 'waitSend', channel: 2 }, { op: 'waitSend', channel: 3 });
  receiver.push({ op: 'waitRecv', channel: 6 }, { op: 'waitRecv', channel: 7 });
  const buffers = [...Array.from({ length: pages }, (_, p) => ({ handle: p + 1 })), { handle: 99 }];
  return {
    version: 1,
    id: 'fidelity-sliding-window',
    title: 'Eq. 6.3: two channels with sync packets',
    topic: 'cranium',
    system: { kind: 'cranium', k, pageBytes: PAGE_BYTES },
    workload: {
      nodes: [
        { node: 0, buffers, program: sender },
        { node: dst, buffers, program: receiver },
      ],
    },
    limits: { maxCycles: 2_000_000 },
  };
}

/** Bytes moved and cycles from the first send command's store to the last page's notification. */
export function slidingWindow(pages: number, hops: 1 | 8 = 8): WindowRun {
  const sys = runCranium(slidingWindowScenario(pages, hops));
  const data = sys.stats().messages.filter((m) => m.packets === PAGE_BYTES / 32);
  if (data.length !== pages || data.some((m) => m.notifiedAt < 0))
    throw new Error('the sliding-window transfer did not complete');
  const start = Math.min(...data.map((m) => m.commandAt));
  const end = Math.max(...data.map((m) => m.notifiedAt));
  return {
    bytes: pages * PAGE_BYTES,
    cycles: end - start,
    syncs: sys.stats().messages.length - pages,
  };
}

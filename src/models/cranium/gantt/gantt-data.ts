/**
 * One message's timeline, like the thesis's Fig. 6.1, built from the event log up to the current
 * cycle: the sender's command store, its NI's lookups, each packet's DMA read, outbox and link,
 * network crossing, inbox and header decode, DMA write, and the receiver's final poll. A stage
 * that has begun but not ended is open: it runs to the current cycle.
 */
import type {
  CraniumMessageView,
  CraniumPacketView,
} from '../../../../sim-core/ni/cranium/cranium-frame';
import { upTo, type CraniumLogIndex } from '../cranium/cranium-log';

export type StageKey =
  'store' | 'lookup' | 'read' | 'link' | 'network' | 'inbox' | 'write' | 'poll';

export interface StageInfo {
  key: StageKey;
  label: string;
  /** Who does it: the column of Table 6.1 it belongs to. */
  part: 'send SW' | 'send HW' | 'network' | 'receive HW' | 'receive SW';
  perPacket: boolean;
  /** What the stage is, for the row's tooltip and the table. */
  what: string;
}

export const STAGES: readonly StageInfo[] = [
  {
    key: 'store',
    label: 'Command store',
    part: 'send SW',
    perPacket: false,
    what: "the sender's processor stores the send command into the channel register",
  },
  {
    key: 'lookup',
    label: 'NI lookups',
    part: 'send HW',
    perPacket: false,
    what: 'node-map and buffer-map lookups, pipelined (none when the channel is warm)',
  },
  {
    key: 'read',
    label: 'DMA read',
    part: 'send HW',
    perPacket: true,
    what: 'the payload is read from DRAM into the outbox FIFO (first phit ready, then the FIFO)',
  },
  {
    key: 'link',
    label: 'Outbox → link',
    part: 'send HW',
    perPacket: true,
    what: 'out of the outbox onto the processor link (longer when it waits behind other packets)',
  },
  {
    key: 'network',
    label: 'Network',
    part: 'network',
    perPacket: true,
    what: "from entering the torus to the packet's head reaching the receiver's inbox",
  },
  {
    key: 'inbox',
    label: 'Inbox + decode',
    part: 'receive HW',
    perPacket: true,
    what: 'through the inbox FIFO, then the header is decoded and verified and a destination chosen',
  },
  {
    key: 'write',
    label: 'DMA write',
    part: 'receive HW',
    perPacket: true,
    what: 'the payload is written to memory (a queue entry writes a second line)',
  },
  {
    key: 'poll',
    label: 'Receiver poll',
    part: 'receive SW',
    perPacket: false,
    what: "from the last placement to the receiver's poll that sees it (load, test and branch)",
  },
];

export interface GanttBar {
  stage: StageKey;
  /** The Cranium packet, or null for a per-message stage. */
  packet: number | null;
  seq: number;
  start: number;
  end: number;
  /** Begun, not ended by the current cycle: drawn to it. */
  open: boolean;
}

export interface MessageTimeline {
  msg: CraniumMessageView;
  /** Its packets, by sequence number. */
  packets: CraniumPacketView[];
  bars: GanttBar[];
  start: number;
  /** The last cycle drawn: the notification, or the current cycle while the message is under way. */
  end: number;
  /** Command store to notification, once notified. */
  total: number | null;
  /** Table 6.1's columns, for a message that has been notified. */
  parts: { part: StageInfo['part']; cycles: number }[] | null;
}

function bar(
  stage: StageKey,
  packet: number | null,
  seq: number,
  start: number | undefined,
  end: number | undefined,
  cycle: number,
): GanttBar | null {
  if (start === undefined) return null;
  return end === undefined
    ? { stage, packet, seq, start, end: Math.max(start, cycle), open: true }
    : { stage, packet, seq, start, end, open: false };
}

export function messageTimeline(
  msg: CraniumMessageView,
  allPackets: readonly CraniumPacketView[],
  index: CraniumLogIndex,
  cycle: number,
): MessageTimeline {
  const packets = allPackets.filter((p) => p.msg === msg.id).sort((a, b) => a.seq - b.seq);
  const bars: GanttBar[] = [];
  const push = (b: GanttBar | null) => {
    if (b) bars.push(b);
  };

  // The command store: the sender's cr.cpu event at the cycle its store began.
  const store = index.cpu.find(
    (e) => e.node === msg.src && e.cycle === msg.commandAt && e.text.startsWith('NIR_send'),
  );
  const storeEnd = msg.commandAt + (store?.cycles ?? 10);
  push(bar('store', null, 0, msg.commandAt, upTo(storeEnd, cycle), cycle));

  // Lookups of the sending channel after the store and before its first DMA read.
  const reads = packets.map((p) => index.packets.get(p.id)?.read ?? Infinity);
  const firstRead = Math.min(...reads);
  const start = index.lookups.find(
    (e) =>
      e.node === msg.src &&
      e.dir === 'send' &&
      e.channel === msg.channel &&
      e.result === 'start' &&
      !e.why.startsWith('warm') &&
      e.cycle >= msg.commandAt &&
      e.cycle <= Math.min(firstRead, cycle),
  );
  if (start) {
    const done = index.lookups.find(
      (e) =>
        e.node === msg.src &&
        e.dir === 'send' &&
        e.channel === msg.channel &&
        e.result !== 'start' &&
        e.cycle >= start.cycle,
    );
    push(bar('lookup', null, 0, start.cycle, upTo(done?.cycle, cycle), cycle));
  }

  let lastPlace: number | undefined;
  let allPlaced = packets.length === msg.packets;
  for (const p of packets) {
    const s = index.packets.get(p.id) ?? {};
    const read = upTo(s.read, cycle);
    const outbox = upTo(s.outbox, cycle);
    const inject = p.netId >= 0 ? upTo(index.injects.get(p.netId), cycle) : undefined;
    const arrive = upTo(s.arrive, cycle);
    const dispatch = upTo(s.dispatch, cycle);
    const place = upTo(s.place, cycle);
    push(bar('read', p.id, p.seq, read, outbox, cycle));
    push(bar('link', p.id, p.seq, outbox, inject, cycle));
    push(bar('network', p.id, p.seq, inject, arrive, cycle));
    push(bar('inbox', p.id, p.seq, arrive, dispatch, cycle));
    push(bar('write', p.id, p.seq, dispatch, place, cycle));
    if (place === undefined) allPlaced = false;
    else lastPlace = Math.max(lastPlace ?? place, place);
  }

  // The receiver's final poll: from the last placement to the notification.
  const notified = msg.notifiedAt >= 0 && msg.notifiedAt <= cycle ? msg.notifiedAt : undefined;
  if (allPlaced && lastPlace !== undefined) push(bar('poll', null, 0, lastPlace, notified, cycle));

  const total = notified === undefined ? null : notified - msg.commandAt;
  let parts: MessageTimeline['parts'] = null;
  if (notified !== undefined && lastPlace !== undefined) {
    const injects = packets
      .map((p) => (p.netId >= 0 ? index.injects.get(p.netId) : undefined))
      .filter((v): v is number => v !== undefined);
    const arrivals = packets
      .map((p) => index.packets.get(p.id)?.arrive)
      .filter((v): v is number => v !== undefined);
    const firstInject = Math.min(...injects);
    const firstArrive = Math.min(...arrivals);
    if (Number.isFinite(firstInject) && Number.isFinite(firstArrive)) {
      parts = [
        { part: 'send SW', cycles: storeEnd - msg.commandAt },
        { part: 'send HW', cycles: firstInject - storeEnd },
        { part: 'network', cycles: firstArrive - firstInject },
        { part: 'receive HW', cycles: lastPlace - firstArrive },
        { part: 'receive SW', cycles: notified - lastPlace },
      ];
    }
  }
  const ends = bars.map((b) => b.end);
  return {
    msg,
    packets,
    bars,
    start: msg.commandAt,
    end: Math.max(notified ?? cycle, ...ends),
    total,
    parts,
  };
}

/**
 * Table 3.1's contrast (digest §C.6, F6 step 5): the same arrivals through an outboard reorder
 * buffer that must hand packets on in sequence order, one per time slot. A slot is one packet
 * time on the link (11 phits); the slots start at the first arrival. A bubble is a slot in which
 * packets wait but the next one in order has not arrived.
 */
export interface ReorderReplay {
  slot: number;
  start: number;
  /** Per slot: the sequence number handed on, or a bubble, or idle (nothing waiting). */
  slots: ({ kind: 'out'; seq: number } | { kind: 'bubble' } | { kind: 'idle' })[];
  bubbles: number;
  /** The reorder buffer's last hand-on, and auto-receive's last placement. */
  finish: number;
  autoFinish: number;
}

export function reorderReplay(
  msg: CraniumMessageView,
  packets: readonly CraniumPacketView[],
  slot: number,
): ReorderReplay | null {
  // In send order (packet ids grow as they are read), which is sequence order from `start`.
  const mine = packets.filter((p) => p.msg === msg.id).sort((a, b) => a.id - b.id);
  if (msg.queue || msg.completedAt < 0 || mine.length < 2 || mine.some((p) => p.placedAt < 0))
    return null;
  const start = Math.min(...mine.map((p) => p.placedAt));
  const slotOf = (cycle: number) => Math.ceil((cycle - start) / slot);
  const out: number[] = [];
  let next = 0;
  for (const p of mine) {
    next = Math.max(next, slotOf(p.placedAt));
    out.push(next);
    next += 1;
  }
  const slots: ReorderReplay['slots'] = [];
  for (let i = 0; i < next; i++) {
    const k = out.indexOf(i);
    const t = start + i * slot;
    const waiting = mine.some((p, j) => p.placedAt <= t && out[j]! > i);
    slots.push(
      k >= 0 ? { kind: 'out', seq: mine[k]!.seq } : waiting ? { kind: 'bubble' } : { kind: 'idle' },
    );
  }
  return {
    slot,
    start,
    slots,
    bubbles: slots.filter((s) => s.kind === 'bubble').length,
    finish: start + out.at(-1)! * slot,
    autoFinish: msg.completedAt,
  };
}

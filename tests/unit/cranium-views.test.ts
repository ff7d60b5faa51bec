/**
 * The Cranium views' derived data: the message timeline (Fig. 6.1) built from the event log, and
 * the page view's out-of-order marks.
 */
import { describe, expect, it } from 'vitest';
import { findBuiltin } from '../../scenarios/index';
import { parseScenario, Session } from '../../sim-core/index';
import type {
  CraniumFrame,
  CraniumPacketView,
  CraniumPageLine,
} from '../../sim-core/ni/cranium/cranium-frame';
import { indexCraniumLog } from '../../src/models/cranium/cranium/cranium-log';
import { lineOrder } from '../../src/models/cranium/cranium/PageGrid';
import { messageTimeline, reorderReplay } from '../../src/models/cranium/gantt/gantt-data';

function run(id: string, cycle?: number) {
  const parsed = parseScenario(findBuiltin(id)!.doc);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  const session = new Session(parsed.value);
  session.exploreAll();
  const view = session.seek(cycle ?? session.timeline.lastCycle);
  return {
    frame: view.frame as CraniumFrame,
    index: indexCraniumLog(session.timeline.log.slice()),
  };
}

describe('message timeline (Fig. 6.1)', () => {
  it('F7: the cold auto-receive message breaks down as Table 6.1 (70 cycles)', () => {
    const { frame, index } = run('cranium-short-message');
    const msg = frame.stats.messages.find((m) => m.id === 1)!;
    const t = messageTimeline(msg, frame.packets, index, frame.cycle);
    const cycles = Object.fromEntries(t.bars.map((b) => [b.stage, b.end - b.start]));
    expect(cycles).toEqual({
      store: 10,
      lookup: 15,
      read: 6,
      link: 1,
      network: 8,
      inbox: 6,
      write: 11,
      poll: 13,
    });
    expect(t.bars.every((b) => !b.open)).toBe(true);
    expect(t.total).toBe(70);
    expect(t.parts?.map((p) => p.cycles)).toEqual([10, 22, 8, 17, 13]);
  });

  it('F7: the warm message has no lookups and takes 55 cycles', () => {
    const { frame, index } = run('cranium-short-message');
    const msg = frame.stats.messages.find((m) => m.id === 2)!;
    const t = messageTimeline(msg, frame.packets, index, frame.cycle);
    expect(t.bars.some((b) => b.stage === 'lookup')).toBe(false);
    expect(t.total).toBe(55);
  });

  it('F6: one bar per packet per stage; a stage under way runs to the current cycle', () => {
    const { frame, index } = run('cranium-out-of-order', 150);
    const msg = frame.stats.messages[0]!;
    const t = messageTimeline(msg, frame.packets, index, frame.cycle);
    expect(t.bars.filter((b) => b.stage === 'read')).toHaveLength(8);
    const open = t.bars.filter((b) => b.open);
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((b) => b.end === 150)).toBe(true);
    expect(t.total).toBeNull();
    expect(t.bars.some((b) => b.stage === 'poll')).toBe(false);
  });
});

describe('page lines', () => {
  const packet = (id: number, seq: number, placedAt: number) =>
    ({ id, msg: 1, seq, placedAt }) as CraniumPacketView;
  const line = (p: CraniumPacketView, order: number): CraniumPageLine => ({
    packet: p.id,
    msg: 1,
    seq: p.seq,
    order,
    at: p.placedAt,
    writes: 1,
  });

  it('a line that overtook a lower sequence, and the one it overtook, are both out of order', () => {
    // Sequences 0, 2 arrive; 1 arrives last; 3 has not arrived yet.
    const packets = [packet(1, 0, 10), packet(2, 1, 30), packet(3, 2, 20), packet(4, 3, -1)];
    expect(lineOrder(line(packets[0]!, 1), packets)).toEqual({ overtook: [], overtakenBy: [] });
    expect(lineOrder(line(packets[2]!, 2), packets)).toEqual({ overtook: [1], overtakenBy: [] });
    expect(lineOrder(line(packets[1]!, 3), packets)).toEqual({ overtook: [], overtakenBy: [2] });
  });

  it('a line ahead of a lower sequence still on its way is out of order already', () => {
    const packets = [packet(1, 0, -1), packet(2, 1, 15)];
    expect(lineOrder(line(packets[1]!, 1), packets).overtook).toEqual([0]);
  });

  it("F6: the page's out-of-order pairs are the message's", () => {
    const { frame } = run('cranium-out-of-order');
    const node = frame.nodes.find((n) => n.pages.some((p) => p.lines.some(Boolean)))!;
    const lines = node.pages[0]!.lines.filter((l) => l !== null);
    expect(lines).toHaveLength(8);
    const pairs = lines.reduce((n, l) => n + lineOrder(l, frame.packets).overtook.length, 0);
    expect(pairs).toBe(frame.stats.messages[0]!.outOfOrderPairs);
  });
});

describe('narration of a Cranium run', () => {
  it("F6: tells the run's own packets and only counts the background traffic", () => {
    const parsed = parseScenario(findBuiltin('cranium-out-of-order')!.doc);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
    const session = new Session(parsed.value);
    const ours = new Set<number>();
    let counted = 0;
    for (let c = 1; c <= 397; c++) {
      const view = session.seek(c);
      for (const p of (view.frame as CraniumFrame).packets) ours.add(p.netId);
      const background = view.events.filter(
        (e) => 'packet' in e && e.kind.startsWith('net.') && !ours.has(e.packet),
      ).length;
      if (background > 0) {
        counted++;
        expect(view.narration).toContain(`Meanwhile ${background} move`);
      }
      // No background packet is ever named: only this run's packets appear as "packet N".
      for (const m of view.narration.matchAll(
        /\bpacket (\d+) (?:enters|arrives|cuts|waits|leaves|is)/g,
      ))
        expect(ours.has(Number(m[1])), `cycle ${c}: ${view.narration}`).toBe(true);
    }
    expect(counted).toBeGreaterThan(300);
  });
});

describe('the frame a node view draws', () => {
  it("F9: the user error queue's Start, End, Head and Tail are byte addresses, Head read past all four strays", () => {
    const { frame } = run('cranium-forgot-sync');
    const q = frame.nodes.find((n) => n.node === 1)!.queues.find((x) => x.name === 'userError')!;
    expect(q.end - q.begin).toBe((q.size - 1) * 64);
    expect([q.headAddress, q.tailAddress]).toEqual([q.begin + 4 * 64, q.begin + 4 * 64]);
    expect([q.head, q.tail]).toEqual([4, 4]);
    expect(q.entries.every((e) => e === null)).toBe(true);
  });

  it('F6: the P link reads deliver while a packet arrives and inject while one leaves', () => {
    const parsed = parseScenario(findBuiltin('cranium-out-of-order')!.doc);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
    const session = new Session(parsed.value);
    const seen = { deliver: 0, inject: 0 };
    for (let c = 1; c <= 300; c++) {
      const view = session.seek(c);
      const frame = view.frame as CraniumFrame;
      const link = (node: number) => frame.nodes.find((n) => n.node === node)?.link;
      for (const e of view.events) {
        if (e.kind === 'cr.arrive') {
          expect(link(e.node)).toMatchObject({ halfDuplex: true, direction: 'deliver' });
          seen.deliver++;
        }
        if (e.kind === 'net.inject' && link(e.node)) {
          expect(link(e.node)!.direction).toBe('inject');
          seen.inject++;
        }
      }
    }
    expect(seen.deliver).toBeGreaterThan(0);
    expect(seen.inject).toBeGreaterThan(0);
  });
});

describe('the reorder-buffer contrast (Table 3.1, F6 step 5)', () => {
  it("Table 3.1's arrivals P1, P3, P4, P2 leave at T1, T4, T5, T6 with two bubbles", () => {
    // One slot per time step; packet ids are send order, seq = id − 1; arrivals at T1…T4.
    const arrive = [1, 4, 2, 3];
    const packets = arrive.map((at, i) => ({ id: i + 1, msg: 1, seq: i, placedAt: at }));
    const msg = { id: 1, queue: false, completedAt: 4 } as CraniumFrame['stats']['messages'][0];
    const r = reorderReplay(msg, packets as CraniumPacketView[], 1)!;
    expect(r.slots).toEqual([
      { kind: 'out', seq: 0 },
      { kind: 'bubble' },
      { kind: 'bubble' },
      { kind: 'out', seq: 1 },
      { kind: 'out', seq: 2 },
      { kind: 'out', seq: 3 },
    ]);
    expect([r.bubbles, r.finish, r.autoFinish]).toEqual([2, 6, 4]);
  });

  it('F6: the reorder buffer finishes no earlier than auto-receive, later when packets overtook', () => {
    const { frame } = run('cranium-out-of-order');
    const msg = frame.stats.messages[0]!;
    const r = reorderReplay(msg, frame.packets, 11)!;
    expect(r.slots.filter((s) => s.kind === 'out')).toHaveLength(8);
    expect(r.finish).toBeGreaterThanOrEqual(r.autoFinish);
    expect(msg.outOfOrderPairs).toBeGreaterThan(0);
    expect(r.bubbles).toBeGreaterThan(0);
    expect(reorderReplay({ ...msg, queue: true }, frame.packets, 11)).toBeNull();
  });
});

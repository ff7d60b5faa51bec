/**
 * Random Cranium machines: message sizes and start offsets, auto-receive and queue messages,
 * several send channels per sender (so the scheduler interleaves them), schedulers, memory models
 * and background torus traffic. Every packet of every message lands at its offset exactly once
 * with the sender's data, no receiver is told before its last packet is placed, an overflow comes
 * with FREEZE and FREEZE only with an overflow, a frozen NI takes nothing in while the rest runs
 * on, and a run is a pure function of its seed. Then random programs, bad ones included.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clonePlain } from '../../sim-core/kernel/clone';
import type { CraniumSystem } from '../../sim-core/ni/cranium/cranium-system';
import type { ScenarioInput } from '../../sim-core/scenario/schema';
import type { SimEventBody } from '../../sim-core/trace/events';
import {
  badMachine,
  badScenario,
  craniumSystem,
  LINES,
  messageMachine,
  messageScenario,
  plan,
  type BadMachine,
  type MessageMachine,
} from '../../tools/soak/cranium';

function build(m: MessageMachine): CraniumSystem {
  return craniumSystem(messageScenario(m));
}

/** What the sender's page holds at a line (no program stores, so it never changes). */
const senderData = (sys: CraniumSystem, node: number, handle: number, line: number) =>
  sys.state.nodes[node]!.buffers[handle]!.lines[line];

describe('random Cranium machines', () => {
  /** Reads that switched send channel before the previous channel's message was done. */
  let interleaved = 0;

  it("place every packet once at its offset with the sender's data, notify after the last, and freeze exactly on overflow", () => {
    fc.assert(
      fc.property(messageMachine, (m) => {
        const sys = build(m);
        const msgs = plan(m);
        const receiver = sys.state.nodes[0]!;
        const wrong: string[] = [];
        let frozenAt = -1;
        const lastRead = new Map<number, { channel: number; left: number }>();
        while (!sys.state.halted && sys.state.cycle < 8_000) {
          const step = sys.step();
          const c = sys.state.cycle;
          for (const e of step) if (e.kind === 'invariant.violation') wrong.push(JSON.stringify(e));
          const overflow = step.some((e) => e.kind === 'cr.queue' && e.op === 'overflow');
          const freeze = step.some((e) => e.kind === 'cr.flow' && e.to === 'FREEZE');
          if (overflow !== freeze) wrong.push(`${c}: overflow ${overflow}, FREEZE ${freeze}`);
          if (freeze) frozenAt = c;
          for (const q of Object.values(receiver.ni.queues))
            for (const at of [q.head, q.tail, q.reserved])
              if (at < q.begin || at > q.end)
                wrong.push(`${c}: ${q.name} pointer ${at} out of bounds`);
          // A frozen NI takes nothing new from the network.
          if (frozenAt >= 0 && step.some((e) => e.kind === 'cr.arrive' && e.node === 0))
            wrong.push(`${c}: an arrival at a frozen NI`);
          for (const e of step) {
            if (e.kind !== 'cr.place' || e.node !== 0) continue;
            const pkt = sys.state.packets[e.packet]!;
            const from = msgs.find((x) => x.node === pkt.src && x.channel === pkt.srcChannel)!;
            const want = senderData(sys, from.node, from.buffer, pkt.seq);
            const landed = from.queue
              ? Object.values(receiver.ni.queues)
                  .flatMap((q) => q.entries)
                  .find((x) => x?.packet === e.packet)?.payload
              : receiver.buffers[from.recv + 1]!.lines[pkt.seq];
            if (landed !== want)
              wrong.push(`${c}: packet ${e.packet} landed ${landed}, sent ${want}`);
          }
          // A sender's reads switching channel mid-message: the scheduler interleaves them.
          for (const e of step)
            if (e.kind === 'cr.dma' && e.stage === 'read') {
              const prev = lastRead.get(e.node);
              if (prev && prev.channel !== e.channel && prev.left > 0) interleaved += 1;
              const ch = sys.state.nodes[e.node]!.ni.send[e.channel]!;
              lastRead.set(e.node, { channel: e.channel, left: ch.remaining - ch.pending });
            }
          // After a freeze the rest of the machine runs on for a while; then stop.
          if (frozenAt >= 0 && c > frozenAt + 300) break;
        }
        expect(wrong).toEqual([]);
        if (frozenAt >= 0) {
          expect(receiver.ni.flow).toBe('FREEZE');
          return;
        }
        // Without an overflow, every message arrives whole and its receiver hears of it once.
        expect(sys.state.halted).toBe(true);
        for (const x of msgs) {
          const msg = Object.values(sys.state.messages).find(
            (r) => r.src === x.node && r.channel === x.channel,
          )!;
          expect(msg.placed).toBe(x.packets);
          expect(msg.notifiedAt).toBeGreaterThanOrEqual(msg.completedAt);
          if (x.queue) continue;
          const page = receiver.buffers[x.recv + 1]!.received;
          for (let k = 0; k < x.packets; k++) {
            const seq = (x.start + k) % LINES;
            expect(page[seq]).toMatchObject({ seq, msg: msg.id, writes: 1 });
          }
          expect(page.filter((r) => r !== null)).toHaveLength(x.packets);
        }
      }),
      { numRuns: 30 },
    );
    expect(interleaved, 'no run interleaved two send channels').toBeGreaterThan(0);
  });

  it('is a pure function of its seed: a restored snapshot replays the same events', () => {
    fc.assert(
      fc.property(messageMachine, fc.integer({ min: 1, max: 300 }), (m, at) => {
        const a = build(m);
        const b = build(m);
        const tail: string[] = [];
        for (let i = 0; i < at; i++) {
          a.step();
          b.step();
        }
        const snap = clonePlain(a.state);
        for (let i = 0; i < 200; i++) tail.push(JSON.stringify(a.step()));
        b.state = clonePlain(snap);
        for (let i = 0; i < 200; i++) expect(JSON.stringify(b.step())).toBe(tail[i]);
      }),
      { numRuns: 15 },
    );
  });
});

/**
 * Receives posted behind sends: node 0 posts a receive for its own message, sends it and one to
 * node 2, then posts a receive for node 1's message (or posts that one first, at the head of the
 * scheduler FIFO); node 1 sends it a little later. Every receive matches a send and is posted
 * before its first packet can arrive, so the run finishes, whatever the sizes and the scheduler.
 * The soak found two deadlocks here (lookups.ts): a receive behind a send, and (alpha) a receive
 * at the head that the scheduler does not pick, its packets blocking the inbox the send waits on.
 */
const behindSends = fc.record({
  k: fc.integer({ min: 3, max: 4 }),
  scheduler: fc.constantFrom('fcfs', 'rr', 'prr', 'alpha'),
  own: fc.integer({ min: 1, max: 24 }),
  fromNode1: fc.integer({ min: 1, max: 24 }),
  toNode2: fc.integer({ min: 0, max: 24 }),
  toNode2First: fc.boolean(),
  node1First: fc.boolean(),
  node1Delay: fc.integer({ min: 0, max: 300 }),
});

function behindSendsScenario(m: typeof behindSends extends fc.Arbitrary<infer T> ? T : never) {
  const own = { op: 'send', channel: 1, to: 0, remoteChannel: 0, buffer: 1, packets: m.own };
  const fromNode1 = {
    op: 'recv',
    channel: 2,
    from: 1,
    remoteChannel: 1,
    buffer: 3,
    packets: m.fromNode1,
  };
  const toNode2 = m.toNode2
    ? [{ op: 'send', channel: 3, to: 2, remoteChannel: 0, buffer: 1, packets: m.toNode2 }]
    : [];
  return {
    version: 1,
    id: 'prop-behind-sends',
    title: 'prop-behind-sends',
    topic: 'cranium',
    system: { kind: 'cranium', k: m.k, scheduler: m.scheduler },
    workload: {
      nodes: [
        {
          node: 0,
          buffers: [{ handle: 1 }, { handle: 2 }, { handle: 3 }],
          program: [
            ...(m.node1First ? [fromNode1] : []),
            { op: 'recv', channel: 0, from: 0, remoteChannel: 1, buffer: 2, packets: m.own },
            ...(m.toNode2First ? [...toNode2, own] : [own, ...toNode2]),
            ...(m.node1First ? [] : [fromNode1]),
            { op: 'waitRecv', channel: 2 },
            { op: 'waitRecv', channel: 0 },
          ],
        },
        {
          node: 1,
          buffers: [{ handle: 1 }],
          program: [
            ...(m.node1Delay ? [{ op: 'compute', cycles: m.node1Delay }] : []),
            { op: 'send', channel: 1, to: 0, remoteChannel: 2, buffer: 1, packets: m.fromNode1 },
            { op: 'waitSend', channel: 1 },
          ],
        },
        {
          node: 2,
          buffers: [{ handle: 1 }],
          program: m.toNode2
            ? [
                {
                  op: 'recv',
                  channel: 0,
                  from: 0,
                  remoteChannel: 3,
                  buffer: 1,
                  packets: m.toNode2,
                },
                { op: 'waitRecv', channel: 0 },
              ]
            : [],
        },
      ],
    },
  } as ScenarioInput;
}

describe('receives posted behind sends', () => {
  it('finish, placing every packet once, whatever the sizes and the scheduler', () => {
    fc.assert(
      fc.property(behindSends, (m) => {
        const sys = craniumSystem(behindSendsScenario(m));
        const events: SimEventBody[] = [];
        while (!sys.state.halted && sys.state.cycle < 50_000) events.push(...sys.step());
        expect(events.filter((e) => e.kind === 'sim.stall')).toEqual([]);
        expect(events.at(-1)).toMatchObject({ kind: 'sim.halt', reason: 'all programs finished' });
        const placed = events.flatMap((e) => (e.kind === 'cr.place' ? [e.packet] : []));
        expect(new Set(placed).size).toBe(placed.length);
        expect(placed).toHaveLength(m.own + m.fromNode1 + m.toNode2);
      }),
      { numRuns: 40 },
    );
  });
});

const buildBad = (m: BadMachine): CraniumSystem => craniumSystem(badScenario(m));

/** Where every packet the NIs made is now: exactly one of these. */
function whereabouts(sys: CraniumSystem, id: number): string[] {
  const s = sys.state;
  const p = s.packets[id]!;
  const at: string[] = [];
  if (p.placedAt >= 0) at.push('placed');
  if (p.placed.startsWith('abandoned')) at.push('abandoned');
  if (s.nodes[p.src]!.ni.dmaReads.some((d) => d.packet === id)) at.push('read');
  const inNet = p.netId >= 0 && s.inFlight[p.netId] === id;
  const inInbox = s.nodes.some((n) => n.ni.inbox.some((e) => e.packet === id));
  if (inNet || inInbox) at.push('arriving');
  return at;
}

describe('random programs, bad ones included', () => {
  it('never throw; pointers, counts and packets stay consistent; every error is an event', () => {
    fc.assert(
      fc.property(badMachine, (m) => {
        const sys = buildBad(m);
        const wrong: string[] = [];
        while (!sys.state.halted && sys.state.cycle < 2_000 && wrong.length === 0) {
          const step = sys.step();
          const c = sys.state.cycle;
          for (const e of step)
            if (e.kind === 'invariant.violation') wrong.push(`${c}: ${JSON.stringify(e)}`);
          for (const n of sys.state.nodes) {
            for (const q of Object.values(n.ni.queues))
              for (const at of [q.head, q.tail, q.reserved])
                if (at < q.begin || at > q.end || (at - q.begin) % 64 !== 0)
                  wrong.push(
                    `${c}: node ${n.node} ${q.name} pointer ${at} outside [${q.begin}, ${q.end}]`,
                  );
            for (const ch of [...n.ni.send, ...n.ni.recv])
              if (
                ch.remaining < 0 ||
                ch.pending < 0 ||
                ch.pending > ch.remaining ||
                (!ch.busy && ch.remaining !== 0)
              )
                wrong.push(`${c}: node ${n.node} ${ch.dir} ${ch.id} ${JSON.stringify(ch)}`);
            // Each error interrupt raised this cycle is a cr.interrupt event with its code.
            const raised = n.ni.interrupts.filter((i) => i.code > 0 && i.at === c).length;
            const reported = step.filter(
              (e) => e.kind === 'cr.interrupt' && e.node === n.node && e.code > 0,
            ).length;
            if (raised !== reported)
              wrong.push(`${c}: node ${n.node} raised ${raised} errors, reported ${reported}`);
          }
          // Each error has its cause among this cycle's events, at the same node.
          for (const e of step) {
            if (e.kind !== 'cr.interrupt' || e.code === 0) continue;
            const cause = ERROR_CAUSE[e.code]!;
            if (!step.some((x) => 'node' in x && x.node === e.node && cause(x)))
              wrong.push(`${c}: no cause for ${JSON.stringify(e)}`);
          }
          // Every packet the NIs made is in exactly one place.
          for (const id of Object.keys(sys.state.packets)) {
            const at = whereabouts(sys, Number(id));
            if (at.length !== 1) wrong.push(`${c}: packet ${id} is at [${at.join(', ')}]`);
          }
        }
        expect(wrong).toEqual([]);
        // Whatever the program did, the views can still be drawn.
        expect(() => sys.frame()).not.toThrow();
      }),
      { numRuns: 40 },
    );
  });
});

/** What each NII_error_mask code (§C.12) must come with. */
const ERROR_CAUSE: Record<number, (e: SimEventBody) => boolean> = {
  1: (e) => e.kind === 'cr.command' && e.result === 'ignored',
  2: (e) => e.kind === 'cr.dispatch' && e.to === 'userError queue',
  3: (e) => e.kind === 'cr.dispatch' && e.to === 'userError queue',
  4: (e) => e.kind === 'cr.lookup' && e.result === 'nil',
  5: (e) => e.kind === 'cr.queue' && e.op === 'overflow',
  6: (e) => e.kind === 'cr.queue' && e.op === 'underflow',
  7: (e) => e.kind === 'cr.cpu' && e.text.includes('barrier'),
};

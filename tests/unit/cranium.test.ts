/**
 * The Cranium NI (seed 001 §C): the header bit-exact against the thesis's worked example, the
 * dispatch priority, Table 6.1 from the simulated mechanisms, the schedulers, the error paths of
 * §C.12 as visible events, and the scenario boundary.
 */
import { describe, expect, it } from 'vitest';
import { messageLatency, pointToPointScenario, runCranium } from '../../sim-core/fidelity/cranium';
import { decodeHeader, encodeHeader, hex16 } from '../../sim-core/ni/cranium/header';
import { parseScenario } from '../../sim-core/scenario/parse';
import type { ScenarioInput } from '../../sim-core/scenario/schema';
import type { SimEventBody } from '../../sim-core/trace/events';
import { CraniumSystem } from '../../sim-core/ni/cranium/cranium-system';
import { createSim } from '../../sim-core/sim';
import { craniumConfigOf } from '../../sim-core/ni/cranium/module';
import type {
  CraniumProgramInput,
  CraniumScenario,
} from '../../sim-core/ni/cranium/cranium-schema';

function runWithEvents(input: ScenarioInput): { sys: CraniumSystem; events: SimEventBody[] } {
  const parsed = parseScenario(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  const sys = new CraniumSystem(craniumConfigOf(parsed.value as CraniumScenario));
  const events: SimEventBody[] = [];
  while (!sys.state.halted && sys.state.cycle < 50_000) events.push(...sys.step());
  return { sys, events };
}

type Program = CraniumProgramInput;

const twoNodes = (
  sender: Program,
  receiver: Program,
  system: Record<string, unknown> = {},
): ScenarioInput => ({
  version: 1,
  id: 'unit',
  title: 'unit',
  topic: 'cranium',
  system: { kind: 'cranium', k: 4, ...system },
  workload: {
    nodes: [
      { node: 0, buffers: [{ handle: 1 }, { handle: 2 }], program: sender },
      { node: 1, buffers: [{ handle: 1 }], program: receiver },
    ],
  },
});

describe('the packet header (Fig. A.4)', () => {
  it("encodes the thesis's worked example (L3322): 0x1C → 0x24 on 8×8, channels 2→2, offset 0x023", () => {
    // Node 0x1C = (3,4) and 0x24 = (4,4): one row south. As delivered, w0 has become 0000.
    const words = encodeHeader({
      dest: { dy: 1, dx: 0 },
      src: { dy: -1, dx: 0 },
      processId: 0x0195,
      destChannel: 2,
      srcChannel: 2,
      intrEvery: false,
      intrFinal: false,
      queueFlag: false,
      sysFlag: false,
      sequence: 0x023,
    });
    expect(words.slice(0, 5).map(hex16)).toEqual(['0100', 'FF00', '0195', '0202', '0023']);
  });

  it('decodes what it encodes, flags and signed displacements included', () => {
    const fields = {
      dest: { dy: -3, dx: 4 },
      src: { dy: 3, dx: -4 },
      processId: 7,
      destChannel: 6,
      srcChannel: 31,
      intrEvery: true,
      intrFinal: false,
      queueFlag: true,
      sysFlag: false,
      sequence: 255,
    };
    expect(decodeHeader(encodeHeader(fields))).toEqual(fields);
  });
});

describe('Table 6.1 emerges from the simulated stages', () => {
  it.each([
    ['auto', true, 1, 55],
    ['queue', true, 1, 60],
    ['auto', false, 1, 70],
    ['queue', false, 1, 75],
    ['auto', true, 8, 83],
    ['queue', false, 8, 103],
  ] as const)('%s, warm %s, %i hop(s): %i cycles', (mode, warm, hops, total) => {
    expect(messageLatency({ k: 16, hops, packets: 1, mode, warm })).toBe(total);
  });

  it('the ideal NI with memory takes 44 cycles at one hop', () => {
    expect(
      messageLatency({ k: 16, hops: 1, packets: 1, mode: 'auto', warm: true, ni: 'ideal' }),
    ).toBe(44);
  });
});

describe('auto-receive', () => {
  it('places each packet at base + 32·sequence and notifies once, after the last packet', () => {
    const sys = runCranium(
      pointToPointScenario({ k: 4, hops: 1, packets: 8, mode: 'auto', warm: false }),
    );
    const page = sys.state.nodes[1]!.buffers[1]!;
    expect(page.received.slice(0, 8).map((r) => r?.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(page.received.slice(0, 8).every((r) => r?.writes === 1)).toBe(true);
    const m = sys.stats().messages[0]!;
    expect(m.notifiedAt).toBeGreaterThan(m.completedAt);
    expect(m.completedAt).toBe(
      Math.max(...Object.values(sys.state.packets).map((p) => p.placedAt)),
    );
  });

  it('notifies the message its channel received, not a queued one of the same length (fast-check counterexample)', () => {
    // Node 1 sends 3 packets to the user queue, node 2 sends 3 packets to receive channel 1;
    // the queued message completes first and once took the channel's notification.
    const send = (remoteChannel: number, queue: boolean): Program => [
      { op: 'barrier' },
      { op: 'send', channel: 2, to: 0, remoteChannel, buffer: 1, packets: 3, queue },
      { op: 'waitSend', channel: 2 },
    ];
    const { sys } = runWithEvents({
      version: 1,
      id: 'unit',
      title: 'unit',
      topic: 'cranium',
      seed: 0,
      system: {
        kind: 'cranium',
        k: 3,
        scheduler: 'fcfs',
        memory: 'adu',
        queueEntries: { user: 4 },
      },
      workload: {
        nodes: [
          {
            node: 0,
            buffers: [{ handle: 1 }, { handle: 2 }],
            program: [
              { op: 'recv', channel: 1, from: 2, remoteChannel: 2, buffer: 2, packets: 3 },
              { op: 'barrier' },
              { op: 'waitRecv', channel: 1 },
              { op: 'pollQueue', count: 3 },
            ],
          },
          { node: 1, buffers: [{ handle: 1 }], program: send(0, true) },
          { node: 2, buffers: [{ handle: 1 }], program: send(1, false) },
        ],
      },
    });
    expect(sys.state.halted).toBe(true);
    for (const m of Object.values(sys.state.messages)) {
      expect(m.notifiedAt, `message from node ${m.src}`).toBeGreaterThanOrEqual(m.completedAt);
      expect(m.completedAt).toBeGreaterThanOrEqual(0);
    }
  });

  it('a send before the receive is posted: packets go to the user error queue with error 2, and the receiver hangs', () => {
    const { sys, events } = runWithEvents(
      twoNodes(
        [{ op: 'send', channel: 2, to: 1, remoteChannel: 6, buffer: 1, packets: 4 }],
        [
          { op: 'compute', cycles: 60 },
          { op: 'recv', channel: 6, from: 0, remoteChannel: 2, buffer: 1, packets: 4 },
          { op: 'waitRecv', channel: 6 },
        ],
      ),
    );
    expect(events.filter((e) => e.kind === 'cr.interrupt' && e.code === 2).length).toBeGreaterThan(
      0,
    );
    expect(sys.state.nodes[1]!.ni.queues.userError.entries.some((e) => e !== null)).toBe(true);
    expect(events.at(-1)).toMatchObject({ kind: 'sim.halt', reason: 'a program waits forever' });
  });

  it('a receive posted for fewer packets than were sent completes at its count; the rest go to the user error queue with error 2 (§C.12)', () => {
    // A scenario file as the app loads it: node 0 sends 12 packets three hops away (so the
    // chaotic torus may reorder them), node 5 posted a receive for 5 of them.
    const scenario = parseScenario({
      version: 1,
      id: 'short-receive',
      title: 'A receive posted for fewer packets than were sent',
      system: { kind: 'cranium', k: 4 },
      workload: {
        nodes: [
          {
            node: 0,
            buffers: [{ handle: 1 }],
            program: [
              { op: 'send', channel: 2, to: 5, remoteChannel: 6, buffer: 1, packets: 12 },
              { op: 'waitSend', channel: 2 },
            ],
          },
          {
            node: 5,
            buffers: [{ handle: 1 }],
            program: [
              { op: 'recv', channel: 6, from: 0, remoteChannel: 2, buffer: 1, packets: 5 },
              { op: 'waitRecv', channel: 6 },
              { op: 'pollQueue', count: 7, queue: 'userError' },
            ],
          },
        ],
      },
    });
    if (!scenario.ok) throw new Error(JSON.stringify(scenario.error));
    const sim = createSim(scenario.value);
    const events: SimEventBody[] = [];
    while (!sim.halted && sim.cycle < 50_000) events.push(...sim.step());
    expect(events.filter((e) => e.kind === 'invariant.violation')).toEqual([]);
    expect(events.at(-1)).toMatchObject({ kind: 'sim.halt', reason: 'all programs finished' });
    const placed = events.filter((e) => e.kind === 'cr.place');
    const inPage = placed.filter((e) => /^buffer 1 line/.test(e.where));
    const inErrors = placed.filter((e) => /^userError queue entry/.test(e.where));
    expect(inPage).toHaveLength(5);
    expect(inErrors).toHaveLength(7);
    // Every packet is placed exactly once: the first five to arrive in the page, by sequence.
    const sequences = placed.map((e) => (e.kind === 'cr.place' ? e.sequence : -1));
    expect([...sequences].sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
    expect(events.filter((e) => e.kind === 'cr.interrupt' && e.code === 2)).toHaveLength(7);
    expect(events.filter((e) => e.kind === 'cr.notify' && e.what === 'recv')).toHaveLength(1);
  });

  it('a receive queued behind a send the network cannot take yet: its packets start its lookups, and nothing deadlocks', () => {
    // Found by npm run soak (random programs): node 0's FCFS send to itself waits for room in
    // the network, the network waits for node 0's inbox, and the inbox's first packet, for
    // channel 2, waited for channel 2's lookups, queued behind that send. Every receive here
    // matches a send: the run must finish.
    const { sys, events } = runWithEvents({
      version: 1,
      id: 'unit',
      title: 'unit',
      topic: 'cranium',
      system: { kind: 'cranium', k: 3 },
      workload: {
        nodes: [
          {
            node: 0,
            buffers: [{ handle: 1 }, { handle: 2 }, { handle: 3 }],
            program: [
              { op: 'recv', channel: 0, from: 0, remoteChannel: 1, buffer: 2, packets: 8 },
              { op: 'send', channel: 1, to: 0, remoteChannel: 0, buffer: 1, packets: 8 },
              { op: 'recv', channel: 2, from: 1, remoteChannel: 1, buffer: 3, packets: 8 },
              { op: 'waitRecv', channel: 2 },
              { op: 'waitRecv', channel: 0 },
            ],
          },
          {
            node: 1,
            buffers: [{ handle: 1 }],
            program: [
              { op: 'send', channel: 1, to: 0, remoteChannel: 2, buffer: 1, packets: 8 },
              { op: 'waitSend', channel: 1 },
            ],
          },
        ],
      },
    } as ScenarioInput);
    expect(events.filter((e) => e.kind === 'sim.stall')).toEqual([]);
    expect(events.at(-1)).toMatchObject({ kind: 'sim.halt', reason: 'all programs finished' });
    const placed = events.flatMap((e) => (e.kind === 'cr.place' ? [e.where] : []));
    expect(placed.filter((w) => w.startsWith('buffer 2 line'))).toHaveLength(8);
    expect(placed.filter((w) => w.startsWith('buffer 3 line'))).toHaveLength(8);
    expect(placed).toHaveLength(16);
    // Channel 2's lookups started for its packets, not when the send ahead of them finished.
    const started = events.find(
      (e) => e.kind === 'cr.lookup' && e.node === 0 && e.dir === 'recv' && e.channel === 2,
    );
    expect(started).toMatchObject({
      result: 'start',
      why: expect.stringMatching(/packet arrived/),
    });
    expect(sys.state.nodes[0]!.ni.inbox).toEqual([]);
  });

  it('alpha: a receive at the head of the FIFO that the scheduler does not pick still gets its lookups from its packets', () => {
    // Found by npm run soak (cranium/1/20365858/41300): alpha picks node 0's shorter send to
    // itself over the receive posted before it; the receive's packets, at the head of the inbox,
    // waited for lookups only the scheduler would serve, so the send's packets found the inbox
    // full, the send could not finish, and the network stalled with every NI in NORMAL flow.
    const { sys, events } = runWithEvents({
      version: 1,
      id: 'unit',
      title: 'unit',
      topic: 'cranium',
      system: { kind: 'cranium', k: 3, scheduler: 'alpha' },
      workload: {
        nodes: [
          {
            node: 0,
            buffers: [{ handle: 1 }, { handle: 2 }, { handle: 3 }],
            program: [
              { op: 'recv', channel: 0, from: 1, remoteChannel: 1, buffer: 2, packets: 12 },
              { op: 'send', channel: 1, to: 0, remoteChannel: 2, buffer: 1, packets: 8 },
              { op: 'recv', channel: 2, from: 0, remoteChannel: 1, buffer: 3, packets: 8 },
              { op: 'waitRecv', channel: 2 },
              { op: 'waitRecv', channel: 0 },
            ],
          },
          {
            node: 1,
            buffers: [{ handle: 1 }],
            program: [
              { op: 'send', channel: 1, to: 0, remoteChannel: 0, buffer: 1, packets: 12 },
              { op: 'waitSend', channel: 1 },
            ],
          },
        ],
      },
    } as ScenarioInput);
    expect(events.filter((e) => e.kind === 'net.stall' || e.kind === 'sim.stall')).toEqual([]);
    expect(events.at(-1)).toMatchObject({ kind: 'sim.halt', reason: 'all programs finished' });
    expect(events.filter((e) => e.kind === 'cr.place')).toHaveLength(20);
    // The receive's lookups finished while the scheduler still served the send.
    const lookups = events.flatMap((e) =>
      e.kind === 'cr.lookup' && e.node === 0 && e.result === 'done'
        ? [`${e.dir} ${e.channel}`]
        : [],
    );
    expect(lookups.slice(0, 2)).toEqual(['send 1', 'recv 0']);
    expect(sys.state.nodes[0]!.ni.inbox).toEqual([]);
  });

  it('a packet from the wrong sender channel is a protocol error (error 3)', () => {
    const { events } = runWithEvents(
      twoNodes(
        [
          { op: 'compute', cycles: 40 },
          { op: 'send', channel: 3, to: 1, remoteChannel: 6, buffer: 1, packets: 1 },
        ],
        [{ op: 'recv', channel: 6, from: 0, remoteChannel: 2, buffer: 1, packets: 1 }],
      ),
    );
    expect(events.find((e) => e.kind === 'cr.interrupt' && e.code === 3)).toBeDefined();
  });
});

describe('errors of §C.12 are events, never crashes', () => {
  it('a command on a busy channel is ignored with error 1', () => {
    const { events } = runWithEvents(
      twoNodes(
        [
          { op: 'send', channel: 2, to: 1, buffer: 1, packets: 20, queue: true },
          { op: 'send', channel: 2, to: 1, buffer: 1, packets: 1, queue: true },
        ],
        [{ op: 'pollQueue', count: 20 }],
      ),
    );
    expect(events.find((e) => e.kind === 'cr.command' && e.result === 'ignored')).toBeDefined();
    expect(events.find((e) => e.kind === 'cr.interrupt' && e.code === 1)).toBeDefined();
  });

  it('an unmapped buffer handle aborts the transfer with error 4', () => {
    const { events } = runWithEvents(
      twoNodes([{ op: 'send', channel: 2, to: 1, buffer: 9, packets: 1, queue: true }], []),
    );
    expect(events.find((e) => e.kind === 'cr.lookup' && e.result === 'nil')).toBeDefined();
    expect(events.find((e) => e.kind === 'cr.interrupt' && e.code === 4)).toBeDefined();
  });

  it('a packet of another process goes to the system queue; a corrupted destination to the system error queue', () => {
    const { sys } = runWithEvents({
      ...twoNodes([], []),
      workload: {
        nodes: [
          {
            node: 0,
            processId: 7,
            buffers: [{ handle: 1 }],
            program: [{ op: 'send', channel: 2, to: 1, buffer: 1, packets: 1, queue: true }],
          },
          {
            node: 2,
            buffers: [{ handle: 1 }],
            program: [
              { op: 'send', channel: 2, to: 1, buffer: 1, packets: 1, queue: true, fault: 'dest' },
            ],
          },
          { node: 1, program: [] },
        ],
      },
    } as ScenarioInput);
    const queues = sys.state.nodes[1]!.ni.queues;
    expect(queues.system.entries.filter((e) => e !== null)).toHaveLength(1);
    expect(queues.systemError.entries.filter((e) => e !== null)).toHaveLength(1);
    expect(queues.user.entries.filter((e) => e !== null)).toHaveLength(0);
  });

  it('overflow freezes exactly when the tail reaches the head, and an advance on an empty queue underflows', () => {
    const { events, sys } = runWithEvents(
      twoNodes(
        [
          { op: 'send', channel: 2, to: 1, buffer: 1, packets: 3, queue: true },
          { op: 'waitSend', channel: 2 },
        ],
        [
          { op: 'compute', cycles: 200 },
          { op: 'pollQueue', count: 3 },
          { op: 'thaw' },
          { op: 'advanceQueue' },
        ],
        { queueEntries: { user: 3 } },
      ),
    );
    const freeze = events.findIndex((e) => e.kind === 'cr.flow' && e.to === 'FREEZE');
    const overflow = events.findIndex((e) => e.kind === 'cr.queue' && e.op === 'overflow');
    expect(overflow).toBeGreaterThanOrEqual(0);
    expect(freeze).toBeGreaterThan(overflow);
    expect(events.filter((e) => e.kind === 'cr.flow' && e.to === 'FREEZE')).toHaveLength(1);
    expect(events.find((e) => e.kind === 'cr.interrupt' && e.code === 6)).toBeDefined();
    expect(sys.state.nodes[1]!.ni.flow).toBe('NORMAL');
  });
});

describe('a reset in the middle of a transfer (§C.5, §C.6, §C.12)', () => {
  const violations = (events: SimEventBody[]) =>
    events.filter((e) => e.kind === 'invariant.violation');

  it('a receive channel reset while its packets are decoded in the inbox sends them to the user error queue with error 2', () => {
    let redirected = 0;
    // Sweep the reset across the message's arrival so that it lands while packets are decoded.
    for (let wait = 20; wait <= 160; wait += 4) {
      const { sys, events } = runWithEvents(
        twoNodes(
          [
            { op: 'compute', cycles: 20 },
            { op: 'send', channel: 2, to: 1, remoteChannel: 6, buffer: 1, packets: 8 },
          ],
          [
            { op: 'recv', channel: 6, from: 0, remoteChannel: 2, buffer: 1, packets: 8 },
            { op: 'compute', cycles: wait },
            { op: 'reset', dir: 'recv', channel: 6 },
          ],
        ),
      );
      expect(violations(events)).toEqual([]);
      const late = events.filter(
        (e) => e.kind === 'cr.dispatch' && e.why.includes('was reset before'),
      );
      redirected += late.length;
      for (const d of late) {
        const placed = events.find(
          (e) => e.kind === 'cr.place' && e.packet === (d as { packet: number }).packet,
        );
        expect(placed).toMatchObject({ where: expect.stringMatching(/^userError queue entry/) });
      }
      if (late.length)
        expect(events.some((e) => e.kind === 'cr.interrupt' && e.code === 2)).toBe(true);
      // Every packet lands exactly once: in the page before the reset or in an error queue.
      const node = sys.state.nodes[1]!;
      const inPage = node.buffers[1]!.received.filter((r) => r !== null).length;
      const inErrors = node.ni.queues.userError.entries.filter((e) => e !== null).length;
      expect(inPage + inErrors).toBe(8);
      expect(node.ni.recv[6]).toMatchObject({ busy: false, remaining: 0, pending: 0 });
    }
    expect(redirected).toBeGreaterThan(0);
  });

  it('a send channel reset during a payload read abandons that packet: nothing goes below zero, it never leaves', () => {
    let abandoned = 0;
    for (let wait = 0; wait <= 40; wait += 1) {
      const { sys, events } = runWithEvents(
        twoNodes(
          [
            { op: 'send', channel: 2, to: 1, buffer: 1, packets: 8, queue: true },
            { op: 'compute', cycles: wait + 1 },
            { op: 'reset', dir: 'send', channel: 2 },
            { op: 'send', channel: 2, to: 1, buffer: 2, packets: 1, queue: true },
            { op: 'waitSend', channel: 2 },
          ],
          [],
        ),
      );
      expect(violations(events)).toEqual([]);
      const dropped = events.filter((e) => e.kind === 'cr.dma' && e.stage === 'abandoned');
      abandoned += dropped.length;
      for (const d of dropped) {
        const id = (d as { packet: number }).packet;
        expect(
          events.some((e) => e.kind === 'cr.dma' && e.stage === 'outbox' && e.packet === id),
        ).toBe(false);
        expect(sys.state.packets[id]!.injectedAt).toBe(-1);
      }
      // The command after the reset is a fresh transfer of one packet, and it completes.
      const ch = sys.state.nodes[0]!.ni.send[2]!;
      expect(ch).toMatchObject({ busy: false, remaining: 0, pending: 0 });
      const last = Object.values(sys.state.messages).at(-1)!;
      expect(last).toMatchObject({ packets: 1, placed: 1 });
      expect(sys.state.halted).toBe(true);
    }
    expect(abandoned).toBeGreaterThan(0);
  });
});

describe('queues: four byte pointers over 64-byte entries (§C.7, Fig. 7.14)', () => {
  it('Head and Tail start at Start, advance by 64 and wrap from End to Start', () => {
    const sys = new CraniumSystem(
      craniumConfigOf(
        (() => {
          const p = parseScenario(
            twoNodes(
              [
                { op: 'send', channel: 2, to: 1, buffer: 1, packets: 3, queue: true },
                { op: 'compute', cycles: 400 },
                { op: 'send', channel: 2, to: 1, buffer: 1, packets: 2, queue: true },
                { op: 'waitSend', channel: 2 },
              ],
              [{ op: 'pollQueue', count: 5 }],
              { queueEntries: { user: 4 }, pageBytes: 1024 },
            ),
          );
          if (!p.ok) throw new Error(JSON.stringify(p.error));
          return p.value as CraniumScenario;
        })(),
      ),
    );
    const q = sys.state.nodes[1]!.ni.queues.user;
    expect(q.begin % 1024).toBe(0);
    expect(q.end).toBe(q.begin + 3 * 64);
    expect([q.head, q.tail]).toEqual([q.begin, q.begin]);
    const tails: number[] = [];
    const heads: number[] = [];
    while (!sys.state.halted && sys.state.cycle < 5000) {
      const before = [q.tail, q.head];
      sys.step();
      const now = sys.state.nodes[1]!.ni.queues.user;
      if (now.tail !== before[0]) tails.push(now.tail - now.begin);
      if (now.head !== before[1]) heads.push(now.head - now.begin);
    }
    expect(tails).toEqual([64, 128, 192, 0, 64]);
    expect(heads).toEqual([64, 128, 192, 0, 64]);
    const view = sys.frame().nodes[1]!.queues.find((x) => x.name === 'user')!;
    expect(view).toMatchObject({
      begin: q.begin,
      end: q.end,
      headAddress: q.begin + 64,
      head: 1,
      tail: 1,
    });
  });

  it('the invariants report a pointer outside [Start, End] and a count below 0', () => {
    const parsed = parseScenario(twoNodes([{ op: 'compute', cycles: 5 }], []));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
    const sys = new CraniumSystem(craniumConfigOf(parsed.value as CraniumScenario));
    const ni = sys.state.nodes[1]!.ni;
    ni.queues.user.head = ni.queues.user.end + 64;
    ni.send[3]!.remaining = -1;
    const details = sys.step().flatMap((e) => (e.kind === 'invariant.violation' ? [e.detail] : []));
    expect(details).toEqual([
      expect.stringMatching(/^node 1 user queue head 0x[0-9a-f]+ is not an entry in \[/),
      'node 1 send channel 3: remaining -1, pending 0',
    ]);
  });

  it('a program reads its user error queue: pollQueue and advanceQueue name the queue', () => {
    const { sys, events } = runWithEvents(
      twoNodes(
        [{ op: 'send', channel: 2, to: 1, remoteChannel: 6, buffer: 1, packets: 2 }],
        [
          { op: 'pollQueue', count: 2, queue: 'userError' },
          { op: 'advanceQueue', queue: 'userError' },
        ],
      ),
    );
    const q = sys.state.nodes[1]!.ni.queues.userError;
    expect(q.entries.every((e) => e === null)).toBe(true);
    expect(q.head).toBe(q.begin + 2 * 64);
    expect(events.filter((e) => e.kind === 'cr.notify' && e.what === 'queue')).toHaveLength(2);
    expect(events.find((e) => e.kind === 'cr.queue' && e.op === 'underflow')).toMatchObject({
      queue: 'userError',
    });
    expect(events.at(-1)).toMatchObject({ kind: 'sim.halt', reason: 'all programs finished' });
  });

  it('refuses a queue that does not exist, naming the field', () => {
    const parsed = parseScenario(
      twoNodes([], [{ op: 'pollQueue', count: 1, queue: 'mine' }] as never),
    );
    expect(parsed.ok).toBe(false);
    expect(JSON.stringify(parsed)).toContain(
      'expected one of systemError, system, user, userError',
    );
  });
});

describe('the barrier register (Table A.3)', () => {
  it('a node that writes 0 abstains: the others complete without it, and a second 0 is error 7', () => {
    const { sys, events } = runWithEvents(
      twoNodes(
        [{ op: 'barrier' }],
        [
          { op: 'barrier', value: 0 },
          { op: 'barrier', value: 0 },
        ],
      ),
    );
    expect(events.find((e) => e.kind === 'cr.barrier' && e.node === 1)).toMatchObject({
      from: 'I',
      to: 'A',
    });
    expect(
      events.find((e) => e.kind === 'cr.barrier' && e.node === 0 && e.to === 'C'),
    ).toBeDefined();
    expect(
      events.find((e) => e.kind === 'cr.interrupt' && e.node === 1 && e.code === 7),
    ).toBeDefined();
    expect(sys.state.halted).toBe(true);
  });

  it('refuses a barrier value other than 0 or 1', () => {
    const parsed = parseScenario(twoNodes([{ op: 'barrier', value: 2 } as never], []));
    expect(parsed.ok).toBe(false);
    expect(JSON.stringify(parsed)).toContain('expected 0 (abstain) or 1 (enter), got 2');
  });
});

describe('flow control (§C.11)', () => {
  it('FLUSH delivers packets into the NI but injects none until NORMAL', () => {
    const { sys, events } = runWithEvents(
      twoNodes(
        [
          { op: 'send', channel: 2, to: 1, buffer: 1, packets: 1, queue: true },
          { op: 'waitSend', channel: 2 },
          { op: 'pollQueue' },
        ],
        [
          { op: 'flow', state: 'FLUSH' },
          { op: 'send', channel: 2, to: 0, buffer: 1, packets: 1, queue: true },
          { op: 'pollQueue' },
          { op: 'flow', state: 'NORMAL' },
        ],
      ),
    );
    const placedAt1 = events.findIndex((e) => e.kind === 'cr.place' && e.node === 1);
    const normal = events.findIndex(
      (e) => e.kind === 'cr.flow' && e.node === 1 && e.to === 'NORMAL',
    );
    const injectedFrom1 = events.findIndex((e) => e.kind === 'net.inject' && e.node === 1);
    expect(placedAt1).toBeGreaterThanOrEqual(0);
    expect(placedAt1).toBeLessThan(normal);
    expect(injectedFrom1).toBeGreaterThan(normal);
    expect(sys.state.halted).toBe(true);
  });
});

describe('the schedulers (L927–933)', () => {
  const scheduled = (scheduler: string) =>
    runCranium({
      ...twoNodes([], []),
      system: { kind: 'cranium', k: 4, scheduler },
      workload: {
        nodes: [
          {
            node: 0,
            buffers: [{ handle: 1 }, { handle: 2 }],
            program: [
              { op: 'send', channel: 0, to: 1, remoteChannel: 6, buffer: 1, packets: 32 },
              { op: 'send', channel: 1, to: 4, buffer: 2, packets: 1, queue: true },
              { op: 'waitSend', channel: 0 },
            ],
          },
          {
            node: 1,
            buffers: [{ handle: 1 }],
            program: [
              { op: 'recv', channel: 6, from: 0, remoteChannel: 0, buffer: 1, packets: 32 },
              { op: 'waitRecv', channel: 6 },
            ],
          },
          { node: 4, program: [{ op: 'pollQueue' }] },
        ],
      },
    } as ScenarioInput).stats().messages;

  it('FCFS keeps the short message behind the long one; round robin lets it out at once', () => {
    const [longF, shortF] = scheduled('fcfs');
    const [longR, shortR] = scheduled('rr');
    expect(shortF!.latency).toBeGreaterThan(longF!.latency - 100);
    expect(shortR!.latency).toBeLessThan(150);
    expect(longR!.latency).toBeLessThan(longF!.latency + 60);
  });
});

describe('the scenario boundary', () => {
  it('names the field of a bad Cranium scenario', () => {
    const bad = twoNodes([{ op: 'send', channel: 99, to: 1, buffer: 1, packets: 1 }], []);
    const parsed = parseScenario(bad);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error[0]!.path).toContain('channel');
  });

  it('refuses a node outside the torus', () => {
    const parsed = parseScenario({
      ...twoNodes([], []),
      workload: { nodes: [{ node: 16, program: [] }] },
    });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error[0]!.message).toMatch(/node 0\.\.15/);
  });
});

/**
 * The torus-node kit on its own (sim-core/node/torus): the program interpreter's poll accounting
 * with a toy instruction set, halt detection, the packet store's header rewrite and fault hook,
 * and the port adapter on a small torus.
 */
import { describe, expect, it } from 'vitest';
import { networkConfig } from '../../sim-core/network/network-config';
import type { PacketState } from '../../sim-core/network/network-state';
import type { Header } from '../../sim-core/network/topology';
import { haltReason, type HaltProbe } from '../../sim-core/node/torus/halt';
import {
  carried,
  handedOver,
  headArrived,
  packetsInFlight,
  storePacket,
  tailArrived,
  type CarriedPacket,
  type PacketStore,
} from '../../sim-core/node/torus/packet-store';
import { TorusPort } from '../../sim-core/node/torus/port';
import {
  startProcessor,
  stepProcessor,
  type InstructionSet,
  type ProcessorState,
} from '../../sim-core/node/torus/processor';

// ---- a toy machine: one flag register, a log of what happened and when ----

type ToyInstr =
  | { op: 'work'; cycles: number }
  /** Spin until the flag is up; the final poll's load costs `load`. */
  | { op: 'spin'; load: number }
  /** A 2-cycle register write reported when it completes. */
  | { op: 'write'; value: number }
  /** 1 cycle, then a follow-up that keeps the processor busy `cycles` more, then reports. */
  | { op: 'settle'; cycles: number };
type ToyWait = { kind: 'flag'; load: number };
type ToyFollowUp =
  { op: 'saw'; what: string } | { op: 'wrote'; value: number } | { op: 'settling'; cycles: number };

interface ToyNode {
  proc: ProcessorState<ToyWait, ToyFollowUp>;
  program: ToyInstr[];
}
interface ToyCtx {
  cycle: number;
  flag: boolean;
  register: number;
  log: string[];
}

const TOY: InstructionSet<ToyCtx, ToyNode, ToyInstr, ToyWait, ToyFollowUp> = {
  instructions: {
    work: (_ctx, _node, i) => i.cycles,
    spin: (_ctx, node, i) => {
      node.proc.wait = { kind: 'flag', load: i.load };
      return 0;
    },
    write: (_ctx, node, i) => {
      node.proc.finishing = { op: 'wrote', value: i.value };
      return 2;
    },
    settle: (_ctx, node, i) => {
      node.proc.finishing = { op: 'settling', cycles: i.cycles };
      return 1;
    },
  },
  waits: {
    flag: {
      holds: (ctx) => ctx.flag,
      finalPoll: (_ctx, _node, w) => ({ load: w.load, then: { op: 'saw', what: 'flag' } }),
    },
  },
  followUps: {
    saw: (ctx, _node, f) => void ctx.log.push(`${ctx.cycle} saw ${f.what}`),
    wrote: (ctx, _node, f) => {
      ctx.register = f.value;
      ctx.log.push(`${ctx.cycle} wrote ${f.value}`);
    },
    settling: (ctx, node, f) => {
      node.proc.busyUntil = ctx.cycle + f.cycles;
      node.proc.finishing = { op: 'saw', what: 'settled' };
    },
  },
  processor: (node) => node.proc,
  program: (_ctx, node) => node.program,
  testBranch: () => 3,
  issued: (ctx, _node, pc, instr, cycles) =>
    void ctx.log.push(`${ctx.cycle} issue ${pc} ${instr.op} ${cycles}`),
  ended: (ctx, _node, pc) => void ctx.log.push(`${ctx.cycle} end ${pc}`),
};

function toy(program: ToyInstr[]) {
  const ctx: ToyCtx = { cycle: 0, flag: false, register: 0, log: [] };
  const node: ToyNode = { proc: startProcessor(program.length), program };
  const run = (until: number, flagAt = Infinity) => {
    while (ctx.cycle < until) {
      ctx.cycle += 1;
      if (ctx.cycle >= flagAt) ctx.flag = true;
      stepProcessor(TOY, ctx, node, ctx.cycle);
    }
  };
  return { ctx, node, run };
}

describe('torus-node kit: the program interpreter', () => {
  it('runs each instruction for its cycles and ends the program the cycle after the last', () => {
    const { ctx, node, run } = toy([
      { op: 'work', cycles: 3 },
      { op: 'work', cycles: 2 },
    ]);
    run(10);
    expect(ctx.log).toEqual(['1 issue 0 work 3', '4 issue 1 work 2', '6 end 2']);
    expect(node.proc).toMatchObject({ status: 'done', doneAt: 6, pc: 2, current: 1 });
  });

  it('a program of nothing is done from the start', () => {
    expect(startProcessor(0)).toMatchObject({ status: 'done', doneAt: 0 });
    expect(startProcessor(1)).toMatchObject({ status: 'running', doneAt: -1, pc: 0 });
  });

  it('Table 6.1 accounting: the spin ends in the cycle the condition holds; the final poll costs load + test + branch', () => {
    const { ctx, node, run } = toy([{ op: 'spin', load: 10 }]);
    run(6, 7);
    expect(node.proc.status).toBe('spinning');
    run(7, 7);
    // The poll that sees the flag starts in cycle 7 and ends 10 + 3 cycles later.
    expect(node.proc).toMatchObject({ status: 'running', wait: null, busyUntil: 20 });
    run(30, 7);
    expect(ctx.log).toEqual(['1 issue 0 spin 0', '20 saw flag', '20 end 1']);
  });

  it('a spin whose condition already holds takes its final poll in the cycle it is issued', () => {
    const { ctx, node, run } = toy([
      { op: 'spin', load: 1 },
      { op: 'work', cycles: 1 },
    ]);
    ctx.flag = true;
    run(1);
    expect(node.proc).toMatchObject({ status: 'running', busyUntil: 5 });
    run(10);
    expect(ctx.log).toEqual(['1 issue 0 spin 0', '5 saw flag', '5 issue 1 work 1', '6 end 2']);
  });

  it("an instruction's follow-up is done when its cycles are up, before the next instruction", () => {
    const { ctx, run } = toy([
      { op: 'write', value: 7 },
      { op: 'work', cycles: 1 },
    ]);
    run(2);
    expect(ctx.register).toBe(0);
    run(10);
    expect(ctx.register).toBe(7);
    expect(ctx.log).toEqual(['1 issue 0 write 2', '3 wrote 7', '3 issue 1 work 1', '4 end 2']);
  });

  it('a follow-up may keep the processor busy and leave another follow-up', () => {
    const { ctx, run } = toy([
      { op: 'settle', cycles: 3 },
      { op: 'work', cycles: 1 },
    ]);
    run(10);
    expect(ctx.log).toEqual(['1 issue 0 settle 1', '5 saw settled', '5 issue 1 work 1', '6 end 2']);
  });
});

describe('torus-node kit: halt detection', () => {
  const proc = (over: Partial<ProcessorState<unknown, unknown>>) => ({
    ...startProcessor<unknown, unknown>(1),
    ...over,
  });
  const probe = (busy: boolean, progressDue = false): HaltProbe => ({
    busy: () => busy,
    progressDue: () => progressDue,
  });
  const done = proc({ status: 'done' });
  const stuck = proc({ status: 'spinning', busyUntil: 5 });

  it('all programs done and nothing in flight: finished; something in flight: not yet', () => {
    expect(haltReason([done, done], 9, probe(false))).toBe('all programs finished');
    expect(haltReason([done, done], 9, probe(true))).toBeNull();
  });

  it('a program spinning on what nothing will change waits forever', () => {
    expect(haltReason([done, stuck], 9, probe(false))).toBe('a program waits forever');
    // Not while packets move, progress is due, its poll is under way or another runs.
    expect(haltReason([done, stuck], 9, probe(true))).toBeNull();
    expect(haltReason([done, stuck], 9, probe(false, true))).toBeNull();
    expect(haltReason([done, stuck], 4, probe(false))).toBeNull();
    expect(haltReason([stuck, proc({ status: 'running' })], 9, probe(false))).toBeNull();
    const finishing = proc({ status: 'spinning', finishing: { op: 'x' } });
    expect(haltReason([finishing], 9, probe(false))).toBeNull();
  });
});

// ---- the packet store and the port ----

interface Toy extends CarriedPacket<string> {
  fault: boolean;
}
const toyPacket = (id: number, fault = false): Toy => ({
  id,
  header: 'to',
  netId: -1,
  injectedAt: -1,
  headAt: -1,
  deliveredAt: -1,
  hops: 0,
  deroutes: 0,
  path: [],
  derouted: [],
  fault,
});
const emptyStore = (): PacketStore<Toy> => ({ packets: {}, inFlight: {}, nextPacket: 1 });
const headers = {
  rewrite: (h: string, remaining: Header) => `${h}[${remaining.dy},${remaining.dx}]`,
  fault: (pkt: Toy, h: string) => (pkt.fault ? `${h}!` : h),
};

describe('torus-node kit: the packet store', () => {
  const netPacket = (id: number, over: Partial<PacketState> = {}) =>
    ({
      id,
      header: { dy: 0, dx: 0 },
      hops: 3,
      deroutes: 1,
      path: [0, 1, 5],
      derouted: [false, true, false],
      ...over,
    }) as PacketState;

  it('numbers packets from nextPacket and finds them by network id only while in flight', () => {
    const store = emptyStore();
    const a = storePacket(store, (id) => toyPacket(id));
    const b = storePacket(store, (id) => toyPacket(id));
    expect([a.id, b.id, store.nextPacket]).toEqual([1, 2, 3]);
    handedOver(store, b, 40);
    expect(b.netId).toBe(40);
    expect(carried(store, 40)).toBe(b);
    expect(packetsInFlight(store)).toBe(true);
    expect(tailArrived(store, netPacket(40), 12)).toBe(b);
    expect(carried(store, 40)).toBeUndefined();
    expect(packetsInFlight(store)).toBe(false);
  });

  it('rewrites the header as the routers left it, then applies the fault hook', () => {
    const store = emptyStore();
    const clean = storePacket(store, (id) => toyPacket(id));
    const bad = storePacket(store, (id) => toyPacket(id, true));
    handedOver(store, clean, 7);
    handedOver(store, bad, 8);
    expect(headArrived(store, headers, netPacket(7, { header: { dy: 0, dx: 0 } }), 5)).toBe(clean);
    headArrived(store, headers, netPacket(8, { header: { dy: 1, dx: -2 } }), 6);
    expect([clean.header, clean.headAt]).toEqual(['to[0,0]', 5]);
    expect([bad.header, bad.headAt]).toEqual(['to[1,-2]!', 6]);
    // Without a fault hook the rewritten header is the delivered one.
    const plain = storePacket(store, (id) => toyPacket(id, true));
    handedOver(store, plain, 9);
    headArrived(store, { rewrite: headers.rewrite }, netPacket(9), 6);
    expect(plain.header).toBe('to[0,0]');
  });

  it("ignores another's packets and keeps its own copy of the route", () => {
    const store = emptyStore();
    expect(headArrived(store, headers, netPacket(3), 1)).toBeUndefined();
    expect(tailArrived(store, netPacket(3), 1)).toBeUndefined();
    const pkt = storePacket(store, (id) => toyPacket(id));
    handedOver(store, pkt, 3);
    const net = netPacket(3);
    tailArrived(store, net, 9);
    net.path.push(99);
    expect(pkt).toMatchObject({ deliveredAt: 9, hops: 3, deroutes: 1, path: [0, 1, 5] });
  });
});

describe('torus-node kit: the port adapter', () => {
  /** A 4×4 torus of 4-phit packets; node 5 refuses first phits until `opensAt`. */
  function attached(opensAt = 0, injectionQueue = 4) {
    const store = emptyStore();
    let cycle = 0;
    const heard: string[] = [];
    const port = new TorusPort<Toy, string>(
      networkConfig(
        { kind: 'torus', k: 4, attached: 4 },
        { packetPhits: 4, injectionQueue, router: 'dor' },
      ),
      {
        store: () => store,
        cycle: () => cycle,
        headers,
        accepts: (n) => n !== 5 || cycle >= opensAt,
        headArrived: (n, pkt, net) => void heard.push(`${cycle} head ${pkt.id}@${n} net ${net.id}`),
        tailArrived: (n, pkt) => void heard.push(`${cycle} tail ${pkt.id}@${n}`),
      },
    );
    const step = () => {
      cycle += 1;
      return port.step();
    };
    return { store, port, heard, step, now: () => cycle };
  }

  it('delivers a packet: injection, head and tail noted, header rewritten, route recorded', () => {
    const { store, port, heard, step } = attached();
    const pkt = storePacket(store, (id) => toyPacket(id));
    expect(port.submit(pkt, 0, 5)).toBe(true);
    const injectedIn: number[] = [];
    for (let c = 1; c <= 40 && heard.length < 2; c++)
      if (step().some((e) => e.kind === 'net.inject')) injectedIn.push(c);
    expect(injectedIn).toEqual([pkt.injectedAt]);
    expect(heard).toEqual([
      `${pkt.headAt} head ${pkt.id}@5 net ${pkt.netId}`,
      `${pkt.deliveredAt} tail ${pkt.id}@5`,
    ]);
    // The tail follows the head by the packet's length less one.
    expect(pkt.deliveredAt - pkt.headAt).toBe(3);
    expect(pkt.header).toBe('to[0,0]');
    expect(pkt.hops).toBe(2);
    expect(pkt.path.length).toBeGreaterThan(0);
    expect(packetsInFlight(store)).toBe(false);
  });

  it("a node that refuses first phits holds the packet's head in the network until it accepts", () => {
    const free = attached();
    const held = attached(30);
    for (const m of [free, held]) {
      const pkt = storePacket(m.store, (id) => toyPacket(id));
      m.port.submit(pkt, 0, 5);
      while (m.heard.length < 2 && m.now() < 60) m.step();
    }
    const headAt = (m: typeof free) => m.store.packets[1]!.headAt;
    expect(headAt(free)).toBeLessThan(30);
    expect(headAt(held)).toBe(30);
  });

  it("another's packets reach no callback; a full injection queue refuses a submit", () => {
    const { store, port, heard, step } = attached(0, 1);
    port.net.submit(1, 5); // background traffic
    const a = storePacket(store, (id) => toyPacket(id));
    const b = storePacket(store, (id) => toyPacket(id));
    expect(port.submit(a, 0, 5)).toBe(true);
    expect(port.submit(b, 0, 5)).toBe(false);
    expect(b.netId).toBe(-1);
    for (let c = 0; c < 40; c++) step();
    expect(heard.map((h) => h.split(' ').slice(1, 3).join(' '))).toEqual(['head 1@5', 'tail 1@5']);
  });
});

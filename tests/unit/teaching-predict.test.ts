/**
 * "Predict, then see" on the real lecture scenarios: each kind finds the next checkable step,
 * asks a question whose options include the outcome, checks an answer by simulation without
 * moving the session, and explains it with the rule that fired.
 */
import { describe, expect, it } from 'vitest';
import { findBuiltin } from '../../scenarios/index';
import { resolveSteps } from '../../src/lecture/steps';
import { parseScenario, Session } from '../../sim-core/index';
import {
  checkPrediction,
  predictionAt,
  predictionKindsFor,
  revealPrediction,
  type PredictionKind,
  type PredictionQuestion,
  type PredictionTarget,
} from '../../sim-core/teaching/index';

function session(id: string, cycle = 0): Session {
  const parsed = parseScenario(findBuiltin(id)!.doc);
  if (!parsed.ok) throw new Error(id);
  const s = new Session(parsed.value);
  s.seek(cycle);
  return s;
}

function ask(
  id: string,
  cycle: number,
  kinds?: PredictionKind[],
  target?: PredictionTarget,
): { s: Session; q: PredictionQuestion } {
  const s = session(id, cycle);
  const q = predictionAt(s, kinds, target);
  if (!q) throw new Error(`no question in ${id} at ${cycle}`);
  return { s, q };
}

/** Answers right and wrong, and checks what every answer must satisfy. */
function answer(s: Session, q: PredictionQuestion) {
  const before = s.view();
  const right = revealPrediction(s, q)!;
  expect(right).not.toBeNull();
  expect(q.options.map((o) => o.value)).toContain(right.value);
  expect(new Set(q.options.map((o) => o.value)).size).toBe(q.options.length);
  const ok = checkPrediction(s, q, right.value)!;
  expect(ok.correct).toBe(true);
  const wrong = q.options.find((o) => o.value !== right.value)!;
  const bad = checkPrediction(s, q, wrong.value)!;
  expect(bad.correct).toBe(false);
  expect(bad.given).toBe(wrong.value);
  expect(bad.value).toBe(right.value);
  expect(right.cycle).toBeGreaterThan(q.cycle);
  // Checking never moves the caller's session.
  expect(s.cycle).toBe(q.cycle);
  expect(s.view()).toEqual(before);
  return right;
}

describe('cacheState (bus)', () => {
  it('asks about the requester of the next transaction and explains with protocol rows', () => {
    const { s, q } = ask('write-invalidation', 0, ['cacheState']);
    expect(q.id).toBe('cacheState@0:block=1,cache=0');
    expect(q.facts).toEqual({ cache: 0, block: 1 });
    expect(q.prompt).toMatch(/Block 0x40 is in state I in P0's cache now \(cycle 0\)/);
    expect(q.options.map((o) => o.value)).toEqual(['M', 'O', 'E', 'S', 'I']);
    const r = answer(s, q);
    expect(r.value).toBe('E');
    expect(r.cycle).toBe(44);
    expect(r.rules.map((x) => `${x.from} × ${x.event} → ${x.to}`)).toEqual([
      'IS_AD × Grant → IS_D',
      'IS_D × DataExcl → E',
    ]);
    expect(r.explanation).toMatch(/P0's RD for 0x40 wins the bus/);
    expect(r.explanation).toMatch(/MOESI: IS_D × DataExcl → E \(fill, performLoad\)/);
  });

  it('asks about a snooping cache when targeted: MOESI keeps the dirty block in O', () => {
    const { s, q } = ask('write-invalidation', 190, ['cacheState'], { cache: 1 });
    const r = answer(s, q);
    expect(r.value).toBe('O');
    expect(r.rules.at(-1)!.text).toMatch(/M × OtherRd → O \(supplyData, assertShared\)/);
  });

  it('follows the protocol: MSI has no E', () => {
    const parsed = parseScenario({
      ...(findBuiltin('write-invalidation')!.doc as object),
      system: { nodes: 3, protocol: 'MSI', cache: { sizeBytes: 256, associativity: 2 } },
    });
    if (!parsed.ok) throw new Error('bad');
    const s = new Session(parsed.value);
    const q = predictionAt(s, ['cacheState'])!;
    expect(q.options.map((o) => o.value)).toEqual(['M', 'S', 'I']);
    expect(answer(s, q).value).toBe('S');
  });
});

describe('nextBusTransaction (bus)', () => {
  it('names the kind and the requester, with the row that queued the request', () => {
    const { s, q } = ask('write-invalidation', 150, ['nextBusTransaction']);
    expect(q.options).toHaveLength(12);
    const r = answer(s, q);
    expect(r.value).toBe('INV:1');
    expect(r.label).toMatch(/^P1: INV/);
    expect(r.rules.map((x) => x.text)).toContainEqual(expect.stringMatching(/S × Store → SM_A/));
  });
});

describe('queuePointer (cni)', () => {
  it('predicts a wrap-around: the slot returns to 0 and the sense flips', () => {
    const { s, q } = ask('cni-sense-reverse', 300, ['queuePointer']);
    expect(q.facts).toEqual({ node: 0, queue: 'q', pointer: 'tail' });
    expect(q.options).toHaveLength(8); // 4 slots × 2 senses
    const r = answer(s, q);
    expect(r.value).toBe('0/0');
    expect(r.explanation).toMatch(/sense reverse/);
  });

  it('asks about a lazy-pointer refresh', () => {
    const { s, q } = ask('cni-sense-reverse', 1250, ['queuePointer'], { pointer: 'shadowHead' });
    expect(answer(s, q).explanation).toMatch(/lazy pointers/);
  });
});

describe('cniTransaction (cni)', () => {
  it('names the next transaction on a node’s bus and who issues it, with the rows that fired', () => {
    const { s, q } = ask('cni-polling-cdr', 1, ['cniTransaction']);
    expect(q.prompt).toMatch(/node 0's memory bus/);
    expect(q.options.map((o) => o.value)).not.toContain('RD:P1');
    const r = answer(s, q);
    expect(r.value).toBe('INV:NI');
    expect(r.cycle).toBe(601);
    expect(r.explanation).toMatch(/NI rxCDR\[0\]: MOESI S × Store → SM_A \(requestBus\)/);
    expect(r.rules.map((x) => `${x.from}→${x.to}`)).toEqual(['S→SM_A', 'SM_A→SM_D', 'S→I']);
  });

  it('offers the second processor where the workload has one', () => {
    const { q } = ask('cni-sense-reverse', 0, ['cniTransaction']);
    expect(q.options.map((o) => o.value)).toContain('RD:P1');
  });
});

describe('routerOutput (network, cranium)', () => {
  it('asks about a profitable hop with the packet and its header', () => {
    const { s, q } = ask('deroute', 25, ['routerOutput']);
    expect(q.prompt).toMatch(/Packet 3 \(node 34 → node 39\) is at router 33 with header \[0,-2\]/);
    expect(answer(s, q).value).toBe('W');
  });

  it('catches a deroute where packets pile up', () => {
    const { s, q } = ask('deroute', 100, ['routerOutput'], { router: 36 });
    const r = answer(s, q);
    expect(r.value).toMatch(/^[NESW]:deroute$/);
    expect(r.explanation).toMatch(/multi-queue was full/);
  });

  it('describes a packet that is not in the network yet', () => {
    const { s, q } = ask('one-packet', 0, ['routerOutput']);
    expect(q.prompt).toMatch(/will enter the network at router 0/);
    expect(['E', 'S', 'W']).toContain(answer(s, q).value);
  });

  it('runs on Cranium machines too', () => {
    const { s, q } = ask('cranium-out-of-order', 100, ['routerOutput']);
    expect(answer(s, q).value).toMatch(/^[NESWP]/);
  });
});

describe('craniumCount (cranium)', () => {
  it('counts down whatever the arrival order', () => {
    const { s, q } = ask('cranium-out-of-order', 362, ['craniumCount']);
    expect(q.facts).toEqual({ node: 19, msg: 1 });
    expect(q.prompt).toMatch(/message 1 \(8 packets\)/);
    const r = answer(s, q);
    expect(r.value).toBe('0');
    expect(r.explanation).toMatch(/out of order/);
  });

  it('keeps long option lists short', () => {
    const { s, q } = ask('cranium-long-message', 300, ['craniumCount']);
    expect(q.options.length).toBeLessThanOrEqual(8);
    answer(s, q);
  });
});

describe('predictionAt', () => {
  it('is deterministic: same scenario and cycle, same question', () => {
    for (const [id, cycle] of [
      ['migratory-data', 100],
      ['cni-remote-pingpong', 700],
      ['hotspot', 400],
      ['cranium-scheduler', 60],
    ] as const) {
      const a = predictionAt(session(id, cycle));
      const b = predictionAt(session(id, cycle));
      expect(a).not.toBeNull();
      expect(a).toEqual(b);
    }
  });

  it('asks and reveals the same from a log that holds none of its older events', () => {
    for (const [id, cycle] of [
      ['migratory-data', 100],
      ['cni-remote-pingpong', 700],
      ['hotspot', 400],
      ['cranium-scheduler', 60],
      ['fugu-fast-path', 200],
      ['flash-macropipeline', 300],
      ['edt-eager-send', 150],
    ] as const) {
      const full = session(id, 0);
      full.exploreAll();
      full.seek(cycle);
      const bounded = session(id, 0);
      bounded.exploreAll();
      bounded.timeline.boundLog(0);
      bounded.seek(cycle);
      const asked = predictionAt(full);
      expect(predictionAt(bounded)).toEqual(asked);
      if (asked) expect(revealPrediction(bounded, asked)).toEqual(revealPrediction(full, asked));
    }
  });

  it('offers each model its own kinds and ignores the others', () => {
    expect(predictionKindsFor('bus').map((k) => k.kind)).toEqual([
      'cacheState',
      'nextBusTransaction',
    ]);
    expect(predictionKindsFor('cni').map((k) => k.kind)).toEqual([
      'queuePointer',
      'cniTransaction',
    ]);
    expect(predictionKindsFor('network').map((k) => k.kind)).toEqual(['routerOutput']);
    expect(predictionKindsFor('cranium').map((k) => k.kind)).toEqual([
      'routerOutput',
      'craniumCount',
    ]);
    expect(predictionAt(session('deroute', 10), ['cacheState'])).toBeNull();
  });

  it('returns null after the last checkable step, and a foreign question cannot be checked', () => {
    const s = session('write-invalidation', 230);
    expect(predictionAt(s)).toBeNull();
    const { q } = ask('cni-sense-reverse', 0, ['queuePointer']);
    expect(checkPrediction(s, q, '1/1')).toBeNull();
  });

  it('asks a question whose options contain the outcome, at every tenth cycle', () => {
    for (const id of [
      'read-sharing',
      'evictions-writeback',
      'cni-local-queue',
      'contention',
      'cranium-short-message',
    ]) {
      const s = session(id);
      s.exploreAll();
      for (let c = 0; c < s.timeline.lastCycle; c += 10) {
        s.seek(c);
        const q = predictionAt(s);
        if (!q) continue;
        const r = revealPrediction(s, q);
        expect(r, `${id}@${c}`).not.toBeNull();
        expect(
          q.options.map((o) => o.value),
          `${id}@${c}`,
        ).toContain(r!.value);
        expect(s.cycle).toBe(c);
      }
    }
  });
});

/**
 * The scenario authors' checkpoints (walkthrough steps with `predict`), at their resolved cycles:
 * what the simulator says happens next. A change to a model that moves one fails here first.
 */
const CHECKPOINTS: [id: string, step: string, value: string, at: number][] = [
  ['cni-polling-cdr', 'Both copies shared', 'INV:NI', 601],
  ['cni-polling-cdr', 'Arc 1: the NI invalidates', 'RD:P', 611],
  ['cni-sense-reverse', 'The last slot', '0/0', 318],
  ['cni-sense-reverse', 'Second pass: valid = 0', '1/0', 377],
  ['cni-remote-pingpong', 'Write into the send queue', 'RDX:P', 146],
  ['cni-remote-pingpong', 'The receiving NI writes its queue', 'RD:P', 489],
  ['cranium-short-message', 'Cold: look up the handles', 'E', 35],
  ['cranium-dma-coherence', 'Invalidate the bulk data', '2', 110],
  ['one-packet', 'Four cycles a hop', 'S', 12],
  ['deroute', 'The backlog spreads west', 'N:deroute', 171],
  ['edt-gap', 'Send1: the user writes', 'INV:P', 22],
  ['edt-gap', 'Send5: DMA the data', 'DMARD:DMA', 1852],
  ['edt-retry-vs-intv', 'RETRY', 'WB:P', 1530],
  ['edt-eager-send', 'Send1 begins', 'I', 22],
  ['edt-eager-send', 'Block 1, while the NI waits', 'INV:P', 98],
  ['edt-thrash', '…and it was wrong', 'RD:CC', 665],
  ['edt-receive-modes', 'The message lands', 'M', 2865],
  ['edt-vs-cni', 'Last block first', 'INV:P', 22],
  ['edt-size-sweep', '4 KB: 32 blocks', 'INV:P', 57],
];

describe('authored checkpoints', () => {
  it.each(CHECKPOINTS)('%s, “%s”: the simulator answers %s at cycle %i', (id, title, value, at) => {
    const s = session(id);
    s.exploreAll();
    const parsed = parseScenario(findBuiltin(id)!.doc);
    if (!parsed.ok) throw new Error(id);
    const walkthrough = parsed.value.walkthrough;
    const index = walkthrough.findIndex((w) => w.title === title);
    expect(walkthrough[index]?.predict, title).toBeDefined();
    const step = resolveSteps(walkthrough, s.timeline.log.slice())[index]!;
    s.seek(step.cycle);
    const q = predictionAt(s, walkthrough[index]!.predict);
    expect(q, `${id} @${step.cycle}`).not.toBeNull();
    const r = answer(s, q!);
    expect(r.value).toBe(value);
    expect(r.cycle).toBe(at);
  });

  it('covers every checkpoint of these scenarios, and binds steps to events where they move', () => {
    const ids = [...new Set(CHECKPOINTS.map(([id]) => id))];
    let bound = 0;
    for (const id of ids) {
      const parsed = parseScenario(findBuiltin(id)!.doc);
      if (!parsed.ok) throw new Error(id);
      const titles = parsed.value.walkthrough.filter((w) => w.predict).map((w) => w.title);
      expect(titles.sort()).toEqual(
        CHECKPOINTS.filter(([x]) => x === id)
          .map(([, t]) => t)
          .sort(),
      );
      const s = session(id);
      s.exploreAll();
      const steps = resolveSteps(parsed.value.walkthrough, s.timeline.log.slice());
      parsed.value.walkthrough.forEach((w, i) => {
        if (!w.event) return;
        bound++;
        // The step lands on an event of its kind, at the cycle its note was written for.
        expect(
          s.timeline.log.slice().some((e) => e.kind === w.event && e.cycle === steps[i]!.cycle),
        ).toBe(true);
        expect(steps[i]!.cycle, `${id} “${w.title}”`).toBe(w.cycle);
      });
    }
    expect(bound).toBeGreaterThanOrEqual(2);
  });
});

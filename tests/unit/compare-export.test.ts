/**
 * The pure parts of compare mode and the exports: CSV escaping and shapes, the trace of a cycle
 * range, the alignment of two event logs by cycle, statistics side by side, and configuration B
 * in the URL fragment.
 */
import { describe, expect, it } from 'vitest';
import { builtinScenarios } from '../../scenarios/index';
import {
  applyOverrides,
  eventText,
  logText,
  parseScenario,
  Session,
  type SimEvent,
} from '../../sim-core/index';
import { choiceGroups } from '../../src/compare/choices';
import {
  countOnly,
  diffLogs,
  diffStats,
  diffWorded,
  inWords,
  type CycleDiff,
} from '../../src/compare/diff';
import { hash53 } from '../../sim-core/kernel/hash';
import {
  formatOverride,
  inverse,
  readVs,
  sideLabels,
  specWith,
  valueAt,
  withVs,
} from '../../src/compare/vs';
import { csvCell, flatten, logCsv, statsCsv, sweepCsv, toCsv } from '../../src/export/csv';
import {
  buildTrace,
  eventsInRange,
  MAX_TRACE_FRAMES,
  readRange,
  TRACE_FORMAT,
} from '../../src/export/trace';

function run(id: string, overrides: { path: string; value: unknown }[] = []): Session {
  const doc = builtinScenarios.find((s) => s.id === id)!.doc;
  const applied = applyOverrides(doc, overrides);
  if (!applied.ok) throw new Error(applied.error.message);
  const parsed = parseScenario(applied.value);
  if (!parsed.ok) throw new Error(parsed.error[0]!.message);
  const session = new Session(parsed.value);
  session.exploreAll();
  return session;
}

/** A bus model's static description, to word bus events with. */
const META = run('write-invalidation').meta;

/** A minimal event of a kind the narration does not describe (so the text is its fields). */
const ev = (cycle: number, seq: number, proc: number, cycles = 5): SimEvent =>
  ({ kind: 'cpu.compute', cycle, seq, proc, cycles }) as SimEvent;

describe('CSV', () => {
  it('escapes commas, quotes, line breaks and edge spaces; leaves plain text alone', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell(' padded')).toBe('" padded"');
    expect(csvCell('P0 S→M')).toBe('P0 S→M');
  });

  it('writes numbers, booleans and empty cells; never NaN or Infinity', () => {
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(0.25)).toBe('0.25');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(Number.POSITIVE_INFINITY)).toBe('');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@sum')).toBe("'@sum");
  });

  it('joins rows with CRLF and ends with one', () => {
    expect(toCsv(['a', 'b'], [[1, 'x,y']])).toBe('a,b\r\n1,"x,y"\r\n');
  });

  it('flattens statistics to dotted paths', () => {
    expect(
      flatten({ bus: { RD: 4, RDX: 0 }, caches: [{ hits: 1 }, { hits: 2 }], none: null }),
    ).toEqual([
      ['bus.RD', 4],
      ['bus.RDX', 0],
      ['caches.0.hits', 1],
      ['caches.1.hits', 2],
      ['none', null],
    ]);
    const text = statsCsv({ cycles: 10, bus: { busy: 3 } });
    expect(text).toBe('statistic,value\r\ncycles,10\r\nbus.busy,3\r\n');
  });

  it('writes a sweep with one column per field, in first-seen order', () => {
    const text = sweepCsv([
      { router: 'chaos', offered: 0.1, latency: 30 },
      { router: 'dor', offered: 0.1, latency: null, stalled: true },
    ]);
    expect(text.split('\r\n')).toEqual([
      'router,offered,latency,stalled',
      'chaos,0.1,30,',
      'dor,0.1,,true',
      '',
    ]);
  });

  it('writes the whole event log: one row per event under cycle,seq,kind,text', () => {
    const session = run('write-invalidation');
    const log = session.timeline.log.slice();
    const text = logCsv(log, (e) => eventText(e, META));
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('cycle,seq,kind,text');
    expect(lines).toHaveLength(log.length + 1);
    expect(lines[1]!.startsWith(`${log[0]!.cycle},${log[0]!.seq},${log[0]!.kind},`)).toBe(true);
  });
});

describe('event text', () => {
  it('uses the narration, transition wording, or the kind and fields', () => {
    const session = run('write-invalidation');
    const log = session.timeline.log.slice();
    for (const e of log) expect(eventText(e, META)).not.toBe('');
    const transition = log.find((e) => e.kind === 'coh.transition')!;
    expect(eventText(transition, META)).toMatch(/^P\d .+→.+ on /);
    expect(eventText(ev(3, 1, 2), META)).toMatch(/P2|cpu\.compute/);
  });
});

describe('trace of a cycle range', () => {
  const log = [ev(1, 0, 0), ev(1, 1, 1), ev(4, 2, 0), ev(9, 3, 1), ev(12, 4, 0)];

  it('takes the events of from…to inclusive', () => {
    expect(eventsInRange(log, { from: 1, to: 4 }).map((e) => e.seq)).toEqual([0, 1, 2]);
    expect(eventsInRange(log, { from: 2, to: 8 }).map((e) => e.seq)).toEqual([2]);
    expect(eventsInRange(log, { from: 5, to: 8 })).toEqual([]);
    expect(eventsInRange(log, { from: 0, to: 100 })).toHaveLength(5);
  });

  it('reads the inputs: whole numbers, in order, clamped to the run', () => {
    expect(readRange('3', '7', 20, false)).toEqual({ ok: true, range: { from: 3, to: 7 } });
    expect(readRange(' 3 ', '70', 20, false)).toEqual({ ok: true, range: { from: 3, to: 20 } });
    expect(readRange('8', '7', 20, false).ok).toBe(false);
    expect(readRange('-1', '7', 20, false).ok).toBe(false);
    expect(readRange('1.5', '7', 20, false).ok).toBe(false);
    expect(readRange('', '7', 20, false).ok).toBe(false);
    expect(readRange('30', '40', 20, false).ok).toBe(false);
    expect(readRange('0', String(MAX_TRACE_FRAMES), 10_000, true).ok).toBe(false);
    expect(readRange('0', String(MAX_TRACE_FRAMES - 1), 10_000, true).ok).toBe(true);
  });

  it('says what it holds', () => {
    const about = { scenario: 's', title: 'S', seed: 1, link: null };
    const events = buildTrace(about, log, { from: 1, to: 4 });
    expect(events).toMatchObject({ format: TRACE_FORMAT, contents: 'events', from: 1, to: 4 });
    expect(events.frames).toBeUndefined();
    const withFrames = buildTrace(about, log, { from: 1, to: 4 }, []);
    expect(withFrames.contents).toBe('events+frames');
  });
});

describe('diff of two event logs', () => {
  const text = (e: SimEvent) => eventText(e, META);

  it('matches equal events by kind and text, whatever their sequence numbers', () => {
    const a = [ev(1, 0, 0), ev(1, 1, 1), ev(3, 2, 0)];
    const b = [ev(1, 10, 0), ev(1, 11, 1), ev(3, 12, 0)];
    const diff = diffLogs(a, b, text);
    expect(diff.map((d) => d.cycle)).toEqual([1, 3]);
    expect(diff.every((d) => !d.differs)).toBe(true);
    expect(countOnly(diff)).toEqual({ a: 0, b: 0, cycles: 0 });
  });

  it('marks events only one side has, keeping both orders', () => {
    const a = [ev(1, 0, 0), ev(1, 1, 1), ev(1, 2, 2)];
    const b = [ev(1, 0, 0), ev(1, 1, 3), ev(1, 2, 2), ev(2, 3, 0)];
    const diff = diffLogs(a, b, text);
    expect(diff).toHaveLength(2);
    const rows = diff[0]!.rows;
    // Events 1 of A and B are both cpu.compute but differ: one changed row.
    expect(rows.map((r) => [r.a?.seq ?? null, r.b?.seq ?? null, r.same])).toEqual([
      [0, 0, true],
      [1, 1, false],
      [2, 2, true],
    ]);
    expect(diff[0]!.differs).toBe(true);
    expect(diff[1]).toMatchObject({ cycle: 2, differs: true });
    expect(countOnly(diff)).toEqual({ a: 1, b: 2, cycles: 2 });
    // An event of another kind is not paired: it stands alone.
    const bus = { kind: 'cpu.done', cycle: 1, seq: 9, proc: 0 } as SimEvent;
    const alone = diffLogs([ev(1, 0, 0)], [bus], text)[0]!.rows;
    expect(alone.map((r) => [r.a?.seq ?? null, r.b?.seq ?? null])).toEqual([
      [0, null],
      [null, 9],
    ]);
  });

  it('leaves out the events a text function has no words for (as the log panel does)', () => {
    const a = [ev(1, 0, 0), { kind: 'cpu.done', cycle: 1, seq: 1, proc: 0 } as SimEvent];
    const words = (e: SimEvent) => (e.kind === 'cpu.done' ? null : text(e));
    expect(diffLogs(a, [ev(1, 5, 0)], words)[0]).toMatchObject({ cycle: 1, differs: false });
    const session = run('write-invalidation');
    const listed = session.timeline.log.slice().filter((e) => logText(e, META) !== null).length;
    const diff = diffLogs(session.timeline.log.slice(), [], (e) => logText(e, META));
    expect(diff.flatMap((d) => d.rows)).toHaveLength(listed);
    expect(listed).toBeLessThan(session.timeline.log.length);
  });

  it('limits to a range of cycles', () => {
    const a = [ev(1, 0, 0), ev(5, 1, 0), ev(9, 2, 0)];
    expect(diffLogs(a, [], text, text, 2, 8).map((d) => d.cycle)).toEqual([5]);
  });

  it('finds MOESI and MESI differ on dirty sharing, and a run agrees with itself', () => {
    const moesi = run('dirty-sharing', [{ path: 'system.protocol', value: 'MOESI' }]);
    const mesi = run('dirty-sharing', [{ path: 'system.protocol', value: 'MESI' }]);
    const same = diffLogs(moesi.timeline.log.slice(), moesi.timeline.log.slice(), text);
    expect(countOnly(same).cycles).toBe(0);
    const diff = diffLogs(moesi.timeline.log.slice(), mesi.timeline.log.slice(), text);
    expect(countOnly(diff).cycles).toBeGreaterThan(0);
    // Every event of each log appears exactly once on its side.
    const aSeqs = diff.flatMap((d) => d.rows.flatMap((r) => (r.a ? [r.a.seq] : [])));
    expect(aSeqs).toEqual(moesi.timeline.log.slice().map((e) => e.seq));
  });

  it('aligns hashes of the words as it aligns the words (compare mode fetches only hashes)', () => {
    const moesi = run('dirty-sharing', [{ path: 'system.protocol', value: 'MOESI' }]);
    const mesi = run('dirty-sharing', [{ path: 'system.protocol', value: 'MESI' }]);
    const hashed = (e: SimEvent) => {
      const words = text(e);
      return words === null ? null : hash53(words);
    };
    const shape = (diff: CycleDiff[]) =>
      diff.map((d) => ({
        cycle: d.cycle,
        differs: d.differs,
        rows: d.rows.map((r) => [r.a?.seq ?? null, r.b?.seq ?? null, r.same]),
      }));
    const a = moesi.timeline.log.slice();
    const b = mesi.timeline.log.slice();
    expect(shape(diffWorded(inWords(a, hashed), inWords(b, hashed)))).toEqual(
      shape(diffLogs(a, b, text)),
    );
  });
});

describe('statistics side by side', () => {
  it('gives A, B and B − A, marking what differs', () => {
    const rows = diffStats(
      { cycles: 10, bus: { RD: 4, WB: 1 }, ni: 'CNI4' },
      { cycles: 12, bus: { RD: 4, WB: 0 }, ni: 'CNI16Q', extra: 1 },
    );
    expect(rows).toEqual([
      { name: 'cycles', a: 10, b: 12, delta: 2, differs: true },
      { name: 'bus.RD', a: 4, b: 4, delta: 0, differs: false },
      { name: 'bus.WB', a: 1, b: 0, delta: -1, differs: true },
      { name: 'ni', a: 'CNI4', b: 'CNI16Q', delta: null, differs: true },
      { name: 'extra', a: undefined, b: 1, delta: null, differs: true },
    ]);
  });
});

describe('configuration B in the URL', () => {
  it('formats and reads overrides as share links do', () => {
    expect(formatOverride({ path: 'system.protocol', value: 'MESI' })).toBe('system.protocol=MESI');
    expect(formatOverride({ path: 'system.dateline', value: true })).toBe('system.dateline=true');
    expect(formatOverride({ path: 'title', value: '42' })).toBe('title="42"');
    const link = '#v1?b=dirty-sharing&c=5';
    const vs = [
      { path: 'system.router', value: 'dor' },
      { path: 'system.dateline', value: true },
    ];
    const fragment = withVs(link, vs);
    expect(fragment).toBe(`${link}&vs=system.router%3Ddor&vs=system.dateline%3Dtrue`);
    expect(readVs(fragment)).toEqual({ kind: 'vs', overrides: vs });
    expect(readVs(`${fragment}&present=1`)).toEqual({ kind: 'vs', overrides: vs });
    expect(withVs(link, null)).toBe(link);
    expect(readVs(link)).toEqual({ kind: 'none' });
    expect(readVs('')).toEqual({ kind: 'none' });
  });

  it('rejects a malformed or hostile vs with a coded issue, never evaluating it', () => {
    const bad = (f: string) => {
      const r = readVs(f);
      expect(r.kind).toBe('bad');
      return r.kind === 'bad' ? r.issue.code : '';
    };
    expect(bad('#v1?b=x&vs=%E0%A4%A')).toBe('LNK002');
    expect(bad('#v1?b=x&vs=no-equals-sign')).toBe('LNK005');
    expect(bad('#v1?b=x&vs=__proto__.polluted%3D1')).toBe('LNK005');
    expect(bad(`#v1?b=x${'&vs=a%3D1'.repeat(9)}`)).toBe('LNK005');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("makes B's spec on A's seed, replacing A's own override of the same path", () => {
    const spec = {
      kind: 'builtin' as const,
      id: 'dirty-sharing',
      overrides: [
        { path: 'system.protocol', value: 'MSI' },
        { path: 'limits.maxCycles', value: 900 },
      ],
    };
    const made = specWith(spec, [{ path: 'system.protocol', value: 'MESI' }], 7);
    expect(made).toEqual({
      ok: true,
      spec: {
        kind: 'builtin',
        id: 'dirty-sharing',
        overrides: [
          { path: 'limits.maxCycles', value: 900 },
          { path: 'system.protocol', value: 'MESI' },
        ],
        seed: 7,
      },
    });
    const seeded = specWith(spec, [{ path: 'seed', value: 3 }], 7);
    expect(seeded.ok && seeded.spec.seed).toBeUndefined();
    const doc = specWith(
      { kind: 'document', doc: { system: { protocol: 'MSI' } } },
      [{ path: 'system.protocol', value: 'MOESI' }],
      2,
    );
    expect(doc).toEqual({
      ok: true,
      spec: { kind: 'document', doc: { system: { protocol: 'MOESI' } }, seed: 2 },
    });
  });

  it('labels the sides by the values that differ, and swaps back', () => {
    const a = { system: { router: 'chaos', dateline: true } };
    const b = { system: { router: 'dor', dateline: true } };
    const vs = [
      { path: 'system.router', value: 'dor' },
      { path: 'system.dateline', value: true },
    ];
    expect(sideLabels(a, b, vs)).toEqual({ a: 'chaos', b: 'dor' });
    expect(inverse(a, vs)).toEqual([
      { path: 'system.router', value: 'chaos' },
      { path: 'system.dateline', value: true },
    ]);
    expect(inverse(a, [{ path: 'system.missing', value: 1 }])).toBeNull();
    expect(valueAt(a, 'system.router')).toBe('chaos');
    expect(valueAt(a, 'system.router.deeper')).toBeUndefined();
  });
});

describe('configuration B of a coherent-NI scenario', () => {
  const groupsOf = (id: string) => choiceGroups(run(id).scenario);

  it('offers the settings that apply to its NI, each as overrides that load', () => {
    const e9 = groupsOf('cni-overflow-snarfing');
    const snarfing = e9.find((g) => g.key === 'snarfing')!;
    expect(snarfing.current).toBe('false');
    const on = snarfing.choices.find((c) => c.key === 'true')!;
    expect(on.overrides).toEqual([{ path: 'system.snarfing', value: true }]);
    const atEnd = (session: Session) => {
      session.seek(session.timeline.endCycle!);
      return session.stats();
    };
    const a = atEnd(run('cni-overflow-snarfing'));
    const b = atEnd(run('cni-overflow-snarfing', on.overrides));
    expect(b.cycles).toBeGreaterThan(0);
    expect(b).not.toEqual(a);
    // CNI16Q has no overflow into memory: no write-back buffer or snarfing to compare.
    const e6 = groupsOf('cni-remote-pingpong').map((g) => g.key);
    expect(e6).not.toContain('snarfing');
    expect(e6).toContain('optimisations.senseReverse');
  });

  it('turns one queue optimisation off without touching the others', () => {
    const e4 = groupsOf('cni-local-queue');
    expect(e4.map((g) => g.key)).not.toContain('ni');
    const sense = e4.find((g) => g.key === 'optimisations.senseReverse')!;
    const off = sense.choices.find((c) => c.key === 'false')!;
    expect(off.overrides).toEqual([
      {
        path: 'system.optimisations',
        value: { lazyPointers: true, validBits: true, senseReverse: false },
      },
    ]);
  });
});

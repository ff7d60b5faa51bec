/**
 * parseScenario, the one door for user scenarios: defaults on good input, and on bad input the
 * exact issue code and path a teacher will read (`SCN003 system.nodes: expected integer 1..16,
 * got 40`). Also the migration runner the parser relies on.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InputIssue } from '../../sim-core/scenario/issues';
import { migrate, migrations, type Migration } from '../../sim-core/scenario/migrations';
import { parseScenario } from '../../sim-core/scenario/parse';
import { SCENARIO_VERSION, type Scenario } from '../../sim-core/scenario/schema';

/** A minimal valid document; tests spread changes over it. */
function minimal(): Record<string, unknown> {
  return {
    version: 1,
    id: 'minimal',
    title: 'Minimal',
    system: { nodes: 2 },
    workload: { programs: [[{ op: 'load', addr: 64 }], []] },
  };
}

/** Valid apart from whatever a test changes; a random workload needs no per-node programs. */
function randomDoc(system: Record<string, unknown> = { nodes: 2 }): Record<string, unknown> {
  return { ...minimal(), system, workload: { random: { opsPerProcessor: 4 } } };
}

function parsed(input: unknown): Scenario {
  const result = parseScenario(input);
  if (!result.ok) throw new Error(`expected a valid scenario, got ${JSON.stringify(result.error)}`);
  return result.value;
}

function issues(input: unknown): InputIssue[] {
  const result = parseScenario(input);
  if (result.ok) throw new Error('expected the scenario to be rejected');
  return result.error;
}

describe('parseScenario: good input', () => {
  it('fills in every default', () => {
    expect(parsed(minimal())).toEqual({
      version: 1,
      id: 'minimal',
      title: 'Minimal',
      topic: 'coherence',
      summary: '',
      learningGoals: [],
      walkthrough: [],
      seed: 1,
      system: {
        kind: 'bus',
        nodes: 2,
        protocol: 'MOESI',
        cache: { sizeBytes: 512, associativity: 2, blockBytes: 64, replacement: 'lru' },
        bus: { preset: 'memory', costs: {} },
      },
      workload: { programs: [[{ op: 'load', addr: 64 }], []] },
      memory: [],
      limits: { maxCycles: 20000 },
      checks: { invariants: true, stallWatchdog: 1000 },
    });
  });

  it('accepts the same scenario as JSON text', () => {
    expect(parsed(JSON.stringify(minimal()))).toEqual(parsed(minimal()));
  });

  it('fills in random-workload defaults', () => {
    expect(parsed(randomDoc()).workload).toEqual({
      random: { opsPerProcessor: 4, base: 0, blocks: 16, storeFraction: 0.3, computeMax: 4 },
    });
  });

  it('reads hex address strings, in programs, loops and memory', () => {
    const sc = parsed({
      ...minimal(),
      workload: {
        programs: [
          [
            { op: 'load', addr: '0x40' },
            { op: 'loop', times: 2, body: [{ op: 'store', addr: '0xFF8', value: 3 }] },
          ],
          [{ op: 'spin', addr: '0x0', until: 1 }],
        ],
      },
      memory: [{ addr: '0x40', value: 9 }],
    });
    expect(sc.workload).toEqual({
      programs: [
        [
          { op: 'load', addr: 0x40 },
          { op: 'loop', times: 2, body: [{ op: 'store', addr: 0xff8, value: 3 }] },
        ],
        [{ op: 'spin', addr: 0, until: 1 }],
      ],
    });
    expect(sc.memory).toEqual([{ addr: 0x40, value: 9 }]);
  });

  it('keeps hostile-looking teaching text as plain data, unchanged', () => {
    const hostile = [
      '<img src=x onerror=alert(1)>',
      '<script>alert("x")</script>',
      'javascript:alert(1)',
      '{{constructor.constructor("alert(1)")()}}',
      '"; DROP TABLE scenarios; --',
      '\u202eevil\u0000',
    ];
    const sc = parsed({
      ...minimal(),
      title: hostile[0],
      summary: hostile.join(' '),
      learningGoals: hostile,
      walkthrough: hostile.map((note, i) => ({ cycle: i, title: hostile[i], note })),
    });
    expect(sc.title).toBe(hostile[0]);
    expect(sc.summary).toBe(hostile.join(' '));
    expect(sc.learningGoals).toEqual(hostile);
    expect(sc.walkthrough.map((w) => w.note)).toEqual(hostile);
    expect(sc.walkthrough.map((w) => w.title)).toEqual(hostile);
  });

  it('does not modify its input', () => {
    const doc = minimal();
    const before = JSON.stringify(doc);
    parseScenario(doc);
    expect(JSON.stringify(doc)).toBe(before);
  });
});

describe('parseScenario: bad input, with exact codes and paths', () => {
  it('SCN001: text that is not JSON', () => {
    const [issue, ...rest] = issues('{"version": 1,');
    expect(rest).toEqual([]);
    expect(issue).toMatchObject({ code: 'SCN001', path: '' });
    expect(issue!.message).toMatch(/^not valid JSON/);
  });

  it('SCN004: JSON that is not an object', () => {
    for (const value of ['[]', '42', 'null', '"text"'])
      expect(issues(value)).toEqual([expect.objectContaining({ code: 'SCN004', path: '' })]);
  });

  it('SCN002: a newer version, and a missing version', () => {
    expect(issues({ ...minimal(), version: 2 })).toEqual([
      {
        code: 'SCN002',
        path: 'version',
        message: 'this NI Lab reads scenario versions up to 1, got 2',
      },
    ]);
    const { version: _dropped, ...noVersion } = minimal();
    expect(issues(noVersion)).toEqual([
      {
        code: 'SCN002',
        path: 'version',
        message: 'this NI Lab reads scenario versions up to 1, got nothing',
      },
    ]);
  });

  it('SCN003: nodes out of range, with the exact message', () => {
    expect(issues(randomDoc({ nodes: 40 }))).toEqual([
      { code: 'SCN003', path: 'system.nodes', message: 'expected integer 1..16, got 40' },
    ]);
    expect(issues(randomDoc({ nodes: 0 }))).toEqual([
      { code: 'SCN003', path: 'system.nodes', message: 'expected integer 1..16, got 0' },
    ]);
  });

  it('SCN003: focusNode must name a node a one-node panel can show', () => {
    const cni = (focusNode: number) => ({
      ...minimal(),
      system: { kind: 'cni', nodes: 2 },
      workload: { messages: { kind: 'pingpong', bytes: 64 } },
      focusNode,
    });
    expect(parsed(cni(1)).focusNode).toBe(1);
    expect(issues(cni(2))).toEqual([
      { code: 'SCN003', path: 'focusNode', message: 'expected a node 0..1, got 2' },
    ]);
    const cranium = {
      ...minimal(),
      system: { kind: 'cranium', k: 4 },
      workload: { nodes: [{ node: 5, program: [] }] },
      focusNode: 3,
    };
    expect(issues(cranium)).toEqual([
      {
        code: 'SCN003',
        path: 'focusNode',
        message: 'expected one of the nodes with a program (5), got 3',
      },
    ]);
    expect(issues({ ...minimal(), focusNode: 1 })).toEqual([
      {
        code: 'SCN003',
        path: 'focusNode',
        message: 'only the coherent-NI, Cranium and UDM NI panels show one node; remove focusNode',
      },
    ]);
  });

  it('SCN004 (not SCN003): nodes given as the string "4"', () => {
    expect(issues(randomDoc({ nodes: '4' }))).toEqual([
      { code: 'SCN004', path: 'system.nodes', message: 'expected integer 1..16, got "4"' },
    ]);
  });

  it('SCN004: a required field is missing', () => {
    const { title: _dropped, ...noTitle } = minimal();
    expect(issues(noTitle)).toEqual([
      { code: 'SCN004', path: 'title', message: 'required field is missing (expected string)' },
    ]);
  });

  it('SCN005: an unknown field, at the top and nested', () => {
    expect(issues({ ...minimal(), colour: 'red' })).toEqual([
      { code: 'SCN005', path: '', message: 'unknown field "colour"' },
    ]);
    expect(issues(randomDoc({ nodes: 2, cores: 4 }))).toEqual([
      { code: 'SCN005', path: 'system', message: 'unknown field "cores"' },
    ]);
  });

  it('SCN006: a protocol that is not one of the choices', () => {
    expect(issues(randomDoc({ nodes: 2, protocol: 'MXI' }))).toEqual([
      {
        code: 'SCN006',
        path: 'system.protocol',
        message: 'expected one of MSI, MESI, MOESI, got "MXI"',
      },
    ]);
  });

  it('SCN007: a title of 5000 characters', () => {
    expect(issues({ ...minimal(), title: 'x'.repeat(5000) })).toEqual([
      { code: 'SCN007', path: 'title', message: 'text longer than 120 characters' },
    ]);
  });

  it('SCN007: a malformed id', () => {
    expect(issues({ ...minimal(), id: 'Not An Id' })).toEqual([
      expect.objectContaining({ code: 'SCN007', path: 'id' }),
    ]);
  });

  it('SCN008: a program count different from the node count', () => {
    expect(issues({ ...minimal(), system: { nodes: 3 } })).toEqual([
      {
        code: 'SCN008',
        path: 'workload.programs',
        message: 'expected one program per processor (3), got 2',
      },
    ]);
  });

  it('SCN009: a cache size that does not give a power-of-two number of sets', () => {
    // 192 B / (64 B × 1 way) = 3 sets; 512 B / (64 B × 3 ways) is not whole.
    for (const cache of [
      { sizeBytes: 192, associativity: 1 },
      { sizeBytes: 512, associativity: 3 },
      { sizeBytes: 64, associativity: 2 },
    ]) {
      expect(issues(randomDoc({ nodes: 2, cache }))).toEqual([
        expect.objectContaining({ code: 'SCN009', path: 'system.cache.sizeBytes' }),
      ]);
    }
  });

  it('SCN010: an address that is not word-aligned, in a program, a loop and memory', () => {
    expect(
      issues({ ...minimal(), workload: { programs: [[{ op: 'load', addr: 0x41 }], []] } }),
    ).toEqual([
      {
        code: 'SCN010',
        path: 'workload.programs.0.0.addr',
        message: 'address 0x41 is not a multiple of the 8-byte word',
      },
    ]);
    const inLoop = {
      op: 'loop',
      times: 2,
      body: [
        { op: 'compute', cycles: 1 },
        { op: 'store', addr: '0x44', value: 1 },
      ],
    };
    expect(issues({ ...minimal(), workload: { programs: [[], [inLoop]] } })).toEqual([
      expect.objectContaining({ code: 'SCN010', path: 'workload.programs.1.0.body.1.addr' }),
    ]);
    expect(issues({ ...minimal(), memory: [{ addr: '0x41', value: 1 }] })).toEqual([
      expect.objectContaining({ code: 'SCN010', path: 'memory.0.addr' }),
    ]);
  });

  it('points into the program at a bad instruction, not at the whole workload', () => {
    const withInstruction = (instr: unknown) =>
      issues({ ...minimal(), workload: { programs: [[instr], []] } });
    expect(withInstruction({ op: 'jump' })).toEqual([
      expect.objectContaining({ code: 'SCN004', path: 'workload.programs.0.0.op' }),
    ]);
    expect(withInstruction({ op: 'store', addr: 8, value: 1.5 })).toEqual([
      {
        code: 'SCN004',
        path: 'workload.programs.0.0.value',
        message: 'expected integer -2147483648..4294967295, got 1.5',
      },
    ]);
    expect(withInstruction({ op: 'load', addr: -8 })).toEqual([
      {
        code: 'SCN003',
        path: 'workload.programs.0.0.addr',
        message: 'expected at least 0, got -8',
      },
    ]);
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.string(), fc.anything()), (input) => {
        const result = parseScenario(input);
        if (!result.ok) {
          expect(result.error.length).toBeGreaterThan(0);
          for (const issue of result.error) expect(issue.code).toMatch(/^SCN0\d\d$/);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('migrate', () => {
  // A synthetic history: v1 called the node count `cpus`, v2 had no topic.
  const history: Migration[] = [
    {
      from: 1,
      title: 'rename cpus to nodes',
      description: 'v2 calls processors nodes',
      up: ({ cpus, ...rest }) => ({ ...rest, nodes: cpus }),
    },
    {
      from: 2,
      title: 'add a topic',
      description: 'v3 files every scenario under a topic',
      up: (doc) => ({ ...doc, topic: 'coherence' }),
    },
  ];

  it('applies every step from v1 to the target, in order', () => {
    expect(migrate({ version: 1, cpus: 4 }, history, 3)).toEqual({
      kind: 'migrated',
      doc: { version: 3, nodes: 4, topic: 'coherence' },
      applied: ['rename cpus to nodes', 'add a topic'],
    });
  });

  it('starts from the document’s own version', () => {
    expect(migrate({ version: 2, nodes: 2 }, history, 3)).toEqual({
      kind: 'migrated',
      doc: { version: 3, nodes: 2, topic: 'coherence' },
      applied: ['add a topic'],
    });
    expect(migrate({ version: 3, nodes: 2 }, history, 3)).toEqual({
      kind: 'migrated',
      doc: { version: 3, nodes: 2 },
      applied: [],
    });
  });

  it('sets the version itself, even when a step forgets to', () => {
    const forgetful: Migration[] = [
      { from: 1, title: 't', description: 'd', up: (d) => ({ ...d }) },
    ];
    expect(migrate({ version: 1 }, forgetful, 2)).toMatchObject({ doc: { version: 2 } });
  });

  it('does not modify the input document', () => {
    const doc = { version: 1, cpus: 4 };
    migrate(doc, history, 3);
    expect(doc).toEqual({ version: 1, cpus: 4 });
  });

  it('reports versions it has no path for as unsupported', () => {
    for (const version of [0, 4, 1.5, '1', null, undefined]) {
      expect(migrate({ version }, history, 3)).toEqual({ kind: 'unsupported', version });
    }
    // A gap in the list is a missing path too.
    expect(migrate({ version: 1, cpus: 1 }, [history[1]!], 3)).toEqual({
      kind: 'unsupported',
      version: 1,
    });
  });

  it('has a real migration list that is ordered, contiguous and ends at SCENARIO_VERSION', () => {
    expect(migrations).toHaveLength(SCENARIO_VERSION - 1);
    migrations.forEach((m, i) => {
      expect(m.from).toBe(i + 1);
      expect(m.title.length).toBeGreaterThan(0);
      expect(m.description.length).toBeGreaterThan(0);
    });
    expect(migrate({ version: SCENARIO_VERSION })).toEqual({
      kind: 'migrated',
      doc: { version: SCENARIO_VERSION },
      applied: [],
    });
  });
});

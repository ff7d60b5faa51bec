/**
 * npm run fingerprint: one line per built-in scenario and variant, with hashes of everything a
 * user can see of its run — the event log, each cycle's frame, events and narration, the
 * statistics and the model's static description — so a refactor can show that it changed none
 * of them (run it before and after; the two outputs must be equal, line for line).
 *
 * Variants are a fixed list of `path=value` overrides tried on every scenario (those a scenario
 * rejects are skipped), so two builds are always compared on the same runs.
 *
 *   npm run fingerprint [-- --only <scenario-id-prefix> | --help]
 */
import { builtinScenarios } from '../scenarios/index';
import { applyOverrides, parseScenario, Session, type Override } from '../sim-core/index';
import { RunningHash, hash53 } from '../sim-core/kernel/hash';
import { startTool, valueOf } from './cli';

const VARIANTS: Override[][] = [
  [],
  ...['MSI', 'MESI', 'MOESI'].map((value) => [{ path: 'system.protocol', value }]),
  ...['chaos', 'minimal', 'dor', 'deflection'].map((value) => [{ path: 'system.router', value }]),
  [{ path: 'system.dateline', value: false }],
  ...['NI2w', 'CNI4', 'CNI16Q', 'CNI512Q', 'CNI16Qm'].map((value) => [
    { path: 'system.ni', value },
  ]),
  [{ path: 'system.bus', value: 'io' }],
  [
    { path: 'system.snarfing', value: true },
    { path: 'system.writeBackBuffer', value: true },
  ],
  [{ path: 'system.scheduler', value: 'rr' }],
];

/** Every cycle up to here is hashed; after it, every STRIDE-th cycle (long runs stay quick). */
const EVERY_CYCLE_UNTIL = 1500;
const STRIDE = 37;

function fingerprint(doc: unknown, overrides: Override[]): string | null {
  const applied = applyOverrides(doc, overrides);
  if (!applied.ok) return null;
  const parsed = parseScenario(applied.value);
  if (!parsed.ok) return null;
  const session = new Session(parsed.value);
  session.exploreAll();
  const last = session.timeline.lastCycle;
  const views = new RunningHash();
  for (let c = 0; c <= last; c += c < EVERY_CYCLE_UNTIL ? 1 : STRIDE) {
    const v = session.seek(c);
    views.add(`${c}|${v.narration}|${JSON.stringify(v.events)}|${JSON.stringify(v.frame)}`);
  }
  session.seek(last);
  return [
    `cycles=${last}`,
    `events=${session.eventsDigest()}`,
    `views=${views.value}`,
    `stats=${hash53(JSON.stringify(session.stats()))}`,
    `meta=${hash53(JSON.stringify(session.meta))}`,
  ].join(' ');
}

const args = startTool(
  {
    name: 'fingerprint',
    summary:
      'one line per built-in scenario and variant with hashes of its events, frames, narration, statistics and meta.',
    usage: ['[--only <scenario-id-prefix>]'],
    options: [
      { name: '--only', value: 'PREFIX', help: 'Only the scenarios whose id starts with PREFIX.' },
    ],
    exitCodes: [
      [0, 'the lines were printed'],
      [2, 'the command line is wrong (CLI001, CLI002)'],
    ],
    docs: 'docs/cli.md ("Other tools")',
  },
  process.argv.slice(2),
);
const only = valueOf(args, '--only') ?? '';
for (const { id, doc } of builtinScenarios) {
  if (!id.startsWith(only)) continue;
  for (const overrides of VARIANTS) {
    const line = fingerprint(doc, overrides);
    if (line === null) continue;
    const name = overrides.map((o) => `${o.path}=${String(o.value)}`).join(',') || 'as-is';
    console.log(`${id} [${name}] ${line}`);
  }
}

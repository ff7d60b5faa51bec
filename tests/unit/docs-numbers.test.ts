/**
 * The numbers docs/scenario-format.md quotes from runs come from runs: the example's command-line
 * output (run again with the CLI), the 6×6 traffic example, and how long the lecture scenarios run.
 * A model change that moves one fails here, and the doc is updated with the new number.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinScenarios, findBuiltin } from '../../scenarios/index';
import { parseScenario, Session } from '../../sim-core/index';

const doc = readFileSync(new URL('../../docs/scenario-format.md', import.meta.url), 'utf8');

/** The run of a scenario document to its end. */
function run(scenario: unknown): Session {
  const parsed = parseScenario(scenario);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  const s = new Session(parsed.value);
  s.exploreAll();
  s.seek(s.timeline.lastCycle);
  return s;
}

/** "2,136" → 2136. */
const number = (text: string) => Number(text.replace(/,/g, ''));

describe('docs/scenario-format.md', () => {
  it("prints the network example's output as the CLI prints it", () => {
    const example =
      /## A small network example\n+```json\n([\s\S]*?)```[\s\S]*?```\n\$ (npm run -s sim -- (\S+))\n([\s\S]*?)```/.exec(
        doc,
      );
    expect(example, 'the example and its output').not.toBeNull();
    const [, json, , file, output] = example!;
    const dir = mkdtempSync(join(tmpdir(), 'ni-lab-docs-'));
    const path = join(dir, file!.split('/').at(-1)!);
    writeFileSync(path, json!);
    const printed = execFileSync('npx', ['tsx', 'tools/sim.ts', path], {
      encoding: 'utf8',
      cwd: new URL('../..', import.meta.url).pathname,
    });
    expect(printed).toBe(output);
  }, 60_000);

  it('gives the 6×6 traffic example its offered load and halt', () => {
    const claim =
      /an offered load of ([\d.]+) and\s+halted at cycle ([\d,]+)\):\n+```json\n([\s\S]*?)```/.exec(
        doc,
      );
    expect(claim).not.toBeNull();
    const [, load, halt, body] = claim!;
    const s = run({ version: 1, id: 'six', title: 'Six', ...JSON.parse(`{${body}}`) });
    const stats = s.stats() as { offeredLoad: number };
    expect(stats.offeredLoad.toFixed(3)).toBe(load);
    expect(s.timeline.endCycle).toBe(number(halt!));
  });

  it('says how long the lecture scenarios run', () => {
    const claim =
      /The bus lecture scenarios halt within ([\d,]+) cycles and most network ones within ([\d,]+)\s+\(`hotspot`, with `"maxCycles": ([\d,]+)`, after ([\d,]+)\)/.exec(
        doc,
      );
    expect(claim).not.toBeNull();
    const [, bus, network, hotspotLimit, hotspotHalt] = claim!.map((x) => number(x ?? ''));
    const halts = (topic: string) =>
      builtinScenarios
        .filter((b) => (b.doc as { topic?: string }).topic === topic)
        .map((b) => run(b.doc).timeline.endCycle ?? Infinity);
    expect(Math.max(...halts('coherence'))).toBeLessThanOrEqual(bus!);
    const torus = halts('torus');
    expect(torus.filter((c) => c <= network!).length).toBeGreaterThan(torus.length / 2);
    const hotspot = findBuiltin('hotspot')!.doc as { limits: { maxCycles: number } };
    expect(hotspot.limits.maxCycles).toBe(hotspotLimit);
    expect(run(hotspot).timeline.endCycle).toBe(hotspotHalt);
  });
});

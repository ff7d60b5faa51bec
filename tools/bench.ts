/**
 * npm run bench [-- --json]: speed of the simulation core in Node, one core. A benchmark, not a
 * test: it prints numbers and the targets they are compared with; it never fails the suite.
 *
 *   bus16.cyclesPerSecond   16 processors, MOESI, random loads/stores: raw simulated cycles/s
 *   bus16.stepBackMs        time to step back one cycle at cycle 100,000 (keyframes + replay)
 */
import { createSim, parseScenario, Session, type Scenario } from '../sim-core/index';

interface Row {
  id: string;
  what: string;
  value: number;
  unit: string;
  target: string;
  meets: boolean;
}

function busScenario(): Scenario {
  const parsed = parseScenario({
    version: 1,
    id: 'bench-bus16',
    title: '16 processors, random loads and stores',
    seed: 42,
    system: { nodes: 16, protocol: 'MOESI', cache: { sizeBytes: 1024, associativity: 2 } },
    workload: {
      random: { opsPerProcessor: 40_000, blocks: 48, storeFraction: 0.3, computeMax: 6 },
    },
    limits: { maxCycles: 200_000 },
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  return parsed.value;
}

const now = () => performance.now();

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function benchBusCycles(scenario: Scenario, cycles: number): number {
  const sim = createSim(scenario);
  sim.step(); // warm the JIT on the same code path
  const t0 = now();
  for (let i = 0; i < cycles; i++) sim.step();
  return cycles / ((now() - t0) / 1000);
}

function benchStepBack(scenario: Scenario, at: number): { ms: number; keyframes: number } {
  const session = new Session(scenario);
  session.seek(at);
  const samples: number[] = [];
  for (let i = 0; i < 15; i++) {
    session.seek(at - i);
    const t0 = now();
    session.seek(at - i - 1);
    samples.push(now() - t0);
  }
  return { ms: median(samples), keyframes: session.timeline.keyframeCount() };
}

function main(): void {
  const json = process.argv.includes('--json');
  const scenario = busScenario();
  const cps = benchBusCycles(scenario, 100_000);
  const back = benchStepBack(scenario, 100_000);
  const rows: Row[] = [
    {
      id: 'bus16.cyclesPerSecond',
      what: '16-processor MOESI bus, random loads/stores',
      value: Math.round(cps),
      unit: 'cycles/s',
      target: 'as fast as possible',
      meets: true,
    },
    {
      id: 'bus16.stepBackMs',
      what: `step back one cycle at cycle 100,000 (${back.keyframes} keyframes)`,
      value: Number(back.ms.toFixed(3)),
      unit: 'ms',
      target: '≤ 50 ms',
      meets: back.ms <= 50,
    },
  ];
  if (json) {
    for (const r of rows) console.log(JSON.stringify(r));
    return;
  }
  console.log(`NI Lab benchmarks — Node ${process.version}, one core\n`);
  for (const r of rows) {
    console.log(
      `${r.id.padEnd(24)} ${String(r.value).padStart(12)} ${r.unit.padEnd(9)} target ${r.target.padEnd(20)} ${r.meets ? 'ok' : 'MISSED'}   ${r.what}`,
    );
  }
}

main();

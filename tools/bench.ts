/**
 * npm run bench [-- --json]: speed of the simulation core in Node, one core. A benchmark, not a
 * test: it prints numbers and the targets they are compared with; it never fails the suite.
 *
 *   bus16.cyclesPerSecond   16 processors, MOESI, random loads/stores: raw simulated cycles/s
 *   bus16.stepBackMs        time to step back one cycle at cycle 100,000 (keyframes + replay)
 *   torus8.* / torus16.*    chaos router, 20-phit packets, uniform random at 0.28 / 0.16
 *                           phits/node/cycle: simulated cycles/s and phit link-hops/s
 *   cni16.cyclesPerSecond   16 nodes with CNI16Q, all-to-all 64-byte messages: cycles/s
 *
 * `npm run bench` bundles this file with esbuild first, as the app's build does, so the numbers
 * are those of shipped code rather than of an on-the-fly TypeScript loader.
 *
 * `npm run bench -- --browser` then runs the browser rows too (tools/bench-browser.ts, also
 * `npm run bench:browser`): the torus animation's frames per second and run-mode speed in
 * headless Chromium.
 */
import { spawnSync } from 'node:child_process';
import { createSim, parseScenario, Session, type Scenario } from '../sim-core/index';
import { Network, networkConfig } from '../sim-core/network/network';
import { defaultCniConfig } from '../sim-core/fidelity/cni';
import { CniSystem } from '../sim-core/ni/cni/cni-system';

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

function benchTorus(
  k: number,
  load: number,
  cycles: number,
): { cps: number; hopsPerSecond: number } {
  const net = new Network(
    networkConfig(
      { kind: 'torus', k, attached: k },
      {
        traffic: { pattern: 'uniform', load, until: cycles * 2, hotspot: { node: 0, fraction: 0 } },
        seed: 42,
        stallWatchdog: 100_000,
      },
    ),
  );
  for (let i = 0; i < 500; i++) net.step(); // warm up to a steady state first
  const hopsBefore = net.state.linkPhits.flat().reduce((a, b) => a + b, 0);
  const t0 = now();
  for (let i = 0; i < cycles; i++) net.step();
  const seconds = (now() - t0) / 1000;
  const hops = net.state.linkPhits.flat().reduce((a, b) => a + b, 0) - hopsBefore;
  return { cps: cycles / seconds, hopsPerSecond: hops / seconds };
}

/** 16 nodes with CNI16Q on memory buses, every node sending 64-byte messages to every other. */
function benchCni(cycles: number): number {
  const cfg = defaultCniConfig('CNI16Q', 'memory', { kind: 'alltoall', bytes: 64, rounds: 50 });
  const sim = new CniSystem({ ...cfg, nodes: 16 });
  for (let i = 0; i < 500; i++) sim.step();
  const t0 = now();
  let done = 0;
  for (; done < cycles && !sim.state.halted; done++) sim.step();
  return done / ((now() - t0) / 1000);
}

function main(): void {
  const json = process.argv.includes('--json');
  const scenario = busScenario();
  const cps = benchBusCycles(scenario, 100_000);
  const back = benchStepBack(scenario, 100_000);
  const t8 = benchTorus(8, 0.28, 20_000);
  const t16 = benchTorus(16, 0.16, 5_000);
  const cni = benchCni(20_000);
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
    {
      id: 'torus8.cyclesPerSecond',
      what: '8×8 torus, chaos, 20 phits, uniform 0.28 (a C++ reference simulator: ≈ 28,000)',
      value: Math.round(t8.cps),
      unit: 'cycles/s',
      target: '≥ 60,000',
      meets: t8.cps >= 60_000,
    },
    {
      id: 'torus8.phitHopsPerSecond',
      what: '8×8 torus: phits carried across links per second',
      value: Math.round(t8.hopsPerSecond),
      unit: 'phits/s',
      target: 'as fast as possible',
      meets: true,
    },
    {
      id: 'torus16.cyclesPerSecond',
      what: '16×16 torus, chaos, 20 phits, uniform 0.16 (a C++ reference simulator: ≈ 5,800)',
      value: Math.round(t16.cps),
      unit: 'cycles/s',
      target: '≥ 12,000',
      meets: t16.cps >= 12_000,
    },
    {
      id: 'torus16.phitHopsPerSecond',
      what: '16×16 torus: phits carried across links per second',
      value: Math.round(t16.hopsPerSecond),
      unit: 'phits/s',
      target: 'as fast as possible',
      meets: true,
    },
    {
      id: 'cni16.cyclesPerSecond',
      what: '16 nodes, CNI16Q on memory buses, all-to-all 64-byte messages',
      value: Math.round(cni),
      unit: 'cycles/s',
      target: 'as fast as possible',
      meets: true,
    },
  ];
  const browser = process.argv.includes('--browser');
  if (json) for (const r of rows) console.log(JSON.stringify(r));
  else {
    console.log(`NI Lab benchmarks — Node ${process.version}, one core\n`);
    for (const r of rows) {
      console.log(
        `${r.id.padEnd(24)} ${String(r.value).padStart(12)} ${r.unit.padEnd(9)} target ${r.target.padEnd(20)} ${r.meets ? 'ok' : 'MISSED'}   ${r.what}`,
      );
    }
    if (!browser)
      console.log(
        '\nThe torus animation in headless Chromium (frames/s, run-mode cycles/s): npm run bench -- --browser',
      );
  }
  if (browser) {
    if (!json) console.log('');
    const flags = process.argv.slice(2).filter((a) => a !== '--browser');
    spawnSync('npm', ['run', '-s', 'bench:browser', '--', ...flags], { stdio: 'inherit' });
  }
}

main();

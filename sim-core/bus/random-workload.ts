/**
 * A seeded random workload: each processor gets a program of loads, stores and short computes
 * over a small range of blocks (the benchmark's and the property tests' stress load). The
 * program is generated once, from its own stream, so it is part of the scenario's identity.
 */
import { createStream, nextFloat, nextInt } from '../kernel/rng';
import type { Instruction } from './program';

export interface RandomWorkload {
  opsPerProcessor: number;
  base: number;
  blocks: number;
  storeFraction: number;
  computeMax: number;
}

export function randomPrograms(
  w: RandomWorkload,
  nodes: number,
  blockBytes: number,
  seed: number,
): Instruction[][] {
  const wordsPerBlock = blockBytes / 8;
  return Array.from({ length: nodes }, (_, p) => {
    const rng = createStream(seed, `workload.p${p}`);
    const program: Instruction[] = [];
    for (let i = 0; i < w.opsPerProcessor; i++) {
      const addr = w.base + nextInt(rng, w.blocks) * blockBytes + nextInt(rng, wordsPerBlock) * 8;
      if (nextFloat(rng) < w.storeFraction)
        program.push({ op: 'store', addr, value: p * 1_000_000 + i + 1 });
      else program.push({ op: 'load', addr });
      if (w.computeMax > 0) {
        const c = nextInt(rng, w.computeMax + 1);
        if (c > 0) program.push({ op: 'compute', cycles: c });
      }
    }
    return program;
  });
}

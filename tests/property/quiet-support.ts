/**
 * Runs a model that skips its quiet cycles (ModelInstance.skipQuiet) two ways, for the property
 * tests that the skip changes nothing: stepping every cycle, and jumping every stretch the model
 * proves quiet. The digest covers each event with its cycle, the final state and the statistics.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

interface Skipping {
  state: { cycle: number; halted: boolean };
  step(): unknown[];
  skipQuiet(limit: number): number;
  stats(): unknown;
}

export interface QuietRun {
  digest: string;
  cycles: number;
  skipped: number;
}

export function quietRun(model: Skipping, skip: boolean, maxCycles: number): QuietRun {
  const log: string[] = [];
  let skipped = 0;
  while (!model.state.halted && model.state.cycle < maxCycles) {
    if (skip) skipped += model.skipQuiet(maxCycles - model.state.cycle);
    if (model.state.cycle >= maxCycles) break;
    for (const e of model.step()) log.push(`${model.state.cycle} ${JSON.stringify(e)}`);
  }
  log.push(JSON.stringify(model.state), JSON.stringify(model.stats()));
  return {
    digest: bytesToHex(sha256(utf8ToBytes(log.join('\n')))),
    cycles: model.state.cycle,
    skipped,
  };
}

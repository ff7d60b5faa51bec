/**
 * Cross-model fidelity rows measured through the message bench (sim-core/bench/, issue 18): a
 * claim that puts two seeds' numbers side by side, checked on the same message through both
 * models. (EDT's best case against CNI16Q's, `cross.edt.cni.bestCase`, counts transactions, not a
 * message, and stays with the EDT rows.)
 */
import { benchNis, benchRow } from '../bench/bench';
// The bench reads the list of models from the scenario format, which parse.ts provides.
import '../scenario/parse';
import type { FidelityRow } from './fidelity';

/** The peak payload rates the seeds give, in MB/s: Cranium's 2.91 B a 10-ns cycle, FLASH's 320. */
const CRANIUM_PEAK = 291;
const FLASH_PEAK = 320;

const mbPerS = (variant: string) => {
  const ni = benchNis().find((n) => n.variant === variant);
  const row = ni && benchRow(ni, 4096, 'prepared-clean', 'published');
  if (!row || row.mbPerS === null) throw new Error(`${variant} has no 4 KB bandwidth`);
  return row.mbPerS;
};

/**
 * Round2-spec §B2.6: Cranium's auto-receive DMA and FLASH's MAGIC meet at about the same
 * bandwidth at 4 KB, by different mechanisms (a hardware DMA path against a protocol processor),
 * as their seeds' peaks (291 and 320 MB/s) say. Ours: the bench's 4 KB points, prepared clean.
 */
export function ceilingRow(): FidelityRow {
  const cranium = mbPerS('Cranium');
  const flash = mbPerS('FLASH');
  const ratio = Math.round((100 * cranium) / flash) / 100;
  return {
    id: 'cross.cranium.flash.ceiling',
    source:
      'seed 001 L1386 (2.91 B/cycle at 100 MHz) with seed 003 L77 (320 MB/s); round2-spec §B2.6',
    metric: `4 KB message, prepared clean, each on its own network: Cranium auto-receive ${cranium.toFixed(1)} MB/s over FLASH ${flash.toFixed(1)} MB/s (the seeds' peaks: ${CRANIUM_PEAK} over ${FLASH_PEAK})`,
    paper: Math.round((100 * CRANIUM_PEAK) / FLASH_PEAK) / 100,
    ours: ratio,
    tolerance: 'ratio 0.8–1.25 (about the same ceiling)',
    pass: ratio >= 0.8 && ratio <= 1.25,
    kind: 'R',
    origin: 'emergent',
  };
}

export const crossRows = (): FidelityRow[] => [ceilingRow()];

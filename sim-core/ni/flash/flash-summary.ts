/** FLASH's clocks [003 L76] and its statistics as lines of text, in cycles, µs and MB/s. */
import { nsPerCycle, type Clocks } from '../../model';
import type { FlashStats } from './flash-frame';

export const FLASH_CLOCKS: Clocks = {
  cycleDomain: 'system',
  cpuHz: 200e6,
  systemHz: 100e6,
  source: '003 L76',
};

const NS = nsPerCycle(FLASH_CLOCKS);

/** Bytes in `cycles` as MB/s at the system clock. */
export const mbPerSecond = (bytes: number, cycles: number) =>
  cycles > 0 ? (bytes * 1000) / (cycles * NS) : 0;

export function summariseFlash(stats: FlashStats): string[] {
  const lines = stats.transfers.map((t) => {
    const head = `transfer ${t.id}: node ${t.from} → node ${t.to}, ${t.bytes} B (${t.lines} lines)`;
    if (t.cycles < 0) return `${head}: ${t.status}, not complete`;
    const fixed = t.table1
      ? `; fixed cost ${t.table1.fixed} cycles (initiation ${t.table1.initiation}, set-up ${t.table1.setup}, initial line ${t.table1.initialLine}, network ${t.table1.network}, clean-up ${t.table1.cleanup})`
      : '';
    return `${head}: ${t.cycles} cycles = ${((t.cycles * NS) / 1000).toFixed(2)} µs, ${mbPerSecond(t.bytes, t.cycles).toFixed(0)} MB/s; ${t.perLine.toFixed(1)} cycles a line (${mbPerSecond(128, t.perLine).toFixed(0)} MB/s during the transfer)${fixed}`;
  });
  for (const n of stats.nodes)
    lines.push(
      `node ${n.id}: PP busy ${n.ppBusy} of ${stats.cycles} cycles (${n.handlers} handlers)`,
    );
  return lines;
}

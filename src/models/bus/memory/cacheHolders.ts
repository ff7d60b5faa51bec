/** Which caches hold each block, in which state (write-back buffers included): who has the newer copy. */
import type { BusFrame } from '../../../../sim-core/index';

export interface Holder {
  cache: number;
  state: string;
  inWbBuffer: boolean;
}

export function holdersByBlock(caches: BusFrame['caches']): Map<number, Holder[]> {
  const holders = new Map<number, Holder[]>();
  const add = (block: number, holder: Holder) =>
    holders.set(block, [...(holders.get(block) ?? []), holder]);
  for (const c of caches) {
    for (const line of c.lines) {
      if (line.block >= 0 && line.state !== 'I')
        add(line.block, { cache: c.id, state: line.state, inWbBuffer: false });
    }
    for (const e of c.wbBuffer) add(e.block, { cache: c.id, state: e.state, inWbBuffer: true });
  }
  return holders;
}

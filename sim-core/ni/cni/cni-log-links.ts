/**
 * The coherent-NI model's events and what they are about: a slot of a cachable queue, named by
 * the blocks it is made of (`rq[3].0`) and by the pointers that move onto it.
 */
import type { CniModelEvent } from './cni-events';
import type { LogLinks, Selection } from '../../trace/selection';
import type { CniMeta } from './cni-meta';

/** The queue slot a block name belongs to (`rq[3].0` → rq, 3), or null. */
function slotOfBlock(name: string): { queue: string; slot: number } | null {
  const m = /^(\w+)\[(\d+)\]\.\d+$/.exec(name);
  return m ? { queue: m[1]!, slot: Number(m[2]) } : null;
}

function slotOf(e: CniModelEvent): Extract<Selection, { kind: 'slot' }> | null {
  if (e.kind === 'cni.pointer')
    return { kind: 'slot', node: e.node, queue: e.queue, slot: e.value };
  if ('target' in e && typeof e.target === 'string' && 'node' in e) {
    const at = slotOfBlock(e.target);
    return at ? { kind: 'slot', node: e.node, ...at } : null;
  }
  return null;
}

export const cniLogLinks: LogLinks<CniMeta, CniModelEvent> = {
  subject: slotOf,
  about(e, selection) {
    if (selection.kind !== 'slot') return false;
    const at = slotOf(e);
    return (
      at !== null &&
      at.node === selection.node &&
      at.queue === selection.queue &&
      at.slot === selection.slot
    );
  },
};

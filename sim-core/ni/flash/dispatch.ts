/**
 * The Inbox's dispatch table [003 L10, L14]: a message's type and the address space it names pick
 * the handler (normal space: coherence; message and I/O space: messaging). The queue a message
 * waits in is shown for the picture; a one-lane network puts replies on the request queue and
 * they dispatch the same. Software-queue entries carry their handler.
 */
import type { AddressSpace, InQueue, MsgType } from './flash-state';
import type { HandlerName } from './handlers';

export interface DispatchRow {
  queue: InQueue;
  type: MsgType;
  space: AddressSpace;
  handler: HandlerName;
  /** The Inbox starts a speculative memory read for it [003 L10]. */
  speculative?: true;
}

export const DISPATCH: readonly DispatchRow[] = [
  { queue: 'processor', type: 'load', space: 'normal', handler: 'localRead', speculative: true },
  { queue: 'processor', type: 'uwrite', space: 'message', handler: 'cmdWrite' },
  { queue: 'processor', type: 'shadow', space: 'message', handler: 'shadowWrite' },
  { queue: 'processor', type: 'commit', space: 'message', handler: 'commit' },
  { queue: 'processor', type: 'pid', space: 'io', handler: 'contextSwitch' },
  { queue: 'processor', type: 'remap', space: 'io', handler: 'remap' },
  { queue: 'processor', type: 'xlate', space: 'io', handler: 'translation' },
  { queue: 'request', type: 'component', space: 'message', handler: 'component' },
  { queue: 'request', type: 'credit', space: 'message', handler: 'credit' },
  { queue: 'request', type: 'get', space: 'normal', handler: 'ownerGet' },
  { queue: 'reply', type: 'ownerData', space: 'normal', handler: 'ownerData' },
];

const BY_KEY = new Map(DISPATCH.map((r) => [`${r.type}/${r.space}`, r]));

export function dispatchRow(type: MsgType, space: AddressSpace): DispatchRow {
  const row = BY_KEY.get(`${type}/${space}`);
  if (!row) throw new Error(`FLASH Inbox: no handler for ${type} in ${space} space`);
  return row;
}

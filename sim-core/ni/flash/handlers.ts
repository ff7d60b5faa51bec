/**
 * MAGIC's handlers as plain data [003 L10-11, L67-68, L93-137, listing L169-241]: each a list of
 * steps the protocol processor runs to completion. A step holds the PP for a cost (`pp`), waits
 * for an event of the data path (`wait`: the PP stalls, still holding it), does something at once
 * (`act`), or chooses where to go on (`branch` by a condition's case; `goto`; `jump` into another
 * handler; `end`). The engine (pp.ts) runs the list; the handler timeline and the MAGIC panel draw
 * the same list, so the picture and the timing cannot disagree.
 *
 * The transfer handler's anchors: the memory read issued at PP cycle 18 (stateLoad 8 + xferInit 7
 * + dirCheck 2 + readIssue 1) [003 L116]; a dirty line's get at 17, speculation until 32 and a
 * stall until the line state arrives at 40 [003 L121-124]. Chunking repeats the per-line steps k
 * times per invocation and pays stateLoad, xferInit and reschedule once: F = 18 PP cycles, so C4
 * saves 13.5 a line against O (the seed's 13.7 [003 L144]).
 */
import type { CostName } from './flash-costs';

export type WaitName = 'firstWord' | 'lineState' | 'writeDone' | 'cachePort' | 'outputSpace';

export type ActName =
  | 'recordField'
  | 'recordShadow'
  | 'ack'
  | 'nack'
  | 'registerPage'
  | 'sendCredit'
  | 'setPid'
  | 'readLocal'
  | 'addCredit'
  | 'awaitCredit'
  | 'readLine'
  | 'readWrapLine'
  | 'getLine'
  | 'lineFromCache'
  | 'writeBack'
  | 'sendGet'
  | 'sendComponent'
  | 'nextLine'
  | 'reschedule'
  | 'drained'
  | 'fault'
  | 'writeLine'
  | 'invalidateCpu'
  | 'processed'
  | 'finishReceive'
  | 'invalidateUses'
  | 'deferRemap'
  | 'answerRemap'
  | 'patchTranslation'
  | 'ownerGet'
  | 'replyOwnerData'
  | 'lineFromOwner'
  | 'forwardLine'
  | 'nextForward'
  | 'rescheduleForward'
  | 'collected';

export type CondName =
  | 'commitKind'
  | 'morePages'
  | 'hasCredit'
  | 'lineReady'
  | 'sourceLine'
  | 'destLine'
  | 'lastLine'
  | 'aligned'
  | 'holdOff'
  | 'gathering'
  | 'forwardsLeft';

export type Step = { label?: string } & (
  | { do: 'pp'; cost: CostName; what: string }
  | { do: 'wait'; until: WaitName; what: string }
  | { do: 'act'; act: ActName; what: string }
  | { do: 'branch'; on: CondName; to: Readonly<Record<string, string>>; what: string }
  | { do: 'goto'; to: string }
  | { do: 'jump'; handler: string; to: string; what: string }
  | { do: 'end' }
);

export interface Handler {
  title: string;
  /** The resource (lane) the Inbox must find room in before dispatching it [reading, 003 L80]. */
  sends?: 'request' | 'reply' | 'processor';
  source: string;
  steps: readonly Step[];
}

const pp = (cost: CostName, what: string, label?: string): Step =>
  label ? { do: 'pp', cost, what, label } : { do: 'pp', cost, what };
const act = (a: ActName, what: string, label?: string): Step =>
  label ? { do: 'act', act: a, what, label } : { do: 'act', act: a, what };
const wait = (until: WaitName, what: string, label?: string): Step =>
  label ? { do: 'wait', until, what, label } : { do: 'wait', until, what };
const branch = (on: CondName, to: Record<string, string>, what: string, label?: string): Step =>
  label ? { do: 'branch', on, to, what, label } : { do: 'branch', on, to, what };
const goto = (to: string): Step => ({ do: 'goto', to });
const end = (label?: string): Step => (label ? { do: 'end', label } : { do: 'end' });

/** The sending side's per-line steps after its check: clean (memory), dirty (cache), remote. */
const sendLine: Step[] = [
  pp('dirCheck', 'load the directory entry and check it'),
  branch('sourceLine', { cache: 'dirty', remote: 'remote', busy: 'yield' }, 'busy? dirty?'),
  pp('readIssue', 'form the fill command'),
  act('readLine', 'issue the memory read into a data buffer (lblock)'),
  pp('headerForm', 'form the header: sequence number into the template'),
  branch('aligned', { yes: 'send' }, 'aligned?'),
  pp('unalignedLine', 'two-buffer load: wrap into the next buffer'),
  act('sendComponent', 'send the component: it leaves as its first word arrives', 'send'),
  pp('sendUpdate', 'store the sequence number, byte count and address back'),
  act('nextLine', 'next line'),
  goto('line'),
  wait('cachePort', 'wait for the processor cache to finish the previous line', 'dirty'),
  act('getLine', 'send a get to the processor cache (intervention)'),
  pp('speculate', 'speculative work: header and state for this line'),
  wait('lineState', 'stall until the cache answers with the line state'),
  act('lineFromCache', 'update the directory: the line is clean now'),
  act('writeBack', 'write the line back to memory from its data buffer'),
  branch('aligned', { yes: 'finish dirty' }, 'aligned?'),
  pp('unalignedLine', 'two-buffer load: wrap into the next buffer'),
  pp('dirtyFinish', 'write the line back to memory and send it', 'finish dirty'),
  act('sendComponent', 'send the component as its first word arrives'),
  act('nextLine', 'next line'),
  goto('line'),
  pp('getSend', 'form a get for the owning node', 'remote'),
  act('sendGet', 'send the get on the request lane'),
  act('nextLine', 'next line'),
  goto('line'),
];

export const HANDLERS = {
  cmdWrite: {
    title: 'Command write',
    source: '003 L14-15',
    steps: [
      pp('cmdWrite', 'decode the address and data into the record'),
      act('recordField', 'store the field in the PID’s record'),
      end(),
    ],
  },
  shadowWrite: {
    title: 'Shadow write',
    source: '003 L29, L51-57',
    steps: [
      pp('shadowWrite', 'strip the space bits: an authentic page'),
      act('recordShadow', 'store the page and the VA in the record'),
      end(),
    ],
  },
  commit: {
    title: 'Commit',
    sends: 'processor',
    source: '003 L16-27, L79',
    steps: [
      pp('commit', 'validate the record'),
      branch('commitKind', { nack: 'nack', recv: 'recv' }, 'send, receive or NACK?'),
      act('ack', 'ACK; put the set-up on the software queue'),
      end(),
      act('ack', 'ACK the receive', 'recv'),
      branch('morePages', { done: 'credit' }, 'pages left to register?', 'rpages'),
      pp('xlateAdd', 'link the page into the translation hash table'),
      act('registerPage', 'page registered'),
      goto('rpages'),
      act('sendCredit', 'tell the sender how much space is posted', 'credit'),
      end(),
      act('nack', 'NACK: resources exhausted or the command is incomplete', 'nack'),
      end(),
    ],
  },
  contextSwitch: {
    title: 'Context switch',
    source: '003 L15',
    steps: [pp('pidSwitch', 'note the PID'), act('setPid', 'records are now this PID’s'), end()],
  },
  localRead: {
    title: 'Local read miss',
    sends: 'processor',
    source: '003 L10, L77',
    steps: [
      pp('localMiss', 'directory lookup, mark the sharer'),
      act('readLocal', 'reply with the line as its first word arrives'),
      end(),
    ],
  },
  setup: {
    title: 'Transfer set-up',
    source: 'Table 1 [003 L84], L57-60',
    steps: [
      pp('setupVerify', 'verify the command and the credit'),
      branch('morePages', { done: 'templates' }, 'pages left to register?', 'pages'),
      pp('xlateAdd', 'link the page into the translation hash table'),
      act('registerPage', 'page registered'),
      goto('pages'),
      pp('setupTemplates', 'build the header templates', 'templates'),
      branch('hasCredit', { no: 'wait' }, 'credit from the receiver?'),
      {
        do: 'jump',
        handler: 'transfer',
        to: 'init',
        what: 'start the first chunk with the state in registers',
      },
      act('awaitCredit', 'wait for the receiver to post space', 'wait'),
      end(),
    ],
  },
  transfer: {
    title: 'Transfer (chunked)',
    sends: 'request',
    source: 'Table 2, Figs. 8-10 [003 L93-144]; listing L169-241',
    steps: [
      pp('stateLoad', 'load the transfer state from the record'),
      pp('xferInit', 'allocate a data buffer and stack, extract the address', 'init'),
      branch('aligned', { yes: 'line' }, 'aligned?'),
      pp('unalignedInvocation', 'load the straddled line again into a second buffer'),
      act('readWrapLine', 'read the wrap line'),
      branch(
        'lineReady',
        { fault: 'fault', noCredit: 'wait', full: 'yield', chunkDone: 'yield', done: 'finish' },
        'address valid, credit, queue space, chunk left?',
        'line',
      ),
      ...sendLine,
      pp('reschedule', 'save the state; reschedule on the software queue', 'yield'),
      act('reschedule', 'back on the software queue'),
      end(),
      pp('fault', 'the address is invalid: interrupt the processor', 'fault'),
      act('fault', 'interrupt with the VPN and PID; the operation waits'),
      end(),
      act('awaitCredit', 'wait for the receiver to post space', 'wait'),
      end(),
      act('drained', 'every line is out: the operation ends here', 'finish'),
      end(),
    ],
  },
  naiveTransfer: {
    title: 'Transfer (loop until done)',
    source: '003 L68: what the software queue is for',
    steps: [
      pp('stateLoad', 'load the transfer state from the record'),
      pp('xferInit', 'allocate a data buffer and stack, extract the address', 'init'),
      branch(
        'lineReady',
        { fault: 'fault', noCredit: 'wait', full: 'spin', chunkDone: 'line', done: 'finish' },
        'more to send?',
        'line',
      ),
      ...sendLine,
      wait(
        'outputSpace',
        'spin until the output queue has room: the PP serves nothing else',
        'spin',
      ),
      goto('line'),
      pp('reschedule', 'save the state', 'yield'),
      act('reschedule', 'back on the software queue'),
      end(),
      pp('fault', 'the address is invalid: interrupt the processor', 'fault'),
      act('fault', 'interrupt with the VPN and PID'),
      end(),
      act('awaitCredit', 'wait for space', 'wait'),
      end(),
      act('drained', 'every line is out', 'finish'),
      end(),
    ],
  },
  component: {
    title: 'Receive component',
    source: '003 L67, L73; digest §B.8 [reading]',
    steps: [
      pp('recvCheck', 'check the PID tag, the record and the directory'),
      branch('destLine', { invalidate: 'inv', retrieve: 'ret', busy: 'busy' }, 'cached here?'),
      act('writeLine', 'write the line to memory from its data buffer'),
      branch('lastLine', { last: 'last' }, 'the last line?', 'more'),
      pp('recvFinish', 'count the line, update the record'),
      end(),
      act('invalidateCpu', 'invalidate the processor’s clean copy', 'inv'),
      pp('recvInvalidate', 'post the invalidation'),
      act('writeLine', 'write the line to memory'),
      goto('more'),
      act('getLine', 'retrieve the processor’s dirty copy', 'ret'),
      wait('lineState', 'stall until the cache answers'),
      act('lineFromCache', 'the processor’s copy is gone'),
      pp('recvMerge', 'merge the retrieved line'),
      act('writeLine', 'write the line to memory'),
      goto('more'),
      pp('dirCheck', 'the line is busy: look again', 'busy'),
      goto('more'),
      wait('writeDone', 'the last line reaches memory', 'last'),
      act('processed', 'the last line is processed'),
      pp('cleanup', 'clean up the receive record, unlink its pages'),
      act('finishReceive', 'the receive is complete'),
      end(),
    ],
  },
  credit: {
    title: 'Space available',
    source: '003 L79',
    steps: [
      pp('credit', 'record the space the receiver posted'),
      act('addCredit', 'send any waiting data'),
      end(),
    ],
  },
  remap: {
    title: 'Translation change',
    sends: 'processor',
    source: '003 L34-47, L57-59',
    steps: [
      pp('remap', 'look the page up in the hash table'),
      act('invalidateUses', 'invalidation: zero the address in every record that uses it'),
      branch('holdOff', { wait: 'defer' }, 'hold-off count above 0?'),
      act('answerRemap', 'answer the OS: the change may go ahead'),
      end(),
      act(
        'deferRemap',
        'hold the answer until the count reaches 0; refuse new operations',
        'defer',
      ),
      end(),
    ],
  },
  translation: {
    title: 'New translation',
    source: '003 L59-60',
    steps: [
      pp('xlateAdd', 'link the new page into the hash table'),
      act('patchTranslation', 'resume the operation'),
      end(),
    ],
  },
  ownerGet: {
    title: 'Get (owner)',
    sends: 'reply',
    source: '003 L77, L158 [reading]',
    steps: [
      pp('ownerGet', 'check the request'),
      wait('cachePort', 'wait for the processor cache'),
      act('ownerGet', 'intervention: take the dirty line from the cache'),
      wait('lineState', 'stall until the cache answers'),
      pp('ownerReply', 'form the reply'),
      act('replyOwnerData', 'reply with the line on the reply lane'),
      end(),
    ],
  },
  // A reply handler: it never waits for room on the request lane, or replies could not drain [003 L12].
  ownerData: {
    title: 'Owner’s data',
    source: '003 L158',
    steps: [
      branch('gathering', { collect: 'collect' }, 'collect or forward?'),
      pp('forwardLine', 'write the line back and forward it'),
      act('lineFromOwner', 'the directory: uncached'),
      act(
        'forwardLine',
        'send it on as a component, or, with no room, leave it to the software queue',
      ),
      end(),
      pp('collectLine', 'write the line back', 'collect'),
      act('lineFromOwner', 'the directory: uncached'),
      act('collected', 'count it; when all are in, start the send'),
      end(),
    ],
  },
  forwardHome: {
    title: 'Forward a line left home',
    sends: 'request',
    source: '003 L68, L158 [reading]',
    steps: [
      pp('stateLoad', 'load the transfer state from the record'),
      act('nextForward', 'the next component whose lines are home'),
      pp('readIssue', 'form the fill command'),
      act('readLine', 'read the line from memory into a data buffer'),
      pp('headerForm', 'form the header: sequence number into the template'),
      branch('aligned', { yes: 'send' }, 'aligned?'),
      pp('unalignedLine', 'two-buffer load: wrap into the next buffer'),
      act('sendComponent', 'send the component as its first word arrives', 'send'),
      branch('forwardsLeft', { more: 'yield' }, 'more lines left home?'),
      end(),
      pp('reschedule', 'save the state; reschedule on the software queue', 'yield'),
      act('rescheduleForward', 'back on the software queue'),
      end(),
    ],
  },
} as const satisfies Record<string, Handler>;

export type HandlerName = keyof typeof HANDLERS;

export const handlerOf = (name: HandlerName): Handler => HANDLERS[name];

/** Where a label is in a handler's steps. */
export function labelIndex(name: HandlerName, label: string): number {
  const i = handlerOf(name).steps.findIndex((s) => s.label === label);
  if (i < 0) throw new Error(`${name}: no step labelled ${label}`);
  return i;
}

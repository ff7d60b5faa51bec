/**
 * Receive-side dispatch (seed 001 Figs 7.11–7.13; digest §C.8): four flags computed from the
 * three header phits, then a priority encoder — system error > system > user > user error — picks
 * a queue; with no flag set the packet goes to the auto-receive channel it names.
 */
import type { QueueName } from './queue-names';
import type { ChannelState, Destination } from './cranium-state';
import { decodeHeader, redundancyCode } from './header';

type Flag = 'systemError' | 'system' | 'user' | 'userError';

/** The priority encoder, highest first: the flag and where it sends the packet. */
const PRIORITY: readonly { flag: Flag; queue: QueueName }[] = [
  { flag: 'systemError', queue: 'systemError' },
  { flag: 'system', queue: 'system' },
  { flag: 'user', queue: 'user' },
  { flag: 'userError', queue: 'userError' },
];

export interface DispatchInput {
  words: readonly number[];
  processId: number;
  /** The receive channels, to check the one the header names. */
  recv: readonly ChannelState[];
  /** The physical displacement of a linear node id as seen from this node (the node map). */
  physOf: (node: number) => { dy: number; dx: number } | null;
  /** Ring size of the torus (displacements are equal modulo it), or null on a mesh. */
  ring: number | null;
}

/** Why each flag is set (absent: clear), and the error code it raises (NII_error_mask). */
export function decodeFlags(
  input: DispatchInput,
): Partial<Record<Flag, { why: string; error: number }>> {
  const h = decodeHeader(input.words);
  const flags: Partial<Record<Flag, { why: string; error: number }>> = {};
  if (h.dest.dy !== 0 || h.dest.dx !== 0)
    flags.systemError = { why: `destination field [${h.dest.dy},${h.dest.dx}] is not 0`, error: 0 };
  else if (redundancyCode(input.words) !== input.words[5])
    flags.systemError = { why: 'the redundancy code does not check', error: 0 };
  if (h.processId !== input.processId)
    flags.system = {
      why: `process id ${h.processId} is not this NI's ${input.processId}`,
      error: 0,
    };
  else if (h.sysFlag) flags.system = { why: 'the system flag is set', error: 0 };
  if (h.queueFlag) flags.user = { why: 'the queue flag is set', error: 0 };
  const ch = input.recv[h.destChannel];
  if (!ch || !ch.busy) {
    flags.userError = {
      why: `auto-receive channel ${h.destChannel} is not active (no receive posted)`,
      error: 2,
    };
  } else if (ch.remaining - ch.pending <= 0) {
    // Completion is counting (§C.6): a packet beyond the receive's count finds it used up.
    flags.userError = {
      why: `auto-receive channel ${h.destChannel} already has all ${ch.packets} packets its receive was posted for`,
      error: 2,
    };
  } else {
    const phys = ch.phys ?? input.physOf(ch.remoteNode);
    // The source field is the way back to the sender: the receiver's own map entry for it.
    const same = (a: number, b: number) =>
      input.ring === null ? a === b : (((a - b) % input.ring) + input.ring) % input.ring === 0;
    const fromExpected = phys !== null && same(phys.dy, h.src.dy) && same(phys.dx, h.src.dx);
    if (!fromExpected || ch.remoteChannel !== h.srcChannel)
      flags.userError = {
        why: `channel ${h.destChannel} expects node ${ch.remoteNode} channel ${ch.remoteChannel}, not this sender (channel ${h.srcChannel})`,
        error: 3,
      };
  }
  return flags;
}

export function dispatch(input: DispatchInput): Destination {
  const flags = decodeFlags(input);
  for (const { flag, queue } of PRIORITY) {
    const set = flags[flag];
    if (set)
      return { kind: 'queue', queue, why: set.why, error: flag === 'userError' ? set.error : 0 };
  }
  const channel = decodeHeader(input.words).destChannel;
  return { kind: 'auto', channel, why: `matches auto-receive channel ${channel}` };
}

/**
 * Application look-alikes (round2-spec §B3.4): synthetic programs with the message rates of seed
 * 004's Table 7-2 (8 processors) [004 L1313-1318] — the time between handlers and the handler's
 * length, which includes the 115-cycle interrupt overhead [004 L1320]. They are NOT the real
 * applications (CRL's Barnes, Water and LU, enum, the barrier test): only their message rates and
 * their shape — requests awaiting a reply for the CRL codes, an unsynchronised stream for enum, an
 * all-to-all exchange per barrier for barrier — are imitated, and every view that shows them says
 * "-like". The null application busy-waits [004 L1318].
 */
import type { FuguAppSpec, FuguHandlerSpec, FuguOp } from './fugu-format';
import { TABLE_7_2, type AppLike } from './table-7-2';

/** The soft-atomicity interrupt path a Table 7-2 handler time includes [004 L1320]. */
const INTERRUPT_OVERHEAD = 115;
/** Argument words the look-alikes' messages carry [default]. */
const ARGS = 2;
const SEND = 7 + 3 * ARGS;

/** The program and handlers of an application look-alike running on `processes` processes. */
export function expandLike(
  like: AppLike,
  processes: number,
  messages: number,
): Pick<FuguAppSpec, 'program' | 'handlers' | 'repeat'> {
  if (like === 'null') return { program: [], handlers: [], repeat: 1 };
  const t = TABLE_7_2[like];
  const body = Math.max(0, t.handler - INTERRUPT_OVERHEAD - 2 * ARGS);
  const compute = (cycles: number): FuguOp => ({
    op: 'compute',
    cycles: Math.max(0, cycles),
    jitter: Math.floor(Math.max(0, cycles) / 2),
  });
  const work: FuguHandlerSpec = {
    name: 'work',
    cycles: body,
    fault: 'none',
    disposeAfterReply: false,
  };
  if (t.shape === 'stream')
    // One message sent and (on average) one handled per T_interhandler.
    return {
      program: [
        compute(t.interhandler - t.handler - SEND),
        { op: 'send', to: 'random', handler: 'work', args: ARGS, dmaBytes: 0 },
      ],
      handlers: [work],
      repeat: messages,
    };
  if (t.shape === 'crl') {
    // A request answered from its handler: two handlers per round trip, one T_interhandler apart.
    return {
      program: [
        compute(2 * (t.interhandler - t.handler) - SEND),
        { op: 'send', to: 'random', handler: 'request', args: ARGS, dmaBytes: 0 },
        { op: 'wait', messages: 1 },
      ],
      handlers: [
        {
          name: 'request',
          cycles: Math.max(0, body - SEND),
          reply: 'reply',
          fault: 'none',
          disposeAfterReply: false,
        },
        { name: 'reply', cycles: body, fault: 'none', disposeAfterReply: false },
      ],
      repeat: Math.max(1, Math.ceil(messages / 2)),
    };
  }
  // A barrier: every process tells every other and waits to hear from all of them.
  const others = Math.max(1, processes - 1);
  return {
    program: [
      compute(others * (t.interhandler - t.handler - SEND)),
      { op: 'send', to: 'all', handler: 'arrive', args: 0, dmaBytes: 0 },
      { op: 'wait', messages: others },
    ],
    handlers: [
      {
        name: 'arrive',
        cycles: Math.max(0, t.handler - INTERRUPT_OVERHEAD),
        fault: 'none',
        disposeAfterReply: false,
      },
    ],
    repeat: Math.max(1, Math.ceil(messages / others)),
  };
}

/**
 * FUGU's messaging adapter for the message bench (round2-spec §A.3; seed 004): one user-direct
 * message of N bytes from node 0 to node 1 on the default network, received by interrupt (the
 * fast path, soft atomicity: Table 4-4's right column), as the fidelity rows run it
 * (workloads.ts, pingPongScenario): from the first send-buffer store to the handler's first
 * instruction with the payload readable [004 L871-873]. The slices are the model's own phase
 * ledger, cut at that end point. A message carries at most 14 argument words (16 words with the
 * header and handler) [004 L761]; a larger payload goes by do_on_dma, whose costs the seed does
 * not give [004 L1859-1891].
 */
import { sliceAt } from '../../ledger/phase-ledger';
import type { PhaseSlice } from '../../ledger/phase-events';
import {
  COMMON_PIPE_DEFAULT,
  commonPipeCycles,
  commonTorusDefault,
  type BenchNetwork,
  type MessageRequest,
  type MessagingAdapter,
} from '../../messaging';
import type { FuguModelEvent } from './fugu-events';
import type { FuguStats } from './fugu-frame';
import { FUGU_NS_PER_CYCLE } from './fugu-network';

export const FUGU_VARIANT = 'FUGU';
const WORD = 4;
const MAX_ARGS = 14;
/** A message, header and do_on_dma block, fits in one page [004 L1880]. */
const PAGE = 4096;
const MAX_DMA = PAGE - 2 * WORD;
/** Messages of a bandwidth stream. */
const STREAM = 16;

/** Argument words when they hold the payload, else the whole payload as do_on_dma's block. */
const shape = (bytes: number) =>
  bytes <= MAX_ARGS * WORD
    ? { args: Math.ceil(bytes / WORD), dmaBytes: 0 }
    : { args: 0, dmaBytes: bytes };

/**
 * The common pipe in the chipset's cycles, or the common torus (which runs in its own time); T2's
 * receiver buffer stays as it is, on the torus as the sender's window.
 */
function networkOf(network: BenchNetwork | undefined) {
  if (network?.kind === 'pipe') return { network: commonPipeCycles(FUGU_NS_PER_CYCLE) };
  if (network?.kind === 'torus') return { network: { kind: 'torus', hops: network.hops } };
  return {};
}

function doc(req: MessageRequest, repeat: number) {
  return {
    version: 1,
    id: 'bench-fugu',
    title: `FUGU: ${repeat === 1 ? 'one' : repeat} ${req.bytes}-B message${repeat === 1 ? '' : 's'}`,
    topic: 'fugu',
    system: {
      kind: 'fugu',
      nodes: 2,
      atomicity: 'soft',
      ...networkOf(req.network),
    },
    workload: {
      apps: [
        {
          name: 'A',
          gid: 1,
          handlers: [{ name: 'item' }],
          // The receiver's process is running (waiting), so the message takes the fast path.
          program: [
            { op: 'send', vps: [0], to: 1, handler: 'item', ...shape(req.bytes) },
            { op: 'wait', vps: [1], messages: 1 },
          ],
          repeat,
        },
      ],
    },
    checks: { invariants: false },
    limits: { maxCycles: 2_000_000 },
  };
}

const slicesOf = (events: readonly { kind: string }[]) =>
  events
    .filter((e): e is PhaseSlice & { kind: 'phase' } => e.kind === 'phase')
    .map(({ kind: _k, ...rest }) => {
      const { cycle: _c, seq: _s, ...s } = rest as PhaseSlice & { cycle?: number; seq?: number };
      return s;
    });

/** A message's start (its first slice) and its handler's entry, or null when it never ran. */
function span(slices: readonly PhaseSlice[], message: number) {
  const mine = slices.filter((s) => s.message === message);
  const handler = mine.find((s) => s.actor === 'handler');
  if (!handler || mine.length === 0) return null;
  return { start: Math.min(...mine.map((s) => s.start)), end: handler.start, mine };
}

export const fuguMessaging: MessagingAdapter<FuguStats, FuguModelEvent> = {
  variants: [{ name: FUGU_VARIANT, label: 'FUGU (user-direct, interrupt)' }],
  packetization:
    'at most 16 words of 32 bits without DMA: 14 argument words (56 B) after the header and handler words [004 L540, L761]; more by do_on_dma',
  endPoints:
    "the first send-buffer store to the handler's first instruction with the payload readable [004 L871-873] (Table 4-4, soft atomicity, received by interrupt)",
  events: ['phase'],
  scenario(req, purpose) {
    if (req.variant !== FUGU_VARIANT) return { unsupported: `no FUGU variant "${req.variant}"` };
    if (req.bytes > MAX_DMA)
      return {
        unsupported: `a FUGU message fits in one ${PAGE}-B page with its header [004 L1880]: ${req.bytes} B would be several messages`,
      };
    return { doc: doc(req, purpose === 'latency' ? 1 : STREAM) };
  },
  latency(_req, run) {
    const slices = slicesOf(run.events);
    const s = span(slices, 0);
    if (!s) return "the message's handler never ran";
    return {
      cycles: s.end - s.start,
      start: s.start,
      end: s.end,
      slices: s.mine.flatMap((x) => sliceAt(x, s.end) ?? []).filter((x) => x.end > x.start),
    };
  },
  bandwidth(req, run) {
    const slices = slicesOf(run.events);
    const spans = [...new Set(slices.map((s) => s.message))].map((m) => span(slices, m));
    if (spans.length === 0 || spans.some((s) => s === null)) return 'a message’s handler never ran';
    // The steady rate: every message after the first, between the first handler and the last.
    const ends = spans.map((s) => s!.end).sort((a, b) => a - b);
    return (req.bytes * (ends.length - 1)) / (ends.at(-1)! - ends[0]!);
  },
  defaults(req) {
    const notes: string[] = [];
    if (shape(req.bytes).dmaBytes > 0 && req.bytes <= MAX_DMA)
      notes.push(
        `${shape(req.bytes).dmaBytes} B go by do_on_dma, whose costs the seed does not give [004 L1859-1891]`,
      );
    if (req.provenance !== 'produce')
      notes.push(
        'the sender writes the argument words into the send buffer as part of the send: a prepared payload is run as produce-and-send',
      );
    if (req.bytes % WORD !== 0)
      notes.push(`a payload of ${req.bytes} B is sent in whole 32-bit words`);
    if (req.network?.kind === 'pipe') notes.push(COMMON_PIPE_DEFAULT);
    if (req.network?.kind === 'torus')
      notes.push(commonTorusDefault('its messages (header and handler words included)'));
    return notes;
  },
};

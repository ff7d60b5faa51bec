/**
 * FLASH MAGIC's messaging adapter for the message bench (round2-spec §A.3; seed 003): one block
 * transfer of N bytes from node 0 to node 1 on the default pipe, the receive posted first, as the
 * fidelity rows run it (sim-core/fidelity/flash.ts): from the start of the sender's initiation
 * command sequence to the receiver's MAGIC having processed the last line [003 L83]. Its
 * bandwidth is that transfer's bytes over its time (Fig. 6's measure [003 L77]). The slices are
 * the model's own phase ledger (Table 1, Figs. 8-9).
 */
import { anatomy } from '../../ledger/phase-ledger';
import type { PhaseSlice } from '../../ledger/phase-events';
import {
  COMMON_PIPE_DEFAULT,
  commonPipeCycles,
  type BenchNetwork,
  type MessageRequest,
  type MessagingAdapter,
  type Provenance,
} from '../../messaging';
import { TORUS_DECISION_CYCLES } from './flash-network';
import type { FlashEventBody } from './flash-events';
import type { FlashStats } from './flash-frame';
import { LINE_BYTES } from './geometry';

export const FLASH_VARIANT = 'FLASH';

/** The source lines' state for each provenance: a payload just written is dirty in the cache. */
const SENDER: Readonly<Record<Provenance, 'uncached' | 'dirty'>> = {
  produce: 'dirty',
  'prepared-clean': 'uncached',
  'prepared-dirty': 'dirty',
};

/** Cycles of the 100 MHz system, the model's cycle (flash-summary.ts). */
const NS_PER_CYCLE = 10;
/** The common torus: the thesis's 16×16 [001 L1334]. */
const TORUS_K = 16;

/** The common network as FLASH's own network settings (the seed's pipe when absent). */
function networkOf(network: BenchNetwork | undefined) {
  if (network?.kind === 'pipe') return { network: commonPipeCycles(NS_PER_CYCLE) };
  if (network?.kind === 'torus')
    return { network: { kind: 'torus', k: TORUS_K, hops: network.hops } };
  return {};
}

const doc = (req: MessageRequest) => ({
  version: 1,
  id: 'bench-flash',
  title: `FLASH MAGIC: a ${req.bytes}-B transfer`,
  topic: 'flash',
  system: { kind: 'flash', nodes: 2, chunk: 4, coherence: 'pipelined', ...networkOf(req.network) },
  workload: {
    transfers: [
      {
        from: 0,
        to: 1,
        bytes: req.bytes,
        sender: SENDER[req.provenance],
        receiver: 'uncached',
        ...(req.bytes % LINE_BYTES === 0 ? {} : { aligned: false }),
      },
    ],
  },
  checks: { invariants: false },
  limits: { maxCycles: 200_000 },
});

const transfer = (stats: FlashStats) => {
  const t = stats.transfers[0];
  return t && t.cycles >= 0 ? t : null;
};

export const flashMessaging: MessagingAdapter<FlashStats, FlashEventBody> = {
  variants: [{ name: FLASH_VARIANT, label: 'FLASH MAGIC (protocol processor)' }],
  packetization: '128 B of data and a 32-B header per component [003 L77]',
  endPoints:
    "the start of the sender's initiation command sequence to the receiver's MAGIC having processed the last line [003 L83]; the receiver's user is not notified in the seed, so no completion poll is counted",
  events: ['phase'],
  scenario(req) {
    if (req.variant !== FLASH_VARIANT) return { unsupported: `no FLASH variant "${req.variant}"` };
    return { doc: doc(req) };
  },
  latency(_req, run) {
    const t = transfer(run.stats);
    if (!t) return 'the transfer did not finish';
    const slices = (run.events as readonly { kind: string }[])
      .filter((e): e is PhaseSlice & { kind: 'phase' } => e.kind === 'phase')
      .filter((s) => s.message === t.id)
      .map(({ kind: _k, ...s }) => {
        const { cycle: _c, seq: _s, ...slice } = s as PhaseSlice & { cycle?: number; seq?: number };
        return slice;
      });
    const start = anatomy(slices)?.start ?? 0;
    return { cycles: t.cycles, start, end: start + t.cycles, slices };
  },
  bandwidth(req, run) {
    const t = transfer(run.stats);
    return t ? req.bytes / t.cycles : 'the transfer did not finish';
  },
  defaults(req) {
    const notes = [
      "the receiver's notification of its user is not in the seed: the latency ends when MAGIC has processed the last line",
    ];
    if (req.provenance === 'produce')
      notes.push(
        'produce-and-send runs as a payload dirty in the cache: the user’s writes before the command are not timed',
      );
    if (req.bytes % LINE_BYTES !== 0)
      notes.push(
        `a payload of ${req.bytes} B is not whole 128-B lines: sent as an unaligned transfer`,
      );
    if (req.network?.kind === 'pipe') notes.push(COMMON_PIPE_DEFAULT);
    if (req.network?.kind === 'torus')
      notes.push(
        `on the torus FLASH's 160-B components are 40-phit packets of 4 B with ${TORUS_DECISION_CYCLES}-cycle routing decisions, calibrated to its pipe's 22 cycles a hop (the thesis's routers decide in 4 cycles and carry 20-phit packets)`,
      );
    return notes;
  },
};

/**
 * The coherent NIs' messaging adapter for the message bench (round2-spec §A.3; seed 000): one
 * message of N bytes from node 0 to node 1 through NI2w, CNI4, CNI16Q, CNI512Q or CNI16Qm on the
 * memory bus, measured as the paper measures it — half the median round trip of a warm ping-pong
 * [000 L891-902] (the fidelity rows' runs) — and a stream for the bandwidth (Fig. 7). The model
 * emits no phase ledger, so the slices are derived from its own events: the `cni.msg` phases, the
 * bus transactions (`cni.txn`) and the user message's start.
 */
import type { PhaseSlice } from '../../ledger/phase-events';
import {
  COMMON_PIPE_DEFAULT,
  commonPipeCycles,
  commonTorusDefault,
  type BenchNetwork,
  type MessageLatency,
  type MessagingAdapter,
} from '../../messaging';
import type { EventStamp } from '../../trace/common-events';
import { MAX_PAYLOAD, NI_KINDS, NI_KIND_NAMES, SLOT_BLOCKS, type NiKindName } from './config';
import type { CniModelEvent } from './cni-events';
import type { CniStats } from './cni-frame';
import { CNI_NS_PER_CYCLE } from './cni-network';

type Stamped = CniModelEvent & EventStamp;
type MsgEvent = Extract<CniModelEvent, { kind: 'cni.msg' }> & EventStamp;

const isNi = (name: string): name is NiKindName =>
  (NI_KIND_NAMES as readonly string[]).includes(name);

/**
 * Round trips enough that every queue slot is warm in the second half, where the median is
 * taken: the fidelity rows' count at one slot a message (sim-core/fidelity/cni.ts), scaled by the
 * slots a larger message fills.
 */
export function warmRounds(ni: NiKindName, bytes: number): number {
  const slots = NI_KINDS[ni].queueBlocks / SLOT_BLOCKS;
  const perMessage = Math.max(1, Math.ceil(bytes / MAX_PAYLOAD));
  return Math.max(16, Math.ceil(slots / perMessage) * 2 + 16);
}

/**
 * Messages of a bandwidth stream: the fidelity rows' count for one network message each, fewer
 * for larger messages (16 at least: the statistics measure the steady part).
 */
const streamCount = (ni: NiKindName, bytes: number) => {
  const count = Math.max(64, warmRounds(ni, bytes) + 32);
  return bytes <= MAX_PAYLOAD ? count : Math.max(16, Math.ceil((count * MAX_PAYLOAD) / bytes));
};

/**
 * The common pipe in the model's cycles, or the common torus (which runs in its own time), each
 * with the paper's window of four [000 L797].
 */
function networkOf(network: BenchNetwork | undefined) {
  if (network?.kind === 'pipe')
    return { network: { kind: 'pipe', window: 4, ...commonPipeCycles(CNI_NS_PER_CYCLE) } };
  if (network?.kind === 'torus')
    return { network: { kind: 'torus', window: 4, hops: network.hops } };
  return {};
}

const doc = (
  ni: NiKindName,
  network: BenchNetwork | undefined,
  workload: Record<string, unknown>,
  title: string,
) => ({
  version: 1,
  id: `bench-cni-${ni.toLowerCase()}`,
  title,
  topic: 'coherent-ni',
  system: { kind: 'cni', ni, bus: 'memory', ...networkOf(network) },
  workload: { messages: workload },
  checks: { invariants: false },
  limits: { maxCycles: 2_000_000 },
});

const slice = (s: Omit<PhaseSlice, 'part' | 'source'> & { source?: string }): PhaseSlice | null =>
  s.end > s.start ? { part: null, source: 'derived from the model’s events', ...s } : null;

/** The slices of user message `user`, from its start to its completion at the receiver. */
function slicesOf(user: number, events: readonly Stamped[]): MessageLatency | string {
  const mine = events.filter((e): e is MsgEvent => e.kind === 'cni.msg' && e.user === user);
  const complete = mine.find((e) => e.phase === 'complete');
  if (!complete || complete.latency === null) return `message ${user} was not completed`;
  const start = complete.cycle - complete.latency;
  const end = complete.cycle;
  const at = (phase: string) => mine.filter((e) => e.phase === phase);
  const cycles = (phase: string) => at(phase).map((e) => e.cycle);
  const { src, dst } = complete;
  const out: (PhaseSlice | null)[] = [];
  const sends = cycles('send');
  out.push(
    slice({
      message: user,
      node: src,
      actor: 'P',
      phase: 'send: messaging layer and payload stores',
      category: 'host-sw',
      start,
      end: Math.max(...sends, start),
    }),
  );
  for (const msg of new Set(mine.map((e) => e.msg))) {
    const t = (phase: string) => mine.find((e) => e.msg === msg && e.phase === phase)?.cycle;
    const [send, inject, arrive, accept] = ['send', 'inject', 'arrive', 'accept'].map(t);
    const base = { message: user, actor: 'NI', category: 'ni-hw' as const };
    if (send !== undefined && inject !== undefined)
      out.push(
        slice({ ...base, node: src, phase: 'NI takes the message', start: send, end: inject }),
      );
    if (inject !== undefined && arrive !== undefined)
      out.push(
        slice({
          ...base,
          node: src,
          actor: 'network',
          phase: 'network',
          category: 'network',
          start: inject,
          end: arrive,
        }),
      );
    if (arrive !== undefined && accept !== undefined)
      out.push(slice({ ...base, node: dst, phase: 'NI accepts', start: arrive, end: accept }));
  }
  const accepts = cycles('accept');
  out.push(
    slice({
      message: user,
      node: dst,
      actor: 'P',
      phase: 'receive: poll, read and messaging layer',
      category: 'host-sw',
      start: accepts.length ? Math.min(...accepts) : end,
      end,
    }),
  );
  for (const e of events) {
    if (e.kind !== 'cni.txn' || e.cycle < start || e.cycle >= end) continue;
    if (e.node !== src && e.node !== dst) continue;
    out.push(
      slice({
        message: user,
        node: e.node,
        actor: e.agent,
        phase: `${e.txnKind}: ${e.why}`,
        category: 'bus',
        start: e.cycle,
        end: Math.min(end, e.cycle + e.cycles),
      }),
    );
  }
  return { cycles: end - start, start, end, slices: out.filter((s) => s !== null) };
}

export const cniMessaging: MessagingAdapter<CniStats, CniModelEvent> = {
  variants: NI_KIND_NAMES.map((name) => ({ name, label: `${name} (${NI_KINDS[name].exposed})` })),
  packetization:
    'user messages split into 256-B network messages, each with a 12-B header [000 L794-795, L863]',
  endPoints:
    "half the median round trip of a warm ping-pong, from the ping's send (the paper's Fig. 6 measure) [000 L891-902]; the anatomy is one warm message from the user's send to the receiver's completion",
  events: ['cni.msg', 'cni.txn'],
  scenario(req, purpose) {
    if (!isNi(req.variant)) return { unsupported: `no coherent NI "${req.variant}"` };
    const ni = req.variant;
    return purpose === 'latency'
      ? {
          doc: doc(
            ni,
            req.network,
            { kind: 'pingpong', bytes: req.bytes, rounds: warmRounds(ni, req.bytes) },
            `${ni}: ping-pong of ${req.bytes} B`,
          ),
        }
      : {
          doc: doc(
            ni,
            req.network,
            { kind: 'stream', bytes: req.bytes, count: streamCount(ni, req.bytes), from: 0, to: 1 },
            `${ni}: stream of ${req.bytes}-B messages`,
          ),
        };
  },
  latency(req, run) {
    if (run.stats.roundTrip === null) return 'the ping-pong did not finish';
    // The last message node 0 sends: the queues are warm by then.
    const last = run.events
      .filter((e): e is MsgEvent => e.kind === 'cni.msg' && e.phase === 'complete' && e.src === 0)
      .at(-1);
    const anatomy = last ? slicesOf(last.user, run.events) : 'no message from node 0 completed';
    if (typeof anatomy === 'string') return anatomy;
    return { ...anatomy, cycles: run.stats.roundTrip / 2 };
  },
  bandwidth(req, run) {
    return run.stats.bandwidth?.bytesPerCycle ?? 'the stream did not finish';
  },
  defaults(req) {
    return [
      ...(req.provenance === 'produce'
        ? []
        : [
            'the model writes the payload into the send queue as part of the send: a prepared payload is run as produce-and-send',
          ]),
      ...(req.network?.kind === 'pipe' ? [COMMON_PIPE_DEFAULT] : []),
      ...(req.network?.kind === 'torus'
        ? [commonTorusDefault('its 256-B network messages (12-B header included)')]
        : []),
    ];
  },
};

/**
 * The Cranium NI's messaging adapter for the message bench (round2-spec §A.3; seed 001): one
 * message of N bytes from node 0 to a node 8 hops away on the 16×16 torus (the thesis's average
 * distance, Table 6.1 [001 L1342-1351]), warm channels, received by auto-receive DMA or through the
 * user queue; latency from the send command's store to the poll that sees it [001 L1357-1363], as
 * the fidelity rows measure it. Its throughput is the thesis's own, bytes over that latency
 * (Fig. 6.2 [001 L1388-1412]). The slices are Table 6.1's five parts, derived from the model's
 * events the way the Gantt view derives them (src/models/cranium/gantt/gantt-data.ts).
 */
import type { PhaseCategory, PhaseSlice } from '../../ledger/phase-events';
import type { MessageRequest, MessagingAdapter } from '../../messaging';
import type { EventStamp } from '../../trace/common-events';
import type { CraniumModelEvent } from './cranium-events';
import type { CraniumStats } from './cranium-frame';

const K = 16;
/** The thesis's average distance, the model's own network's setting. */
const HOPS = 8;
/** The node `hops` hops from node 0: east first, then south (the fidelity rows' rule). */
const destinationAt = (hops: number) => (hops <= K / 2 ? hops : (hops - K / 2) * K + K / 2);
const LINE = 32;

type Stamped = CraniumModelEvent & EventStamp;

const VARIANTS = {
  Cranium: { label: 'Cranium, auto-receive DMA', queue: false },
  'Cranium-queue': { label: 'Cranium, user queue', queue: true },
} as const;
type VariantName = keyof typeof VARIANTS;
const isVariant = (v: string): v is VariantName => v in VARIANTS;

const packetsOf = (bytes: number) => Math.max(1, Math.ceil(bytes / LINE));

/** Hops to the receiver: the common torus's setting, or the thesis's average. */
const hopsOf = (req: MessageRequest) => (req.network?.kind === 'torus' ? req.network.hops : HOPS);

function doc(req: MessageRequest, queue: boolean) {
  const destination = destinationAt(hopsOf(req));
  const packets = packetsOf(req.bytes);
  const lines = Array.from({ length: packets }, (_, i) => i);
  // Produce-and-send: the user's code stores each payload line, then issues the send command.
  const stores =
    req.provenance === 'produce' ? lines.map((line) => ({ op: 'store', buffer: 1, line })) : [];
  const dirty = req.provenance === 'prepared-dirty' ? lines : [];
  return {
    version: 1,
    id: `bench-cranium-${queue ? 'queue' : 'auto'}`,
    title: `Cranium: one ${req.bytes}-B message over ${hopsOf(req)} hops`,
    topic: 'cranium',
    system: { kind: 'cranium', k: K, warmChannels: true, pageBytes: 8192 },
    workload: {
      nodes: [
        {
          node: 0,
          buffers: [{ handle: 1, cached: dirty, dirty }],
          program: [
            ...stores,
            {
              op: 'send',
              channel: 2,
              to: destination,
              remoteChannel: 6,
              buffer: 1,
              packets,
              queue,
            },
            { op: 'waitSend', channel: 2 },
          ],
        },
        {
          node: destination,
          buffers: [{ handle: 1 }],
          program: queue
            ? [{ op: 'pollQueue', count: packets }]
            : [
                { op: 'recv', channel: 6, from: 0, remoteChannel: 2, buffer: 1, packets },
                { op: 'waitRecv', channel: 6 },
              ],
        },
      ],
    },
    checks: { invariants: false },
    limits: { maxCycles: 2_000_000 },
  };
}

/** Table 6.1's parts of message `msg` between its marks (absent marks leave a part out). */
function slicesOf(
  msg: number,
  src: number,
  dst: number,
  marks: number[],
  produceAt: number | null,
) {
  const parts: [string, PhaseCategory, string, number][] = [
    ['send SW: command store', 'host-sw', 'CPU', src],
    ['send HW: lookups, DMA read, outbox', 'ni-hw', 'NI', src],
    ['network', 'network', 'torus', src],
    ['receive HW: inbox, decode, DMA write', 'ni-hw', 'NI', dst],
    ['receive SW: the final poll', 'host-sw', 'CPU', dst],
  ];
  const slices: PhaseSlice[] = [];
  if (produceAt !== null && produceAt < marks[0]!)
    slices.push(slice(msg, src, 'CPU', 'user stores the payload', 'host-sw', produceAt, marks[0]!));
  parts.forEach(([phase, category, actor, node], i) => {
    const [start, end] = [marks[i]!, marks[i + 1]!];
    if (end > start) slices.push(slice(msg, node, actor, phase, category, start, end));
  });
  return slices;
}

const slice = (
  message: number,
  node: number,
  actor: string,
  phase: string,
  category: PhaseCategory,
  start: number,
  end: number,
): PhaseSlice => ({
  message,
  node,
  actor,
  phase,
  category,
  part: phase.split(':')[0]!,
  start,
  end,
  source: 'Table 6.1 parts, derived from the model’s events',
});

export const craniumMessaging: MessagingAdapter<CraniumStats, CraniumModelEvent> = {
  variants: Object.entries(VARIANTS).map(([name, v]) => ({ name, label: v.label })),
  packetization: '32 B of payload and a 12-B header per packet [001 L1386]',
  endPoints:
    "the send command's register store to the receiver's poll that sees the message [001 L1357-1363] (Table 6.1), 8 hops on a 16×16 torus, warm channels",
  events: ['cr.cpu', 'cr.dma', 'net.inject', 'cr.arrive', 'cr.place'],
  scenario(req) {
    if (!isVariant(req.variant)) return { unsupported: `no Cranium variant "${req.variant}"` };
    if (req.network?.kind === 'pipe')
      return {
        unsupported:
          "Cranium's NI is its torus router's processor port (packets, channels, auto-receive): it cannot run on a pipe",
      };
    return { doc: doc(req, VARIANTS[req.variant].queue) };
  },
  latency(req, run) {
    const m = run.stats.messages[0];
    if (!m || m.latency < 0) return 'the message was never noticed by its receiver';
    const events = run.events as readonly Stamped[];
    const store = events.find(
      (e) =>
        e.kind === 'cr.cpu' &&
        e.node === m.src &&
        e.cycle >= m.commandAt &&
        e.text.startsWith('NIR_send'),
    );
    const storeEnd = m.commandAt + (store?.kind === 'cr.cpu' ? store.cycles : 0);
    const netPackets = new Set(
      events.flatMap((e) =>
        e.kind === 'cr.dma' && e.msg === m.id && e.netPacket >= 0 ? [e.netPacket] : [],
      ),
    );
    const injects = events.flatMap((e) =>
      e.kind === 'net.inject' && netPackets.has(e.packet) ? [e.cycle] : [],
    );
    const arrivals = events.flatMap((e) =>
      e.kind === 'cr.arrive' && e.msg === m.id ? [e.cycle] : [],
    );
    const places = events.flatMap((e) =>
      e.kind === 'cr.place' && e.msg === m.id ? [e.cycle] : [],
    );
    // A cpu event is stamped with the cycle its instruction began (the command's is commandAt).
    const produceAt =
      req.provenance === 'produce'
        ? (events.find((e) => e.kind === 'cr.cpu' && e.node === m.src && e.text.startsWith('store'))
            ?.cycle ?? null)
        : null;
    const start = produceAt ?? m.commandAt;
    const marks = [
      m.commandAt,
      storeEnd,
      Math.min(...injects),
      Math.min(...arrivals),
      Math.max(...places),
      m.notifiedAt,
    ];
    return {
      cycles: m.notifiedAt - start,
      start,
      end: m.notifiedAt,
      slices: slicesOf(m.id, m.src, m.dst, marks, produceAt),
    };
  },
  bandwidth(req, run) {
    const m = run.stats.messages[0];
    if (!m || m.latency <= 0) return 'the message was never noticed by its receiver';
    return req.bytes / m.latency;
  },
  defaults(req) {
    const notes: string[] = [];
    if (req.bytes % LINE !== 0)
      notes.push(
        `a payload of ${req.bytes} B is sent in whole 32-B packets (${packetsOf(req.bytes) * LINE} B)`,
      );
    if (req.provenance === 'produce')
      notes.push(
        'the payload stores before the command are the model’s cache costs; the thesis times from the command store',
      );
    return notes;
  },
};

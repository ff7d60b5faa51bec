/**
 * "Predict, then see": at a cycle c, find the next step whose outcome can be checked, ask about it
 * as a multiple-choice question, and answer it from the simulator with the rule that fired.
 *
 * Question kinds are entries of a registry (`PREDICTION_KINDS`): each says which models it runs
 * on, how to find its next step in the event log after a cycle (optionally narrowed by a target),
 * how to ask about it and how to resolve it. Everything is read from the session's event log
 * (explored lazily, never moving the session's current cycle) and from its static `meta`; only
 * the wording of a question may use the frame at the cycle it is asked at. The same session and
 * cycle therefore always give the same question.
 */
import type { Protocol, ProtocolEvent } from '../memory/protocol';
import { SNOOPING_EVENTS as PROTOCOL_EVENTS } from '../memory/protocols/snooping-vocabulary';
import type { BusTxnKind } from '../bus/bus-types';
import { headerBetween, routerOfNode, type Header, type Port } from '../network/topology';
import type { NetworkFrame } from '../network/network-frame';
import type { Session } from '../session';
import type { Frame, ModelMeta } from '../sim';
import type { SimEvent } from '../trace/events';
import { describeEvent } from '../trace/narrate';
import { hex } from '../kernel/hex';
import { AGENT_NAMES, CNI_TXN_KINDS, type CniTxnKind } from '../ni/cni/cni-state';

/** The kinds, in the order ties are broken when several ask about the same event. */
export const PREDICTION_KIND_NAMES = [
  'cacheState',
  'nextBusTransaction',
  'queuePointer',
  'cniTransaction',
  'routerOutput',
  'craniumCount',
] as const;

export type PredictionKind = (typeof PREDICTION_KIND_NAMES)[number];

export type ModelName = ModelMeta['model'];

/** What a question is about; any field left out is free. Also the facts a question carries. */
export interface PredictionTarget {
  /** cacheState: the cache asked about; nextBusTransaction: the requester. */
  cache?: number;
  /** cacheState, nextBusTransaction: the block number (address ÷ block size). */
  block?: number;
  /** queuePointer, craniumCount: the node. */
  node?: number;
  /** queuePointer: the queue's name (`q`, `sq`, `rq`) and which pointer. */
  queue?: string;
  pointer?: 'head' | 'tail' | 'shadowHead';
  /** routerOutput: the packet (network id) and the router. */
  packet?: number;
  router?: number;
  /** craniumCount: the message. */
  msg?: number;
}

export interface PredictionOption {
  value: string;
  label: string;
}

export interface PredictionQuestion {
  /** `kind@cycle:facts`: the same session and cycle give the same id. */
  id: string;
  kind: PredictionKind;
  /** The cycle the question is asked at (the session's cycle when it was made). */
  cycle: number;
  /** Plain text. */
  prompt: string;
  options: PredictionOption[];
  /** What the question is about: enough to find its outcome again by simulation. */
  facts: PredictionTarget;
}

/** A protocol-table row that fired: `MOESI: E × OtherRd → S (assertShared)`. */
export interface RuleFired {
  protocol: string;
  from: string;
  event: string;
  to: string;
  actions: string[];
  /** The row as one line, with what its event means. */
  text: string;
}

export interface PredictionOutcome {
  question: string;
  /** The right option's value and label. */
  value: string;
  label: string;
  /** The cycle the outcome happens at (its deciding event's cycle). */
  cycle: number;
  /** Plain text: what happened and the rule that decided it. */
  explanation: string;
  rules: RuleFired[];
  /** The events that decided it. */
  events: SimEvent[];
}

export interface PredictionCheck extends PredictionOutcome {
  correct: boolean;
  /** The value the student chose. */
  given: string;
}

// ─── the event log, explored lazily ─────────────────────────────────────────────────────────

const EXPLORE_CHUNK = 2048;

interface Ctx {
  session: Session;
  meta: ModelMeta;
}

/** Index of the first logged event whose cycle is greater than `cycle`. */
function firstAfter(log: readonly SimEvent[], cycle: number): number {
  let lo = 0;
  let hi = log.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (log[mid]!.cycle <= cycle) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Explores one more chunk; false when the run is already explored to its end. */
function exploreMore(session: Session): boolean {
  const tl = session.timeline;
  if (tl.explored >= tl.lastCycle) return false;
  tl.exploreTo(Math.min(tl.explored + EXPLORE_CHUNK, tl.lastCycle));
  return true;
}

/** The events from index `from` on, exploring ahead as they run out (the cycle never moves). */
function* eventsFrom(session: Session, from: number): Generator<[SimEvent, number]> {
  const log = session.timeline.log;
  let i = from;
  for (;;) {
    while (i < log.length) {
      yield [log[i]!, i];
      i++;
    }
    if (!exploreMore(session)) return;
  }
}

/** Makes sure every event up to `cycle` is logged. */
function exploreThrough(session: Session, cycle: number): void {
  while (session.timeline.explored < cycle && exploreMore(session));
}

// ─── the registry ───────────────────────────────────────────────────────────────────────────

interface Found {
  /** The event that starts the predicted step (questions of several kinds are ordered by it). */
  event: SimEvent;
  index: number;
  facts: PredictionTarget;
  /** The events that decide the outcome. */
  deciding: SimEvent[];
  value: string;
  /** Earlier events the wording uses (a packet's injection). */
  context?: SimEvent[];
}

interface Asked {
  prompt: string;
  options: PredictionOption[];
}

interface KindSpec {
  models: readonly ModelName[];
  /** A short description for menus. */
  title: string;
  find(ctx: Ctx, cycle: number, target: PredictionTarget): Found | null;
  /** `frame` is the frame at `cycle` when the caller is there (predictionAt), else null. */
  ask(ctx: Ctx, cycle: number, found: Found, frame: Frame | null): Asked;
  explain(ctx: Ctx, found: Found): { text: string; rules: RuleFired[] };
}

const TXN_TEXT: Record<BusTxnKind, string> = {
  RD: 'read the block',
  RDX: 'read the block to write it',
  INV: 'invalidate the other copies (an upgrade)',
  WB: 'write a dirty block back to memory',
};

function busMeta(ctx: Ctx) {
  if (ctx.meta.model !== 'bus') throw new Error('a bus-model question on another model');
  return ctx.meta;
}

function ruleOf(protocol: Protocol, e: Extract<SimEvent, { kind: 'coh.transition' }>): RuleFired {
  const actions = [...e.actions];
  const meaning = PROTOCOL_EVENTS[e.event as ProtocolEvent]?.desc ?? e.event;
  return {
    protocol: protocol.name,
    from: e.from,
    event: e.event,
    to: e.to,
    actions,
    text: `${protocol.name}: ${e.from} × ${e.event} → ${e.to}${actions.length ? ` (${actions.join(', ')})` : ''} — ${meaning}`,
  };
}

/** The state of a block in a cache after all events up to and including `cycle` (I if never seen). */
function stateAt(ctx: Ctx, cache: number, block: number, cycle: number): string {
  const log = ctx.session.timeline.log;
  for (let i = firstAfter(log, cycle) - 1; i >= 0; i--) {
    const e = log[i]!;
    if (e.kind === 'coh.transition' && e.cache === cache && e.block === block) return e.to;
  }
  return 'I';
}

/** Aligned windows of at most `size` values keep long option lists short without leaking. */
function windowed(values: readonly number[], actual: number, size: number): number[] {
  if (values.length <= size) return [...values];
  const at = Math.max(0, values.indexOf(actual));
  const start = Math.min(Math.floor(at / size) * size, values.length - size);
  return values.slice(start, start + size);
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

const cacheState: KindSpec = {
  models: ['bus'],
  title: 'The state of a block in a cache after the next bus transaction on it',
  find(ctx, cycle, target) {
    const { protocol } = busMeta(ctx);
    const log = ctx.session.timeline.log;
    for (const [e, index] of eventsFrom(ctx.session, firstAfter(log, cycle))) {
      if (e.kind !== 'bus.grant') continue;
      if (target.block !== undefined && e.block !== target.block) continue;
      const asked = target.cache ?? e.requester;
      if (asked !== e.requester && !e.snoops.some((s) => s.cache === asked)) continue;
      // Every transition a transaction causes is stamped with it, at its grant or completion.
      exploreThrough(ctx.session, e.endsAt);
      const deciding: SimEvent[] = [e];
      let last: Extract<SimEvent, { kind: 'coh.transition' }> | null = null;
      for (let i = index + 1; i < log.length && log[i]!.cycle <= e.endsAt; i++) {
        const t = log[i]!;
        if (t.kind === 'coh.transition' && t.txn === e.txn && t.cache === asked) {
          deciding.push(t);
          last = t;
        }
      }
      if (!last || protocol.states[last.to]?.transient !== false) continue;
      return { event: e, index, facts: { cache: asked, block: e.block }, deciding, value: last.to };
    }
    return null;
  },
  ask(ctx, cycle, found) {
    const { protocol, geometry } = busMeta(ctx);
    const cache = found.facts.cache!;
    const block = found.facts.block!;
    const now = stateAt(ctx, cache, block, cycle);
    return {
      prompt: `Block ${hex(block * geometry.blockBytes)} is in state ${now} in P${cache}'s cache now (cycle ${cycle}). In which state will P${cache} hold it once the next bus transaction on this block is over?`,
      options: protocol.stateOrder
        .filter((s) => protocol.states[s] && !protocol.states[s].transient)
        .map((s) => ({ value: s, label: `${s} — ${protocol.states[s]!.desc}` })),
    };
  },
  explain(ctx, found) {
    const { protocol, geometry } = busMeta(ctx);
    const grant = found.event;
    const rules = found.deciding
      .filter(
        (e): e is Extract<SimEvent, { kind: 'coh.transition' }> => e.kind === 'coh.transition',
      )
      .map((e) => ruleOf(protocol, e));
    const cache = found.facts.cache!;
    const role =
      grant.kind === 'bus.grant' && grant.requester === cache
        ? `P${cache} is the requester`
        : `P${cache} snoops it`;
    return {
      text: `${describeEvent(grant, geometry.blockBytes)}. ${role}: ${rules.map((r) => r.text).join('; then ')}.`,
      rules,
    };
  },
};

const nextBusTransaction: KindSpec = {
  models: ['bus'],
  title: 'The next bus transaction and its requester',
  find(ctx, cycle, target) {
    const log = ctx.session.timeline.log;
    for (const [e, index] of eventsFrom(ctx.session, firstAfter(log, cycle))) {
      if (e.kind !== 'bus.grant') continue;
      if (target.block !== undefined && e.block !== target.block) continue;
      if (target.cache !== undefined && e.requester !== target.cache) continue;
      // The protocol row that queued the request: the last one asking for the bus for this block.
      let request: SimEvent | null = null;
      for (let i = index - 1; i >= 0; i--) {
        const t = log[i]!;
        if (
          t.kind === 'coh.transition' &&
          t.cache === e.requester &&
          t.block === e.block &&
          (t.actions.includes('requestBus') || t.actions.includes('toWbBuffer'))
        ) {
          request = t;
          break;
        }
      }
      let grantRow: SimEvent | null = null;
      for (let i = index + 1; i < log.length && log[i]!.cycle === e.cycle; i++) {
        const t = log[i]!;
        if (t.kind === 'coh.transition' && t.txn === e.txn && t.cache === e.requester) grantRow = t;
      }
      const deciding = [e, ...(request ? [request] : []), ...(grantRow ? [grantRow] : [])];
      const facts: PredictionTarget = {};
      if (target.block !== undefined) facts.block = target.block;
      if (target.cache !== undefined) facts.cache = target.cache;
      return { event: e, index, facts, deciding, value: `${e.txnKind}:${e.requester}` };
    }
    return null;
  },
  ask(ctx, cycle, found) {
    const { nodes, geometry } = busMeta(ctx);
    const about =
      found.facts.block !== undefined
        ? ` on block ${hex(found.facts.block * geometry.blockBytes)}`
        : '';
    const whose = found.facts.cache !== undefined ? ` requested by P${found.facts.cache}` : '';
    const kinds: BusTxnKind[] = ['RD', 'RDX', 'INV', 'WB'];
    return {
      prompt: `It is cycle ${cycle}. Which bus transaction${about}${whose} will be granted next, and for which cache?`,
      options: range(nodes).flatMap((p) =>
        kinds.map((k) => ({ value: `${k}:${p}`, label: `P${p}: ${k} — ${TXN_TEXT[k]}` })),
      ),
    };
  },
  explain(ctx, found) {
    const { protocol, geometry } = busMeta(ctx);
    const grant = found.event;
    const rules = found.deciding
      .filter(
        (e): e is Extract<SimEvent, { kind: 'coh.transition' }> => e.kind === 'coh.transition',
      )
      .map((e) => ruleOf(protocol, e));
    const why =
      grant.kind === 'bus.grant'
        ? " The oldest waiting request wins an idle bus; its kind is decided at the grant from the requester's line state."
        : '';
    return {
      text: `${describeEvent(grant, geometry.blockBytes)}.${why}${rules.length ? ` Rules: ${rules.map((r) => r.text).join('; ')}.` : ''}`,
      rules,
    };
  },
};

const queuePointer: KindSpec = {
  models: ['cni'],
  title: "A queue pointer's value after its next update",
  find(ctx, cycle, target) {
    const log = ctx.session.timeline.log;
    for (const [e, index] of eventsFrom(ctx.session, firstAfter(log, cycle))) {
      if (e.kind !== 'cni.pointer') continue;
      if (target.node !== undefined && e.node !== target.node) continue;
      if (target.queue !== undefined && e.queue !== target.queue) continue;
      if (target.pointer !== undefined && e.pointer !== target.pointer) continue;
      return {
        event: e,
        index,
        facts: { node: e.node, queue: e.queue, pointer: e.pointer },
        deciding: [e],
        value: `${e.value}/${e.sense}`,
      };
    }
    return null;
  },
  ask(ctx, cycle, found) {
    const meta = ctx.meta.model === 'cni' ? ctx.meta : null;
    const { node, queue, pointer } = found.facts;
    const slots = meta?.queues.find((q) => q.name === queue)?.slots ?? 8;
    const e = found.event;
    const actual = e.kind === 'cni.pointer' ? e.value : 0;
    const values = windowed(range(slots), actual, 8);
    const who =
      pointer === 'shadowHead'
        ? "the sender's shadow copy of head (lazy pointers)"
        : pointer === 'tail'
          ? 'the tail (where the sender writes next)'
          : 'the head (where the receiver reads next)';
    return {
      prompt: `It is cycle ${cycle}. Node ${node}'s queue "${queue}" has ${slots} slots. What will ${who} hold after its next update: which slot, and which sense bit?`,
      options: values.flatMap((v) =>
        [0, 1].map((s) => ({ value: `${v}/${s}`, label: `slot ${v}, sense ${s}` })),
      ),
    };
  },
  explain(_ctx, found) {
    const e = found.event;
    if (e.kind !== 'cni.pointer') return { text: '', rules: [] };
    const moved =
      e.pointer === 'shadowHead'
        ? 'The sender refreshes its shadow of head only when the shadow says the queue is full (lazy pointers): it reads the real head, which costs a bus transaction.'
        : `The ${e.agent === 'NI' ? 'NI' : `processor ${e.agent}`} advances ${e.pointer} by one slot, modulo the number of slots; passing the last slot flips the sense bit (sense reverse), so a full queue and an empty one differ even when head = tail.`;
    return {
      text: `Node ${e.node}: ${describeEvent(e, 0) ?? ''} at cycle ${e.cycle}. ${moved}`,
      rules: [],
    };
  },
};

const CNI_TXN_TEXT: Record<CniTxnKind, string> = {
  RD: 'read a block',
  RDX: 'read a block to write it',
  ITOM: 'take ownership without the data (a whole-block write)',
  INV: 'invalidate the other copies (an upgrade)',
  WB: 'write a dirty block back to memory',
  UCR8: 'an uncached 8-byte read (a device register)',
  UCW8: 'an uncached 8-byte write (a device register)',
};

function cniMeta(ctx: Ctx) {
  if (ctx.meta.model !== 'cni') throw new Error('a coherent-NI question on another model');
  return ctx.meta;
}

/** A coherent NI's coherence row as a rule: `NI: S × Store → SM_A (requestBus)`. */
function cniRuleOf(protocol: Protocol, e: Extract<SimEvent, { kind: 'cni.coh' }>): RuleFired {
  const actions = [...e.actions];
  const meaning =
    e.event === 'Snarf'
      ? 'the NI takes a copy of a block written back past it'
      : (PROTOCOL_EVENTS[e.event]?.desc ?? e.event);
  return {
    protocol: protocol.name,
    from: e.from,
    event: e.event,
    to: e.to,
    actions,
    text: `${e.agent} ${e.target}: ${protocol.name} ${e.from} × ${e.event} → ${e.to}${actions.length ? ` (${actions.join(', ')})` : ''} — ${meaning}`,
  };
}

const cniTransaction: KindSpec = {
  models: ['cni'],
  title: "The next transaction on a node's memory bus and who issues it",
  find(ctx, cycle, target) {
    const log = ctx.session.timeline.log;
    for (const [e, index] of eventsFrom(ctx.session, firstAfter(log, cycle))) {
      if (e.kind !== 'cni.txn') continue;
      if (target.node !== undefined && e.node !== target.node) continue;
      // The row that asked for the bus, and the rows the transaction itself fired.
      let request: SimEvent | null = null;
      for (let i = index - 1; i >= 0; i--) {
        const t = log[i]!;
        if (
          t.kind === 'cni.coh' &&
          t.node === e.node &&
          t.agent === e.agent &&
          t.target === e.target &&
          t.actions.includes('requestBus')
        ) {
          request = t;
          break;
        }
        if (t.kind === 'cni.txn' && t.node === e.node && t.agent === e.agent) break;
      }
      // The grant's rows are logged just before the transaction, in the same cycle.
      const fired: SimEvent[] = [];
      for (let i = index - 1; i >= 0 && log[i]!.cycle === e.cycle; i--) {
        const t = log[i]!;
        if (t.kind === 'cni.coh' && t.txn === e.txn && t.node === e.node) fired.unshift(t);
      }
      return {
        event: e,
        index,
        facts: { node: e.node },
        deciding: [e, ...(request ? [request] : []), ...fired],
        value: `${e.txnKind}:${e.agent}`,
      };
    }
    return null;
  },
  ask(ctx, cycle, found) {
    const node = found.facts.node!;
    // P1 is an agent only where the workload has a second processor on the bus (E4's local queue).
    const agents = AGENT_NAMES.filter(
      (a) =>
        a !== 'P1' ||
        ctx.session.timeline.log.some((e) => e.kind === 'cni.access' && e.agent === 'P1'),
    );
    return {
      prompt: `It is cycle ${cycle}. Which transaction will node ${node}'s memory bus carry next, and who issues it: the processor or the NI?`,
      options: agents.flatMap((a) =>
        CNI_TXN_KINDS.map((k) => ({
          value: `${k}:${a}`,
          label: `${a === 'NI' ? 'the NI' : a}: ${k} — ${CNI_TXN_TEXT[k]}`,
        })),
      ),
    };
  },
  explain(ctx, found) {
    const { protocol } = cniMeta(ctx);
    const rules = found.deciding
      .filter((e): e is Extract<SimEvent, { kind: 'cni.coh' }> => e.kind === 'cni.coh')
      .map((e) => cniRuleOf(protocol, e));
    return {
      text: `Cycle ${found.event.cycle}: ${describeEvent(found.event, 0) ?? ''}.${rules.length ? ` Rules: ${rules.map((r) => r.text).join('; ')}.` : ''}`,
      rules,
    };
  },
};

const PORT_TEXT: Record<Port, string> = {
  N: 'north',
  E: 'east',
  S: 'south',
  W: 'west',
  P: 'the node (delivered)',
};

const REASON_TEXT: Record<string, string> = {
  'cut-through': 'a profitable output was free, so the packet cut through',
  forward: 'a profitable output became free and the packet left its input frame',
  'from-multi-queue': 'a profitable output became free and the packet left the multi-queue',
  deroute:
    'the multi-queue was full and no profitable output was free, so a random multi-queue victim was derouted to a free unprofitable output',
  exchange:
    "both routers' multi-queues were full and no output was free, so the neighbours exchanged packets",
  deflect: 'no profitable output was free and a deflection router may not hold a packet',
  deliver: 'the header reads [0,0], so the packet leaves on P to its node',
};

function networkMeta(ctx: Ctx) {
  if (ctx.meta.model !== 'network' && ctx.meta.model !== 'cranium')
    throw new Error('a network question on another model');
  return ctx.meta;
}

function networkFrame(frame: Frame | null): NetworkFrame | null {
  if (!frame) return null;
  if (frame.model === 'network') return frame;
  if (frame.model === 'cranium') return frame.network;
  return null;
}

const routerOutput: KindSpec = {
  models: ['network', 'cranium'],
  title: "A packet's next output port at a router, and whether it is a deroute",
  find(ctx, cycle, target) {
    const log = ctx.session.timeline.log;
    for (const [e, index] of eventsFrom(ctx.session, firstAfter(log, cycle))) {
      if (e.kind !== 'net.route') continue;
      if (target.packet !== undefined && e.packet !== target.packet) continue;
      if (target.router !== undefined && e.router !== target.router) continue;
      // A delivery (header [0,0]) is only worth asking about when the target names it.
      if (e.to === 'P' && target.packet === undefined && target.router === undefined) continue;
      let injected: SimEvent | null = null;
      for (let i = index - 1; i >= 0 && !injected; i--) {
        const t = log[i]!;
        if (t.kind === 'net.inject' && t.packet === e.packet) injected = t;
      }
      const deroute = e.to !== 'P' && !e.profitable.includes(e.to);
      return {
        event: e,
        index,
        facts: { packet: e.packet, router: e.router },
        deciding: [e],
        value: deroute ? `${e.to}:deroute` : e.to,
        context: injected ? [injected] : [],
      };
    }
    return null;
  },
  ask(ctx, cycle, found, frame) {
    const meta = networkMeta(ctx);
    const { packet, router } = found.facts;
    const inject = found.context?.find(
      (e): e is Extract<SimEvent, { kind: 'net.inject' }> => e.kind === 'net.inject',
    );
    const view = networkFrame(frame)?.packets.find((p) => p.id === packet);
    const dst = view?.dst ?? inject?.dst;
    const header: Header | null =
      view?.header ??
      (dst !== undefined
        ? headerBetween(meta.topology, router!, routerOfNode(meta.topology, dst))
        : null);
    const src = view?.src ?? inject?.node;
    const where = src !== undefined && dst !== undefined ? ` (node ${src} → node ${dst})` : '';
    const head = header
      ? ` with header [${header.dy},${header.dx}] (Y,X still to go; south and east positive)`
      : '';
    const when =
      inject && inject.cycle > cycle
        ? `Packet ${packet}${where} will enter the network at router ${inject.router} at cycle ${inject.cycle}; when it is at router ${router}${head}, which output will it leave by`
        : `Packet ${packet}${where} is at router ${router}${head}. Which output will it leave by`;
    const options: PredictionOption[] = [];
    for (const d of ['N', 'E', 'S', 'W'] as const)
      options.push({ value: d, label: `${d} — ${PORT_TEXT[d]}, a profitable hop` });
    for (const d of ['N', 'E', 'S', 'W'] as const)
      options.push({
        value: `${d}:deroute`,
        label: `${d} — ${PORT_TEXT[d]}, a deroute (unprofitable)`,
      });
    options.push({ value: 'P', label: 'P — delivered to its node' });
    return {
      prompt: `It is cycle ${cycle}. ${when}, and will that be a deroute?`,
      options,
    };
  },
  explain(ctx, found) {
    const meta = networkMeta(ctx);
    const e = found.event;
    if (e.kind !== 'net.route') return { text: '', rules: [] };
    const deroute = e.to !== 'P' && !e.profitable.includes(e.to);
    const prof = e.profitable.length ? e.profitable.join(' ') : '—';
    return {
      text: `${describeEvent(e, 0) ?? ''} (cycle ${e.cycle}). Profitable outputs: ${prof}; ${REASON_TEXT[e.reason] ?? e.reason}${deroute ? ': a deroute, one hop further from the destination' : ''}. ${meta.router} routing, ${meta.topology.k}×${meta.topology.k} ${meta.topology.kind}.`,
      rules: [],
    };
  },
};

const craniumCount: KindSpec = {
  models: ['cranium'],
  title: "An auto-receive channel's remaining count after its next placement",
  find(ctx, cycle, target) {
    const log = ctx.session.timeline.log;
    for (const [e, index] of eventsFrom(ctx.session, firstAfter(log, cycle))) {
      if (e.kind !== 'cr.place' || e.remaining < 0) continue;
      if (target.node !== undefined && e.node !== target.node) continue;
      if (target.msg !== undefined && e.msg !== target.msg) continue;
      return {
        event: e,
        index,
        facts: { node: e.node, msg: e.msg },
        deciding: [e],
        value: String(e.remaining),
      };
    }
    return null;
  },
  ask(ctx, cycle, found, frame) {
    const e = found.event;
    const actual = e.kind === 'cr.place' ? e.remaining : 0;
    // The message's size: from the frame when the caller is at `cycle`, else from the packets
    // placed (every remaining count is below it).
    const record =
      frame?.model === 'cranium'
        ? frame.stats.messages.find((m) => m.id === found.facts.msg)
        : undefined;
    let packets = record?.packets ?? 0;
    if (!packets) {
      for (const t of ctx.session.timeline.log)
        if (t.kind === 'cr.place' && t.msg === found.facts.msg && t.node === found.facts.node)
          packets = Math.max(packets, t.remaining + 1);
    }
    return {
      prompt: `It is cycle ${cycle}. Node ${found.facts.node}'s auto-receive channel is collecting message ${found.facts.msg} (${packets} packet${packets === 1 ? '' : 's'}). After the next packet of this message is written into place, how many packets will the channel still wait for?`,
      options: windowed(range(Math.max(packets, actual + 1)), actual, 8).map((v) => ({
        value: String(v),
        label: `${v} still to come${v === 0 ? ' (the channel completes)' : ''}`,
      })),
    };
  },
  explain(_ctx, found) {
    const e = found.event;
    if (e.kind !== 'cr.place') return { text: '', rules: [] };
    return {
      text: `${describeEvent(e, 0) ?? ''} (cycle ${e.cycle}). An auto-receive channel counts packets, not positions: every placement decrements its count, whatever the packet's sequence number (here ${e.sequence}${e.outOfOrder ? ', out of order' : ''}); the payload goes to line ${e.sequence} of the page, so the order of arrival does not matter.`,
      rules: [],
    };
  },
};

/** The registry: one entry per kind. */
export const PREDICTION_KINDS: Readonly<Record<PredictionKind, Readonly<KindSpec>>> = {
  cacheState,
  nextBusTransaction,
  queuePointer,
  cniTransaction,
  routerOutput,
  craniumCount,
};

/** The kinds a model supports, with their menu titles. */
export function predictionKindsFor(model: ModelName): { kind: PredictionKind; title: string }[] {
  return PREDICTION_KIND_NAMES.filter((k) => PREDICTION_KINDS[k].models.includes(model)).map(
    (kind) => ({ kind, title: PREDICTION_KINDS[kind].title }),
  );
}

function factsText(facts: PredictionTarget): string {
  return Object.entries(facts)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(',');
}

/**
 * The question about the next checkable step after the session's current cycle, among `kinds`
 * (default: every kind of the session's model), narrowed by `target`; null when nothing after
 * this cycle can be asked about. Explores ahead as needed; the session stays at its cycle.
 */
export function predictionAt(
  session: Session,
  kinds?: readonly PredictionKind[],
  target: PredictionTarget = {},
): PredictionQuestion | null {
  const ctx: Ctx = { session, meta: session.meta };
  const cycle = session.cycle;
  const allowed = (kinds ?? PREDICTION_KIND_NAMES).filter((k) =>
    PREDICTION_KINDS[k]?.models.includes(ctx.meta.model),
  );
  let best: { kind: PredictionKind; found: Found } | null = null;
  for (const kind of allowed) {
    const found = PREDICTION_KINDS[kind].find(ctx, cycle, target);
    if (found && (!best || found.event.seq < best.found.event.seq)) best = { kind, found };
  }
  if (!best) return null;
  const frame = session.sim.frame();
  const asked = PREDICTION_KINDS[best.kind].ask(ctx, cycle, best.found, frame);
  return {
    id: `${best.kind}@${cycle}:${factsText(best.found.facts)}`,
    kind: best.kind,
    cycle,
    prompt: asked.prompt,
    options: asked.options,
    facts: { ...best.found.facts },
  };
}

/**
 * The outcome of a question, found again by simulation from its cycle and facts; null when the
 * session's run has no such step (the question was made for another scenario).
 */
export function revealPrediction(
  session: Session,
  question: Pick<PredictionQuestion, 'kind' | 'cycle' | 'facts' | 'options' | 'prompt'>,
): PredictionOutcome | null {
  const spec = PREDICTION_KINDS[question.kind];
  if (!spec || !spec.models.includes(session.meta.model)) return null;
  const ctx: Ctx = { session, meta: session.meta };
  const found = spec.find(ctx, question.cycle, question.facts);
  if (!found) return null;
  const { text, rules } = spec.explain(ctx, found);
  const label = question.options.find((o) => o.value === found.value)?.label ?? found.value;
  return {
    question: question.prompt,
    value: found.value,
    label,
    cycle: found.deciding[found.deciding.length - 1]?.cycle ?? found.event.cycle,
    explanation: text,
    rules,
    events: found.deciding,
  };
}

/** Checks a student's choice against the simulator and explains the outcome. */
export function checkPrediction(
  session: Session,
  question: Pick<PredictionQuestion, 'kind' | 'cycle' | 'facts' | 'options' | 'prompt'>,
  value: string,
): PredictionCheck | null {
  const outcome = revealPrediction(session, question);
  if (!outcome) return null;
  return { ...outcome, correct: value === outcome.value, given: value };
}

/**
 * The torus's "predict, then see" question: a packet's next output port at a router, and whether
 * it is a deroute (digest seed-001-cranium.md §B.5), for any model whose frame carries a torus.
 */
import { tellWith, type TorusCapability } from '../model';
import {
  eventsFrom,
  firstAfter,
  type PredictionKindSpec,
  type PredictionOption,
} from '../teaching/prediction-kind';
import type { EventStamp } from '../trace/common-events';
import type { NetworkEventBody, NetworkModelEvent } from './network-events';
import { networkVocabulary } from './network-narrate';
import { routingFunctions, type RouterKind } from './routing';
import { headerBetween, routerOfNode, type Header, type Port } from './topology';

type NetLogEvent = NetworkModelEvent & EventStamp;
type Injection = Extract<NetworkEventBody, { kind: 'net.inject' }> & EventStamp;

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

/** The question for any model whose frame carries a torus, read through its torus capability. */
export const routerOutputOn = <F, M>(
  torus: TorusCapability<F, M>,
): PredictionKindSpec<NetworkModelEvent, M, F> => ({
  name: 'routerOutput',
  title: "A packet's next output port at a router, and whether it is a deroute",
  panels: ['torus', 'router'],
  find(run, cycle, target) {
    const log = run.log;
    for (const [e, index] of eventsFrom(run, firstAfter(log, cycle))) {
      if (e.kind !== 'net.route') continue;
      if (target.packet !== undefined && e.packet !== target.packet) continue;
      if (target.router !== undefined && e.router !== target.router) continue;
      // A delivery (header [0,0]) is only worth asking about when the target names it.
      if (e.to === 'P' && target.packet === undefined && target.router === undefined) continue;
      let injected: NetLogEvent | null = null;
      for (let i = index - 1; i >= 0 && !injected; i--) {
        const t = log.at(i)!;
        if (t.kind === 'net.inject' && t.packet === e.packet) injected = t;
      }
      const deroute = e.to !== 'P' && !e.profitable.includes(e.to);
      return {
        event: e,
        index,
        facts: { packet: e.packet, router: e.router },
        deciding: [e],
        value: deroute ? `${e.to}:deroute` : e.to,
        shownAt: e.cycle,
        context: injected ? [injected] : [],
      };
    }
    return null;
  },
  ask(run, cycle, found, frame) {
    const meta = torus.meta(run.meta);
    const { packet, router } = found.facts;
    const inject = found.context?.find((e): e is Injection => e.kind === 'net.inject');
    const view = (frame ? torus.frame(frame) : null)?.packets.find((p) => p.id === packet);
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
      options.push({
        value: d,
        label: `${d} — ${PORT_TEXT[d]}, a profitable hop`,
        group: 'a profitable hop',
        short: d,
        hint: PORT_TEXT[d],
      });
    for (const d of ['N', 'E', 'S', 'W'] as const)
      options.push({
        value: `${d}:deroute`,
        label: `${d} — ${PORT_TEXT[d]}, a deroute (unprofitable)`,
        group: 'a deroute (unprofitable)',
        short: d,
        hint: PORT_TEXT[d],
      });
    options.push({
      value: 'P',
      label: 'P — delivered to its node',
      group: 'delivered',
      short: 'P',
      hint: 'to its node',
    });
    return {
      prompt: `It is cycle ${cycle}. ${when}, and will that be a deroute?`,
      options,
    };
  },
  explain(run, found) {
    const meta = torus.meta(run.meta);
    const e = found.event;
    if (e.kind !== 'net.route') return { text: '', rules: [] };
    const deroute = e.to !== 'P' && !e.profitable.includes(e.to);
    const prof = e.profitable.length ? e.profitable.join(' ') : '—';
    return {
      text: `${tellWith(networkVocabulary, e, run.meta) ?? ''} (cycle ${e.cycle}). Profitable outputs: ${prof}; ${REASON_TEXT[e.reason] ?? e.reason}${deroute ? ': a deroute, one hop further from the destination' : ''}. ${routingFunctions[meta.router as RouterKind].label} routing, ${meta.topology.k}×${meta.topology.k} ${meta.topology.kind}.`,
      rules: [],
    };
  },
  shown(frame, _events, facts) {
    // The router panel lists the decisions of the router's last routing cycle.
    const net = torus.frame(frame);
    return (net.routers[facts.router!]?.decisions ?? [])
      .filter((d) => d.packet === facts.packet && d.cycle === net.cycle)
      .map((d) => (d.to !== 'P' && !d.profitable.includes(d.to) ? `${d.to}:deroute` : d.to));
  },
});

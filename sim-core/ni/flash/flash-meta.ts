/**
 * What never changes during a FLASH run: the machine's settings, every cost with its clock domain
 * and source, the handlers' step listings and the dispatch table (the panels draw the listing
 * the PP runs), the transfers and the programs.
 */
import type { FlashConfig, TransferPlan } from './flash-config';
import { COST_NAMES, FLASH_COSTS, type ClockDomain } from './flash-costs';
import { DISPATCH, type DispatchRow } from './dispatch';
import { handlerOf, HANDLERS, type HandlerName, type Step } from './handlers';
import type { CpuOp } from './cpu';

export interface FlashMeta {
  model: 'flash';
  nodes: number;
  handler: FlashConfig['handler'];
  chunk: number;
  coherence: FlashConfig['coherence'];
  addressValidity: FlashConfig['addressValidity'];
  inbox: FlashConfig['inbox'];
  network: FlashConfig['network'];
  queues: FlashConfig['queues'];
  dataBuffers: number;
  costs: { name: string; value: number; domain: ClockDomain; source: string; what: string }[];
  handlers: {
    name: HandlerName;
    title: string;
    source: string;
    steps: { label: string; text: string; cost: number }[];
  }[];
  dispatch: readonly DispatchRow[];
  transfers: TransferPlan[];
  programs: { node: number; lines: string[] }[];
}

function stepText(step: Step): string {
  switch (step.do) {
    case 'pp':
      return step.what;
    case 'wait':
      return `wait: ${step.what}`;
    case 'act':
      return step.what;
    case 'branch':
      return `${step.what} → ${Object.entries(step.to)
        .map(([c, l]) => `${c}: ${l}`)
        .join(', ')}`;
    case 'goto':
      return `→ ${step.to}`;
    case 'jump':
      return step.what;
    case 'end':
      return 'end';
  }
}

export function flashMeta(cfg: FlashConfig, programs: readonly CpuOp[][]): FlashMeta {
  return {
    model: 'flash',
    nodes: cfg.nodes,
    handler: cfg.handler,
    chunk: cfg.chunk,
    coherence: cfg.coherence,
    addressValidity: cfg.addressValidity,
    inbox: cfg.inbox,
    network: { ...cfg.network },
    queues: { ...cfg.queues },
    dataBuffers: cfg.dataBuffers,
    costs: COST_NAMES.map((name) => ({ name, ...FLASH_COSTS[name], value: cfg.costs[name] })),
    handlers: (Object.keys(HANDLERS) as HandlerName[]).map((name) => ({
      name,
      title: HANDLERS[name].title,
      source: HANDLERS[name].source,
      steps: handlerOf(name).steps.map((s) => ({
        label: s.label ?? '',
        text: stepText(s),
        cost: s.do === 'pp' ? cfg.costs[s.cost] : 0,
      })),
    })),
    dispatch: DISPATCH,
    transfers: cfg.transfers.map((t) => ({ ...t })),
    programs: programs.map((ops, node) => ({
      node,
      lines: ops.map(({ op, ...rest }) =>
        [op, ...Object.entries(rest).map(([k, v]) => `${k} ${String(v)}`)].join(' '),
      ),
    })),
  };
}

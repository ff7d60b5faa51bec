/**
 * SimEvent: what happened in one cycle and why, as a discriminated union. The event log is the
 * golden-test artefact, the source of the narration, and what the views animate from.
 *
 * Every event carries `cycle` (the cycle whose work produced it; the state *after* that cycle is
 * the frame at `cycle`) and `seq` (its position in the whole run, which orders same-cycle events).
 */
import type { BusEventBody } from '../bus/bus-events';
import type { NetworkEventBody } from '../network/network-events';
import type { CniEventBody } from '../ni/cni/cni-events';
import type { CraniumEventBody } from '../ni/cranium/cranium-events';
import type { CommonEventBody } from './common-events';

export type SimEventBody =
  BusEventBody | NetworkEventBody | CniEventBody | CraniumEventBody | CommonEventBody;

export type SimEvent = SimEventBody & { cycle: number; seq: number };
export type SimEventKind = SimEvent['kind'];

/**
 * SimEvent: what happened in one cycle and why, as a discriminated union of every model's events
 * (each model's folder declares its own; models.ts joins them). The event log is the golden-test
 * artefact, the source of the narration, and what the views animate from.
 *
 * Every event carries `cycle` (the cycle whose work produced it; the state *after* that cycle is
 * the frame at `cycle`) and `seq` (its position in the whole run, which orders same-cycle events).
 */
import type { SimEventBody } from '../models';
import type { EventStamp } from './common-events';

export type { SimEventBody } from '../models';
export type SimEvent = SimEventBody & EventStamp;
export type SimEventKind = SimEvent['kind'];

/**
 * The torus's events and what they are about: a packet (its injection, hops and delivery), the
 * router it is at, or what a stall holds. Shared by every model with a torus; a model with
 * packets of its own adds its own events.
 */
import type { EventStamp } from '../trace/common-events';
import type { NetworkModelEvent } from './network-events';
import type { Selection } from '../trace/selection';

/** Any model's event, as the log hands them over. */
type AnyEvent = { kind: string } & EventStamp;
type TorusEvent = Extract<NetworkModelEvent, { kind: `net.${string}` }> & EventStamp;

const isTorus = (e: AnyEvent): e is TorusEvent => e.kind.startsWith('net.');

export function torusSubject(e: AnyEvent): Selection {
  if (!isTorus(e)) return null;
  return e.kind === 'net.stall' ? null : { kind: 'packet', packet: e.packet };
}

export function aboutTorus(e: AnyEvent, selection: NonNullable<Selection>): boolean {
  if (!isTorus(e)) return false;
  if (e.kind === 'net.stall')
    return e.held.some(
      (h) =>
        (selection.kind === 'packet' && h.packet === selection.packet) ||
        (selection.kind === 'router' && h.router === selection.router),
    );
  if (selection.kind === 'packet') return e.packet === selection.packet;
  if (selection.kind === 'router') return 'router' in e && e.router === selection.router;
  return false;
}

/**
 * The torus's events and what they are about: a packet (its injection, hops and delivery), the
 * router it is at, or what a stall holds. Shared by every model with a torus; a model with
 * packets of its own adds its own events.
 */
import type { SimEvent } from '../../../sim-core/index';
import type { Selection } from '../../state/store';

type TorusEvent = Extract<SimEvent, { kind: `net.${string}` }>;

const isTorus = (e: SimEvent): e is TorusEvent => e.kind.startsWith('net.');

export function torusSubject(e: SimEvent): Selection {
  if (!isTorus(e)) return null;
  return e.kind === 'net.stall' ? null : { kind: 'packet', packet: e.packet };
}

export function aboutTorus(e: SimEvent, selection: NonNullable<Selection>): boolean {
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

/**
 * The Cranium model's events and what they are about: one of its packets (its DMA reads, its
 * arrival, dispatch and placement) and, through the torus's links, the network packet carrying it.
 */
import { aboutTorus, torusSubject } from '../../network/torus-log-links';
import type { CraniumModelEvent } from './cranium-events';
import type { LogLinks } from '../../trace/selection';
import type { CraniumMeta } from './cranium-meta';

const packetOf = (e: CraniumModelEvent): number | null =>
  e.kind.startsWith('cr.') && 'packet' in e && typeof e.packet === 'number' ? e.packet : null;

export const craniumLogLinks: LogLinks<CraniumMeta, CraniumModelEvent> = {
  subject(e) {
    const packet = packetOf(e);
    return packet === null ? torusSubject(e) : { kind: 'crPacket', packet };
  },
  about(e, selection) {
    if (selection.kind === 'crPacket') return packetOf(e) === selection.packet;
    return aboutTorus(e, selection);
  },
  // A Cranium packet names the network packet that carried it when it arrives.
  ownPackets: (log) => new Set(log.flatMap((e) => (e.kind === 'cr.arrive' ? [e.netPacket] : []))),
};

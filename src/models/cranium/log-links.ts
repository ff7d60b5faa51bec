/**
 * The Cranium model's events and what they are about: one of its packets (its DMA reads, its
 * arrival, dispatch and placement) and, through the torus's links, the network packet carrying it.
 */
import type { SimEvent } from '../../../sim-core/index';
import type { CraniumMeta } from '../../../sim-core/ni/cranium/cranium-meta';
import { aboutTorus, torusSubject } from '../../views/torus/log-links';
import type { LogLinks } from '../model-ui';
import { indexCraniumLog } from './cranium/cranium-log';

const packetOf = (e: SimEvent): number | null =>
  e.kind.startsWith('cr.') && 'packet' in e && typeof e.packet === 'number' ? e.packet : null;

export const craniumLogLinks: LogLinks<CraniumMeta> = {
  subject(e) {
    const packet = packetOf(e);
    return packet === null ? torusSubject(e) : { kind: 'crPacket', packet };
  },
  about(e, selection) {
    if (selection.kind === 'crPacket') return packetOf(e) === selection.packet;
    return aboutTorus(e, selection);
  },
  ownPackets: (log) => indexCraniumLog(log).craniumNet,
};

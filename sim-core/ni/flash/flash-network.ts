/**
 * FLASH's interconnect [003 L77]: by default the pipe with the seed's 22 cycles and 400 MB/s
 * (4 B a cycle) and two lanes; or the torus of sim-core/network/ through the message-network
 * adapter, with 160-byte components as 40-phit packets of 4 bytes, on a k×k torus (2×2 unless the
 * scenario says; the bench places its two nodes 1 or 8 hops apart on a 16×16 one). The routers'
 * decision time is [calibrated] so a one-hop component arrives when it would on the pipe
 * (2·11 + 40 = 22 + 40 cycles). The torus has one message class: requests and replies share it
 * until the lanes are separated again in MAGIC's queues (docs/fidelity/flash.md, "Networks").
 */
import type { MessageNetwork } from '../../net/message-network';
import { pipe, type NetworkPipe } from '../../net/pipe';
import { torusNetwork, type TorusMessages } from '../../net/torus';
import { networkConfig } from '../../network/network-config';
import type { FlashConfig } from './flash-config';
import { HEADER_BYTES, LINE_BYTES } from './geometry';

export type FlashNet = NetworkPipe | TorusMessages;

/** Decision cycles so a one-hop head takes the pipe's 22 [calibrated]. */
export const TORUS_DECISION_CYCLES = 11;
const PHIT_BYTES = 4;

export function flashNetwork(cfg: FlashConfig): MessageNetwork<FlashNet> {
  if (cfg.network.kind === 'pipe') return pipe as MessageNetwork<FlashNet>;
  const torus = torusNetwork({
    config: networkConfig(
      { kind: 'torus', k: cfg.network.k, attached: cfg.network.k },
      {
        router: cfg.network.router,
        packetPhits: (HEADER_BYTES + LINE_BYTES) / PHIT_BYTES,
        decisionCycles: TORUS_DECISION_CYCLES,
        // The Outbox holds what waits for the link, as on the pipe: the torus queues one packet.
        injectionQueue: 1,
        seed: cfg.seed,
        stallWatchdog: cfg.watchdog,
        checkInvariants: cfg.checkInvariants,
      },
    ),
    phitBytes: PHIT_BYTES,
    reassembly: cfg.queues.networkIn,
    ...(cfg.network.hops === undefined
      ? {}
      : { placement: Array.from({ length: cfg.nodes }, (_, n) => n * cfg.network.hops!) }),
  });
  return torus as unknown as MessageNetwork<FlashNet>;
}

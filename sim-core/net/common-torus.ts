/**
 * The common torus (round2-spec §A.3 item 5) for a model whose own network is a pipe or no
 * network at all (CNI, EDT, FUGU): Cranium's 16×16 chaotic torus [001 L1334] as the thesis builds
 * it — packets of 11 phits of 32 bits, a 12-B header and 32 B of payload [001 L1336, L1386],
 * 4-cycle routing decisions [001 L1334] and the NI's 4-packet outbox as the injection queue
 * [001 L2103] — at its 100 MHz clock [001 L1838]. A model's
 * message, its own header counted in its bytes, is the payload of ⌈bytes / 32⌉ packets; the
 * model's sliding window is kept end to end, each acknowledgement a one-packet message back. The
 * torus is a machine's, stated in time: it runs 10 ns a cycle whatever the model's cycle.
 * With `hops`, the model's nodes sit that many hops apart along the torus's first row.
 */
import { networkConfig } from '../network/network-config';
import { torusNetwork } from './torus';

/** The thesis's torus side [001 L1334] and its clock [001 L1838]. */
export const COMMON_TORUS = {
  k: 16,
  nsPerCycle: 10,
  phitBytes: 4,
  packetPhits: 11,
  headerBytes: 12,
  outboxPackets: 4,
} as const;

/** Payload bytes one packet of the common torus carries (32 [001 L1386]). */
export const COMMON_TORUS_PAYLOAD =
  COMMON_TORUS.packetPhits * COMMON_TORUS.phitBytes - COMMON_TORUS.headerBytes;

/** What the common torus needs of the model's run. */
export interface CommonTorusRun {
  nodes: number;
  /** Hops between one node and the next along the first row (absent: node n at router n). */
  hops?: number;
  /** The model's cycle, in ns. */
  nsPerCycle: number;
  seed: number;
  stallWatchdog: number;
  checkInvariants: boolean;
}

/** Why `nodes` nodes `hops` apart do not fit the common torus, or null. */
export function commonTorusIssue(nodes: number, hops: number | undefined): string | null {
  const { k } = COMMON_TORUS;
  if (hops === undefined)
    return nodes > k * k ? `the ${k}×${k} torus has ${k * k} routers, not ${nodes}` : null;
  return nodes * hops > k
    ? `${nodes} nodes ${hops} hops apart do not fit along the ${k}-router row of the common torus (at most ${Math.floor(k / hops)})`
    : null;
}

export function commonTorus(run: CommonTorusRun) {
  const { k } = COMMON_TORUS;
  return torusNetwork({
    config: networkConfig(
      { kind: 'torus', k, attached: k },
      {
        packetPhits: COMMON_TORUS.packetPhits,
        injectionQueue: COMMON_TORUS.outboxPackets,
        seed: run.seed,
        stallWatchdog: run.stallWatchdog,
        checkInvariants: run.checkInvariants,
      },
    ),
    phitBytes: COMMON_TORUS.phitBytes,
    headerBytes: COMMON_TORUS.headerBytes,
    // The models take every whole message at once; their windows bound what is on its way.
    reassembly: Number.MAX_SAFE_INTEGER,
    ...(run.hops === undefined
      ? {}
      : { placement: Array.from({ length: run.nodes }, (_, n) => n * run.hops!) }),
    clock: { modelNs: run.nsPerCycle, torusNs: COMMON_TORUS.nsPerCycle },
    windowed: true,
    ordered: true,
  });
}

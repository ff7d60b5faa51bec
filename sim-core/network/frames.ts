/**
 * How a frame takes, queues and lets go of packets under tail-following (digest
 * seed-001-cranium.md §B.12; thesis L1176): the in-place updates of input, output and multi-queue
 * frames. Frames are emptied and refilled in place, never replaced (network-state.ts).
 */
import type { InFrame, MqFrame, OutFrame } from './network-state';

export function fillIn(
  f: InFrame,
  pkt: number,
  headAt: number,
  arrived: number,
  lastArrival: number,
): void {
  f.pkt = pkt;
  f.headAt = headAt;
  f.arrived = arrived;
  f.lastArrival = lastArrival;
  f.forwarded = 0;
  f.grant = -1;
  f.grantAt = -1;
}

export function fillOut(f: OutFrame, pkt: number, vc: number): void {
  f.pkt = pkt;
  f.received = 0;
  f.sent = 0;
  f.vc = vc;
}

export function fillMq(f: MqFrame, pkt: number, enteredAt: number): void {
  f.pkt = pkt;
  f.enteredAt = enteredAt;
  f.forwarded = 0;
  f.grant = -1;
  f.grantAt = -1;
}

export function fillNextIn(
  f: InFrame,
  pkt: number,
  headAt: number,
  arrived: number,
  lastArrival: number,
): void {
  f.nextPkt = pkt;
  f.nextHeadAt = headAt;
  f.nextArrived = arrived;
  f.nextLastArrival = lastArrival;
}

/** Reserves an input frame for `pkt`: the front if it is empty, else the place behind. */
export function reserveIn(f: InFrame, pkt: number): void {
  if (f.pkt < 0) fillIn(f, pkt, -1, 0, -1);
  else fillNextIn(f, pkt, -1, 0, -1);
}

/** The front packet has left (or moved into the multi-queue): the next one, if any, moves up. */
export function popIn(f: InFrame): void {
  fillIn(f, f.nextPkt, f.nextHeadAt, f.nextArrived, f.nextLastArrival);
  fillNextIn(f, -1, -1, 0, -1);
}

/** The front packet's last phit has left on the link: the next one, if any, moves up. */
export function popOut(f: OutFrame): void {
  f.pkt = f.nextPkt;
  f.received = f.nextReceived;
  f.sent = 0;
  f.vc = f.nextVc;
  f.nextPkt = -1;
  f.nextReceived = 0;
  f.nextVc = 0;
}

/**
 * Whether a packet whose head crosses the link into input frame `f` this cycle could enter it:
 * the frame is empty, or its packet has fully arrived before this cycle, was granted before this
 * cycle (so it has started across the crossbar and drains a phit every cycle: the two packets
 * never hold more than L phits together) and has no packet behind it yet. Used for injection; a
 * network link reserves the frame when the upstream output is granted (outputFree).
 */
export function canTakeHead(f: InFrame, L: number, cycle: number): boolean {
  return (
    f.pkt < 0 ||
    (f.nextPkt < 0 && f.grant >= 0 && f.grantAt < cycle && f.arrived === L && f.lastArrival < cycle)
  );
}

export const clearMq = (f: MqFrame): void => fillMq(f, -1, -1);

/**
 * Geometry of a cachable-queue ring (Fig. 2 of the CNI paper): slot 0 at twelve o'clock and the
 * slots clockwise, as cards (up to 16 slots, every block's states written out) or as a compact
 * ring of small cells. Pure numbers, so the renderer only draws.
 */

/** More slots than this are drawn as a compact ring of cells instead of cards. */
export const MAX_CARD_SLOTS = 16;

export const BADGE_W = 44;
export const BADGE_H = 16;
const BADGE_GAP = 4;
export const CARD_PAD = 6;
export const CARD_HEAD = 20;
export const ROW_H = BADGE_H + 4;
const CARD_GAP = 10;
/** Half the radial thickness of a compact cell. */
export const CELL_HALF = 12;
const MIN_RADIUS = 120;
const INNER_ROOM = 90;
/** Room outside the cards for the tail arrow and its label, and inside for the head hands. */
export const ARROW_LEN = 40;
const OUTSIDE = ARROW_LEN + 30;
const SIDE_LABEL = 80;

export interface RingLayout {
  mode: 'cards' | 'cells';
  n: number;
  cardW: number;
  cardH: number;
  radius: number;
  width: number;
  height: number;
  cx: number;
  cy: number;
}

/** Angle of a slot's centre, radians, clockwise from twelve o'clock (SVG y grows downwards). */
export const slotAngle = (lay: RingLayout, slot: number): number =>
  -Math.PI / 2 + (2 * Math.PI * slot) / lay.n;

/** Angle, in degrees, for an SVG rotate() that points +x at the slot. */
export const slotDegrees = (lay: RingLayout, slot: number): number =>
  (slotAngle(lay, slot) * 180) / Math.PI;

export function ringLayout(n: number, slotBlocks: number, agents: number): RingLayout {
  const count = Math.max(1, n);
  if (count > MAX_CARD_SLOTS) {
    // Cells about 7 px along the ring at the smallest; never smaller than the card rings.
    const radius = Math.max(MIN_RADIUS + 20, (count * 7) / (2 * Math.PI));
    const half = radius + CELL_HALF + OUTSIDE;
    return layoutOf('cells', count, 0, 0, radius, half + SIDE_LABEL / 2, half);
  }
  const cardW = 2 * CARD_PAD + agents * BADGE_W + (agents - 1) * BADGE_GAP;
  const cardH = CARD_HEAD + slotBlocks * ROW_H + CARD_PAD / 2;
  const radius = cardRadius(count, cardW, cardH);
  return layoutOf(
    'cards',
    count,
    cardW,
    cardH,
    radius,
    radius + cardW / 2 + OUTSIDE + SIDE_LABEL / 2,
    radius + cardH / 2 + OUTSIDE,
  );
}

/** The smallest radius, from MIN_RADIUS up, at which no two neighbouring cards come closer than CARD_GAP. */
function cardRadius(n: number, w: number, h: number): number {
  const clear = (r: number) => {
    for (let i = 0; i < n; i++) {
      const a = -Math.PI / 2 + (2 * Math.PI * i) / n;
      const b = a + (2 * Math.PI) / n;
      const dx = Math.abs(r * (Math.cos(a) - Math.cos(b)));
      const dy = Math.abs(r * (Math.sin(a) - Math.sin(b)));
      if (dx < w + CARD_GAP && dy < h + CARD_GAP) return false;
    }
    return true;
  };
  // Inside the cards the head hands and their labels need room too.
  let r = Math.max(MIN_RADIUS, Math.max(w, h) / 2 + INNER_ROOM);
  while (n > 1 && !clear(r)) r += 4;
  return r;
}

function layoutOf(
  mode: RingLayout['mode'],
  n: number,
  cardW: number,
  cardH: number,
  radius: number,
  halfW: number,
  halfH: number,
): RingLayout {
  return {
    mode,
    n,
    cardW,
    cardH,
    radius,
    width: Math.ceil(2 * halfW),
    height: Math.ceil(2 * halfH),
    cx: halfW,
    cy: halfH,
  };
}

/** Centre of a slot's card or cell. */
export function slotCentre(lay: RingLayout, slot: number): { x: number; y: number } {
  const a = slotAngle(lay, slot);
  return { x: lay.cx + lay.radius * Math.cos(a), y: lay.cy + lay.radius * Math.sin(a) };
}

/**
 * How far a slot's card (or cell) reaches from its centre towards (+1) or away from (−1) the
 * ring's centre, along the radius: where a pointer arrow must stop.
 */
export function slotReach(lay: RingLayout, slot: number): number {
  if (lay.mode === 'cells') return CELL_HALF;
  const a = slotAngle(lay, slot);
  const c = Math.abs(Math.cos(a));
  const s = Math.abs(Math.sin(a));
  const hw = lay.cardW / 2;
  const hh = lay.cardH / 2;
  return Math.min(c > 1e-6 ? hw / c : Infinity, s > 1e-6 ? hh / s : Infinity);
}

/** The point at distance r from the ring's centre in the direction of a slot. */
export function polar(lay: RingLayout, slot: number, r: number): { x: number; y: number } {
  const a = slotAngle(lay, slot);
  return { x: lay.cx + r * Math.cos(a), y: lay.cy + r * Math.sin(a) };
}

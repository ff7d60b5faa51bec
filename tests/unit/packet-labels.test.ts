/**
 * Packet ids on the torus picture (src/d3/packet-labels.ts): two ids never touch (so they cannot
 * read as one number), each touches its own head, the followed packet always has its id, a crowd
 * loses ids rather than overprinting them, and zooming in (smaller labels in layout units) brings
 * them back.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GAP_EM,
  labelBounds,
  labelSizeAt,
  packetLabelSpots,
  placePacketLabels,
  type Box,
  type LabelSpot,
} from '../../src/d3/packet-labels';
import { torusLayout, type Point } from '../../src/d3/torus-layout';
import { busyTorusFrame } from '../property/support';

const layout = torusLayout(8);

/** Gap between two boxes (negative when they overlap). */
const gapBetween = (a: Box, b: Box) => Math.max(a.x0 - b.x1, b.x0 - a.x1, a.y0 - b.y1, b.y0 - a.y1);

function expectApart(spots: Map<number, LabelSpot>, size: number): void {
  const boxes = [...spots].map(([id, spot]) => labelBounds(id, spot, size));
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++)
      expect(gapBetween(boxes[i]!, boxes[j]!)).toBeGreaterThanOrEqual(GAP_EM * size - 1e-9);
}

/** How far a label's box is from its head's centre (0 when it covers it). */
const reach = (box: Box, [x, y]: Point) =>
  Math.hypot(Math.max(box.x0 - x, 0, x - box.x1), Math.max(box.y0 - y, 0, y - box.y1));

/** A busy 8×8 torus's frame. */
const busyFrame = () => busyTorusFrame(0.6, 4, 300);

describe('packet labels', () => {
  it('put a lone id up and to the right of its head, clear of it', () => {
    // On a link, between two routers: no router text in the way.
    const [cx, cy] = layout.centre(27);
    const head: Point = [cx + 50, cy];
    const spot = placePacketLabels([{ id: 5, head }], layout, 12).get(5)!;
    expect(spot.x).toBeGreaterThan(head[0] + 7);
    expect(spot.y).toBeLessThan(head[1] - 7);
  });

  it('move a neighbour’s id to another side instead of running the two together', () => {
    const [x, y] = layout.centre(27);
    const heads = [
      { id: 35, head: [x, y] as Point },
      { id: 38, head: [x + 10, y] as Point },
    ];
    const spots = placePacketLabels(heads, layout, 12);
    expect(spots.size).toBe(2);
    expectApart(spots, 12);
    expect(spots.get(38)).not.toEqual({ x: spots.get(35)!.x + 10, y: spots.get(35)!.y });
  });

  it('in a crowd, leave ids out rather than overprint them; zoomed in, place them all', () => {
    const frame = busyFrame();
    const mq = frame.routers[0]!.multiQueue.length;
    expect(frame.packets.length).toBeGreaterThan(60);
    const large = packetLabelSpots(frame.packets, layout, mq, null, 24);
    const small = packetLabelSpots(frame.packets, layout, mq, null, 4);
    expect(large.size).toBeLessThan(frame.packets.length);
    expect(small.size).toBe(frame.packets.length);
    expectApart(large, 24);
    expectApart(small, 4);
  });

  it('always label the followed packet, however crowded', () => {
    const frame = busyFrame();
    const mq = frame.routers[0]!.multiQueue.length;
    const crowded = packetLabelSpots(frame.packets, layout, mq, null, 30);
    const missing = frame.packets.find((p) => !crowded.has(p.id))!;
    expect(missing).toBeDefined();
    const followed = packetLabelSpots(frame.packets, layout, mq, missing.id, 30);
    expect(followed.has(missing.id)).toBe(true);
    // With the other ids hidden, only it is placed, on the spot it has among them all.
    const alone = packetLabelSpots(frame.packets, layout, mq, missing.id, 30, true);
    expect([...alone]).toEqual([[missing.id, followed.get(missing.id)]]);
    expect(packetLabelSpots(frame.packets, layout, mq, null, 30, true).size).toBe(0);
  });

  it('never let two ids touch, and keep each beside its own head (property)', () => {
    const headArb = fc.record({
      x: fc.integer({ min: 64, max: 864 }),
      y: fc.integer({ min: 64, max: 864 }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 99_999 }), { minLength: 1, maxLength: 60 }),
        fc.array(headArb, { minLength: 60, maxLength: 60 }),
        fc.double({ min: 4, max: 30, noNaN: true }),
        (ids, points, size) => {
          const heads = ids.map((id, i) => ({ id, head: [points[i]!.x, points[i]!.y] as Point }));
          const spots = placePacketLabels(heads, layout, size);
          expectApart(spots, size);
          for (const { id, head } of heads) {
            const spot = spots.get(id);
            if (spot)
              expect(reach(labelBounds(id, spot, size), head)).toBeLessThanOrEqual(
                Math.hypot(7, 7) + 1e-9,
              );
          }
          // The first always has its label.
          expect(spots.has(ids[0]!)).toBe(true);
        },
      ),
    );
  });
});

describe('the size of packet labels', () => {
  it('follows the picture from 12 to 16 pixels on screen, and no further', () => {
    const px = (pxPerUnit: number) => labelSizeAt(pxPerUnit) * pxPerUnit;
    expect(px(0.5)).toBe(12);
    expect(px(1)).toBe(13);
    expect(px(4)).toBe(16);
    // Zooming in twice as far halves a label in layout units once it reaches 16 px.
    expect(labelSizeAt(8)).toBe(labelSizeAt(4) / 2);
  });
});

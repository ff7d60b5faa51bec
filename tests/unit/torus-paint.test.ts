/**
 * The torus picture's canvas layer, short of pixels (Node has no canvas): the geometry of a thick
 * line (straight pieces as rectangles that meet in exact mitres, diagonal ones stroked), the hit
 * test that finds the packet under a click, and the frame as it is posted to the paint worker.
 */
import { describe, expect, it } from 'vitest';
import { packetAt, slinky } from '../../src/d3/packet-shape';
import type { Painter2D } from '../../src/d3/svg-recorder';
import { paintThickLine } from '../../src/d3/thick-line';
import { fromPaintWire, toPaintWire } from '../../src/d3/torus-canvas';
import { paintFrameOf } from '../../src/d3/torus-painter';
import { torusLayout, type Point } from '../../src/d3/torus-layout';
import { fromWire, toWire } from '../../src/worker/network-wire';
import type { SessionView } from '../../sim-core/index';
import { busyTorusFrame } from '../property/support';

/** A painter that records what it is asked to paint. */
function recorder() {
  const calls: string[] = [];
  const painter = new Proxy({} as Record<string, unknown>, {
    get: (target, key: string) =>
      key in target
        ? target[key]
        : (...args: number[]) => calls.push(`${key}(${args.map((a) => +a.toFixed(3)).join(',')})`),
    set: (target, key: string, value) => {
      target[key] = value;
      calls.push(`${key}=${String(value)}`);
      return true;
    },
  }) as unknown as Painter2D;
  return { painter, calls };
}

const IDENTITY = [1, 0, 0] as const;

describe('a thick line', () => {
  it('paints straight pieces as rectangles reaching half a width past each bend, not past its ends', () => {
    const { painter, calls } = recorder();
    paintThickLine(
      painter,
      [
        [0, 0],
        [10, 0],
        [10, 10],
      ],
      2,
      IDENTITY,
    );
    // 0…10 along y = 0, one past the bend at x = 10; then x = 10 from one before the bend down.
    expect(calls).toEqual(['fillRect(0,-1,11,2)', 'fillRect(9,-1,2,11)']);
  });

  it('strokes the diagonal pieces, in the fill colour, reaching past their bends too', () => {
    const { painter, calls } = recorder();
    painter.fillStyle = '#E69F00';
    paintThickLine(
      painter,
      [
        [0, 0],
        [3, 4],
        [3, 10],
      ],
      2,
      [2, 5, 5],
    );
    // Mapped: (5,5) → (11,13) → (11,25). The diagonal is 10 long; one unit past the bend.
    expect(calls).toContain('fillRect(10,12,2,13)');
    expect(calls).toContain('moveTo(5,5)');
    expect(calls).toContain('lineTo(11.6,13.8)');
    expect(calls).toContain('strokeStyle=#E69F00');
    expect(calls).toContain('lineCap=butt');
    expect(calls.at(-1)).toBe('stroke()');
  });
});

/** A busy 8×8 torus's frame, as the page has it after the worker's wire form. */
function busyView(): SessionView {
  const view = {
    cycle: 400,
    frame: busyTorusFrame(0.5, 9, 400),
    events: [],
    narration: '',
  } as unknown as SessionView;
  return fromWire(JSON.parse(JSON.stringify(toWire(view))) as ReturnType<typeof toWire>);
}

describe('the frame posted to the paint worker', () => {
  it('arrives as the very frame the painter would read on the page', () => {
    const frame = busyView().frame;
    if (frame.model !== 'network') throw new Error('a network frame');
    expect(frame.packets.length).toBeGreaterThan(50);
    const posted = structuredClone(toPaintWire(frame));
    expect(fromPaintWire(posted)).toEqual(paintFrameOf(frame));
  });
});

describe('the packet under a click', () => {
  const frame = (() => {
    const f = busyView().frame;
    if (f.model !== 'network') throw new Error('a network frame');
    return f;
  })();
  const layout = torusLayout(8, 'torus');
  const mq = frame.routers[0]!.multiQueue.length;

  it('is found by its head and along its line, and nothing is found far from every packet', () => {
    const p = frame.packets.at(-1)!;
    const shape = slinky(p, layout, mq);
    expect(packetAt(shape.head, frame.packets, layout, mq, true)).toBe(p.id);
    const [a, b] = shape.runs[0]!.length > 1 ? shape.runs[0]! : [shape.head, shape.head];
    const middle: Point = [(a![0] + b![0]) / 2, (a![1] + b![1]) / 2];
    expect(packetAt(middle, frame.packets, layout, mq, true)).not.toBeNull();
    expect(packetAt([-500, -500], frame.packets, layout, mq, true)).toBeNull();
  });

  it('is the topmost (last painted) where packets overlap', () => {
    const p = frame.packets[0]!;
    const head = slinky(p, layout, mq).head;
    const again = { ...p, id: 99_999 };
    expect(packetAt(head, [p, again], layout, mq, true)).toBe(99_999);
  });
});

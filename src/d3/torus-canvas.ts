/**
 * The torus's canvas layer, painted in a worker of its own where the browser can hand a canvas
 * to one (OffscreenCanvas), else on the page's thread: the same TorusPainter either way. A frame
 * goes to the worker in the wire form it arrived in from the simulator (two arrays of numbers),
 * which is far cheaper to post than its objects; the worker paints the newest one at its next
 * animation frame, so the pictures never queue up behind a slow one.
 *
 * A canvas can be handed to a worker only once, so its painter belongs to the canvas, not to the
 * renderer using it: a renderer made again on the same canvas (React's development mode mounts
 * every effect twice) gets the same painter, and the worker ends only when no renderer has held
 * it for a moment.
 */
import type { NetworkFrame } from '../../sim-core/network/network-frame';
import { packetsFromWire, packetsWireOf, type Wire } from '../worker/network-wire';
import { TorusPainter, paintFrameOf, type PaintFrame, type PaintScene } from './torus-painter';

/** A PaintFrame as it is posted: numbers in typed arrays (moved, not copied) and the packets' wire. */
interface PaintWire {
  cycle: number;
  mqSlots: number;
  /** Per router: its node (−1: none), occupied frames, all frames. */
  routers: Int32Array;
  /** Per router: the recent phits of its links N E S W. */
  linkRecent: Int32Array;
  packets: Wire;
}

export type PaintMessage =
  | { kind: 'canvas'; canvas: OffscreenCanvas }
  | { kind: 'paint'; frame: PaintWire; scene: PaintScene };

/** The paint worker's answer after each picture: the cycle it shows. */
export interface PaintedMessage {
  kind: 'painted';
  cycle: number;
}

/**
 * The canvas says which cycle its picture shows (`data-painted-cycle`) once it is painted: the
 * moment the torus is on screen, which the browser benchmark and tests wait for.
 */
const notePainted = (canvas: HTMLCanvasElement, cycle: number) =>
  (canvas.dataset.paintedCycle = String(cycle));

export function toPaintWire(frame: NetworkFrame): PaintWire {
  const n = frame.routers.length;
  const routers = new Int32Array(3 * n);
  const linkRecent = new Int32Array(4 * n);
  for (let r = 0; r < n; r++) {
    const router = frame.routers[r]!;
    routers[3 * r] = router.node ?? -1;
    routers[3 * r + 1] = router.occupancy;
    routers[3 * r + 2] = router.inputs.length + router.outputs.length + router.multiQueue.length;
    const links = frame.linkRecent[r] ?? [];
    for (let d = 0; d < 4; d++) linkRecent[4 * r + d] = links[d] ?? 0;
  }
  return {
    cycle: frame.cycle,
    mqSlots: frame.routers[0]?.multiQueue.length ?? 0,
    routers,
    linkRecent,
    packets: packetsWireOf(frame),
  };
}

export function fromPaintWire(w: PaintWire): PaintFrame {
  const n = w.routers.length / 3;
  return {
    cycle: w.cycle,
    mqSlots: w.mqSlots,
    routers: Array.from({ length: n }, (_, r) => ({
      id: r,
      node: w.routers[3 * r]! < 0 ? null : w.routers[3 * r]!,
      occupancy: w.routers[3 * r + 1]!,
      frames: w.routers[3 * r + 2]!,
    })),
    linkRecent: Array.from({ length: n }, (_, r) =>
      Array.from(w.linkRecent.subarray(4 * r, 4 * r + 4)),
    ),
    packets: packetsFromWire(w.packets),
  };
}

export interface TorusCanvas {
  /** Where the picture is painted. */
  readonly painter: 'worker' | 'page';
  paint(frame: NetworkFrame, scene: PaintScene): void;
  /** This renderer is done with the canvas. */
  release(): void;
}

interface Surface {
  painter: TorusCanvas['painter'];
  paint(frame: NetworkFrame, scene: PaintScene): void;
  end(): void;
  holders: number;
}

const surfaces = new WeakMap<HTMLCanvasElement, Surface>();

/** Whether this browser can paint a page's canvas in a worker. */
const workersCanPaint = () =>
  typeof Worker === 'function' &&
  typeof HTMLCanvasElement === 'function' &&
  typeof HTMLCanvasElement.prototype.transferControlToOffscreen === 'function';

const startPaintWorker = () =>
  new Worker(new URL('./torus-paint.worker.ts', import.meta.url), { type: 'module' });

/** A paint worker started before its canvas exists (warmPaintWorker), for the next canvas. */
let spare: Worker | null = null;

/**
 * Starts a paint worker ahead, when the torus panel's code arrives: its own code is then fetched
 * and compiled while the simulator works towards the first picture, not after it.
 */
export function warmPaintWorker(): void {
  if (spare || !workersCanPaint()) return;
  try {
    spare = startPaintWorker();
  } catch {
    spare = null;
  }
}

/** A worker painting on `canvas`, or null where the browser cannot hand a canvas to one. */
function workerSurface(canvas: HTMLCanvasElement): Surface | null {
  if (!workersCanPaint()) return null;
  let worker: Worker;
  try {
    worker = spare ?? startPaintWorker();
  } catch {
    return null;
  } finally {
    spare = null;
  }
  let offscreen: OffscreenCanvas;
  try {
    offscreen = canvas.transferControlToOffscreen();
  } catch {
    worker.terminate();
    return null;
  }
  const post = (message: PaintMessage, transfer: Transferable[] = []) =>
    worker.postMessage(message, transfer);
  worker.onmessage = (event: MessageEvent<PaintedMessage>) => notePainted(canvas, event.data.cycle);
  post({ kind: 'canvas', canvas: offscreen }, [offscreen]);
  return {
    painter: 'worker',
    paint: (frame, scene) => {
      const wire = toPaintWire(frame);
      post({ kind: 'paint', frame: wire, scene }, [wire.routers.buffer, wire.linkRecent.buffer]);
    },
    end: () => worker.terminate(),
    holders: 0,
  };
}

function pageSurface(canvas: HTMLCanvasElement): Surface {
  const painter = new TorusPainter(canvas);
  return {
    painter: 'page',
    paint: (frame, scene) => {
      painter.paint(paintFrameOf(frame), scene);
      notePainted(canvas, frame.cycle);
    },
    end() {},
    holders: 0,
  };
}

export function createTorusCanvas(canvas: HTMLCanvasElement): TorusCanvas {
  let surface = surfaces.get(canvas);
  if (!surface) {
    surface = workerSurface(canvas) ?? pageSurface(canvas);
    surfaces.set(canvas, surface);
  }
  const held = surface;
  held.holders += 1;
  let released = false;
  return {
    painter: held.painter,
    paint: (frame, scene) => {
      if (!released) held.paint(frame, scene);
    },
    release() {
      if (released) return;
      released = true;
      held.holders -= 1;
      setTimeout(() => {
        if (held.holders > 0) return;
        held.end();
        surfaces.delete(canvas);
      }, 0);
    },
  };
}

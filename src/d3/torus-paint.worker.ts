/**
 * The worker that paints the torus's canvas layer (torus-canvas.ts): it holds the canvas the page
 * handed over and paints the newest frame it was sent at its next animation frame, then says which
 * cycle it painted.
 */
import { fromPaintWire, type PaintedMessage, type PaintMessage } from './torus-canvas';
import { TorusPainter } from './torus-painter';

let painter: TorusPainter | null = null;
let newest: Extract<PaintMessage, { kind: 'paint' }> | null = null;
let scheduled = false;

function paintNewest(): void {
  scheduled = false;
  if (!painter || !newest) return;
  const { frame, scene } = newest;
  newest = null;
  painter.paint(fromPaintWire(frame), scene);
  self.postMessage({ kind: 'painted', cycle: frame.cycle } satisfies PaintedMessage);
}

self.onmessage = (event: MessageEvent<PaintMessage>) => {
  const message = event.data;
  if (message.kind === 'canvas') {
    painter = new TorusPainter(message.canvas);
    return;
  }
  newest = message;
  if (scheduled) return;
  scheduled = true;
  if (typeof self.requestAnimationFrame === 'function') self.requestAnimationFrame(paintNewest);
  else setTimeout(paintNewest, 0);
};

/**
 * A thick polyline with butt ends and mitred bends, painted the way a software-rastered canvas
 * draws fastest. The torus's links run horizontally and vertically, and so do most of a packet's
 * pieces: each such piece is a filled rectangle, the rasteriser's cheapest shape (stroking the
 * same polylines took twice the raster time for a saturated 16×16 torus). At a bend both pieces
 * reach half a width past the corner, which for a right angle is exactly the mitre. The diagonal
 * pieces (a turn inside a router) are stroked, reaching past their bends the same way.
 */
import type { Painter2D } from './svg-recorder';
import type { Point } from './torus-layout';

/** Layout units to the painter's: x · scale + dx, y · scale + dy. */
export type PointMap = readonly [scale: number, dx: number, dy: number];

/** Paints `points` mapped by `map`, `width` wide (painter's units), in the current fill style. */
export function paintThickLine(
  c: Painter2D,
  points: readonly Point[],
  width: number,
  [scale, dx, dy]: PointMap,
): void {
  const half = width / 2;
  let diagonal = false;
  for (let i = 1; i < points.length; i++) {
    const [px, py] = points[i - 1]!;
    const [qx, qy] = points[i]!;
    const ax = px * scale + dx;
    const ay = py * scale + dy;
    const bx = qx * scale + dx;
    const by = qy * scale + dy;
    // Half a width further at a bend (not at either end of the line).
    const before = i > 1 ? half : 0;
    const after = i < points.length - 1 ? half : 0;
    if (py === qy) {
      const [left, right] = ax <= bx ? [ax - before, bx + after] : [bx - after, ax + before];
      c.fillRect(left, ay - half, right - left, width);
    } else if (px === qx) {
      const [top, bottom] = ay <= by ? [ay - before, by + after] : [by - after, ay + before];
      c.fillRect(ax - half, top, width, bottom - top);
    } else {
      if (!diagonal) c.beginPath();
      diagonal = true;
      const length = Math.hypot(bx - ax, by - ay);
      const ux = (bx - ax) / length;
      const uy = (by - ay) / length;
      c.moveTo(ax - ux * before, ay - uy * before);
      c.lineTo(bx + ux * after, by + uy * after);
    }
  }
  if (!diagonal) return;
  c.strokeStyle = c.fillStyle;
  c.lineWidth = width;
  c.lineCap = 'butt';
  c.stroke();
}

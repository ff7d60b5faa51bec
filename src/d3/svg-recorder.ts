/**
 * The part of a 2-D canvas context the torus painter uses, and a recorder that implements it by
 * writing SVG elements instead of pixels: the same painting code then serves the screen (fast,
 * on a canvas) and the SVG export (paths and text). Each element carries the transform in force
 * when it was painted, so line widths, radii and fonts scale exactly as on the canvas.
 */
import { xmlEscape } from '../export/image';

export interface Painter2D {
  fillStyle: string | CanvasGradient | CanvasPattern;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  lineWidth: number;
  globalAlpha: number;
  lineCap: CanvasLineCap;
  lineJoin: CanvasLineJoin;
  miterLimit: number;
  font: string;
  textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  /** Whole circles only (the painter draws no partial arcs). */
  arc(x: number, y: number, r: number, start: number, end: number): void;
  roundRect(x: number, y: number, w: number, h: number, r: number): void;
  /** A filled rectangle, apart from the current path (the canvas's cheapest shape to raster). */
  fillRect(x: number, y: number, w: number, h: number): void;
  fill(): void;
  stroke(): void;
  fillText(text: string, x: number, y: number): void;
  strokeText(text: string, x: number, y: number): void;
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
}

const num = (n: number) => String(Math.round(n * 100) / 100);

const ANCHOR: Record<CanvasTextAlign, string> = {
  start: 'start',
  left: 'start',
  center: 'middle',
  end: 'end',
  right: 'end',
};

const BASELINE: Record<CanvasTextBaseline, string> = {
  alphabetic: 'alphabetic',
  bottom: 'text-after-edge',
  hanging: 'hanging',
  ideographic: 'ideographic',
  middle: 'middle',
  top: 'text-before-edge',
};

export class SvgRecorder implements Painter2D {
  fillStyle: string | CanvasGradient | CanvasPattern = '#000';
  strokeStyle: string | CanvasGradient | CanvasPattern = '#000';
  lineWidth = 1;
  globalAlpha = 1;
  lineCap: CanvasLineCap = 'butt';
  lineJoin: CanvasLineJoin = 'miter';
  /** The canvas's default; SVG's is 4, so it is always written out. */
  miterLimit = 10;
  font = '10px sans-serif';
  textAlign: CanvasTextAlign = 'start';
  textBaseline: CanvasTextBaseline = 'alphabetic';
  private readonly parts: string[] = [];
  private d = '';
  private matrix = '';

  /** `base` scales everything painted (device pixels of the canvas to CSS pixels of its box). */
  constructor(private readonly base = 1) {
    this.setTransform(1, 0, 0, 1, 0, 0);
  }

  /** The SVG elements painted so far. */
  toString(): string {
    return this.parts.join('');
  }

  beginPath(): void {
    this.d = '';
  }
  moveTo(x: number, y: number): void {
    this.d += `M${num(x)} ${num(y)}`;
  }
  lineTo(x: number, y: number): void {
    this.d += `L${num(x)} ${num(y)}`;
  }
  arc(x: number, y: number, r: number): void {
    // Like the canvas, a line joins the current point to the arc's start (angle 0).
    this.d += `${this.d ? 'L' : 'M'}${num(x + r)} ${num(y)}`;
    this.d += `A${num(r)} ${num(r)} 0 1 0 ${num(x - r)} ${num(y)}`;
    this.d += `A${num(r)} ${num(r)} 0 1 0 ${num(x + r)} ${num(y)}`;
  }
  roundRect(x: number, y: number, w: number, h: number, r: number): void {
    const a = (ex: number, ey: number) => `A${num(r)} ${num(r)} 0 0 1 ${num(ex)} ${num(ey)}`;
    this.d +=
      `M${num(x + r)} ${num(y)}H${num(x + w - r)}${a(x + w, y + r)}` +
      `V${num(y + h - r)}${a(x + w - r, y + h)}H${num(x + r)}${a(x, y + h - r)}` +
      `V${num(y + r)}${a(x + r, y)}Z`;
  }
  fillRect(x: number, y: number, w: number, h: number): void {
    this.parts.push(
      `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" ` +
        `fill="${this.paint(this.fillStyle)}"${this.common()}/>`,
    );
  }
  fill(): void {
    if (this.d)
      this.parts.push(`<path d="${this.d}" fill="${this.paint(this.fillStyle)}"${this.common()}/>`);
  }
  stroke(): void {
    if (!this.d) return;
    this.parts.push(`<path d="${this.d}" fill="none" ${this.strokeAttributes()}${this.common()}/>`);
  }
  fillText(text: string, x: number, y: number): void {
    this.text(text, x, y, `fill="${this.paint(this.fillStyle)}"`);
  }
  strokeText(text: string, x: number, y: number): void {
    this.text(text, x, y, `fill="none" ${this.strokeAttributes()}`);
  }
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void {
    const k = this.base;
    const m = [a * k, b * k, c * k, d * k, e * k, f * k];
    this.matrix = m.join() === '1,0,0,1,0,0' ? '' : ` transform="matrix(${m.map(num).join(' ')})"`;
  }

  private paint(style: string | CanvasGradient | CanvasPattern): string {
    return typeof style === 'string' ? xmlEscape(style) : '#000';
  }
  private strokeAttributes(): string {
    return (
      `stroke="${this.paint(this.strokeStyle)}" stroke-width="${num(this.lineWidth)}" ` +
      `stroke-linecap="${this.lineCap}" stroke-linejoin="${this.lineJoin}" ` +
      `stroke-miterlimit="${num(this.miterLimit)}"`
    );
  }
  private common(): string {
    return (this.globalAlpha < 1 ? ` opacity="${num(this.globalAlpha)}"` : '') + this.matrix;
  }
  private text(text: string, x: number, y: number, paint: string): void {
    this.parts.push(
      `<text x="${num(x)}" y="${num(y)}" ${paint} style="font:${xmlEscape(this.font)}" ` +
        `text-anchor="${ANCHOR[this.textAlign]}" dominant-baseline="${BASELINE[this.textBaseline]}"` +
        `${this.common()}>${xmlEscape(text)}</text>`,
    );
  }
}

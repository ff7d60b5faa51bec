/**
 * The rendered width of an SVG text, measured on a canvas in the text's computed font rather than
 * with getComputedTextLength: Chromium's renderer crashes when that forces layout inside a panel
 * that `content-visibility: auto` is skipping (a panel scrolled out of view while the run moves).
 */
let context: CanvasRenderingContext2D | null | undefined;

function canvasContext(): CanvasRenderingContext2D | null {
  if (context === undefined) context = document.createElement('canvas').getContext('2d');
  return context;
}

/** Width in CSS pixels, or `fallbackPerChar` per character where nothing can measure (jsdom). */
export function textWidth(node: SVGTextElement | null, fallbackPerChar: number): number {
  const text = node?.textContent ?? '';
  const ctx = node ? canvasContext() : null;
  if (!node || !ctx) return text.length * fallbackPerChar;
  const style = getComputedStyle(node);
  ctx.font = style.font || `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const spacing = Number.parseFloat(style.letterSpacing);
  const width =
    ctx.measureText(text).width + (Number.isFinite(spacing) ? spacing * text.length : 0);
  return width > 0 ? width : text.length * fallbackPerChar;
}

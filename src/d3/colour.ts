/** Colour helpers shared by the graphic views: text on a coloured fill must stay readable. */
import type { Selection } from 'd3';

function luminance(hex: string): number {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return (
    0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255)
  );
}

/** Near-black or white, whichever contrasts more with the fill (WCAG contrast ratio). */
export function inkFor(fill: string): string {
  const l = luminance(fill);
  const onWhite = 1.05 / (l + 0.05);
  const onBlack = (l + 0.05) / 0.05;
  return onBlack >= onWhite ? '#111111' : '#ffffff';
}

/** The fallback colour of a transaction kind the palette does not know. */
export const UNKNOWN_TXN = '#555555';

/** The diagonal hatch drawn over transient coherence states (colour is never the only cue). */
export function appendHatch(defs: Selection<SVGDefsElement, unknown, null, undefined>, id: string) {
  defs
    .append('pattern')
    .attr('id', id)
    .attr('width', 6)
    .attr('height', 6)
    .attr('patternUnits', 'userSpaceOnUse')
    .attr('patternTransform', 'rotate(45)')
    .append('rect')
    .attr('width', 2)
    .attr('height', 6)
    .attr('fill', 'rgba(0,0,0,0.35)');
}

/** An arrowhead marker; its path takes the given fill, or a class when the colour lives in CSS. */
export function appendArrowhead(
  defs: Selection<SVGDefsElement, unknown, null, undefined>,
  id: string,
  paint: { fill: string } | { className: string },
) {
  const path = defs
    .append('marker')
    .attr('id', id)
    .attr('viewBox', '0 0 10 10')
    .attr('refX', 8)
    .attr('refY', 5)
    .attr('markerWidth', 4)
    .attr('markerHeight', 4)
    .attr('orient', 'auto')
    .append('path')
    .attr('d', 'M0,0 L10,5 L0,10 z');
  if ('fill' in paint) path.attr('fill', paint.fill);
  else path.attr('class', paint.className);
}

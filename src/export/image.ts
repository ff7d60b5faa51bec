/**
 * Pictures of a panel, hand-coded (no dependency): the page's stylesheets are not inside an
 * exported file, so every element's computed style is written inline first.
 *
 * - `panelSnapshot`: the whole panel as shown — its DOM cloned into an SVG <foreignObject>, each
 *   <canvas> replaced by an <img> of its pixels, scrolled boxes kept at their scroll position.
 * - `drawingSnapshot`: the panel's drawing as plain SVG — its <svg> elements (with styles inlined
 *   as presentation properties) and its canvases at their places — as paths and text when the
 *   canvas registered a vector painter (`vector-canvas.ts`: the torus), else as <image>. No foreignObject,
 *   so drawing programs and slide tools can open it. Null when the panel has no drawing.
 * - `toPng`: any snapshot drawn onto a canvas at twice the size, as a PNG blob.
 *
 * Elements marked `data-export-ignore` (the Export menu itself) are left out.
 */
import { vectorOf } from './vector-canvas';

export interface Snapshot {
  svg: string;
  width: number;
  height: number;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Inherited CSS properties: written when they differ from the parent's value. */
const INHERITED = new Set([
  'color',
  'cursor',
  'direction',
  'fill',
  'fill-opacity',
  'fill-rule',
  'font-family',
  'font-feature-settings',
  'font-size',
  'font-stretch',
  'font-style',
  'font-variant',
  'font-variant-numeric',
  'font-weight',
  'letter-spacing',
  'line-height',
  'list-style-type',
  'list-style-position',
  'paint-order',
  'stroke',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-opacity',
  'stroke-width',
  'tab-size',
  'text-align',
  'text-anchor',
  'text-indent',
  'text-transform',
  'visibility',
  'white-space',
  'word-break',
  'word-spacing',
  'overflow-wrap',
]);

/** The properties an SVG shape takes from CSS (geometry stays in its attributes). */
const SVG_PRESENTATION = [
  'display',
  'visibility',
  'opacity',
  'color',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-linecap',
  'stroke-linejoin',
  'paint-order',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'letter-spacing',
  'text-anchor',
  'dominant-baseline',
  'text-decoration-line',
  'mix-blend-mode',
];

/** Never copied: they only matter on screen (and some would break the picture). */
const SKIPPED =
  /^(--|transition|animation|cursor|pointer-events|user-select|will-change|caret|-webkit-user|-webkit-text-fill|view-transition|outline)/;

const TABLE_SIZES = new Set(['width', 'height', 'inline-size', 'block-size']);

let sandbox: HTMLIFrameElement | null = null;
const defaultsByTag = new Map<string, Map<string, string>>();

/** The user agent's own style for a tag (an empty same-origin frame has no page stylesheets). */
function defaultsFor(el: Element): Map<string, string> {
  const key = `${el.namespaceURI}|${el.localName}`;
  const known = defaultsByTag.get(key);
  if (known) return known;
  if (!sandbox || !sandbox.isConnected) {
    sandbox = document.createElement('iframe');
    sandbox.setAttribute('aria-hidden', 'true');
    sandbox.tabIndex = -1;
    sandbox.style.cssText =
      'position:fixed;left:-10000px;top:0;width:100px;height:100px;visibility:hidden;border:0';
    document.body.append(sandbox);
  }
  const doc = sandbox.contentDocument!;
  const host =
    el.namespaceURI === SVG_NS && el.localName !== 'svg'
      ? doc.body.appendChild(doc.createElementNS(SVG_NS, 'svg'))
      : doc.body;
  const probe = doc.createElementNS(
    el.namespaceURI ?? 'http://www.w3.org/1999/xhtml',
    el.localName,
  );
  host.append(probe);
  const style = sandbox.contentWindow!.getComputedStyle(probe);
  const map = new Map<string, string>();
  for (let i = 0; i < style.length; i++) {
    const name = style.item(i);
    map.set(name, style.getPropertyValue(name));
  }
  (host === doc.body ? probe : host).remove();
  defaultsByTag.set(key, map);
  return map;
}

/** Writes `source`'s computed style onto `target` as an inline style (only what matters). */
function inlineStyle(source: Element, target: Element, root: boolean): void {
  const style = getComputedStyle(source);
  const parent = !root && source.parentElement ? getComputedStyle(source.parentElement) : null;
  const isShape = source.namespaceURI === SVG_NS && source.localName !== 'svg';
  const declarations: string[] = [];
  if (isShape) {
    for (const name of SVG_PRESENTATION) {
      const value = style.getPropertyValue(name);
      if (value && (!parent || !INHERITED.has(name) || parent.getPropertyValue(name) !== value))
        declarations.push(`${name}:${value}`);
    }
  } else {
    const defaults = defaultsFor(source);
    // A table's computed height includes its caption, which a table's own height does not: a
    // table and its parts are sized again from their content.
    const tablePart = /^(inline-)?table/.test(style.display);
    for (let i = 0; i < style.length; i++) {
      const name = style.item(i);
      if (SKIPPED.test(name) || (tablePart && TABLE_SIZES.has(name))) continue;
      const value = style.getPropertyValue(name);
      const differs =
        parent && INHERITED.has(name)
          ? parent.getPropertyValue(name) !== value
          : defaults.get(name) !== value;
      if (differs) declarations.push(`${name}:${value}`);
    }
  }
  if (root) declarations.push('margin:0');
  // A picture cannot scroll: no scroll bars (the part scrolled into view is what is drawn).
  if (/auto|scroll/.test(style.overflowX + style.overflowY)) declarations.push('overflow:hidden');
  (target as HTMLElement | SVGElement).setAttribute('style', declarations.join(';'));
}

function canvasImage(canvas: HTMLCanvasElement): string {
  // A canvas with a vector painter (the torus, whose pixels may be in a worker and cannot be
  // read here) is its vector picture.
  const vector = vectorOf(canvas);
  if (vector !== null) {
    const { clientWidth: w, clientHeight: h } = canvas;
    const svg = `<svg xmlns="${SVG_NS}" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${vector}</svg>`;
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  }
  try {
    return canvas.width > 0 && canvas.height > 0 ? canvas.toDataURL('image/png') : '';
  } catch {
    return ''; // a tainted canvas cannot be read: leave the space empty
  }
}

/** A styled copy of `source` and its subtree, as it is shown now. */
function cloneStyled(source: Element, root: boolean): Node | null {
  if (source.hasAttribute('data-export-ignore')) return null;
  if (source instanceof HTMLCanvasElement) {
    const img = document.createElement('img');
    img.setAttribute('src', canvasImage(source));
    img.setAttribute('alt', '');
    inlineStyle(source, img, root);
    return img;
  }
  if (source instanceof HTMLIFrameElement || source instanceof HTMLScriptElement) return null;
  const copy = source.cloneNode(false) as Element;
  inlineStyle(source, copy, root);
  if (source instanceof HTMLInputElement) {
    if (source.type === 'checkbox' || source.type === 'radio') {
      if (source.checked) copy.setAttribute('checked', '');
      else copy.removeAttribute('checked');
    } else copy.setAttribute('value', source.value);
  }
  if (source instanceof HTMLOptionElement) {
    if (source.selected) copy.setAttribute('selected', '');
    else copy.removeAttribute('selected');
  }
  if (source instanceof HTMLTextAreaElement) copy.textContent = source.value;
  const scrolled = source.scrollTop !== 0 || source.scrollLeft !== 0;
  for (const child of Array.from(source.childNodes)) {
    let node: Node | null;
    if (child.nodeType === Node.ELEMENT_NODE) node = cloneStyled(child as Element, false);
    else if (child.nodeType === Node.TEXT_NODE) node = child.cloneNode(false);
    else node = null;
    if (!node) continue;
    // A scrolled box shows its children moved up/left; the picture cannot scroll, so move them.
    if (scrolled && node instanceof Element && !(source instanceof HTMLTextAreaElement)) {
      const style = node.getAttribute('style') ?? '';
      node.setAttribute(
        'style',
        `${style};translate:${-source.scrollLeft}px ${-source.scrollTop}px`,
      );
    }
    copy.append(node);
  }
  return copy;
}

export function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}

/** The whole panel as shown: its DOM, styled, inside an SVG foreignObject. */
export function panelSnapshot(panel: HTMLElement): Snapshot {
  const width = Math.ceil(panel.offsetWidth);
  const height = Math.ceil(panel.offsetHeight);
  const clone = cloneStyled(panel, true) as HTMLElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/1999/xhtml');
  const html = new XMLSerializer().serializeToString(clone);
  const svg =
    `<svg xmlns="${SVG_NS}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<foreignObject x="0" y="0" width="${width}" height="${height}">${html}</foreignObject></svg>`;
  return { svg, width, height };
}

/** Drawings smaller than this (icons, swatches in a legend) do not make a panel a drawing. */
const MIN_DRAWING_AREA = 40_000;

/**
 * The panel's drawing as plain vector SVG (a canvas that registered a vector painter as paths,
 * any other as an image), or null when it has none.
 */
export function drawingSnapshot(panel: HTMLElement, background: string): Snapshot | null {
  const candidates = Array.from(panel.querySelectorAll<Element>('svg, canvas')).filter(
    (el) =>
      !el.closest('[data-export-ignore]') &&
      !(el.parentElement && el.parentElement.closest('svg')) &&
      getComputedStyle(el).display !== 'none',
  );
  const sized = candidates
    .map((el) => ({ el, rect: el.getBoundingClientRect() }))
    .filter(({ rect }) => rect.width * rect.height > 0);
  // Only the drawings themselves: a legend's small swatches mean little without its HTML words.
  const drawings = sized.filter(({ rect }) => rect.width * rect.height >= MIN_DRAWING_AREA);
  if (drawings.length === 0) return null;
  const left = Math.min(...drawings.map(({ rect }) => rect.left));
  const top = Math.min(...drawings.map(({ rect }) => rect.top));
  const width = Math.ceil(Math.max(...drawings.map(({ rect }) => rect.right)) - left);
  const height = Math.ceil(Math.max(...drawings.map(({ rect }) => rect.bottom)) - top);
  const parts: string[] = [
    `<rect width="${width}" height="${height}" fill="${xmlEscape(background)}"/>`,
  ];
  const serializer = new XMLSerializer();
  for (const { el, rect } of drawings) {
    const x = Math.round((rect.left - left) * 100) / 100;
    const y = Math.round((rect.top - top) * 100) / 100;
    if (el instanceof HTMLCanvasElement) {
      const vector = vectorOf(el);
      if (vector !== null) {
        parts.push(`<g transform="translate(${x} ${y})">${vector}</g>`);
        continue;
      }
      const href = canvasImage(el);
      if (href)
        parts.push(
          `<image x="${x}" y="${y}" width="${rect.width}" height="${rect.height}" preserveAspectRatio="none" href="${href}"/>`,
        );
      continue;
    }
    const copy = cloneStyled(el, true) as SVGSVGElement;
    copy.setAttribute('x', String(x));
    copy.setAttribute('y', String(y));
    copy.setAttribute('width', String(rect.width));
    copy.setAttribute('height', String(rect.height));
    copy.setAttribute('overflow', 'hidden');
    // The outer <svg>'s box-model styles are the page's and mean nothing inside another SVG; what
    // its shapes inherit from it (font, fill, colour) is kept.
    const style = getComputedStyle(el);
    copy.setAttribute(
      'style',
      SVG_PRESENTATION.filter((name) => name !== 'display')
        .map((name) => `${name}:${style.getPropertyValue(name)}`)
        .join(';'),
    );
    parts.push(serializer.serializeToString(copy));
  }
  const svg =
    `<svg xmlns="${SVG_NS}" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    parts.join('') +
    '</svg>';
  return { svg, width, height };
}

/** The page background, so a picture of a panel is not transparent. */
export function backgroundOf(el: Element): string {
  for (let node: Element | null = el; node; node = node.parentElement) {
    const bg = getComputedStyle(node).backgroundColor;
    if (bg && bg !== 'transparent' && !/^rgba\(.*,\s*0\)$/.test(bg)) return bg;
  }
  return '#ffffff';
}

/** Canvases have a maximum size; a picture is scaled down to fit it. */
const MAX_SIDE = 8192;

/** A snapshot drawn onto a canvas (twice the size, for crisp slides) as a PNG blob. */
export async function toPng(snapshot: Snapshot, background: string, scale = 2): Promise<Blob> {
  const s = Math.min(scale, MAX_SIDE / Math.max(snapshot.width, snapshot.height, 1));
  const img = new Image();
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(snapshot.svg)}`;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(snapshot.width * s));
  canvas.height = Math.max(1, Math.round(snapshot.height * s));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas');
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no PNG'))), 'image/png'),
  );
}

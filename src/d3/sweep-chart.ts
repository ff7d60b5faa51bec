/**
 * A load-sweep chart, drawn imperatively with D3: one line with point markers per router against
 * offered load. Routers differ by colour (Okabe–Ito), dash pattern and marker shape, so the chart
 * reads without colour. Series are joined by router and markers by offered load, so points simply
 * appear as the sweep reports them. The drawing has a fixed coordinate system; CSS scales it.
 */
import {
  axisBottom,
  axisLeft,
  format,
  line,
  max,
  scaleLinear,
  select,
  symbol,
  symbolCircle,
  symbolDiamond,
  symbolSquare,
  symbolTriangle,
  type SymbolType,
} from 'd3';
import type { RouterKind, SweepPoint } from '../../sim-core/index';

export interface SweepChartOptions {
  /** Prefix of the line test ids: `${id}-line-${router}`. */
  id: string;
  yLabel: string;
  /** The value plotted for a point; null leaves the point out. */
  y: (p: SweepPoint) => number | null;
  /** Draw y = x for reference: a network can at best accept what is offered. */
  identity?: boolean;
}

export interface SweepChart {
  /**
   * Draws the points so far. `loads` are the sweep's planned offered loads: they fix the x axis
   * from the start, so it does not stretch while points arrive.
   */
  update(
    points: readonly SweepPoint[],
    routers: readonly RouterKind[],
    loads?: readonly number[],
  ): void;
  destroy(): void;
}

interface RouterStyle {
  name: string;
  colour: string;
  dash: string | null;
  shape: SymbolType;
}

export const ROUTER_STYLES: Record<RouterKind, RouterStyle> = {
  chaos: { name: 'chaos', colour: '#D55E00', dash: null, shape: symbolCircle },
  minimal: { name: 'minimal adaptive', colour: '#009E73', dash: '2 5', shape: symbolTriangle },
  dor: { name: 'dimension-order', colour: '#0072B2', dash: '9 5', shape: symbolSquare },
  deflection: { name: 'deflection', colour: '#CC79A7', dash: '12 4 2 4', shape: symbolDiamond },
};

const W = 600;
const H = 380;
const M = { top: 48, right: 20, bottom: 54, left: 70 };
const PLOT_W = W - M.left - M.right;
const PLOT_H = H - M.top - M.bottom;
const MARKER_AREA = 80;

const fmtLoad = format('.2f');
const fmtAccepted = format('.3f');
const fmtLatency = format('.1f');

export function pointTitle(p: SweepPoint): string {
  const latency = p.latency === null ? 'nothing delivered' : `${fmtLatency(p.latency)} cycles`;
  return (
    `${ROUTER_STYLES[p.router].name}: offered ${fmtLoad(p.offered)}, ` +
    `accepted ${fmtAccepted(p.accepted)}, latency ${latency}` +
    (p.stalled ? ' (stalled: deadlock)' : '')
  );
}

interface Series {
  router: RouterKind;
  points: { p: SweepPoint; y: number }[];
}

export function createSweepChart(svgElement: SVGSVGElement, opts: SweepChartOptions): SweepChart {
  const svg = select(svgElement)
    .attr('class', 'sc-svg')
    .attr('viewBox', `0 0 ${W} ${H}`)
    .attr('preserveAspectRatio', 'xMidYMid meet');

  const x = scaleLinear().range([0, PLOT_W]);
  const y = scaleLinear().range([PLOT_H, 0]);

  const plot = svg.append('g').attr('transform', `translate(${M.left},${M.top})`);
  const gGrid = plot.append('g').attr('class', 'sc-grid');
  const gX = plot.append('g').attr('class', 'sc-axis').attr('transform', `translate(0,${PLOT_H})`);
  const gY = plot.append('g').attr('class', 'sc-axis');
  const identity = opts.identity
    ? plot.append('line').attr('class', 'sc-identity').attr('stroke-dasharray', '3 5')
    : null;
  const identityLabel = opts.identity
    ? plot.append('text').attr('class', 'sc-identity-label sc-halo').text('accepted = offered')
    : null;
  const gSeries = plot.append('g');
  const empty = plot
    .append('text')
    .attr('class', 'sc-empty')
    .attr('x', PLOT_W / 2)
    .attr('y', PLOT_H / 2)
    .attr('text-anchor', 'middle');

  plot
    .append('text')
    .attr('class', 'sc-label')
    .attr('x', PLOT_W / 2)
    .attr('y', PLOT_H + 44)
    .attr('text-anchor', 'middle')
    .text('Offered load (phits/node/cycle)');
  plot
    .append('text')
    .attr('class', 'sc-label')
    .attr('transform', `translate(${-52},${PLOT_H / 2}) rotate(-90)`)
    .attr('text-anchor', 'middle')
    .text(opts.yLabel);
  const gLegend = svg
    .append('g')
    .attr('class', 'sc-legend')
    .attr('transform', `translate(${M.left},20)`);

  function drawLegend(routers: readonly RouterKind[], anyStalled: boolean): void {
    type Item = { key: string; style: RouterStyle; hollow: boolean; text: string };
    const items: Item[] = routers.map((r) => ({
      key: r,
      style: ROUTER_STYLES[r],
      hollow: false,
      text: ROUTER_STYLES[r].name,
    }));
    // Hollow markers need a key only when the sweep has any.
    if (anyStalled)
      items.push({
        key: 'stalled',
        style: { name: '', colour: '#111111', dash: null, shape: symbolCircle },
        hollow: true,
        text: 'hollow: stalled (deadlock)',
      });
    const sel = gLegend
      .selectAll<SVGGElement, Item>('g.sc-legend-item')
      .data(items, (d) => d.key)
      .join((enter) => {
        const g = enter.append('g').attr('class', 'sc-legend-item');
        g.append('line').attr('x1', 0).attr('x2', 34).attr('stroke-width', 3);
        g.append('path').attr('transform', 'translate(17,0)');
        g.append('text').attr('x', 42).attr('y', 5);
        return g;
      });
    sel
      .select('line')
      .attr('stroke', (d) => (d.hollow ? 'none' : d.style.colour))
      .attr('stroke-dasharray', (d) => d.style.dash);
    sel
      .select('path')
      .attr('d', (d) => symbol(d.style.shape, MARKER_AREA)())
      .attr('class', (d) => (d.hollow ? 'sc-marker sc-hollow' : 'sc-marker'))
      .attr('fill', (d) => (d.hollow ? '#fff' : d.style.colour))
      .attr('stroke', (d) => (d.hollow ? d.style.colour : '#111'));
    sel.select('text').text((d) => d.text);
    // Lay the items out in a row by their rendered widths.
    let at = 0;
    sel.each(function () {
      const g = select(this);
      g.attr('transform', `translate(${at},0)`);
      const text = g.select<SVGTextElement>('text');
      const node = text.node();
      const measured = node?.getComputedTextLength?.() ?? 0;
      at += 42 + (measured > 0 ? measured : text.text().length * 8) + 24;
    });
  }

  function update(
    points: readonly SweepPoint[],
    routers: readonly RouterKind[],
    loads?: readonly number[],
  ): void {
    const series: Series[] = routers.map((router) => ({
      router,
      points: points
        .filter((p) => p.router === router)
        .flatMap((p) => {
          const v = opts.y(p);
          return v === null ? [] : [{ p, y: v }];
        })
        .sort((a, b) => a.p.offered - b.p.offered),
    }));
    const plotted = series.flatMap((s) => s.points);

    const planned = max(loads ?? [], (d) => d) ?? 0;
    const offered = max(points, (p) => p.offered) ?? 0;
    // Before any sweep the axis spans every load the form accepts.
    const xMax = planned || offered ? Math.max(0.1, planned, offered) : 1;
    x.domain([0, xMax]).nice();
    const yData = max(plotted, (d) => d.y) ?? 0;
    const yMax = opts.identity
      ? Math.max(x.domain()[1] ?? 1, yData)
      : yData > 0
        ? yData * 1.05
        : 100;
    y.domain([0, yMax]).nice();

    gX.call(axisBottom(x).ticks(8).tickSizeOuter(0));
    gY.call(axisLeft(y).ticks(6).tickSizeOuter(0));
    gGrid
      .call(
        axisLeft(y)
          .ticks(6)
          .tickSize(-PLOT_W)
          .tickFormat(() => ''),
      )
      .call((g) => g.select('.domain').remove());

    if (identity && identityLabel) {
      const top = Math.min(x.domain()[1] ?? 1, y.domain()[1] ?? 1);
      identity.attr('x1', x(0)).attr('y1', y(0)).attr('x2', x(top)).attr('y2', y(top));
      // Label the top end: past saturation the curves fall below the diagonal, so it is clear.
      identityLabel
        .attr('x', x(top) - 8)
        .attr('y', y(top) - 8)
        .attr('text-anchor', 'end');
    }

    empty.text(
      plotted.length ? '' : points.length ? 'No point to plot yet' : 'Run a sweep to plot',
    );

    const path = line<{ p: SweepPoint; y: number }>()
      .x((d) => x(d.p.offered))
      .y((d) => y(d.y));
    const seriesSel = gSeries
      .selectAll<SVGGElement, Series>('g.sc-series')
      .data(series, (d) => d.router)
      .join((enter) => {
        const g = enter.append('g').attr('class', 'sc-series');
        g.append('path').attr('class', 'sc-line');
        g.append('g').attr('class', 'sc-markers');
        return g;
      });
    seriesSel
      .select('path.sc-line')
      .attr('data-testid', (d) => `${opts.id}-line-${d.router}`)
      .attr('stroke', (d) => ROUTER_STYLES[d.router].colour)
      .attr('stroke-dasharray', (d) => ROUTER_STYLES[d.router].dash)
      .attr('d', (d) => path(d.points) ?? '');
    seriesSel.each(function (s) {
      const style = ROUTER_STYLES[s.router];
      const markers = select(this)
        .select('g.sc-markers')
        .selectAll<SVGPathElement, { p: SweepPoint; y: number }>('path')
        .data(s.points, (d) => d.p.offered)
        .join((enter) => {
          const m = enter.append('path').attr('d', symbol(style.shape, MARKER_AREA)());
          m.append('title');
          return m;
        });
      markers
        .attr('transform', (d) => `translate(${x(d.p.offered)},${y(d.y)})`)
        .attr('class', (d) => (d.p.stalled ? 'sc-marker sc-hollow' : 'sc-marker'))
        .attr('fill', (d) => (d.p.stalled ? '#fff' : style.colour))
        .attr('stroke', (d) => (d.p.stalled ? style.colour : '#111'));
      markers.select('title').text((d) => pointTitle(d.p));
    });

    drawLegend(
      routers,
      points.some((p) => p.stalled),
    );
  }

  return {
    update,
    destroy() {
      svg.selectAll('*').remove();
    },
  };
}

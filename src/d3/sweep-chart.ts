/**
 * A sweep chart, drawn imperatively with D3: one line with point markers per series (a router
 * against offered load, an NI against message size). Series differ by colour (Okabe–Ito), dash
 * pattern and marker shape, so the chart reads without colour. Series are joined by key and
 * markers by x, so points simply appear as the sweep reports them. The drawing has a fixed
 * coordinate system; CSS scales it.
 */
import {
  axisBottom,
  axisLeft,
  format,
  line,
  max,
  min,
  scaleLinear,
  scaleLog,
  select,
  symbol,
  symbolCircle,
  type SymbolType,
} from 'd3';
import { textWidth } from './text-width';

export interface SeriesStyle {
  name: string;
  colour: string;
  dash: string | null;
  shape: SymbolType;
}

export interface ChartSeries {
  key: string;
  style: SeriesStyle;
}

export interface ChartPoint {
  series: string;
  x: number;
  /** Null leaves the point out (a run without a value). */
  y: number | null;
  /** Drawn hollow: a point that is not what it seems (a deadlocked run). */
  hollow: boolean;
  /** The marker's tooltip: the point in words. */
  title: string;
}

export interface SweepChartOptions {
  /** Prefix of the test ids: `${id}-curve-${key}` (line and markers), `${id}-line-${key}`. */
  id: string;
  xLabel: string;
  yLabel: string;
  /** 'log2' for sizes that double: one tick per planned x, labelled as is. */
  xScale: 'linear' | 'log2';
  /** Draw y = x for reference: a network can at best accept what is offered. */
  identity?: boolean;
  /** The legend's text for a hollow marker, shown only while the chart has one. */
  hollowMeaning?: string;
  /** A dashed horizontal line for reference (what a fraction is a fraction of), always in view. */
  yReference?: { value: number; label: string };
}

export interface SweepChart {
  /**
   * Draws the points so far. `xs` are the sweep's planned x values: they fix the x axis from the
   * start, so it does not stretch while points arrive.
   */
  update(
    points: readonly ChartPoint[],
    series: readonly ChartSeries[],
    xs?: readonly number[],
  ): void;
  destroy(): void;
}

const W = 600;
const H = 380;
const M = { top: 48, right: 20, bottom: 54, left: 70 };
const PLOT_W = W - M.left - M.right;
const PLOT_H = H - M.top - M.bottom;
const MARKER_AREA = 80;
/** Legend rows: a row that would run past the drawing's right edge wraps, and the plot moves down. */
const LEGEND_ROW = 24;
const LEGEND_MAX_X = W - M.left - 8;

interface Plotted {
  p: ChartPoint;
  y: number;
}

interface Series {
  key: string;
  style: SeriesStyle;
  points: Plotted[];
}

export function createSweepChart(svgElement: SVGSVGElement, opts: SweepChartOptions): SweepChart {
  const svg = select(svgElement)
    .attr('class', 'sc-svg')
    .attr('viewBox', `0 0 ${W} ${H}`)
    .attr('preserveAspectRatio', 'xMidYMid meet');

  const log = opts.xScale === 'log2';
  const xLinear = scaleLinear().range([0, PLOT_W]);
  const xLog = scaleLog().base(2).range([0, PLOT_W]);
  const x = (v: number) => (log ? xLog(v) : xLinear(v));
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
  const reference = opts.yReference
    ? plot
        .append('line')
        .attr('class', 'sc-identity')
        .attr('stroke-dasharray', '3 5')
        .attr('x1', 0)
        .attr('x2', PLOT_W)
    : null;
  const referenceLabel = opts.yReference
    ? plot
        .append('text')
        .attr('class', 'sc-identity-label sc-halo')
        // At the left, where the curves of small messages are far below it.
        .attr('x', 8)
        .text(opts.yReference.label)
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
    .text(opts.xLabel);
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

  /** Draws the legend and returns how many rows it took. */
  function drawLegend(series: readonly ChartSeries[], anyHollow: boolean): number {
    type Item = { key: string; style: SeriesStyle; hollow: boolean; text: string };
    const items: Item[] = series.map((s) => ({
      key: s.key,
      style: s.style,
      hollow: false,
      text: s.style.name,
    }));
    // Hollow markers need a key only when the chart has any.
    if (anyHollow && opts.hollowMeaning)
      items.push({
        key: 'hollow',
        style: { name: '', colour: '#111111', dash: null, shape: symbolCircle },
        hollow: true,
        text: opts.hollowMeaning,
      });
    const sel = gLegend
      .selectAll<SVGGElement, Item>('g.sc-legend-item')
      .data(items, (d) => d.key)
      .join((enter) => {
        const g = enter.append('g').attr('class', 'sc-legend-item');
        g.append('line').attr('x1', 0).attr('x2', 30).attr('stroke-width', 3);
        g.append('path').attr('transform', 'translate(15,0)');
        g.append('text').attr('x', 37).attr('y', 5);
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
    // Lay the items out in rows by their rendered widths.
    let at = 0;
    let row = 0;
    sel.each(function () {
      const g = select(this);
      const text = g.select<SVGTextElement>('text');
      const width = 37 + textWidth(text.node(), 8);
      if (at > 0 && at + width > LEGEND_MAX_X) {
        at = 0;
        row += 1;
      }
      g.attr('transform', `translate(${at},${row * LEGEND_ROW})`);
      at += width + 18;
    });
    return row + 1;
  }

  /** Fits the x scale to the planned and measured x values. */
  function fitX(points: readonly ChartPoint[], xs: readonly number[]): void {
    const all = [...xs, ...points.map((p) => p.x)];
    if (log) {
      // Half a doubling of room at each end keeps the end markers off the axes.
      const lo = min(all.filter((v) => v > 0)) ?? 8;
      const hi = max(all) ?? 4096;
      xLog.domain([lo / Math.SQRT2, hi * Math.SQRT2]);
      const ticks = xs.length ? xs : xLog.ticks();
      gX.call(axisBottom(xLog).tickValues(ticks).tickFormat(format('d')).tickSizeOuter(0));
      return;
    }
    const top = max(all) ?? 0;
    // Before any sweep the axis spans every load the form accepts.
    xLinear.domain([0, top ? Math.max(0.1, top) : 1]).nice();
    gX.call(axisBottom(xLinear).ticks(8).tickSizeOuter(0));
  }

  function update(
    points: readonly ChartPoint[],
    seriesKeys: readonly ChartSeries[],
    xs: readonly number[] = [],
  ): void {
    const series: Series[] = seriesKeys.map(({ key, style }) => ({
      key,
      style,
      points: points
        .filter((p) => p.series === key)
        .flatMap((p) => (p.y === null ? [] : [{ p, y: p.y }]))
        .sort((a, b) => a.p.x - b.p.x),
    }));
    const plotted = series.flatMap((s) => s.points);

    fitX(points, xs);
    const yData = max(plotted, (d) => d.y) ?? 0;
    const xTop = log ? 0 : (xLinear.domain()[1] ?? 1);
    const yMax = opts.identity
      ? Math.max(xTop, yData)
      : Math.max(opts.yReference?.value ?? 0, yData * 1.05) || 100;
    y.domain([0, yMax]).nice();

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
      const top = Math.min(xTop, y.domain()[1] ?? 1);
      identity.attr('x1', x(0)).attr('y1', y(0)).attr('x2', x(top)).attr('y2', y(top));
      // Label the top end: past saturation the curves fall below the diagonal, so it is clear.
      identityLabel
        .attr('x', x(top) - 8)
        .attr('y', y(top) - 8)
        .attr('text-anchor', 'end');
    }

    if (opts.yReference && reference && referenceLabel) {
      const at = y(opts.yReference.value);
      reference.attr('y1', at).attr('y2', at);
      referenceLabel.attr('y', at - 6);
    }

    empty.text(
      plotted.length ? '' : points.length ? 'No point to plot yet' : 'Run a sweep to plot',
    );

    const path = line<Plotted>()
      .x((d) => x(d.p.x))
      .y((d) => y(d.y));
    const seriesSel = gSeries
      .selectAll<SVGGElement, Series>('g.sc-series')
      .data(series, (d) => d.key)
      .join((enter) => {
        const g = enter.append('g').attr('class', 'sc-series');
        g.append('path').attr('class', 'sc-line');
        g.append('g').attr('class', 'sc-markers');
        return g;
      })
      .attr('data-testid', (d) => `${opts.id}-curve-${d.key}`);
    seriesSel
      .select('path.sc-line')
      .attr('data-testid', (d) => `${opts.id}-line-${d.key}`)
      .attr('stroke', (d) => d.style.colour)
      .attr('stroke-dasharray', (d) => d.style.dash)
      .attr('d', (d) => path(d.points) ?? '');
    seriesSel.each(function (s) {
      const markers = select(this)
        .select('g.sc-markers')
        .selectAll<SVGPathElement, Plotted>('path')
        .data(s.points, (d) => d.p.x)
        .join((enter) => {
          const m = enter.append('path');
          m.append('title');
          return m;
        });
      markers
        .attr('d', symbol(s.style.shape, MARKER_AREA)())
        .attr('transform', (d) => `translate(${x(d.p.x)},${y(d.y)})`)
        .attr('class', (d) => (d.p.hollow ? 'sc-marker sc-hollow' : 'sc-marker'))
        .attr('fill', (d) => (d.p.hollow ? '#fff' : s.style.colour))
        .attr('stroke', (d) => (d.p.hollow ? s.style.colour : '#111'));
      markers.select('title').text((d) => d.p.title);
    });

    // Extra legend rows push the plot down and make the drawing taller, never the plot smaller.
    const extra =
      (drawLegend(
        seriesKeys,
        points.some((p) => p.hollow),
      ) -
        1) *
      LEGEND_ROW;
    svg.attr('viewBox', `0 0 ${W} ${H + extra}`);
    plot.attr('transform', `translate(${M.left},${M.top + extra})`);
  }

  return {
    update,
    destroy() {
      svg.selectAll('*').remove();
    },
  };
}

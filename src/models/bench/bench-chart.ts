/**
 * The bench's chart, drawn imperatively with D3 in the sweep charts' style (src/d3/sweep-chart.ts):
 * a measure against payload size on doubling x and decades of y (latency spans 80 ns to 30 µs),
 * one line with markers per NI — colour, dash and marker shape, never colour alone. A point that
 * rests on defaults its seed does not give is hatched; the papers' own points are black rings
 * beside ours. Clicking a marker picks its size (the anatomy below shows it). The drawing has a
 * fixed coordinate system; CSS scales it. Text is measured on a canvas (d3/text-width.ts).
 */
import {
  axisBottom,
  axisLeft,
  line,
  max,
  min,
  scaleLog,
  select,
  symbol,
  type SymbolType,
} from 'd3';

export interface BenchSeriesStyle {
  name: string;
  colour: string;
  dash: string | null;
  shape: SymbolType;
}

export interface BenchPoint {
  x: number;
  y: number;
  hatched: boolean;
  title: string;
}

export interface BenchChartSeries {
  key: string;
  style: BenchSeriesStyle;
  points: BenchPoint[];
}

export interface BenchMark {
  key: string;
  x: number;
  y: number;
  title: string;
}

export interface BenchChartOptions {
  id: string;
  yLabel: string;
  /** The y axis's tick words ("1 µs", "100 MB/s"). */
  tick: (v: number) => string;
  onPick: (x: number) => void;
}

export interface BenchChart {
  update(
    series: readonly BenchChartSeries[],
    marks: readonly BenchMark[],
    xs: readonly number[],
    picked: number | null,
  ): void;
  destroy(): void;
}

const W = 560;
const H = 400;
const M = { top: 16, right: 16, bottom: 48, left: 78 };
const PLOT_W = W - M.left - M.right;
const PLOT_H = H - M.top - M.bottom;
const MARKER_AREA = 80;
const MARK_R = 8;

let chartCount = 0;

export function createBenchChart(svgElement: SVGSVGElement, opts: BenchChartOptions): BenchChart {
  const uid = `bench-chart-${++chartCount}`;
  const svg = select(svgElement)
    .attr('class', 'sc-svg')
    .attr('viewBox', `0 0 ${W} ${H}`)
    .attr('preserveAspectRatio', 'xMidYMid meet');
  const defs = svg.append('defs');
  const x = scaleLog().base(2).range([0, PLOT_W]);
  const y = scaleLog().range([PLOT_H, 0]);
  const plot = svg.append('g').attr('transform', `translate(${M.left},${M.top})`);
  const gPick = plot.append('rect').attr('class', 'bc-pick').attr('y', 0).attr('height', PLOT_H);
  const gGrid = plot.append('g').attr('class', 'sc-grid');
  const gX = plot.append('g').attr('class', 'sc-axis').attr('transform', `translate(0,${PLOT_H})`);
  const gY = plot.append('g').attr('class', 'sc-axis');
  const gSeries = plot.append('g');
  const gMarks = plot.append('g').attr('class', 'bc-marks');
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
    .attr('y', PLOT_H + 40)
    .attr('text-anchor', 'middle')
    .text('payload (bytes)');
  const yLabel = plot
    .append('text')
    .attr('class', 'sc-label')
    .attr('transform', `translate(${-62},${PLOT_H / 2}) rotate(-90)`)
    .attr('text-anchor', 'middle')
    .text(opts.yLabel);

  /** One hatch pattern per colour: diagonal strokes of the series colour on white. */
  function hatch(colour: string): string {
    const id = `${uid}-hatch-${colour.replace(/[^a-zA-Z0-9]/g, '')}`;
    if (defs.select(`#${id}`).empty()) {
      const p = defs
        .append('pattern')
        .attr('id', id)
        .attr('patternUnits', 'userSpaceOnUse')
        .attr('width', 4)
        .attr('height', 4)
        .attr('patternTransform', 'rotate(45)');
      p.append('rect').attr('width', 4).attr('height', 4).attr('fill', '#fff');
      p.append('rect').attr('width', 2).attr('height', 4).attr('fill', colour);
    }
    return `url(#${id})`;
  }

  function update(
    series: readonly BenchChartSeries[],
    marks: readonly BenchMark[],
    xs: readonly number[],
    picked: number | null,
  ): void {
    const ys = [
      ...series.flatMap((s) => s.points.map((p) => p.y)),
      ...marks.map((m) => m.y),
    ].filter((v) => v > 0);
    const lo = min(xs) ?? 8;
    const hi = max(xs) ?? 4096;
    x.domain([lo / Math.SQRT2, hi * Math.SQRT2]);
    const yLo = min(ys) ?? 1;
    const yHi = max(ys) ?? 10;
    y.domain([yLo / 1.6, yHi * 1.6]);
    gX.call(
      axisBottom(x)
        .tickValues(xs)
        .tickFormat((v) => String(v))
        .tickSizeOuter(0),
    );
    const yTicks = y.ticks(6).filter((v) => /^[125]/.test(String(v)));
    gY.call(
      axisLeft(y)
        .tickValues(yTicks)
        .tickFormat((v) => opts.tick(Number(v)))
        .tickSizeOuter(0),
    );
    gGrid
      .call(
        axisLeft(y)
          .tickValues(yTicks)
          .tickSize(-PLOT_W)
          .tickFormat(() => ''),
      )
      .call((g) => g.select('.domain').remove());
    yLabel.text(opts.yLabel);
    empty.text(ys.length ? '' : 'The bench has not measured a point yet');

    const at = picked !== null && xs.includes(picked) ? x(picked) : null;
    const band = xs.length > 1 ? (x(xs[1]!) - x(xs[0]!)) * 0.6 : 40;
    gPick
      .attr('x', at === null ? 0 : at - band / 2)
      .attr('width', at === null ? 0 : band)
      .attr('data-testid', `${opts.id}-picked`);

    const path = line<BenchPoint>()
      .x((d) => x(d.x))
      .y((d) => y(d.y));
    const seriesSel = gSeries
      .selectAll<SVGGElement, BenchChartSeries>('g.sc-series')
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
      .attr('stroke', (d) => d.style.colour)
      .attr('stroke-dasharray', (d) => d.style.dash)
      .attr('d', (d) => path(d.points) ?? '');
    seriesSel.each(function (s) {
      const markers = select(this)
        .select('g.sc-markers')
        .selectAll<SVGPathElement, BenchPoint>('path')
        .data(s.points, (d) => d.x)
        .join((enter) => {
          const m = enter.append('path');
          m.append('title');
          return m;
        });
      markers
        .attr('d', symbol(s.style.shape, MARKER_AREA)())
        .attr('transform', (d) => `translate(${x(d.x)},${y(d.y)})`)
        .attr('class', (d) => (d.hatched ? 'sc-marker bc-hatched' : 'sc-marker'))
        .attr('data-hatched', (d) => (d.hatched ? 'true' : null))
        .attr('fill', (d) => (d.hatched ? hatch(s.style.colour) : s.style.colour))
        .attr('stroke', '#111')
        .on('click', (_e, d) => opts.onPick(d.x));
      markers.select('title').text((d) => d.title);
    });

    const markSel = gMarks
      .selectAll<SVGGElement, BenchMark>('g.bc-mark')
      .data(marks, (d) => d.key)
      .join((enter) => {
        const g = enter.append('g').attr('class', 'bc-mark');
        g.append('circle').attr('r', MARK_R);
        g.append('line')
          .attr('x1', -MARK_R - 4)
          .attr('x2', MARK_R + 4);
        g.append('title');
        return g;
      })
      .attr('data-testid', (d) => `${opts.id}-paper-${d.key}`)
      .attr('transform', (d) => `translate(${x(d.x)},${y(d.y)})`);
    markSel.select('title').text((d) => d.title);
  }

  return {
    update,
    destroy: () => {
      svg.selectAll('*').remove();
    },
  };
}

/** One sweep chart as a React figure: the D3 drawing is made once per options and fed points. */
import { useEffect, useRef } from 'react';
import {
  createSweepChart,
  type ChartPoint,
  type ChartSeries,
  type SweepChart,
  type SweepChartOptions,
} from '../../d3/sweep-chart';

export function ChartFigure(props: {
  title: string;
  /** Module constants, so the drawing is not rebuilt on every render. */
  options: SweepChartOptions;
  points: readonly ChartPoint[];
  series: readonly ChartSeries[];
  /** The planned x values: the axis is fixed before the first point arrives. */
  xs?: readonly number[];
}) {
  const { title, options, points, series, xs } = props;
  const svgRef = useRef<SVGSVGElement>(null);
  const chartRef = useRef<SweepChart | null>(null);

  useEffect(() => {
    if (!svgRef.current) return;
    const chart = createSweepChart(svgRef.current, options);
    chartRef.current = chart;
    return () => {
      chart.destroy();
      chartRef.current = null;
    };
  }, [options]);

  useEffect(() => {
    chartRef.current?.update(points, series, xs);
  }, [points, series, xs, options]);

  return (
    <figure className="sc-figure" data-testid={`${options.id}-chart`}>
      <figcaption className="sc-caption">{title}</figcaption>
      <svg ref={svgRef} aria-hidden="true" focusable="false" />
    </figure>
  );
}

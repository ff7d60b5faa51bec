/**
 * How the bench draws its NIs and categories: one look per NI (an Okabe–Ito colour, a dash and a
 * marker shape, so no two differ by colour alone), the category colours of the phases view, and
 * the numbers in words.
 */
import {
  symbolCircle,
  symbolCross,
  symbolDiamond,
  symbolSquare,
  symbolStar,
  symbolTriangle,
  symbolWye,
} from 'd3';
import type { BenchSeriesStyle } from './bench-chart';

const COLOURS = [
  '#000000',
  '#E69F00',
  '#56B4E9',
  '#009E73',
  '#0072B2',
  '#D55E00',
  '#CC79A7',
  '#999999',
];
const SHAPES = [
  symbolCircle,
  symbolSquare,
  symbolTriangle,
  symbolDiamond,
  symbolStar,
  symbolWye,
  symbolCross,
];
const DASHES = [null, '6 3', '2 3', '9 3 2 3'];

/** The look of the i-th NI the bench lists (its order never changes with the NIs chosen). */
export function niLook(i: number, name: string): BenchSeriesStyle {
  return {
    name,
    colour: COLOURS[i % COLOURS.length]!,
    dash: DASHES[Math.floor(i / COLOURS.length) + (i % 2)]!,
    shape: SHAPES[i % SHAPES.length]!,
  };
}

/** "830 ns", "4.9 µs", "17.8 µs". */
export function timeText(ns: number): string {
  if (ns < 1000) return `${Math.round(ns)} ns`;
  const us = ns / 1000;
  return `${us < 10 ? us.toFixed(2) : us.toFixed(1)} µs`;
}

export const cyclesText = (c: number) =>
  `${c >= 100 ? Math.round(c).toLocaleString('en-GB') : Number(c.toFixed(1))} cycles`;

export const rateText = (mbPerS: number) =>
  `${mbPerS >= 10 ? Math.round(mbPerS) : mbPerS.toFixed(1)} MB/s`;

export const bpcText = (bpc: number) => `${bpc.toFixed(2)} B/cycle`;

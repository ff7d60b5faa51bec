/**
 * How each curve of the sweep charts looks: an Okabe–Ito colour, a dash pattern and a marker
 * shape per router and per NI, so no two curves differ by colour alone.
 */
import { symbolCircle, symbolDiamond, symbolSquare, symbolTriangle, symbolStar } from 'd3';
import type { NiKindName, RouterKind } from '../../../sim-core/index';
import type { SeriesStyle } from '../../d3/sweep-chart';

export const ROUTER_STYLES: Record<RouterKind, SeriesStyle> = {
  chaos: { name: 'chaos', colour: '#D55E00', dash: null, shape: symbolCircle },
  minimal: { name: 'minimal adaptive', colour: '#009E73', dash: '2 5', shape: symbolTriangle },
  dor: { name: 'dimension-order', colour: '#0072B2', dash: '9 5', shape: symbolSquare },
  deflection: { name: 'deflection', colour: '#CC79A7', dash: '12 4 2 4', shape: symbolDiamond },
};

/** The conventional NI2w is the black baseline; the four CNIs take the colours. */
export const NI_STYLES: Record<NiKindName, SeriesStyle> = {
  NI2w: { name: 'NI2w', colour: '#111111', dash: null, shape: symbolCircle },
  CNI4: { name: 'CNI4', colour: '#D55E00', dash: '2 5', shape: symbolTriangle },
  CNI16Q: { name: 'CNI16Q', colour: '#0072B2', dash: '9 5', shape: symbolSquare },
  CNI512Q: { name: 'CNI512Q', colour: '#009E73', dash: '12 4 2 4', shape: symbolDiamond },
  CNI16Qm: { name: 'CNI16Qm', colour: '#CC79A7', dash: '5 3', shape: symbolStar },
};

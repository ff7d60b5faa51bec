/**
 * How each curve of the sweep charts looks: an Okabe–Ito colour, a dash pattern and a marker
 * shape per router and per NI, so no two curves differ by colour alone.
 */
import { symbolCircle, symbolDiamond, symbolSquare, symbolTriangle, symbolStar } from 'd3';
import {
  ROUTER_NAMES,
  routingFunctions,
  type NiKindName,
  type RouterKind,
} from '../../../sim-core/index';
import type { SeriesStyle } from '../../d3/sweep-chart';

/** Each router's look; its name is the routing registry's label. */
const ROUTER_LOOKS: Record<RouterKind, Omit<SeriesStyle, 'name'>> = {
  chaos: { colour: '#D55E00', dash: null, shape: symbolCircle },
  minimal: { colour: '#009E73', dash: '2 5', shape: symbolTriangle },
  'minimal-no-escape': { colour: '#E69F00', dash: '6 3 1 3', shape: symbolStar },
  dor: { colour: '#0072B2', dash: '9 5', shape: symbolSquare },
  deflection: { colour: '#CC79A7', dash: '12 4 2 4', shape: symbolDiamond },
};

export const ROUTER_STYLES = Object.fromEntries(
  ROUTER_NAMES.map((router) => [
    router,
    { name: routingFunctions[router].label, ...ROUTER_LOOKS[router] },
  ]),
) as Record<RouterKind, SeriesStyle>;

/** The conventional NI2w is the black baseline; the four CNIs take the colours. */
export const NI_STYLES: Record<NiKindName, SeriesStyle> = {
  NI2w: { name: 'NI2w', colour: '#111111', dash: null, shape: symbolCircle },
  CNI4: { name: 'CNI4', colour: '#D55E00', dash: '2 5', shape: symbolTriangle },
  CNI16Q: { name: 'CNI16Q', colour: '#0072B2', dash: '9 5', shape: symbolSquare },
  CNI512Q: { name: 'CNI512Q', colour: '#009E73', dash: '12 4 2 4', shape: symbolDiamond },
  CNI16Qm: { name: 'CNI16Qm', colour: '#CC79A7', dash: '5 3', shape: symbolStar },
};

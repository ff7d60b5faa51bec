/**
 * One fill pattern per bus transaction kind, drawn over a bar too narrow for its name and in the
 * legend's swatches, so a kind is told apart without its colour. Ids carry a per-view prefix: the
 * compare mode shows two bus panels in one document. Shared by every model's bus timeline.
 */
import type { ReactNode } from 'react';
import { inkFor, UNKNOWN_TXN } from '../../d3/colour';
import { txnColours } from '../../theme/states';

const SIZE = 6;

/** The marks of one 6×6 tile, in the bar's ink. */
const MARKS: Record<string, (ink: string) => ReactNode> = {
  RD: (ink) => <rect width={SIZE} height={1.5} fill={ink} />,
  RDX: (ink) => <path d="M0,6 L6,0 M-1,1 L1,-1 M5,7 L7,5" stroke={ink} strokeWidth={1.3} />,
  ITOM: (ink) => <path d="M0,6 L6,0 M0,0 L6,6" stroke={ink} strokeWidth={1} />,
  INV: (ink) => <circle cx={3} cy={3} r={1.3} fill={ink} />,
  WB: (ink) => <rect width={1.5} height={SIZE} fill={ink} />,
  UCR8: (ink) => <path d="M0,0 L6,6 M5,-1 L7,1 M-1,5 L1,7" stroke={ink} strokeWidth={1.3} />,
  UCW8: (ink) => <path d="M0,0.75 H6 M0.75,0 V6" stroke={ink} strokeWidth={1.5} fill="none" />,
  RETRY: (ink) => <path d="M1,1 L5,5 M5,1 L1,5" stroke={ink} strokeWidth={1.2} />,
  DMARD: (ink) => <rect y={2.25} width={SIZE} height={1.5} fill={ink} />,
  DMAWR: (ink) => <rect x={2.25} width={1.5} height={SIZE} fill={ink} />,
};

export const patternId = (prefix: string, kind: string) => `${prefix}-txn-${kind}`;

/** The patterns of `kinds`, in an SVG of no size the rows and the legend refer to. */
export function TxnPatternDefs({ prefix, kinds }: { prefix: string; kinds: readonly string[] }) {
  return (
    <svg width={0} height={0} aria-hidden="true" focusable="false" className="bv-defs">
      <defs>
        {kinds.map((kind) => {
          const ink = inkFor(txnColours[kind] ?? UNKNOWN_TXN);
          return (
            <pattern
              key={kind}
              id={patternId(prefix, kind)}
              width={SIZE}
              height={SIZE}
              patternUnits="userSpaceOnUse"
            >
              <g opacity={0.65}>{MARKS[kind]?.(ink)}</g>
            </pattern>
          );
        })}
      </defs>
    </svg>
  );
}

/** A legend swatch: the kind's colour with its pattern over it. */
export function TxnSwatch({ prefix, kind }: { prefix: string; kind: string }) {
  return (
    <svg className="bv-swatch" width={14} height={14} aria-hidden="true" focusable="false">
      <rect width={14} height={14} fill={txnColours[kind] ?? UNKNOWN_TXN} />
      <rect width={14} height={14} fill={`url(#${patternId(prefix, kind)})`} />
    </svg>
  );
}

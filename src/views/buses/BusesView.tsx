/**
 * Every node's bus over the last cycles, one Gantt row each, with a legend of transaction kinds:
 * where the bus time of a message goes, and how much of it polling costs.
 */
import { useElementWidth } from '../use-element-width';
import { CNI_TXN_KINDS } from '../../../sim-core/ni/cni/cni-state';
import { txnColours, txnNames } from '../../theme/states';
import { useCniFrame } from '../cni/selection';
import '../views-cni.css';
import '../views-graphics.css';
import { BusGantt, WINDOW } from './BusGantt';

export function BusesView() {
  const frame = useCniFrame();
  const [wrapRef, width] = useElementWidth<HTMLDivElement>(frame !== null);

  if (!frame) return <p className="vg-muted">No scenario loaded.</p>;
  return (
    <div className="bv-view" data-testid="buses-view" ref={wrapRef}>
      <p className="bv-key">
        The last {WINDOW} cycles up to cycle {frame.cycle}, one row per bus; the current transaction
        is outlined, a posted one dashed.
      </p>
      <ul className="bv-legend" aria-label="Transaction kinds">
        {CNI_TXN_KINDS.map((k) => (
          <li key={k}>
            <span className="bv-swatch" style={{ background: txnColours[k] }} aria-hidden="true" />
            <strong>{k}</strong> {txnNames[k]}
          </li>
        ))}
      </ul>
      {frame.nodes.map((n) => (
        <BusGantt
          key={n.id}
          node={n}
          cycle={frame.cycle}
          width={width}
          nodes={frame.nodes.length}
        />
      ))}
    </div>
  );
}

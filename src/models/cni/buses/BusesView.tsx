/**
 * Every node's bus over the last cycles, one Gantt row each, with a legend of transaction kinds
 * (colour, name and pattern): where the bus time of a message goes, and how much of it polling
 * costs. "Show as table" lists each row's transactions too.
 */
import { useId, useState } from 'react';
import { useElementWidth } from '../../../views/use-element-width';
import { CNI_TXN_KINDS } from '../../../../sim-core/ni/cni/cni-state';
import { txnNames } from '../../../theme/states';
import { useCniFrame } from '../cni/selection';
import '../views-cni.css';
import '../../../views/views-graphics.css';
import '../../../views/views-tables.css';
import { BusGantt, WINDOW } from './BusGantt';
import { TxnPatternDefs, TxnSwatch } from '../../../views/buses/txn-patterns';
import { TableToggle } from '../../../views/TableToggle';

export function BusesView() {
  const frame = useCniFrame();
  const [wrapRef, width] = useElementWidth<HTMLDivElement>(frame !== null);
  const patterns = useId().replaceAll(':', '');
  const [asTable, setAsTable] = useState(false);

  if (!frame) return <p className="vg-muted">No scenario loaded.</p>;
  return (
    <div className="bv-view" data-testid="buses-view" ref={wrapRef}>
      <TxnPatternDefs prefix={patterns} kinds={CNI_TXN_KINDS} />
      <div className="bv-toolbar">
        <p className="bv-key">
          The last {WINDOW} cycles up to cycle {frame.cycle}, one row per bus; the current
          transaction is outlined, a posted one dashed; a bar too narrow for its name shows its
          kind&rsquo;s pattern.
        </p>
        <TableToggle checked={asTable} onChange={setAsTable} testId="bus-table-toggle" />
      </div>
      <ul className="bv-legend" aria-label="Transaction kinds">
        {CNI_TXN_KINDS.map((k) => (
          <li key={k}>
            <TxnSwatch prefix={patterns} kind={k} />
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
          patterns={patterns}
          asTable={asTable}
        />
      ))}
    </div>
  );
}

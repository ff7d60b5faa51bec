/** The charts panel: the loaded model's sweeps (load sweeps on a torus, Figs. 6-7 for the CNIs). */
import { uiOf } from '../../models/index';
import { useApp } from '../../state/store';

export function ChartsView() {
  const model = useApp((s) => s.meta?.model);
  const charts = model ? uiOf(model).charts : undefined;
  if (charts) return <charts.Panel />;
  return (
    <p className="vg-muted">
      Sweeps need a network or network-interface scenario: load one to compare routers or NIs.
    </p>
  );
}

/** The charts panel: load sweeps for a network scenario, Figs. 6-7 sweeps for a cni scenario. */
import { useApp } from '../../state/store';
import { CniSweepPanel } from './CniSweepPanel';
import { LoadSweepPanel } from './LoadSweepPanel';

export function ChartsView() {
  const model = useApp((s) => s.meta?.model);
  if (model === 'network') return <LoadSweepPanel />;
  if (model === 'cni') return <CniSweepPanel />;
  return (
    <p className="vg-muted">
      Sweeps need a network or network-interface scenario: load one to compare routers or NIs.
    </p>
  );
}

/** The programs panel: each processor's listing, its current instruction and its status. */
import { useApp } from '../../../state/store';
import { busFrame, busMeta } from '../selection';
import '../../../views/views-tables.css';
import { ProcessorStatus } from './ProcessorStatus';
import { ProgramListing } from './ProgramListing';

export function ProgramView() {
  const programs = useApp((s) => busMeta(s)?.programs);
  const processors = useApp((s) => busFrame(s)?.processors);
  const cycle = useApp((s) => s.view?.cycle ?? 0);
  if (!programs || !processors) return <p className="vt-empty">No scenario loaded.</p>;
  return (
    <div className="vt-view program-view">
      {processors.map((p) => {
        const code = programs[p.id] ?? [];
        return (
          <section key={p.id} className="vt-card program-card" data-testid={`program-P${p.id}`}>
            <h3>P{p.id}</h3>
            <ProcessorStatus processor={p} cycle={cycle} />
            <ProgramListing code={code} processor={p} />
          </section>
        );
      })}
    </div>
  );
}

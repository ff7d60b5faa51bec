/**
 * The device registers of the chosen node: CNI4's cachable device registers and handshake, or
 * NI2w's uncached registers and FIFOs, and the messaging software's counts. The queue NIs have no
 * registers of this kind.
 */
import { useApp } from '../../../state/store';
import { AgentActivity } from '../cni/AgentActivity';
import { AppCounters } from '../cni/AppCounters';
import { NodePicker } from '../cni/NodePicker';
import { useCniFrame, useCniMeta, useSelectedNode } from '../cni/selection';
import '../views-cni.css';
import '../../../views/views-graphics.css';
import '../../../views/views-tables.css';
import { Cni4Registers } from './Cni4Registers';
import { Ni2wRegisters } from './Ni2wRegisters';
import { cniFace } from '../../../../sim-core/ni/cni/cni-face';

export function CdrView() {
  const frame = useCniFrame();
  const meta = useCniMeta();
  const node = useSelectedNode(frame);
  const fifoMessages = useApp((s) =>
    s.scenario?.system.kind === cniFace.kind ? s.scenario.system.fifoMessages : 0,
  );
  if (!frame || !node || !meta) return <p className="vg-muted">No scenario loaded.</p>;
  const mechanism = meta.ni.mechanism;
  return (
    <div className="cv-view" data-testid="cdr-view">
      <div className="cv-toolbar">
        <NodePicker frame={frame} node={node.id} />
        <span>
          <strong>{frame.ni}</strong>: {meta.ni.exposed} exposed · pointers {meta.ni.pointers}
        </span>
      </div>
      <AgentActivity node={node} />
      {node.cdrs ? (
        <Cni4Registers node={node} cdrs={node.cdrs} blocks={meta.blocks} cycle={frame.cycle} />
      ) : mechanism === 'uncached-registers' ? (
        <Ni2wRegisters node={node} fifoMessages={fifoMessages} />
      ) : (
        <p className="vg-muted">
          {meta.workload.kind === 'local-queue'
            ? 'A local queue between two processors: there is no device.'
            : `${frame.ni} talks through cachable queues: open the Cachable queues panel.`}
        </p>
      )}
      {meta.workload.kind === 'local-queue' ? null : <AppCounters node={node} />}
    </div>
  );
}

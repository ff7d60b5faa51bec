/**
 * The cachable queues of the chosen node (Figs. 2 and 3 of the CNI paper): each queue as a ring
 * of slots with its pointers, the blocks that hold the pointers, and a table version of the ring
 * (read by screen readers, shown on request); CNI16Qm's device cache; the NI's and the messaging
 * software's counts.
 */
import { count } from '../../../../sim-core/kernel/words';
import { useState } from 'react';
import { occupancyText } from '../../../d3/cni-text';
import { actions, useApp } from '../../../state/store';
import { AgentActivity } from '../cni/AgentActivity';
import { NodePicker } from '../cni/NodePicker';
import { useCniFrame, useSelectedNode } from '../cni/selection';
import '../views-cni.css';
import '../../../views/views-graphics.css';
import '../../../views/views-tables.css';
import { DeviceCache } from './DeviceCache';
import { NiQueueStatus } from './NiQueueStatus';
import { QueueLegend } from './QueueLegend';
import { QueuePointers } from './QueuePointers';
import { QueueRing } from './QueueRing';
import { QueueTable } from './QueueTable';
import { TableToggle } from '../../../views/TableToggle';

export function QueueView() {
  const frame = useCniFrame();
  const node = useSelectedNode(frame);
  const playing = useApp((s) => s.playing);
  const [showTable, setShowTable] = useState(false);
  const selection = useApp((s) => (s.selection?.kind === 'slot' ? s.selection : null));
  if (!frame || !node) return <p className="vg-muted">No scenario loaded.</p>;
  // A slot selected here marks its rows in the event log; selecting it again clears it.
  const selectedIn = (queue: string) =>
    selection && selection.node === node.id && selection.queue === queue ? selection.slot : null;
  const toggleSlot = (queue: string) => (slot: number) =>
    actions.select(
      selectedIn(queue) === slot ? null : { kind: 'slot', node: node.id, queue, slot },
    );
  // The interface's side of the queues; a local queue joins two processors with no NI.
  const niQueues = node.queues.length > 0 && node.agents.some((a) => a.name === 'NI');
  const current = node.bus.current;

  return (
    <div className="cv-view" data-testid="queue-view">
      <div className="cv-toolbar">
        <NodePicker frame={frame} node={node.id} />
        {node.queues.length > 0 ? (
          <TableToggle checked={showTable} onChange={setShowTable} plural />
        ) : null}
      </div>
      <AgentActivity node={node} />
      {node.queues.length === 0 ? (
        <p className="vg-muted">
          {frame.ni} has no cachable queues
          {node.cdrs ? ': it exposes cachable device registers (open Device registers).' : '.'}
        </p>
      ) : (
        <>
          <QueueLegend queues={node.queues} />
          <div className="cv-rings" data-main-picture>
            {node.queues.map((q) => (
              <section
                key={`${node.id}-${q.name}`}
                className="cv-ring"
                aria-label={`Queue ${q.name}`}
              >
                <h3>
                  {q.name}: {q.sender} → {q.receiver}{' '}
                  <span className="cv-sub">
                    {q.slotCount} slots of {count(q.slotBlocks, 'block')} · home {q.home} ·{' '}
                    <strong data-testid={`queue-occupancy-${q.name}`}>{occupancyText(q)}</strong>
                  </span>
                </h3>
                <QueueRing
                  queue={q}
                  activeTarget={current?.target ?? null}
                  activeKind={current?.kind ?? null}
                  playing={playing}
                  selected={selectedIn(q.name)}
                  onSlot={toggleSlot(q.name)}
                />
                <QueuePointers queue={q} active={current?.target ?? null} />
                <QueueTable
                  queue={q}
                  visible={showTable}
                  selected={selectedIn(q.name)}
                  onSlot={toggleSlot(q.name)}
                />
              </section>
            ))}
          </div>
        </>
      )}
      {niQueues ? <DeviceCache node={node} /> : null}
      {niQueues ? <NiQueueStatus frame={frame} node={node} /> : null}
    </div>
  );
}

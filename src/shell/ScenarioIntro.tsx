/**
 * Title, summary and learning goals of the loaded scenario. Open while the scenario sits at cycle
 * 0 (the goals are read before starting); it folds away at the first step so the machine fits a
 * projector screen, and the title line stays as a reminder. Either way a click toggles it.
 */
import { useState } from 'react';
import { SafeText } from './SafeText';
import type { Scenario } from '../../sim-core/index';
import { useApp } from '../state/store';
import { scenarioTextHidden, useAssignment } from '../teaching/assignment-store';

type CniSystem = Extract<Scenario['system'], { kind: 'cni' }>;

/** "2 nodes · CNI16Q · memory bus · MOESI"; a local queue joins two processors, with no NI. */
function describeCni(system: CniSystem, workload: Scenario['workload']): string {
  const bus = system.bus === 'io' ? 'I/O bus' : 'memory bus';
  if ('messages' in workload && workload.messages.kind === 'local-queue') {
    const w = workload.messages;
    return `1 node · two processors and a local queue of ${w.slots} slots · ${bus} · ${system.protocol}`;
  }
  const nodes = `${system.nodes} node${system.nodes === 1 ? '' : 's'}`;
  return `${nodes} · ${system.ni} · ${bus} · ${system.protocol}`;
}

function describeSystem(system: Scenario['system'], workload: Scenario['workload']): string {
  if (system.kind === 'network') {
    const side = system.attached ?? system.k;
    const router =
      system.router === 'chaos'
        ? 'chaos router'
        : `dimension-order ${system.dateline ? 'with' : 'without'} dateline`;
    return `${system.k}×${system.k} ${system.topology} · ${router} · ${system.packetPhits}-phit packets · ${side * side} nodes`;
  }
  if (system.kind === 'cni') return describeCni(system, workload);
  if (system.kind === 'cranium') {
    const side = system.attached ?? system.k;
    const ni = system.ni === 'ideal' ? 'ideal NI' : 'Cranium NI';
    return `${system.k}×${system.k} ${system.topology} · ${system.router} router · ${ni} · ${system.memory.toUpperCase()} memory · ${system.scheduler.toUpperCase()} scheduler · ${side * side} nodes`;
  }
  const c = system.cache;
  return `${system.nodes} processors · ${system.protocol} · ${c.sizeBytes} B ${c.associativity}-way caches · ${c.blockBytes} B blocks · ${system.bus.preset} bus`;
}

export function ScenarioIntro() {
  const scenario = useApp((s) => s.scenario);
  // An assignment brings its own instructions; the lecture's text may give its answers away.
  const textHidden = useAssignment(scenarioTextHidden);
  const atStart = useApp((s) => (s.view?.cycle ?? 0) === 0);
  const [userChoice, setUserChoice] = useState<{ id: string; open: boolean } | null>(null);
  if (!scenario) return null;
  const chosen = userChoice?.id === scenario.id ? userChoice.open : null;
  const open = chosen ?? atStart;
  return (
    <details
      className="intro"
      open={open}
      onToggle={(e) => {
        const nowOpen = (e.currentTarget as HTMLDetailsElement).open;
        if (nowOpen !== open) setUserChoice({ id: scenario.id, open: nowOpen });
      }}
    >
      <summary>
        <span className="intro-title" data-testid="scenario-title">
          {scenario.title}
        </span>
        <span className="intro-meta">{describeSystem(scenario.system, scenario.workload)}</span>
      </summary>
      {scenario.summary && !textHidden ? <SafeText text={scenario.summary} /> : null}
      {scenario.learningGoals.length > 0 && !textHidden ? (
        <>
          <h3>You will learn to</h3>
          <ul>
            {scenario.learningGoals.map((g, i) => (
              <li key={i}>
                <SafeText text={g} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </details>
  );
}

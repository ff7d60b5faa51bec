/**
 * The FLASH panels' view of the store: the frame, meta and system when a FLASH run is loaded,
 * their events up to the current cycle, and which node the one-node panels show (the scenario's
 * `focusNode`, else the first sender).
 */
import { useMemo } from 'react';
import { create } from 'zustand';
import type { SimEvent } from '../../../sim-core/index';
import type { FlashFrame } from '../../../sim-core/ni/flash/flash-frame';
import type { FlashMeta } from '../../../sim-core/ni/flash/flash-meta';
import { flashFace } from '../../../sim-core/ni/flash/flash-face';
import { useEventsOf } from '../../state/log-query';
import { useApp } from '../../state/store';

export function useFlashFrame(): FlashFrame | null {
  return useApp((s) => (s.view?.frame.model === flashFace.kind ? s.view.frame : null));
}

export function useFlashMeta(): FlashMeta | null {
  return useApp((s) => (s.meta?.model === flashFace.kind ? s.meta : null));
}

/** The events of `kinds` up to the cycle on screen (asked of the worker's log). */
export function useLogNow<K extends SimEvent['kind']>(
  ...kinds: K[]
): readonly Extract<SimEvent, { kind: K }>[] {
  const events = useEventsOf(...kinds);
  const cycle = useApp((s) => s.view?.cycle ?? 0);
  return useMemo(() => events.filter((e) => e.cycle <= cycle), [events, cycle]);
}

const useNodeChoice = create<{ scenario: string; node: number } | null>(() => null);

export function selectFlashNode(scenario: string, node: number): void {
  useNodeChoice.setState({ scenario, node }, true);
}

/** The node the one-node panels show. */
export function useFlashNode(meta: FlashMeta | null): number {
  const scenario = useApp((s) => s.scenario?.id ?? '');
  const focus = useApp((s) => s.scenario?.focusNode);
  const choice = useNodeChoice();
  if (choice && choice.scenario === scenario) return choice.node;
  return focus ?? meta?.transfers[0]?.from ?? 0;
}

/** Buttons to pick the node a panel shows. */
export function NodePicker({
  meta,
  node,
  label,
}: {
  meta: FlashMeta;
  node: number;
  label: string;
}) {
  const scenario = useApp((s) => s.scenario?.id ?? '');
  return (
    <div className="fl-nodes" role="group" aria-label={label}>
      {Array.from({ length: meta.nodes }, (_, i) => (
        <button
          key={i}
          type="button"
          aria-pressed={i === node}
          data-testid={`flash-node-${i}`}
          onClick={() => selectFlashNode(scenario, i)}
        >
          node {i}
        </button>
      ))}
    </div>
  );
}

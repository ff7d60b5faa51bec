/** One queue's ring: React owns the SVG element and its lifetime, the D3 renderer draws in it. */
import { useEffect, useRef } from 'react';
import type { QueueView } from '../../../../sim-core/ni/cni/cni-frame';
import { reducedMotion } from '../../../d3/motion';
import { createQueueRenderer, type QueueRenderer } from '../../../d3/queue-renderer';

export function QueueRing({
  queue,
  activeTarget,
  activeKind,
  playing,
  selected,
  onSlot,
}: {
  queue: QueueView;
  /** The selected slot of this queue, if any, and what a click on a slot does. */
  selected: number | null;
  onSlot: (slot: number) => void;
  /** The block on the bus now and the transaction's kind, if any. */
  activeTarget: string | null;
  activeKind: string | null;
  playing: boolean;
}) {
  const svgRef = useRef<SVGSVGElement>(null);
  const rendererRef = useRef<QueueRenderer | null>(null);
  const drawn = useRef<QueueView | null>(null);
  const onSlotRef = useRef(onSlot);
  useEffect(() => {
    onSlotRef.current = onSlot;
  });

  useEffect(() => {
    if (!svgRef.current) return;
    const renderer = createQueueRenderer(svgRef.current, (slot) => onSlotRef.current(slot));
    rendererRef.current = renderer;
    return () => {
      renderer.destroy();
      rendererRef.current = null;
      drawn.current = null;
    };
  }, []);

  useEffect(() => {
    const renderer = rendererRef.current;
    if (!renderer) return;
    // Animate a step, never playback or the first drawing.
    const animate = !playing && drawn.current !== null && drawn.current !== queue;
    const active =
      activeTarget !== null && activeKind !== null
        ? { target: activeTarget, kind: activeKind }
        : null;
    renderer.update(queue, { animate: animate && !reducedMotion(), active, selected });
    drawn.current = queue;
  }, [queue, activeTarget, activeKind, playing, selected]);

  return <svg ref={svgRef} aria-hidden="true" focusable="false" />;
}

/**
 * An event in words, for the CSV log, the JSON trace's readers and compare mode's diff: the
 * narration sentence when there is one (as the event log shows it), a protocol transition as
 * "P1 S→M on OwnStore", and otherwise the kind and its fields (hits, compute, quiet work).
 */
import { describeEvent, type SimEvent } from '../../sim-core/index';

function fieldText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function eventText(e: SimEvent, blockBytes: number): string {
  if (e.kind === 'coh.transition') return `P${e.cache} ${e.from}→${e.to} on ${e.event}`;
  const described = describeEvent(e, blockBytes);
  if (described) return described;
  const { cycle: _cycle, seq: _seq, kind, ...fields } = e;
  const parts = Object.entries(fields).map(([k, v]) => `${k}=${fieldText(v)}`);
  return parts.length === 0 ? kind : `${kind}: ${parts.join(' ')}`;
}

/**
 * An event as the event log panel lists it, or null for the events the panel leaves out (cache
 * hits, computing, quiet work, a coherent NI's same-state snoops): what compare mode diffs.
 */
export function logText(e: SimEvent, blockBytes: number): string | null {
  if (e.kind === 'coh.transition') return `P${e.cache} ${e.from}→${e.to} on ${e.event}`;
  if (e.kind === 'cni.coh') {
    if (e.from === e.to) return null;
    return describeEvent(e, blockBytes) ?? `${e.target} ${e.from}→${e.to} on ${e.event}`;
  }
  return describeEvent(e, blockBytes);
}

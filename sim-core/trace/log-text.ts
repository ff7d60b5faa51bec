/**
 * How the event log (and its exports, and compare mode's diff) lists an event: who acted, the
 * row's words and style, from the event's vocabulary; the narration's sentence where the
 * vocabulary gives no other words.
 */
import type { ModelMeta } from '../models';
import type { SimEvent } from './events';
import { describeEvent } from './narrate';
import { entryFor, vocabularyOf } from './vocabulary';

export type LogStyle = 'plain' | 'transition' | 'violation';

/** Who acted: "P1", "NI@2" (with the node on a machine of several), "R5", "pkt 3". */
export function logWho(e: SimEvent, meta: ModelMeta): string {
  const at = (who: string, node: number) => (meta.nodes > 1 ? `${who}@${node}` : who);
  const who = entryFor<(e: SimEvent, at: (who: string, node: number) => string) => string>(
    vocabularyOf(e.kind).log.who,
    e.kind,
  );
  return who!(e, at);
}

/** The row's words, or null for the events the log leaves out (cache hits, compute, quiet work). */
export function logText(e: SimEvent, meta: ModelMeta): string | null {
  const own = entryFor<(e: SimEvent, meta: ModelMeta) => string | null>(
    vocabularyOf(e.kind).log.text,
    e.kind,
  );
  return own ? own(e, meta) : describeEvent(e, meta);
}

export function logStyle(e: SimEvent): LogStyle {
  return entryFor<LogStyle>(vocabularyOf(e.kind).log.style, e.kind) ?? 'plain';
}

function fieldText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * An event in words whatever it is, for the CSV log and the JSON trace's readers: the log's
 * words, else the narration's, else the kind and its fields (hits, compute, quiet work).
 */
export function eventText(e: SimEvent, meta: ModelMeta): string {
  const words = logText(e, meta) ?? describeEvent(e, meta);
  if (words) return words;
  const { cycle: _cycle, seq: _seq, kind, ...fields } = e;
  const parts = Object.entries(fields).map(([k, v]) => `${k}=${fieldText(v)}`);
  return parts.length === 0 ? kind : `${kind}: ${parts.join(' ')}`;
}

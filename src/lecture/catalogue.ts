/**
 * The start page's catalogue: every built-in lecture scenario with its topic, summary and learning
 * goals, grouped by topic in teaching order, and the text filter over them. Pure: the scenario
 * files are read as data (they are validated when opened), nothing here touches the DOM.
 * The topics and their headings are the models' (sim-core's TOPICS).
 */
import { TOPIC_NAMES, TOPICS } from '../../sim-core/index';

/** A topic's name (the scenario format's `topic`). */
export type Topic = string;

export interface CatalogueEntry {
  id: string;
  topic: Topic;
  title: string;
  summary: string;
  learningGoals: string[];
  /** How many lecture steps its walkthrough has. */
  steps: number;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** One entry from a built-in scenario's raw JSON (a missing topic is coherence, as in the format). */
export function catalogueEntry(id: string, doc: unknown): CatalogueEntry {
  const d = (doc ?? {}) as Record<string, unknown>;
  const topic = TOPICS.find((t) => t.name === d.topic)?.name ?? TOPIC_NAMES[0];
  const goals = Array.isArray(d.learningGoals) ? d.learningGoals.map(str).filter(Boolean) : [];
  return {
    id,
    topic,
    title: str(d.title) || id,
    summary: str(d.summary),
    learningGoals: goals,
    steps: Array.isArray(d.walkthrough) ? d.walkthrough.length : 0,
  };
}

/** Teaching text without its markup, for matching: `**x**`, `*x*`, `` `x` `` and links' targets. */
export function plainText(text: string): string {
  return text
    .replace(/\[([^\]]+)\]\([^)\s]+\)/g, '$1')
    .replace(/[*`]/g, '')
    .toLowerCase();
}

/**
 * The entries matching a query: every word of it must occur in the title, summary, learning goals
 * or id (case-insensitive, markup ignored). An empty query matches everything.
 */
export function filterCatalogue(
  entries: readonly CatalogueEntry[],
  query: string,
): CatalogueEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter((e) => {
    const haystack = plainText([e.id, e.title, e.summary, ...e.learningGoals].join('\n'));
    return words.every((w) => haystack.includes(w));
  });
}

/** The entries by topic, in teaching order; topics with no entry are left out. */
export function groupByTopic(
  entries: readonly CatalogueEntry[],
): { topic: Topic; heading: string; entries: CatalogueEntry[] }[] {
  return TOPICS.map(({ name, short }) => ({
    topic: name,
    heading: short,
    entries: entries.filter((e) => e.topic === name),
  })).filter((g) => g.entries.length > 0);
}

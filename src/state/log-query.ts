/**
 * A panel's question to the run's event log in the worker (worker/log-query/queries.ts), asked
 * again whenever the page is told of more events, or of another load. The answer of the last
 * question of the same run is kept while a newer one is on its way, so a panel does not blink
 * while the run is explored; an answer of another run is never shown.
 */
import { useContext, useEffect, useRef, useState } from 'react';
import { useStore, type StoreApi } from 'zustand';
import type { SimEvent } from '../../sim-core/index';
import type { LogAnswer, LogQuery, LogQuestion } from '../worker/log-query/queries';
import { appStore, AppStoreContext, type AppState } from './store';

/**
 * The answer to `question` about the events the page has been told of (null: no question, or
 * before the first answer of this run arrives). It is compared by its JSON, so a new object of
 * the same question asks nothing new. It asks the run of the store the panel is under, or of
 * `store` when given (compare mode reads both).
 */
export function useLogQuery<Q extends LogQuestion>(
  question: Q | null,
  store?: StoreApi<AppState>,
): LogAnswer<Q> | null {
  const under = useContext(AppStoreContext) ?? appStore;
  const from = store ?? under;
  const api = useStore(from, (s) => s.api);
  const run = useStore(from, (s) => s.logMark.run);
  const events = useStore(from, (s) => s.logMark.events);
  const key = question === null ? null : JSON.stringify(question);
  const [answer, setAnswer] = useState<{ run: number; value: LogAnswer<Q> } | null>(null);
  const asked = useRef(0);
  useEffect(() => {
    if (key === null || !api || run === 0) return;
    const ticket = ++asked.current;
    api.queryLog({ ...(JSON.parse(key) as Q), upTo: events } as LogQuery).then(
      (value) => {
        if (ticket === asked.current) setAnswer({ run, value: value as LogAnswer<Q> });
      },
      // The worker was ended (compare mode left), or another load replaced the run.
      () => {},
    );
  }, [api, run, events, key]);
  return key !== null && answer !== null && answer.run === run ? answer.value : null;
}

const NONE: never[] = [];

/** The run's events of some kinds (those the page has been told of), in log order. */
export function useEventsOf<K extends SimEvent['kind']>(
  ...kinds: K[]
): Extract<SimEvent, { kind: K }>[] {
  const found = useLogQuery({ kind: 'events', kinds });
  return (found ?? NONE) as Extract<SimEvent, { kind: K }>[];
}

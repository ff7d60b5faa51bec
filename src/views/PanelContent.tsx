/**
 * A panel's content: the model's moving picture live, words and numbers at a reading pace, inside
 * its own error boundary (a panel that fails says so in its place; the app goes on). A panel's code
 * loads when it is first shown (lazy-panel.ts); a scenario's own panels are fetched before its
 * first picture, so the placeholder only shows for a panel switched on later.
 */
import { Suspense } from 'react';
import type { ViewName } from '../../sim-core/index';
import { Paced } from '../state/paced';
import { useApp } from '../state/store';
import { PanelBoundary } from './PanelBoundary';
import { viewEntry } from './registry';

export function PanelContent({ name }: { name: ViewName }) {
  const entry = viewEntry(name);
  const scenario = useApp((s) => s.scenario);
  const { Component } = entry;
  return (
    <PanelBoundary title={entry.title} resetKey={scenario}>
      <Suspense
        fallback={
          <p className="panel-loading" role="status">
            Loading the panel…
          </p>
        }
      >
        {'live' in entry ? (
          <Component />
        ) : (
          <Paced>
            <Component />
          </Paced>
        )}
      </Suspense>
    </PanelBoundary>
  );
}

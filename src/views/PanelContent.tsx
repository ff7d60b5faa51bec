/** A panel's content: the model's moving picture live, words and numbers at a reading pace. */
import type { ViewName } from '../../sim-core/index';
import { Paced } from '../state/paced';
import { viewEntry } from './registry';

export function PanelContent({ name }: { name: ViewName }) {
  const entry = viewEntry(name);
  const { Component } = entry;
  return 'live' in entry ? (
    <Component />
  ) : (
    <Paced>
      <Component />
    </Paced>
  );
}

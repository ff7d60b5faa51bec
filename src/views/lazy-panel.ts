/**
 * Panels whose code loads when first needed: each is a chunk of its own, so the page carries none
 * of the drawings (D3, the renderers, the model's panels) until a scenario shows them. `preload`
 * fetches a panel's code ahead; once it has arrived the panel renders at once, without suspending
 * (registry.ts preloads a scenario's panels before its first picture is shown). Code that cannot
 * be fetched (no network and no stored copy, or a newer version published meanwhile) shows a
 * message with a Reload button in the panel's place, never an empty page.
 */
import { createElement, lazy, type ComponentType } from 'react';

/** A component that may carry a way to fetch its code ahead. */
export type Preloadable<P> = ComponentType<P> & { preload?: () => Promise<unknown> };

function Unavailable() {
  return createElement(
    'p',
    { className: 'panel-loading', role: 'alert' },
    'This part of NI Lab could not be loaded (is the network down?). ',
    createElement('button', { onClick: () => location.reload() }, 'Reload'),
  );
}

export function lazyPanel<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = pick(module);
        return { default: loaded };
      },
      () => ({ default: Unavailable as ComponentType<P> }),
    ));
  const Lazy = lazy(preload);
  const Panel = (props: P) => createElement(loaded ?? Lazy, props);
  Panel.preload = preload;
  return Panel;
}

/** Fetches the code of the components that load lazily (the others are there already). */
export const preloadAll = (components: readonly object[]): Promise<unknown> =>
  Promise.all(components.map((c) => (c as { preload?: () => Promise<unknown> }).preload?.()));

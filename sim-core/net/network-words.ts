/**
 * A model's network in its scenario's one-line description (the page's faces import this, so it
 * imports nothing: the torus itself stays in the worker's bundle).
 */

/** The network in a scenario's one-line description, when it is the common torus (else ''). */
export const onTorusWords = (network: { kind: string; hops?: number | undefined }) =>
  network.kind !== 'torus'
    ? ''
    : ` · on the common torus${network.hops === undefined ? '' : `, ${network.hops} hop${network.hops === 1 ? '' : 's'} apart`}`;

/**
 * A value derived from a store's plain data (its event log, a scenario's walkthrough), cached per
 * input object. A selector must return the same value while its inputs stay the same, or the
 * component using it renders forever (React error #185). Compare mode runs the same selectors
 * over two stores, so a cache of one slot, shared by both, would miss on every call: caching by
 * the input object keeps each store's value, and lets it go with the object.
 */
export function cachedBy<K extends object, V>(derive: (key: K) => V): (key: K) => V {
  const cache = new WeakMap<K, V>();
  return (key) => {
    if (cache.has(key)) return cache.get(key)!;
    const value = derive(key);
    cache.set(key, value);
    return value;
  };
}

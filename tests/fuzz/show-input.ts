/**
 * A failing fuzz input, shown short: fast-check's own rendering recurses through the input, and a
 * 5,000-deep list overflows the stack while it reports, hiding the failure behind a RangeError.
 */
const MAX_DEPTH = 8;
const MAX_ITEMS = 12;
const MAX_TEXT = 200;

export function showInput(value: unknown, depth = 0): string {
  if (typeof value === 'string')
    return JSON.stringify(
      value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}… (${value.length} chars)` : value,
    );
  if (value === null || typeof value !== 'object') return String(value);
  if (depth >= MAX_DEPTH) return Array.isArray(value) ? '[…]' : '{…}';
  const entries = Array.isArray(value)
    ? value.slice(0, MAX_ITEMS).map((v) => showInput(v, depth + 1))
    : Object.entries(value)
        .slice(0, MAX_ITEMS)
        .map(([k, v]) => `${JSON.stringify(k)}: ${showInput(v, depth + 1)}`);
  const size = Array.isArray(value) ? value.length : Object.keys(value).length;
  if (size > MAX_ITEMS) entries.push(`… (${size} in all)`);
  return Array.isArray(value) ? `[${entries.join(', ')}]` : `{${entries.join(', ')}}`;
}

/** Number formats shared by the statistics tables. */

export const percent = (fraction: number): string => `${(fraction * 100).toFixed(1)} %`;

/** A ratio as a percentage, or a dash when nothing has been counted yet. */
export const rate = (part: number, whole: number): string =>
  whole === 0 ? '—' : percent(part / whole);

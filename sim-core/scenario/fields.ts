/** Field builders shared by the scenario schemas, with messages written for people. */
import { z } from 'zod';
import { showValue } from './issues';

export const intIn = (min: number, max: number) => {
  const message = (iss: { input?: unknown }) =>
    `expected integer ${min}..${max}, got ${showValue(iss.input)}`;
  return z.int({ error: message }).min(min, { error: message }).max(max, { error: message });
};

export const text = (max: number) =>
  z
    .string({ error: (iss) => `expected text, got ${showValue(iss.input)}` })
    .max(max, { error: `text longer than ${max} characters` });

export const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (iss) => `expected one of ${values.join(', ')}, got ${showValue(iss.input)}`,
  });

/** A byte address as a non-negative integer or a hex string ("0x40"). */
export const address = z.union(
  [
    z.int().min(0).max(0xffffffff),
    z
      .string()
      .regex(/^0x[0-9a-fA-F]{1,8}$/)
      .transform((s) => parseInt(s.slice(2), 16)),
  ],
  {
    error: (iss) =>
      `expected an address (integer 0..4294967295 or hex like "0x40"), got ${showValue(iss.input)}`,
  },
);

/** A 32-bit word, signed or unsigned. */
export const wordValue = intIn(-2147483648, 4294967295);

/** "a, b or c": a list of alternatives (or of things, with "and") as people write it. */
export const listText = (items: readonly string[], conjunction: 'or' | 'and'): string =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]!}`;

/** Where an editor finds a file's JSON Schema (`"../scenario.schema.json"`); NI Lab ignores it. */
export const schemaRef = z
  .string({
    error: (iss) => `expected the path or URL of a JSON Schema, got ${showValue(iss.input)}`,
  })
  .max(500, { error: 'a schema path or URL is at most 500 characters' })
  .optional();

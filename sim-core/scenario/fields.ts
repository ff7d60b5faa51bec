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

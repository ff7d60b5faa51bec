/** The sweep form's fields as typed, checked and turned into a SweepRequest. */
import type { RouterKind, SweepRequest } from '../../../sim-core/index';

export interface SweepFields {
  routers: RouterKind[];
  from: string;
  to: string;
  step: string;
  cycles: string;
  warmup: string;
}

export const DEFAULT_FIELDS: SweepFields = {
  routers: ['chaos', 'dor'],
  from: '0.05',
  to: '0.8',
  step: '0.05',
  cycles: '2000',
  warmup: '500',
};

export const MAX_LOADS = 40;
export const MIN_CYCLES = 200;
export const MAX_CYCLES = 20_000;

export type FieldName = keyof SweepFields;

export type SweepCheck =
  | { ok: true; request: SweepRequest }
  | { ok: false; errors: { field: FieldName; message: string }[] };

/** Rounds away the float noise of from + i·step, so 0.1 + 2·0.1 shows as 0.3. */
const tidy = (v: number) => Math.round(v * 1e6) / 1e6;

export function checkFields(f: SweepFields): SweepCheck {
  const errors: { field: FieldName; message: string }[] = [];
  const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));
  const from = num(f.from);
  const to = num(f.to);
  const step = num(f.step);
  const cycles = num(f.cycles);
  const warmup = num(f.warmup);

  if (f.routers.length === 0)
    errors.push({ field: 'routers', message: 'Choose at least one router.' });
  if (!(from >= 0.01 && from <= 1))
    errors.push({ field: 'from', message: 'The first load must be between 0.01 and 1.' });
  if (!(to >= 0.01 && to <= 1))
    errors.push({ field: 'to', message: 'The last load must be between 0.01 and 1.' });
  if (!(step >= 0.01)) errors.push({ field: 'step', message: 'The step must be at least 0.01.' });
  let loads: number[] = [];
  if (errors.every((e) => e.field === 'routers')) {
    if (to < from) {
      errors.push({ field: 'to', message: 'The last load must not be below the first.' });
    } else {
      // The epsilon keeps `to` itself when (to − from)/step is a whole number but for float noise.
      const count = Math.floor((to - from) / step + 1e-9) + 1;
      if (count > MAX_LOADS)
        errors.push({
          field: 'step',
          message: `That is ${count} loads; at most ${MAX_LOADS}. Use a larger step.`,
        });
      else loads = Array.from({ length: count }, (_, i) => tidy(from + i * step));
    }
  }
  if (!(Number.isInteger(cycles) && cycles >= MIN_CYCLES && cycles <= MAX_CYCLES))
    errors.push({
      field: 'cycles',
      message: `Cycles per point must be a whole number from ${MIN_CYCLES} to ${MAX_CYCLES}.`,
    });
  if (!(Number.isInteger(warmup) && warmup >= 0))
    errors.push({ field: 'warmup', message: 'The warm-up must be a whole number, 0 or more.' });
  else if (Number.isInteger(cycles) && warmup >= cycles)
    errors.push({
      field: 'warmup',
      message: 'The warm-up must be shorter than the cycles per point.',
    });

  if (errors.length) return { ok: false, errors };
  return { ok: true, request: { routers: f.routers, loads, cycles, warmup } };
}

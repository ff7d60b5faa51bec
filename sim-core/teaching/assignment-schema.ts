/**
 * The assignment format, version 1: a scenario (a built-in id or an inline scenario, plus
 * overrides), which parameters are locked or free, which panels are hidden, per-student random
 * parameters, and questions of four kinds (prediction, measurement, design, choice) with points.
 *
 * `parseAssignment` is the one door in: it never throws, and returns the assignment or coded
 * issues with paths (`ASG006 questions.1.predict: expected one of …`). It also loads the scenario
 * with every override, random choice and free value, so an assignment that parses can be run.
 * No answer is stored readably: predictions, measurements and designs are recomputed by
 * simulation, and choice answers are kept as salted SHA-256 hashes (see hashing.ts).
 */
import { z } from 'zod';
import { applyOverrides, type Override } from '../scenario/overrides';
import { formatIssue, showValue } from '../scenario/issues';
import { parseScenario } from '../scenario/parse';
import { PREDICTION_KIND_NAMES, TOPIC_NAMES, VIEW_NAMES } from '../scenario/names';
import { choice, intIn, schemaRef, text } from '../scenario/fields';
import { ASSIGNMENT_BOUNDS } from '../scenario/limits';
import { assignmentDigest } from './hashing';
import {
  readVersionedTeachingDoc,
  zodToIssues,
  type TeachingIssue,
  type TeachingIssueCode,
} from './issues';

export const ASSIGNMENT_VERSION = 1;

const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/** A dotted parameter path into a scenario: `system.ni`, `workload.messages.bytes`, `seed`. */
export const paramPath = z
  .string({ error: (iss) => `expected a dotted path, got ${showValue(iss.input)}` })
  .regex(/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/, {
    error: (iss) => `expected a dotted path like system.ni, got ${showValue(iss.input)}`,
  })
  .max(200)
  .refine((p) => !p.split('.').some((k) => FORBIDDEN_KEYS.has(k)), {
    error: 'a path may not use __proto__, prototype or constructor',
  });

/** A statistic's path in the model's statistics (`roundTrip`, `messages.0.latency`, `derived.busTransactions`). */
const statPath = paramPath;

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, {
  error: 'expected lower-case letters, digits and dashes (at most 64)',
});

const questionId = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, {
  error: 'expected letters, digits, _ or - (at most 32)',
});

/** A parameter value: what a free parameter or a random choice may take. */
export const scalar = z.union([z.number(), z.string().max(200), z.boolean()], {
  error: (iss) => `expected a number, text or true/false, got ${showValue(iss.input)}`,
});
export type Scalar = z.output<typeof scalar>;

const overrides = z.record(paramPath, z.unknown()).default({});

const hex64 = z.string().regex(/^[0-9a-f]{64}$/, {
  error: 'expected a SHA-256 hash: 64 lower-case hex digits',
});

const points = z
  .number({ error: (iss) => `expected a number of points, got ${showValue(iss.input)}` })
  .positive({ error: 'points must be more than 0' })
  .max(100, { error: 'expected at most 100 points' });

const fraction = z.number().min(0).max(1);

const target = z
  .strictObject({
    cache: intIn(0, 15).optional(),
    block: intIn(0, 1 << 26).optional(),
    node: intIn(0, 1023).optional(),
    queue: z.string().max(16).optional(),
    pointer: choice(['head', 'tail', 'shadowHead']).optional(),
    packet: intIn(0, 1 << 30).optional(),
    router: intIn(0, 1023).optional(),
    msg: intIn(0, 1 << 30).optional(),
  })
  .default({});

const common = {
  id: questionId,
  points,
  /** A short title for lists and reports. */
  title: text(120).default(''),
};

const predictionQuestion = z.strictObject({
  ...common,
  kind: z.literal('prediction'),
  /** Said before the generated question (safe text). */
  prompt: text(2000).default(''),
  /** The cycle the question is asked at; a random choice `questions.<id>.at` replaces it. */
  at: intIn(0, 10_000_000),
  predict: choice(PREDICTION_KIND_NAMES),
  target,
  overrides,
});

const tolerance = z.union(
  [
    z.strictObject({ absolute: z.number().min(0) }),
    z.strictObject({ relative: z.number().min(0).max(10) }),
  ],
  { error: 'expected { "absolute": n } or { "relative": fraction }' },
);

const measurementQuestion = z.strictObject({
  ...common,
  kind: z.literal('measurement'),
  prompt: text(2000).min(1, { error: 'a measurement needs a prompt' }),
  stat: statPath,
  overrides,
  /**
   * Measure a second run too and answer with a comparison: `ratio` (value ÷ baseline),
   * `difference` (value − baseline) or `percentReduction` (100·(baseline − value) ÷ baseline).
   */
  baseline: z.strictObject({ overrides }).optional(),
  compare: choice(['ratio', 'difference', 'percentReduction']).optional(),
  tolerance,
  /** Partial credit: within `within` × the tolerance earns `credit` of the points. */
  partial: z
    .array(z.strictObject({ within: z.number().min(1).max(1000), credit: fraction }))
    .max(4)
    .default([{ within: 2, credit: 0.5 }]),
  unit: text(40).default(''),
});

const direction = choice(['min', 'max']);

const designQuestion = z.strictObject({
  ...common,
  kind: z.literal('design'),
  prompt: text(2000).min(1, { error: 'a design task needs a prompt' }),
  /** The free parameters the student sets (a subset of `free`). */
  params: z.array(paramPath).min(1).max(8),
  overrides,
  goal: z
    .strictObject({
      stat: statPath,
      op: choice(['<', '<=', '>', '>=']),
      value: z.number(),
    })
    .optional(),
  /**
   * Full marks only for the best configuration that meets the goal: the smallest (min) or largest
   * (max) value of a parameter — for a list of values, the earliest or latest in the list — or of
   * a statistic. A configuration that meets the goal but is not the best earns `partialCredit`.
   */
  optimise: z
    .union(
      [
        z.strictObject({ param: paramPath, direction }),
        z.strictObject({ stat: statPath, direction }),
      ],
      { error: 'expected { "param": path, "direction" } or { "stat": path, "direction" }' },
    )
    .optional(),
  partialCredit: fraction.default(0.5),
  unit: text(40).default(''),
});

const choiceQuestion = z.strictObject({
  ...common,
  kind: z.literal('choice'),
  prompt: text(2000).min(1, { error: 'a choice question needs a prompt' }),
  /** Without options the answer is free text (compared after normalisation). */
  options: z
    .array(z.strictObject({ value: z.string().min(1).max(200), label: text(300) }))
    .min(2)
    .max(12)
    .optional(),
  salt: z.string().min(8).max(64),
  /** sha256(salt + ':' + normalisedAnswer) of each accepted answer. */
  answerHashes: z.array(hex64).min(1).max(8),
});

export const questionSchema = z.discriminatedUnion(
  'kind',
  [predictionQuestion, measurementQuestion, designQuestion, choiceQuestion],
  {
    error: (iss) =>
      `expected a question with kind prediction, measurement, design or choice, got ${showValue(iss.input)}`,
  },
);

/** Further paths that take the same value (a message size both ends must agree on). */
const also = z.array(paramPath).max(16).default([]);

const freeParam = z.union(
  [
    z.strictObject({
      path: paramPath,
      also,
      label: text(120).default(''),
      values: z.array(scalar).min(1).max(64),
    }),
    z.strictObject({
      path: paramPath,
      also,
      label: text(120).default(''),
      min: z.number(),
      max: z.number(),
      step: z.number().positive().default(1),
    }),
  ],
  { error: 'expected { "path", "values": [...] } or { "path", "min", "max" }' },
);

/**
 * A random parameter: `path: [choices]` (a scenario path, or `questions.<id>.at` for a
 * prediction's cycle), or `name: { paths: [...], choices: [...] }` where every path takes the
 * chosen value (a destination node named in several places).
 */
const randomKey = z.string().regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/, {
  error: 'expected a dotted path or a name',
});
const choices = z.array(scalar).min(1).max(64);
const randomSpec = z.union(
  [choices, z.strictObject({ paths: z.array(paramPath).min(1).max(16), choices })],
  { error: 'expected [choices] or { "paths": [...], "choices": [...] }' },
);

export const assignmentSchema = z
  .strictObject({
    $schema: schemaRef,
    version: z.literal(ASSIGNMENT_VERSION),
    id: slug,
    /** Bumped by the author on each published change; submissions carry it. */
    revision: intIn(1, 100_000).default(1),
    title: text(120).min(1, { error: 'a title is required' }),
    topic: choice(TOPIC_NAMES),
    /** Safe text (the app's Markdown subset), shown to the student. */
    instructions: text(8000),
    learningGoals: z.array(text(300)).max(12).default([]),
    scenario: z.union(
      [
        z.strictObject({ builtin: slug, overrides }),
        z.strictObject({ inline: z.record(z.string(), z.unknown()), overrides }),
      ],
      {
        error: 'expected { "builtin": id, "overrides"? } or { "inline": {scenario}, "overrides"? }',
      },
    ),
    /** Parameters the student may not change in the app. */
    locked: z.array(paramPath).max(64).default([]),
    /** Parameters the student may change, with their allowed values. */
    free: z.array(freeParam).max(32).default([]),
    hiddenPanels: z.array(choice(VIEW_NAMES)).max(VIEW_NAMES.length).default([]),
    /**
     * Show the scenario's own summary, learning goals and walkthrough notes. Off by default: a
     * lecture's text may state what the questions ask for (E4's "about 6, 4.5, 3.5 and 2.5").
     */
    scenarioNotes: z.boolean().default(false),
    /** Per-student values: path → choices; each student gets one choice per path. */
    randomise: z.record(randomKey, randomSpec).default({}),
    questions: z.array(questionSchema).min(1).max(40),
  })
  .superRefine((a, ctx) => {
    const issue = (path: (string | number)[], message: string, asg: TeachingIssueCode = 'ASG009') =>
      ctx.addIssue({ code: 'custom', path, message, params: { asg } });
    const under = (path: string, prefix: string) =>
      path === prefix || path.startsWith(`${prefix}.`) || prefix.startsWith(`${path}.`);
    const ids = new Map<string, number>();
    a.questions.forEach((q, i) => {
      if (ids.has(q.id))
        issue(
          ['questions', i, 'id'],
          `question id "${q.id}" is already used by question ${ids.get(q.id)}`,
        );
      ids.set(q.id, i);
    });
    const freePaths = new Map<string, number>();
    a.free.forEach((f, i) => {
      if (freePaths.has(f.path)) issue(['free', i, 'path'], `${f.path} is listed twice`);
      freePaths.set(f.path, i);
      const locked = a.locked.find((l) => under(f.path, l));
      if (locked) issue(['free', i, 'path'], `${f.path} cannot be free: ${locked} is locked`);
      if ('min' in f) {
        if (f.min > f.max) issue(['free', i, 'max'], `max (${f.max}) is below min (${f.min})`);
        else if ((f.max - f.min) / f.step > 1000)
          issue(['free', i, 'step'], 'more than 1000 values: use a larger step');
      }
    });
    const randomPaths = randomisedPaths(a);
    for (const [key, spec] of Object.entries(a.randomise)) {
      const list = Array.isArray(spec) ? spec : spec.choices;
      const m = /^questions\.([A-Za-z0-9_-]+)\.at$/.exec(key);
      if (m && Array.isArray(spec)) {
        const q = a.questions.find((x) => x.id === m[1]);
        if (!q || q.kind !== 'prediction')
          issue(['randomise', key], `no prediction question "${m[1]}" to give a random cycle to`);
        else
          list.forEach((v, j) => {
            if (!Number.isInteger(v) || (v as number) < 0)
              issue(
                ['randomise', key, j],
                `expected a cycle (integer ≥ 0), got ${showValue(v)}`,
                'ASG003',
              );
          });
        continue;
      }
      if (Array.isArray(spec) && key.startsWith('questions.'))
        issue(['randomise', key], 'only questions.<id>.at can be randomised among question fields');
      if (Array.isArray(spec) && !paramPath.safeParse(key).success)
        issue(
          ['randomise', key],
          `expected a scenario path like workload.messages.bytes, got ${showValue(key)}`,
        );
    }
    a.free.forEach((f, i) =>
      [f.path, ...f.also].forEach((path) => {
        const clash = randomPaths.find((r) => under(path, r));
        if (clash)
          issue(['free', i, 'path'], `${path} cannot be both free and randomised (${clash})`);
      }),
    );
    a.questions.forEach((q, i) => {
      if (q.kind === 'measurement' && q.compare && !q.baseline)
        issue(['questions', i, 'compare'], 'a comparison needs a baseline run');
      if (q.kind === 'choice' && q.options) {
        const seen = new Set<string>();
        q.options.forEach((o, j) => {
          if (seen.has(o.value))
            issue(['questions', i, 'options', j, 'value'], `"${o.value}" is listed twice`);
          seen.add(o.value);
        });
      }
      if (q.kind !== 'design') return;
      if (!q.goal && !q.optimise)
        issue(['questions', i], 'a design task needs a goal, something to optimise, or both');
      let configurations = 1;
      q.params.forEach((p, j) => {
        const f = freePaths.get(p);
        if (f === undefined) issue(['questions', i, 'params', j], `${p} is not a free parameter`);
        else {
          const spec = a.free[f]!;
          configurations *=
            'values' in spec
              ? spec.values.length
              : Math.floor((spec.max - spec.min) / spec.step) + 1;
        }
      });
      if (configurations > 256)
        issue(
          ['questions', i, 'params'],
          `${configurations} configurations: at most 256 can be checked (narrow the free values)`,
        );
      if (q.optimise && 'param' in q.optimise && !q.params.includes(q.optimise.param))
        issue(
          ['questions', i, 'optimise', 'param'],
          `${q.optimise.param} is not one of this task's params`,
        );
    });
  });

export type AssignmentDoc = z.output<typeof assignmentSchema>;
export type Question = AssignmentDoc['questions'][number];
export type QuestionKind = Question['kind'];
export type PredictionQuestionSpec = Extract<Question, { kind: 'prediction' }>;
export type MeasurementQuestion = Extract<Question, { kind: 'measurement' }>;
export type DesignQuestion = Extract<Question, { kind: 'design' }>;
export type ChoiceQuestion = Extract<Question, { kind: 'choice' }>;
export type FreeParam = AssignmentDoc['free'][number];

/** A parsed assignment, with its digest and its scenario document resolved. */
export interface Assignment extends AssignmentDoc {
  /** SHA-256 of the file's canonical JSON (see hashing.ts): submissions carry it. */
  digest: string;
  /** The scenario document with the assignment's overrides applied (before personalisation). */
  base: unknown;
}

/** Finds a built-in scenario's document by id (scenarios/index.ts `findBuiltin(id)?.doc`). */
export type BuiltinLookup = (id: string) => unknown;

/** Every scenario path a personalisation sets (not the `questions.*` cycles). */
export function randomisedPaths(a: Pick<AssignmentDoc, 'randomise'>): string[] {
  return Object.entries(a.randomise).flatMap(([key, spec]) =>
    Array.isArray(spec) ? (key.startsWith('questions.') ? [] : [key]) : spec.paths,
  );
}

/** The choices of a random parameter. */
export const randomChoices = (spec: AssignmentDoc['randomise'][string]): Scalar[] =>
  Array.isArray(spec) ? spec : spec.choices;

/** The overrides a design configuration (free path → value) makes, `also` paths included. */
export function freeOverrides(
  a: Pick<AssignmentDoc, 'free'>,
  config: Record<string, unknown>,
): Override[] {
  return Object.entries(config).flatMap(([path, value]) => {
    const spec = a.free.find((f) => f.path === path);
    return [path, ...(spec?.also ?? [])].map((p) => ({ path: p, value }));
  });
}

/** The overrides of one random choice. */
export function randomOverrides(
  key: string,
  spec: AssignmentDoc['randomise'][string],
  value: unknown,
): Override[] {
  if (Array.isArray(spec)) return key.startsWith('questions.') ? [] : [{ path: key, value }];
  return spec.paths.map((path) => ({ path, value }));
}

export const toOverrides = (record: Record<string, unknown>): Override[] =>
  Object.entries(record).map(([path, value]) => ({ path, value }));

/** The values a free parameter allows, in its order (a range from min to max by step). */
export function freeValues(spec: FreeParam): Scalar[] {
  if ('values' in spec) return spec.values;
  const out: number[] = [];
  for (let i = 0; ; i++) {
    const v = Math.round((spec.min + i * spec.step) * 1e9) / 1e9;
    if (v > spec.max + 1e-9 || i > 1000) break;
    out.push(v);
  }
  return out;
}

/** Applies overrides and validates; scenario problems come back as one ASG008 issue each. */
export function checkScenario(
  doc: unknown,
  overrides: readonly Override[],
  path: string,
): TeachingIssue[] {
  const applied = applyOverrides(doc, overrides);
  if (!applied.ok) return [{ code: 'ASG008', path, message: formatIssue(applied.error) }];
  const parsed = parseScenario(applied.value);
  if (parsed.ok) return [];
  return parsed.error.map((i) => ({ code: 'ASG008', path, message: formatIssue(i) }));
}

/**
 * Parses and checks an assignment file (text or parsed JSON). `builtins` resolves a built-in
 * scenario id. Never throws.
 */
export function parseAssignment(
  input: unknown,
  builtins: BuiltinLookup,
): { ok: true; value: Assignment } | { ok: false; error: TeachingIssue[] } {
  const read = readVersionedTeachingDoc(
    input,
    ASSIGNMENT_BOUNDS,
    { syntax: 'ASG001', object: 'ASG004', version: 'ASG002', limit: 'ASG010' },
    'assignment',
    ASSIGNMENT_VERSION,
  );
  if (!read.ok) return read;
  const doc = read.value;
  const parsed = assignmentSchema.safeParse(doc, { reportInput: true });
  if (!parsed.success) return { ok: false, error: zodToIssues(parsed.error.issues, 'ASG') };
  const a = parsed.data;

  // The scenario, then every way it can be changed, must load.
  let baseDoc: unknown;
  if ('builtin' in a.scenario) {
    baseDoc = builtins(a.scenario.builtin);
    if (baseDoc === undefined)
      return {
        ok: false,
        error: [
          {
            code: 'ASG008',
            path: 'scenario.builtin',
            message: `there is no built-in scenario "${a.scenario.builtin}"`,
          },
        ],
      };
  } else baseDoc = a.scenario.inline;
  const issues = checkScenario(baseDoc, toOverrides(a.scenario.overrides), 'scenario');
  if (issues.length) return { ok: false, error: issues };
  const base = applyOverrides(baseDoc, toOverrides(a.scenario.overrides));
  if (!base.ok)
    return {
      ok: false,
      error: [{ code: 'ASG008', path: 'scenario', message: formatIssue(base.error) }],
    };

  const firstChoices: Override[] = [];
  for (const [key, spec] of Object.entries(a.randomise)) {
    const list = randomChoices(spec);
    list.forEach((value, j) =>
      issues.push(
        ...checkScenario(base.value, randomOverrides(key, spec, value), `randomise.${key}.${j}`),
      ),
    );
    firstChoices.push(...randomOverrides(key, spec, list[0]));
  }
  a.free.forEach((f, i) => {
    const values = 'values' in f ? f.values : [f.min, f.max];
    values.forEach((value) =>
      issues.push(
        ...checkScenario(
          base.value,
          [...firstChoices, ...freeOverrides(a, { [f.path]: value })],
          `free.${i}`,
        ),
      ),
    );
  });
  a.questions.forEach((q, i) => {
    if (q.kind === 'choice') return;
    issues.push(
      ...checkScenario(
        base.value,
        [...firstChoices, ...toOverrides(q.overrides)],
        `questions.${i}.overrides`,
      ),
    );
    if (q.kind === 'measurement' && q.baseline)
      issues.push(
        ...checkScenario(
          base.value,
          [...firstChoices, ...toOverrides(q.baseline.overrides)],
          `questions.${i}.baseline.overrides`,
        ),
      );
  });
  // One line per distinct problem (a bad override fails for every choice alike).
  const unique = [...new Map(issues.map((x) => [`${x.path} ${x.message}`, x])).values()];
  if (unique.length) return { ok: false, error: unique };
  return { ok: true, value: { ...a, digest: assignmentDigest(doc), base: base.value } };
}

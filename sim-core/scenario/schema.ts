/**
 * The scenario format, version 1, as one zod schema: the single source of the TypeScript types,
 * the defaults, the validation, and scenarios/scenario.schema.json (npm run gen:schema). The
 * identity and teaching text are the format's own; `system` and `workload` are the union of what
 * the models bring (each model's folder declares its part, models.ts lists them). Messages are
 * written for people: `expected integer 1..16, got 40`.
 */
import { z } from 'zod';
import { ownScenario, type IssueSink, type ModelTypes, type ScenarioOf } from '../model';
import { ALL_MODELS, moduleOf, type AnyModelTypes, type SomeModel } from '../models';
import { address, choice, intIn, listText, schemaRef, text, wordValue } from './fields';
import { PREDICTION_KIND_NAMES, TOPIC_NAMES, VIEW_NAMES } from './names';

export const SCENARIO_VERSION = 1;

export { VIEW_NAMES, DEFAULT_VIEWS, type ViewName } from './names';

type Branches = [z.ZodType, z.ZodType, ...z.ZodType[]];

const systems = ALL_MODELS.map((m) => m.schema.system) as unknown as Branches;
const workloads = ALL_MODELS.flatMap((m) => m.schema.workloads);

// Each model's branch carries its own types; the union is typed as the union of them.
const systemSchema = z.union(systems, {
  error: `expected ${listText(
    ALL_MODELS.map((m) => m.schema.systemHint),
    'or',
  )}`,
}) as unknown as z.ZodType<AnyModelTypes['system'], unknown>;

const workloadSchema = z.union(workloads.map((w) => w.schema) as unknown as Branches, {
  error: `expected ${listText(
    workloads.map((w) => w.hint),
    'or',
  )}`,
}) as unknown as z.ZodType<AnyModelTypes['workload'], unknown>;

const scenarioObject = z.strictObject({
  $schema: schemaRef,
  version: z.literal(SCENARIO_VERSION),
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, {
    error: 'expected lower-case letters, digits and dashes (at most 64)',
  }),
  title: text(120).min(1, { error: 'a title is required' }),
  topic: choice(TOPIC_NAMES).default(TOPIC_NAMES[0]),
  summary: text(1000).default(''),
  learningGoals: z.array(text(300)).max(12).default([]),
  walkthrough: z
    .array(
      z.strictObject({
        cycle: intIn(0, 10_000_000),
        title: text(120).default(''),
        note: text(2000),
        /** Optional: the step goes to the first event of this kind at or after `cycle`. */
        event: z
          .string()
          .regex(/^[a-z]+(?:\.[a-z]+)+$/, {
            error: 'expected an event kind such as "bus.grant" or "net.deliver"',
          })
          .max(40)
          .optional(),
        /**
         * Optional: a predict-then-see checkpoint. Playback stops at this step and the student
         * predicts the next step of one of these kinds ([] = any kind the model has).
         */
        predict: z
          .array(choice(PREDICTION_KIND_NAMES))
          .max(PREDICTION_KIND_NAMES.length)
          .optional(),
      }),
    )
    .max(60)
    .default([]),
  seed: intIn(0, 0xffffffff).default(1),
  system: systemSchema,
  workload: workloadSchema,
  memory: z
    .array(z.strictObject({ addr: address, value: wordValue }))
    .max(4096)
    .default([]),
  /** Panels to open; when absent, the model's defaults (DEFAULT_VIEWS). */
  views: z.array(choice(VIEW_NAMES)).max(VIEW_NAMES.length).optional(),
  /** The node the one-node panels open on (the coherent-NI queue and registers, the Cranium NI). */
  focusNode: intIn(0, 1023).optional(),
  limits: z.strictObject({ maxCycles: intIn(1, 2_000_000).default(20_000) }).prefault({}),
  checks: z
    .strictObject({
      invariants: z.boolean().default(true),
      /** Network: report a stall when no phit has moved for this many cycles. */
      stallWatchdog: intIn(10, 1_000_000).default(1000),
    })
    .prefault({}),
});

type ScenarioShape = z.output<typeof scenarioObject>;

/**
 * Cross-field checks: the workload is one the system's model runs (one mistake gives one
 * message), `focusNode` names a node a one-node panel can show, then the model's own checks.
 */
function checkAcrossFields(sc: ScenarioShape, issue: IssueSink): void {
  const system = moduleOf(sc.system.kind);
  const owner = ALL_MODELS.find((m) => m.schema.ownsWorkload(sc.workload));
  if (owner !== system) {
    // A model with workloads of its own names them when another system is given one of them.
    const foreign =
      system.schema.foreignWorkload === undefined ? owner?.schema.foreignWorkload : undefined;
    issue(['workload'], foreign ?? system.schema.wrongWorkload, 'SCN008');
    return;
  }
  const scenario = ownScenario(sc);
  if (sc.focusNode !== undefined) checkFocusNode(system, scenario, sc.focusNode, issue);
  system.schema.check(scenario, issue);
}

function checkFocusNode(
  system: SomeModel,
  scenario: ScenarioOf<ModelTypes>,
  node: number,
  issue: IssueSink,
): void {
  const panel = system.schema.focusPanel;
  if (panel) {
    const why = panel.check(scenario, node);
    if (why) issue(['focusNode'], why);
    return;
  }
  const panels = ALL_MODELS.flatMap((m) => (m.schema.focusPanel ? [m.schema.focusPanel.name] : []));
  issue(
    ['focusNode'],
    `only the ${listText(panels, 'and')} panels show one node; remove focusNode`,
  );
}

/**
 * The cross-field checks run only on a scenario whose every field is valid: zod runs a refinement
 * after non-aborting issues too, and a check that trusts `system.nodes` (an out-of-range 1e308)
 * would build an array of that length.
 */
export const scenarioSchema = scenarioObject.superRefine(
  (sc, ctx) =>
    checkAcrossFields(sc, (path, message, code = 'SCN003') =>
      ctx.addIssue({ code: 'custom', path, message, params: { scn: code } }),
    ),
  { when: (payload) => payload.issues.length === 0 },
);

export type Scenario = z.output<typeof scenarioSchema>;
export type ScenarioInput = z.input<typeof scenarioSchema>;

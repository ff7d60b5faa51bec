/**
 * npm run gen:schema: writes the JSON Schemas of NI Lab's three file formats from sim-core's zod
 * schemas, for editors that complete and check the files (the built-in files point at them with
 * `"$schema"`, and .vscode/settings.json maps them by folder):
 *
 *   scenarios/scenario.schema.json     scenario files (sim-core/scenario/schema.ts)
 *   scenarios/assignment.schema.json   assignment files (sim-core/teaching/assignment-schema.ts)
 *   scenarios/submission.schema.json   students' submissions (sim-core/teaching/submission-schema.ts)
 *
 * tests/unit/schema-file.test.ts fails when a committed file is stale.
 *
 * Each schema describes the *input* (io: 'input'): addresses may be hex strings, and fields
 * with defaults are optional. The output side has transforms, which JSON Schema cannot express.
 * Not expressed either: the cross-field checks of the superRefines (one program per processor,
 * a power-of-two number of sets, word-aligned addresses; an assignment's free, locked and
 * randomised parameters), and defaults of fields whose schema transforms (zod drops them in
 * input mode, e.g. random.base). The simulator and the grader still check all.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SCENARIO_VERSION, scenarioSchema } from '../sim-core/index';
import { ASSIGNMENT_VERSION, assignmentSchema } from '../sim-core/teaching/assignment-schema';
import { SUBMISSION_VERSION, submissionSchema } from '../sim-core/teaching/submission-schema';
import { runTool } from './cli';

const fileOf = (name: string) =>
  fileURLToPath(new URL(`../scenarios/${name}.schema.json`, import.meta.url));

interface SchemaFile {
  file: string;
  schema: z.ZodType;
  id: string;
  title: string;
  description: string;
}

export const SCHEMA_FILES: readonly SchemaFile[] = [
  {
    file: fileOf('scenario'),
    schema: scenarioSchema,
    id: `urn:ni-lab:scenario:v${SCENARIO_VERSION}`,
    title: `NI Lab scenario (format version ${SCENARIO_VERSION})`,
    description:
      'A lecture scenario for NI Lab. Generated from sim-core/scenario/schema.ts by npm run gen:schema; see docs/scenario-format.md.',
  },
  {
    file: fileOf('assignment'),
    schema: assignmentSchema,
    id: `urn:ni-lab:assignment:v${ASSIGNMENT_VERSION}`,
    title: `NI Lab assignment (format version ${ASSIGNMENT_VERSION})`,
    description:
      'An assignment for NI Lab: a scenario, free and locked parameters, per-student values and questions. Generated from sim-core/teaching/assignment-schema.ts by npm run gen:schema; see docs/teaching/README.md.',
  },
  {
    file: fileOf('submission'),
    schema: submissionSchema,
    id: `urn:ni-lab:submission:v${SUBMISSION_VERSION}`,
    title: `NI Lab submission (format version ${SUBMISSION_VERSION})`,
    description:
      "A student's answers to an NI Lab assignment, as the app exports them. Generated from sim-core/teaching/submission-schema.ts by npm run gen:schema; see docs/teaching/README.md.",
  },
];

/** A schema file's text, exactly as committed. */
export function jsonSchemaText(spec: SchemaFile): string {
  const { $schema, ...rest } = z.toJSONSchema(spec.schema, {
    io: 'input',
    unrepresentable: 'any',
  });
  const schema = {
    $schema,
    $id: spec.id,
    title: spec.title,
    description: spec.description,
    ...rest,
  };
  return `${JSON.stringify(schema, null, 2)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runTool(
    {
      name: 'gen:schema',
      summary:
        'Writes scenarios/scenario.schema.json, assignment.schema.json and submission.schema.json from the zod schemas.',
      usage: [''],
      options: [],
      exitCodes: [
        [0, 'the schema files were written'],
        [2, 'the command line is wrong (CLI001)'],
      ],
    },
    process.argv.slice(2),
    (_args, io) => {
      for (const spec of SCHEMA_FILES) {
        writeFileSync(spec.file, jsonSchemaText(spec));
        io.out(`wrote ${spec.file}`);
      }
      return 0;
    },
  );
}

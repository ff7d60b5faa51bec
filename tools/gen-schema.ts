/**
 * npm run gen:schema: writes scenarios/scenario.schema.json from sim-core's zod schema, for
 * editors that complete and check scenario files. tests/unit/schema-file.test.ts fails when the
 * committed file is stale.
 *
 * The JSON Schema describes the *input* (io: 'input'): addresses may be hex strings, and fields
 * with defaults are optional. The output side has transforms, which JSON Schema cannot express.
 * Not expressed either: the cross-field checks of the superRefine (one program per processor,
 * a power-of-two number of sets, word-aligned addresses), and defaults of fields whose schema
 * transforms (zod drops them in input mode, e.g. random.base). parseScenario still checks all.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SCENARIO_VERSION, scenarioSchema } from '../sim-core/index';

export const SCHEMA_FILE = fileURLToPath(
  new URL('../scenarios/scenario.schema.json', import.meta.url),
);

/** The schema file's text, exactly as committed. */
export function scenarioJsonSchemaText(): string {
  const { $schema, ...rest } = z.toJSONSchema(scenarioSchema, {
    io: 'input',
    unrepresentable: 'any',
  });
  const schema = {
    $schema,
    $id: `urn:ni-lab:scenario:v${SCENARIO_VERSION}`,
    title: `NI Lab scenario (format version ${SCENARIO_VERSION})`,
    description:
      'A lecture scenario for NI Lab. Generated from sim-core/scenario/schema.ts by npm run gen:schema; see docs/scenario-format.md.',
    ...rest,
  };
  return `${JSON.stringify(schema, null, 2)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(SCHEMA_FILE, scenarioJsonSchemaText());
  console.log(`wrote ${SCHEMA_FILE}`);
}

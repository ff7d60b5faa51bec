/** The committed scenarios/scenario.schema.json must be what npm run gen:schema writes now. */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { SCHEMA_FILE, scenarioJsonSchemaText } from '../../tools/gen-schema';

it('scenarios/scenario.schema.json is up to date with sim-core/scenario/schema.ts', () => {
  expect(readFileSync(SCHEMA_FILE, 'utf8'), 'stale: run npm run gen:schema').toBe(
    scenarioJsonSchemaText(),
  );
});

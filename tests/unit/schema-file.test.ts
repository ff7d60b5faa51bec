/**
 * The committed JSON Schemas (scenarios/*.schema.json) must be what npm run gen:schema writes now,
 * and every built-in file must point its editor at its schema with "$schema".
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { expect, it } from 'vitest';
import { SCHEMA_FILES, jsonSchemaText } from '../../tools/gen-schema';
import { builtinScenarios } from '../../scenarios/index';
import { builtinAssignments } from '../../scenarios/assignments/index';

it.each(SCHEMA_FILES.map((s) => [basename(s.file), s] as const))(
  'scenarios/%s is up to date with its zod schema',
  (_name, spec) => {
    expect(readFileSync(spec.file, 'utf8'), 'stale: run npm run gen:schema').toBe(
      jsonSchemaText(spec),
    );
  },
);

it('every built-in scenario and assignment names its JSON Schema', () => {
  for (const s of builtinScenarios)
    expect((s.doc as { $schema?: string }).$schema, s.id).toBe('../scenario.schema.json');
  for (const a of builtinAssignments)
    expect((a.doc as { $schema?: string }).$schema, a.id).toBe('../assignment.schema.json');
});

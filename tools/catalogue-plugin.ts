/**
 * The page's catalogue of built-in files, made at build time (a Vite plugin): the virtual module
 * `virtual:ni-lab/catalogue` holds every lecture scenario's catalogue entry (id, title, topic,
 * summary, learning goals, step count: src/lecture/catalogue.ts), its model and panels, and every
 * assignment's id and title, in the order of scenarios/index.ts and scenarios/assignments/index.ts, but none of the
 * bodies: the worker has the scenarios, and the teaching engine loads the files when an
 * assignment opens. The lists are loaded with tsx when the module is built (so the Vite config
 * itself imports no JSON and no sim-core); each file is read afresh, and watched by the dev server.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import type * as Catalogue from '../src/lecture/catalogue.ts';

const MODULE = 'virtual:ni-lab/catalogue';
const RESOLVED = `\0${MODULE}`;

const here = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

interface Builtin {
  id: string;
  file: string;
}

export function cataloguePlugin(): Plugin {
  return {
    name: 'ni-lab:catalogue',
    resolveId: (id) => (id === MODULE ? RESOLVED : null),
    async load(id) {
      if (id !== RESOLVED) return null;
      const [scenarioList, assignmentList, catalogue] = await Promise.all([
        tsImport('../scenarios/index.ts', import.meta.url) as Promise<{
          builtinScenarios: Builtin[];
          DEFAULT_SCENARIO_ID: string;
        }>,
        tsImport('../scenarios/assignments/index.ts', import.meta.url) as Promise<{
          builtinAssignments: Builtin[];
        }>,
        tsImport('../src/lecture/catalogue.ts', import.meta.url) as Promise<typeof Catalogue>,
      ]);
      const read = (file: string): unknown => {
        const path = here(`scenarios/${file}`);
        this.addWatchFile(path);
        return JSON.parse(readFileSync(path, 'utf8'));
      };
      const docs = scenarioList.builtinScenarios.map(({ id, file }) => ({ id, doc: read(file) }));
      const scenarios = docs.map(({ id, doc }) => catalogue.catalogueEntry(id, doc));
      // Which model each runs and the panels it names: the page fetches their code at start-up,
      // beside the worker, for the scenario it opens.
      const panels = Object.fromEntries(
        docs.map(({ id, doc }) => {
          const { system, views } = doc as { system?: { kind?: unknown }; views?: unknown };
          const model = typeof system?.kind === 'string' ? system.kind : 'bus';
          return [id, { model, views: Array.isArray(views) ? views : null }];
        }),
      );
      const assignments = assignmentList.builtinAssignments.map(({ id, file }) => {
        const title = (read(`assignments/${file}`) as { title?: unknown }).title;
        return { id, title: typeof title === 'string' ? title : '(untitled)' };
      });
      return [
        `export const SCENARIO_CATALOGUE = ${JSON.stringify(scenarios)};`,
        `export const SCENARIO_PANELS = ${JSON.stringify(panels)};`,
        `export const ASSIGNMENT_CATALOGUE = ${JSON.stringify(assignments)};`,
        `export const DEFAULT_SCENARIO_ID = ${JSON.stringify(scenarioList.DEFAULT_SCENARIO_ID)};`,
      ].join('\n');
    },
  };
}

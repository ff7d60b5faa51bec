/** The page's catalogue of built-in files, made at build time (tools/catalogue-plugin.ts). */
declare module 'virtual:ni-lab/catalogue' {
  import type { CatalogueEntry } from './lecture/catalogue';

  /** Every lecture scenario, in the teaching order of scenarios/index.ts. */
  export const SCENARIO_CATALOGUE: readonly CatalogueEntry[];
  /** Each scenario's model and the panels it names (null: its model's defaults), by id. */
  export const SCENARIO_PANELS: Readonly<
    Record<string, { model: string; views: readonly string[] | null }>
  >;
  /** Every built-in assignment, in course order. */
  export const ASSIGNMENT_CATALOGUE: readonly { id: string; title: string }[];
  /** The scenario the app opens without a link. */
  export const DEFAULT_SCENARIO_ID: string;
}

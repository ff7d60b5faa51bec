/**
 * What a model brings to the page beside its sim-core module: its own panels, the header's menus
 * for its settings, its statistics, its sweeps, what compare mode can switch, and how its torus
 * packets are followed. One table per model, listed once in src/models/index.ts; the shared
 * panels and the shell read these tables (and the module's capabilities), never a model's name.
 */
import type { ComponentType } from 'react';
import type { ModelTypes, ScenarioOf } from '../../sim-core/model';
import type { ChoiceGroup } from '../compare/choice-group';
import type { Selection } from '../state/store';
import type { StatLabels } from '../views/stats/stat-labels';
import type { PacketTrail } from '../views/torus/selection';
import type { LoadSpec } from '../worker/sim-api';

export interface ViewEntry {
  title: string;
  /** Grid area: where the panel sits in the layout. */
  area: 'left' | 'centre' | 'right' | 'bottom';
  Component: ComponentType;
  /**
   * The model's moving picture, redrawn at every picture while playing; the other panels (words
   * and numbers) are refreshed at a reading pace meanwhile (state/paced.tsx).
   */
  live?: true;
}

export interface ModelUi<T extends ModelTypes> {
  kind: T['kind'];
  /** The model as a student knows it, at the head of the scenario's machine line. */
  label: string;
  /** The model's own panels, by the names its module lists in `views`. */
  views: Readonly<Record<string, ViewEntry>>;
  /** The header's menus for this model's settings. */
  Menus: ComponentType<{ spec: LoadSpec; scenario: ScenarioOf<T> }>;
  /** The statistics panel's tables. */
  Stats: ComponentType<{ stats: T['stats'] }>;
  /** Every path of its statistics in words (where they are listed by name: compare mode). */
  statLabels: StatLabels;
  /** The charts panel: the model's sweeps, and the store slot their points are kept in. */
  charts?: { Panel: ComponentType; sweep: string };
  /** What configuration B can change in compare mode, each as the overrides it stands for. */
  compareChoices(scenario: ScenarioOf<T>): ChoiceGroup[];
  /** For a model whose torus carries packets of its own kind (the Cranium NI's). */
  torusPackets?: {
    /** The torus packet a selection of the model's own follows, if any. */
    followed(selection: Selection, frame: T['frame']): number | null;
    /** A selected packet's whole path once delivered, from the frame (not the event log). */
    trail(selection: Selection, frame: T['frame']): PacketTrail | null;
  };
}

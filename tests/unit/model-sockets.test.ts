/**
 * Models are plug-ins (docs/architecture.md, "Adding a model"): outside a model's own folders no
 * file asks which model runs, every model brings everything the app reads from it, and no
 * sim-core file grows past 700 lines.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALL_FACES, ALL_MODELS, FACES, MODELS, VIEW_NAMES } from '../../sim-core/index';
import { MODEL_UIS } from '../../src/models/index';
import { viewRegistry } from '../../src/views/registry';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const KINDS = MODELS.map((m) => m.kind);

/** The folders a list file's imports point into: `./ni/cni/module` → `sim-core/ni/cni/`. */
function foldersImportedBy(listFile: string, moduleName: string): string[] {
  const text = readFileSync(join(ROOT, listFile), 'utf8');
  const base = listFile.slice(0, listFile.lastIndexOf('/') + 1);
  const pattern = new RegExp(`from '\\./(.+)/${moduleName}'`, 'g');
  return [...text.matchAll(pattern)].map((m) => `${base}${m[1]}/`);
}

/** Each model's folders: its sim-core folder (the module's) and its page's (src/models/<kind>/). */
const MODEL_FOLDERS = [
  ...foldersImportedBy('sim-core/models.ts', 'module'),
  ...foldersImportedBy('src/models/index.ts', 'ui'),
];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Comparisons against a model's name: `=== 'cni'`, `'cni' !==`, `case 'cni':`, `.includes('cni')`. */
function comparisons(text: string, kinds: readonly string[]): string[] {
  const patterns = kinds.flatMap((kind) => {
    const q = `(['"\`])${kind}\\1`;
    return [
      new RegExp(`[=!]==?\\s*${q}`),
      new RegExp(`${q}\\s*[=!]==?`),
      new RegExp(`case\\s+${q}\\s*:`),
      new RegExp(`\\.includes\\(\\s*${q}\\s*\\)`),
    ];
  });
  return text
    .split('\n')
    .flatMap((line, i) => (patterns.some((p) => p.test(line)) ? [`${i + 1}: ${line.trim()}`] : []));
}

describe('models are plug-ins', () => {
  it('finds the model folders from the two lists', () => {
    expect([...MODEL_FOLDERS].sort()).toEqual([
      'sim-core/bench/',
      'sim-core/bus/',
      'sim-core/network/',
      'sim-core/ni/cni/',
      'sim-core/ni/cranium/',
      'sim-core/ni/edt/',
      'sim-core/ni/flash/',
      'sim-core/ni/fugu/',
      'src/models/bench/',
      'src/models/bus/',
      'src/models/cni/',
      'src/models/cranium/',
      'src/models/edt/',
      'src/models/flash/',
      'src/models/fugu/',
      'src/models/network/',
    ]);
  });

  it('the check sees a comparison against a model name, and not other words', () => {
    expect(comparisons(`if (meta.model === 'cni') return;`, KINDS)).toHaveLength(1);
    expect(comparisons(`if ('cranium' !== frame.model) return;`, KINDS)).toHaveLength(1);
    expect(comparisons(`switch (k) { case "bus": break; }`, KINDS)).toHaveLength(1);
    expect(comparisons('const on = [`network`].includes(`network`);', KINDS)).toHaveLength(1);
    expect(comparisons(`if (kind === 'networks' || name === 'busy') return;`, KINDS)).toEqual([]);
    expect(comparisons(`const part = 'network';`, KINDS)).toEqual([]);
  });

  it('no file outside a model’s own folders compares against a model’s name', () => {
    const files = ['sim-core', 'src', 'tools']
      .flatMap(sourceFiles)
      .filter((f) => !MODEL_FOLDERS.some((folder) => f.startsWith(folder)));
    expect(files.length).toBeGreaterThan(100);
    const offences = files.flatMap((f) =>
      comparisons(readFileSync(join(ROOT, f), 'utf8'), KINDS).map(
        (line) => `${relative(ROOT, join(ROOT, f))}:${line}`,
      ),
    );
    expect(offences).toEqual([]);
  });

  it('every model has its face in faces.ts, in the same order, and its module carries that face', () => {
    expect(FACES.map((f) => f.kind)).toEqual(KINDS);
    ALL_MODELS.forEach((module, i) => {
      const face = ALL_FACES[i]!;
      for (const [field, value] of Object.entries(face)) {
        if (field === 'capabilities') continue;
        expect(module[field as keyof typeof module], `${face.kind}.${field}`).toBe(value);
      }
      for (const [name, capability] of Object.entries(face.capabilities))
        expect(
          module.capabilities[name as keyof typeof module.capabilities],
          `${face.kind}.capabilities.${name}`,
        ).toBe(capability);
    });
  });

  it('every model has a page table of the same kind, in the same order', () => {
    expect(MODEL_UIS.map((ui) => ui.kind)).toEqual(KINDS);
  });

  it('every panel a model lists has an entry, and every entry is some model’s', () => {
    const listed = new Set(ALL_MODELS.flatMap((m) => m.views));
    expect([...listed].filter((name) => !(name in viewRegistry))).toEqual([]);
    expect(Object.keys(viewRegistry).filter((name) => !listed.has(name))).toEqual([]);
    expect([...VIEW_NAMES].sort()).toEqual([...listed].sort());
    for (const m of ALL_MODELS)
      expect(
        m.defaultViews.filter((v) => !m.views.includes(v)),
        m.kind,
      ).toEqual([]);
  });

  it('every model’s prediction kinds and topics have names no other model uses differently', () => {
    const kinds = new Map<string, string>();
    for (const m of ALL_MODELS)
      for (const p of m.predictions) {
        const title = kinds.get(p.name);
        if (title !== undefined) expect(p.title, p.name).toBe(title);
        kinds.set(p.name, p.title);
      }
    const topics = ALL_MODELS.flatMap((m) => m.topics.map((t) => t.name));
    expect(new Set(topics).size).toBe(topics.length);
  });
});

describe('sim-core files', () => {
  it('are at most 700 lines long (one concept each)', () => {
    const long = sourceFiles('sim-core')
      .map((f) => ({ f, lines: readFileSync(join(ROOT, f), 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > 700)
      .map(({ f, lines }) => `${f}: ${lines}`);
    expect(long).toEqual([]);
  });
});

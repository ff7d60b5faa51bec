/**
 * The top bar: choose a lecture scenario, switch the model's settings on the same workload (its
 * page table's menus), open or save a scenario file, and copy the share link of the exact state.
 */
import { useRef, useState, useSyncExternalStore } from 'react';
import { SCENARIO_CATALOGUE } from 'virtual:ni-lab/catalogue';
import { ownScenario, TOPICS, type Scenario } from '../../sim-core/index';
import { MAX_FILE_BYTES } from '../../sim-core/scenario/limits';
import { readScenarioText } from '../../sim-core/scenario/read-text';
import { actions, useApp } from '../state/store';
import { CompareButton } from '../compare/CompareButton';
import { copyShareLink } from '../export/share';
import { lecture } from '../lecture/lecture-store';
import { uiOf } from '../models/index';
import type { LoadSpec } from '../worker/sim-api';
import { AssignmentMenu } from '../teaching/AssignmentMenu';
import { assignmentActions, useAssignment } from '../teaching/assignment-store';

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

export function Header() {
  const spec = useApp((s) => s.spec);
  const scenario = useApp((s) => s.scenario);
  const fileInput = useRef<HTMLInputElement>(null);
  const [shareNote, setShareNote] = useState('');
  const inAssignment = useAssignment((s) => s.assignment !== null && s.student !== null);

  const builtinId = spec?.kind === 'builtin' ? spec.id : '';

  const openFile = async (file: File) => {
    const context = `Opening ${file.name}`;
    // Measured before it is read, parsed or sent to the worker: limits first, then JSON.
    const read =
      file.size > MAX_FILE_BYTES
        ? ({
            ok: false,
            error: [
              {
                code: 'SCN011',
                path: '',
                message: `too large: the file is ${(file.size / 1024 / 1024).toFixed(1)} MiB, at most ${MAX_FILE_BYTES / 1024 / 1024} MiB`,
              },
            ],
          } as const)
        : readScenarioText(await file.text());
    if (!read.ok) {
      actions.showProblem({ context, issues: [...read.error] });
      return;
    }
    const doc = read.value;
    // An assignment file (it has questions) opens the assignment page instead.
    if (doc !== null && typeof doc === 'object' && 'questions' in doc) {
      void assignmentActions.openFile(file);
      return;
    }
    if (await actions.load({ kind: 'document', doc }, { context })) actions.dismissProblem();
  };

  // The same link every panel's Export menu copies (in compare mode it carries B too).
  const share = async () => {
    setShareNote(await copyShareLink());
    window.setTimeout(() => setShareNote(''), 3000);
  };

  return (
    <header className="app-header">
      <h1>
        NI&nbsp;Lab <span className="tagline">how messages move through a parallel machine</span>
      </h1>
      <button
        onClick={() => lecture.openStart()}
        title="Every lecture scenario by topic, with its learning goals"
        data-testid="open-start"
      >
        Scenarios…
      </button>
      <label>
        Scenario
        <select
          value={builtinId}
          disabled={inAssignment}
          title={inAssignment ? 'Close the assignment to choose another scenario' : undefined}
          data-testid="scenario-select"
          onChange={(e) =>
            void actions.load(
              { kind: 'builtin', id: e.target.value, overrides: [] },
              { context: 'Opening the scenario' },
            )
          }
        >
          {builtinId === '' ? (
            <option value="">{scenario?.title ?? 'Your scenario'} (file)</option>
          ) : null}
          {TOPICS.map(({ name, heading }) => (
            <optgroup key={name} label={heading}>
              {SCENARIO_CATALOGUE.filter((s) => s.topic === name).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <div className="header-actions">
        <CompareButton />
        <button
          onClick={() => lecture.setPresent(true)}
          title="Presentation mode for a projector: large type, high contrast, no menus (f)"
          data-testid="present"
        >
          Present
        </button>
        <AssignmentMenu />
        <button onClick={() => fileInput.current?.click()}>Open file…</button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          hidden
          data-testid="file-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void openFile(file);
            e.target.value = '';
          }}
        />
        <button
          onClick={() =>
            scenario && download(`${scenario.id}.json`, JSON.stringify(scenario, null, 2))
          }
        >
          Save scenario
        </button>
        <button onClick={() => void share()} data-testid="share">
          Share link
        </button>
        <button
          onClick={() => actions.setHelp(true)}
          aria-label="Keyboard shortcuts and help"
          title="Help (?)"
        >
          ?
        </button>
        <span className="share-note" role="status">
          {shareNote}
        </span>
      </div>
      {/* The machine's settings on a row of their own under the scenario and the actions (two
          rows in all on a projector's 1280 px). */}
      <div className="header-machine">
        {spec && scenario ? <ModelMenus spec={spec} scenario={scenario} /> : null}
        <span
          className="seed"
          title="The seed fixes every random choice; it is part of the share link"
        >
          seed {scenario?.seed ?? '–'}
        </span>
      </div>
    </header>
  );
}

/**
 * The loaded model's menus for its settings (router, NI, bus, protocol, scheduler, …); in an
 * assignment, locked and personalised parameters keep their values (the menus are disabled).
 */
const NARROW = '(max-width: 640px)';
const subscribeNarrow = (change: () => void) => {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', change);
  return () => query.removeEventListener('change', change);
};

/**
 * The model's menus: in the header's row on a wide screen; on a phone folded under "Settings", so
 * the header leaves the picture most of the screen (a Cranium run has six of them).
 */
function ModelMenus({ spec, scenario }: { spec: LoadSpec; scenario: Scenario }) {
  const { Menus } = uiOf(scenario.system.kind);
  const narrow = useSyncExternalStore(subscribeNarrow, () => window.matchMedia(NARROW).matches);
  const menus = <Menus spec={spec} scenario={ownScenario(scenario)} />;
  if (!narrow) return menus;
  return (
    <details className="model-menus" data-testid="model-menus">
      <summary>Machine settings</summary>
      {menus}
    </details>
  );
}

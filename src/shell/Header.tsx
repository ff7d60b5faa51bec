/**
 * The top bar: choose a lecture scenario, switch the protocol on the same program, open or save a
 * scenario file, and copy the share link of the exact current state.
 */
import { useRef, useState } from 'react';
import { builtinScenarios } from '../../scenarios/index';
import type { ProtocolName } from '../../sim-core/index';
import { actions, useApp } from '../state/store';
import { CompareButton } from '../compare/CompareButton';
import { copyShareLink } from '../export/share';
import { lecture } from '../lecture/lecture-store';
import { CniMenus } from './CniMenus';
import { CraniumMenus } from './CraniumMenus';
import { NetworkMenus } from './NetworkMenus';
import { withSystem } from './with-system';
import { AssignmentMenu } from '../teaching/AssignmentMenu';
import { assignmentActions, useAssignment, useLock } from '../teaching/assignment-store';

export const PROTOCOLS: ProtocolName[] = ['MSI', 'MESI', 'MOESI'];

/** The routers a lecturer can switch between on the same traffic. */
export const ROUTERS = {
  chaos: { label: 'chaos', fields: { router: 'chaos' } },
  minimal: { label: 'minimal adaptive, no deroutes', fields: { router: 'minimal' } },
  deflection: { label: 'deflection (hot potato)', fields: { router: 'deflection' } },
  dor: { label: 'dimension-order + dateline', fields: { router: 'dor', dateline: true } },
  'dor-no-dateline': {
    label: 'dimension-order, no dateline',
    fields: { router: 'dor', dateline: false },
  },
} as const;
type RouterChoice = keyof typeof ROUTERS;

/** The scenario menu's groups, in teaching order (a scenario without a topic is coherence). */
const TOPICS = [
  ['coherence', 'Cache coherence'],
  ['coherent-ni', 'Coherent network interfaces'],
  ['torus', 'Torus and routers'],
  ['cranium', 'Cranium'],
] as const;

const topicOf = (doc: unknown): string => (doc as { topic?: string }).topic ?? 'coherence';

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
  // In an assignment, locked and personalised parameters keep their values (menus disabled).
  const lock = useLock();
  const inAssignment = useAssignment((s) => s.assignment !== null && s.student !== null);

  const builtinId = spec?.kind === 'builtin' ? spec.id : '';

  const openFile = async (file: File) => {
    let doc: unknown;
    try {
      doc = JSON.parse(await file.text());
    } catch (e) {
      actions.showProblem({
        context: `Opening ${file.name}`,
        issues: [{ code: 'SCN001', path: '', message: `not valid JSON (${(e as Error).message})` }],
      });
      return;
    }
    // An assignment file (it has questions) opens the assignment page instead.
    if (doc !== null && typeof doc === 'object' && 'questions' in doc) {
      void assignmentActions.openFile(file);
      return;
    }
    if (await actions.load({ kind: 'document', doc }, { context: `Opening ${file.name}` }))
      actions.dismissProblem();
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
          {TOPICS.map(([topic, heading]) => (
            <optgroup key={topic} label={heading}>
              {builtinScenarios
                .filter((s) => topicOf(s.doc) === topic)
                .map((s) => (
                  <option key={s.id} value={s.id}>
                    {(s.doc as { title: string }).title}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </label>
      {scenario?.system.kind === 'network' ? (
        <label>
          Router
          <select
            value={
              scenario.system.router !== 'dor'
                ? scenario.system.router
                : scenario.system.dateline
                  ? 'dor'
                  : 'dor-no-dateline'
            }
            disabled={(lock('system.router') ?? lock('system.dateline')) !== null}
            title={lock('system.router') ?? lock('system.dateline') ?? undefined}
            data-testid="router-select"
            onChange={(e) =>
              spec &&
              void actions.reload(
                withSystem(spec, ROUTERS[e.target.value as RouterChoice].fields),
                'Switching router',
              )
            }
          >
            {(Object.keys(ROUTERS) as RouterChoice[]).map((key) => (
              <option key={key} value={key}>
                {ROUTERS[key].label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {spec && scenario ? <NetworkMenus spec={spec} scenario={scenario} /> : null}
      {spec && scenario?.system.kind === 'cni' ? (
        <CniMenus spec={spec} system={scenario.system} workload={scenario.workload} />
      ) : null}
      {spec && scenario?.system.kind === 'cranium' ? (
        <CraniumMenus spec={spec} system={scenario.system} />
      ) : null}
      {scenario?.system.kind === 'bus' || scenario?.system.kind === 'cni' ? (
        <label>
          Protocol
          <select
            value={scenario.system.protocol}
            disabled={lock('system.protocol') !== null}
            title={lock('system.protocol') ?? undefined}
            data-testid="protocol-select"
            onChange={(e) =>
              spec &&
              void actions.reload(
                withSystem(spec, { protocol: e.target.value as ProtocolName }),
                'Switching protocol',
              )
            }
          >
            {PROTOCOLS.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        </label>
      ) : null}
      <span
        className="seed"
        title="The seed fixes every random choice; it is part of the share link"
      >
        seed {scenario?.seed ?? '–'}
      </span>
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
    </header>
  );
}

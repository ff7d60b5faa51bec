/**
 * The assignment page: the student's name-and-id form (before anything else), then beside the
 * simulator the questions panel — instructions, the student's own values, what is locked or
 * hidden, each question with its input, progress (saved locally on every change) and "Export
 * submission". Coded problems with a file or an export show in a banner naming the field.
 */
import { count } from '../../sim-core/kernel/words';
import { useEffect, useId, useRef, useState } from 'react';
import {
  DERIVED_STATS,
  freeValues,
  renderText,
  TEACHING_ISSUE_CODES,
  formatTeachingIssue,
  type Answer,
  type ChoiceQuestion,
  type DesignQuestion,
  type MeasurementQuestion,
  type PredictionQuestionSpec,
  type Question,
  type Scalar,
} from '../../sim-core/teaching/index';
import { viewRegistry } from '../views/registry';
import { SafeText } from '../shell/SafeText';
import { actions } from '../state/store';
import { isAnswered, parseMeasurement, personalValues, scalarText } from './assignment-logic';
import { assignmentActions, useAssignment } from './assignment-store';
import './teaching.css';

const KIND_TITLE: Record<Question['kind'], string> = {
  prediction: 'Prediction',
  measurement: 'Measurement',
  design: 'Design',
  choice: 'Choice',
};

const points = (n: number) => `${count(n, 'point')}`;

const OP_TEXT: Record<string, string> = { '<': '<', '<=': '≤', '>': '>', '>=': '≥' };

/** What a derived statistic is, in words (the model's own statistics keep their path). */
function statName(stat: string): string {
  const derived = /^derived\.(\w+)$/.exec(stat);
  const desc = derived ? DERIVED_STATS[derived[1]!]?.desc : undefined;
  return desc ? `${desc.replace(/\s*\(.*\)$/, '')},` : '';
}

/** Coded problems with an assignment file, a student id or an export. */
export function TeachingProblemBanner() {
  const problem = useAssignment((s) => s.problem);
  if (!problem) return null;
  return (
    <div className="problem" role="alert" data-testid="teaching-problem">
      <div>
        <strong>{problem.context}</strong>
        <ul>
          {problem.issues.slice(0, 8).map((issue, i) => (
            <li key={i}>
              <code>{formatTeachingIssue(issue)}</code>{' '}
              <span className="issue-kind">({TEACHING_ISSUE_CODES[issue.code]})</span>
            </li>
          ))}
          {problem.issues.length > 8 ? <li>… and {problem.issues.length - 8} more</li> : null}
        </ul>
      </div>
      <button onClick={() => assignmentActions.dismissProblem()} aria-label="Dismiss the message">
        ✕
      </button>
    </div>
  );
}

/** Before the questions: who is answering (their id chooses their numbers). */
export function AssignmentStart() {
  const assignment = useAssignment((s) => s.assignment);
  const [name, setName] = useState('');
  const [id, setId] = useState('');
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => nameRef.current?.focus(), []);
  if (!assignment) return null;
  const total = assignment.questions.reduce((s, q) => s + q.points, 0);
  return (
    <div className="assignment-start" data-testid="assignment-start">
      <header className="app-header">
        <h1>
          NI&nbsp;Lab <span className="tagline">assignment</span>
        </h1>
        <div className="header-actions">
          <button onClick={() => assignmentActions.leave()} data-testid="assignment-close">
            Close the assignment
          </button>
          <button
            onClick={() => actions.setHelp(true)}
            aria-label="Keyboard shortcuts and help"
            title="Help (?)"
          >
            ?
          </button>
        </div>
      </header>
      <TeachingProblemBanner />
      <main className="assignment-start-main">
        <h2 data-testid="assignment-title">{assignment.title}</h2>
        <p className="muted">
          Revision {assignment.revision} · {count(assignment.questions.length, 'question')} ·{' '}
          {points(total)}
        </p>
        {assignment.learningGoals.length > 0 ? (
          <>
            <h3>You will learn</h3>
            <ul>
              {assignment.learningGoals.map((g, i) => (
                <li key={i}>
                  <SafeText text={g} />
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <form
          className="assignment-student"
          onSubmit={(e) => {
            e.preventDefault();
            setBusy(true);
            void assignmentActions.begin(name, id).finally(() => setBusy(false));
          }}
        >
          <h3>Who is answering?</h3>
          <label>
            Your name
            <input
              ref={nameRef}
              type="text"
              autoComplete="name"
              maxLength={120}
              value={name}
              onChange={(e) => setName(e.target.value)}
              data-testid="student-name"
            />
          </label>
          <label>
            Student id <span className="muted">(required)</span>
            <input
              type="text"
              required
              aria-required="true"
              maxLength={64}
              value={id}
              onChange={(e) => setId(e.target.value)}
              data-testid="student-id"
            />
          </label>
          <p className="muted">
            Your id chooses your own numbers, so your neighbours get different ones. Your answers
            are saved in this browser as you type, and come back when you reopen this link.
          </p>
          <button type="submit" className="primary" disabled={busy} data-testid="student-start">
            Start
          </button>
        </form>
      </main>
    </div>
  );
}

/** The questions panel beside the simulator. */
export function AssignmentPanel() {
  const assignment = useAssignment((s) => s.assignment);
  const student = useAssignment((s) => s.student);
  const personal = useAssignment((s) => s.personal);
  const answers = useAssignment((s) => s.answers);
  const savedAt = useAssignment((s) => s.savedAt);
  const saved = useAssignment((s) => s.saved);
  const staleNote = useAssignment((s) => s.staleNote);
  const exportNote = useAssignment((s) => s.exportNote);
  const gateNote = useAssignment((s) => s.gateNote);
  if (!assignment || !student || !personal) return null;
  const done = assignment.questions.filter((q) => isAnswered(q, answers[q.id])).length;
  const total = assignment.questions.reduce((s, q) => s + q.points, 0);
  const mine = personalValues(personal);
  const time = savedAt ? new Date(savedAt).toLocaleTimeString() : null;
  return (
    <aside className="assignment" aria-labelledby="assignment-title" data-testid="assignment-panel">
      <h2 id="assignment-title">{assignment.title}</h2>
      <p className="assignment-who">
        <span data-testid="assignment-student">
          {student.name ? `${student.name} · ` : ''}id <strong>{student.id}</strong>
        </span>{' '}
        <button className="link" onClick={() => assignmentActions.switchStudent()}>
          Not you?
        </button>{' '}
        <button
          className="link"
          onClick={() => assignmentActions.leave()}
          data-testid="assignment-leave"
        >
          Close the assignment
        </button>{' '}
        <button
          className="link"
          onClick={() => void assignmentActions.showConfiguration({})}
          title="Your scenario as the assignment set it, at cycle 0 (after trying other configurations)"
        >
          Reload my scenario
        </button>
      </p>
      <div className="assignment-bar">
        <p className="assignment-progress" role="status" data-testid="assignment-progress">
          <strong>
            {done} of {assignment.questions.length}
          </strong>{' '}
          answered ({points(total)} in all).{' '}
          {saved ? (
            time ? (
              <span className="muted">Saved in this browser at {time}.</span>
            ) : null
          ) : (
            <span className="assignment-unsaved">
              This browser does not let the page save: export your submission before you close it.
            </span>
          )}
        </p>
        <button
          className="primary"
          onClick={() => assignmentActions.exportSubmission()}
          title={
            done < assignment.questions.length
              ? `${assignment.questions.length - done} not answered yet: you can export anyway, and again later`
              : 'Download the file to hand in'
          }
          data-testid="export-submission"
        >
          Export submission
        </button>
        <p role="status" className="assignment-export-note" data-testid="export-note">
          {exportNote ?? ''}
        </p>
      </div>
      <details className="assignment-instructions" open>
        <summary>Instructions</summary>
        <SafeText text={renderText(assignment.instructions, personal)} />
        {mine.length > 0 ? (
          <p>
            Your values:{' '}
            {mine.map(([path, v], i) => (
              <span key={path}>
                {i > 0 ? ', ' : ''}
                <code>
                  {path} = {String(v)}
                </code>
              </span>
            ))}
            .
          </p>
        ) : null}
        {assignment.locked.length > 0 ? (
          <p className="muted">
            Fixed by the assignment: {assignment.locked.map((p) => p).join(', ')} (their menus are
            disabled).
          </p>
        ) : null}
        {assignment.hiddenPanels.length > 0 ? (
          <p className="muted">
            Hidden panels:{' '}
            {assignment.hiddenPanels.map((v) => viewRegistry[v]?.title ?? v).join(', ')}.
          </p>
        ) : null}
        {assignment.questions.some((q) => q.kind === 'prediction') ? (
          <p className="muted">
            Answer each prediction before you go past its cycle: the simulator stops there until you
            do, and once you have seen what happened next, the answer is locked.
          </p>
        ) : null}
        {assignment.scenarioNotes ? null : (
          <p className="muted">
            The scenario&apos;s own summary and walkthrough are hidden during the assignment: find
            the answers in the simulation.
          </p>
        )}
      </details>
      <p role="status" className="assignment-gate-note" data-testid="prediction-gate-note">
        {gateNote ?? ''}
      </p>
      {staleNote ? (
        <p className="assignment-stale" role="note">
          {staleNote}
        </p>
      ) : null}
      <ol className="assignment-questions">
        {assignment.questions.map((q, i) => (
          <li
            key={q.id}
            className={isAnswered(q, answers[q.id]) ? 'answered' : ''}
            data-testid={`question-${q.id}`}
          >
            <QuestionView question={q} index={i} answer={answers[q.id]} />
          </li>
        ))}
      </ol>
    </aside>
  );
}

function QuestionView({
  question,
  index,
  answer,
}: {
  question: Question;
  index: number;
  answer: Answer | undefined;
}) {
  const personal = useAssignment((s) => s.personal)!;
  const headingId = useId();
  return (
    <section className="question" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <span className="question-number">Q{index + 1}</span>{' '}
        {question.title || KIND_TITLE[question.kind]}{' '}
        <span className="muted question-meta">
          {question.title ? `${KIND_TITLE[question.kind]} · ` : ''}
          {points(question.points)}
        </span>
      </h3>
      {question.kind === 'prediction' ? (
        <PredictionInput question={question} answer={answer} headingId={headingId} />
      ) : (
        <div className="question-prompt">
          <SafeText text={renderText(question.prompt, personal)} />
        </div>
      )}
      {question.kind === 'measurement' ? (
        <MeasurementInput question={question} answer={answer} />
      ) : null}
      {question.kind === 'design' ? <DesignInput question={question} answer={answer} /> : null}
      {question.kind === 'choice' ? (
        <ChoiceInput question={question} answer={answer} headingId={headingId} />
      ) : null}
    </section>
  );
}

function Radios({
  name,
  labelledBy,
  options,
  value,
  onChange,
  testId,
  disabled = false,
}: {
  name: string;
  labelledBy: string;
  options: { value: string; label: string }[];
  value: string | undefined;
  onChange: (value: string) => void;
  testId: string;
  disabled?: boolean;
}) {
  return (
    <div
      className="question-options"
      role="radiogroup"
      aria-labelledby={labelledBy}
      data-testid={testId}
    >
      {options.map((o) => (
        <label key={o.value}>
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={value === o.value}
            disabled={disabled}
            onChange={() => onChange(o.value)}
          />{' '}
          {o.label}
        </label>
      ))}
    </div>
  );
}

function PredictionInput({
  question,
  answer,
  headingId,
}: {
  question: PredictionQuestionSpec;
  answer: Answer | undefined;
  headingId: string;
}) {
  const personal = useAssignment((s) => s.personal)!;
  const slot = useAssignment((s) => s.predictions[question.id]);
  const locked = useAssignment((s) => s.seen.includes(question.id));
  const promptId = useId();
  const lockId = useId();
  const at = slot?.state === 'ready' ? slot.question.cycle : null;
  const hasOverrides = Object.keys(question.overrides).length > 0;
  return (
    <>
      {question.prompt ? (
        <div className="question-prompt">
          <SafeText text={renderText(question.prompt, personal)} />
        </div>
      ) : null}
      {!slot || slot.state === 'loading' ? (
        <p className="muted" aria-busy="true">
          Preparing your question…
        </p>
      ) : slot.state === 'none' ? (
        <p className="assignment-unsaved">This question cannot be asked here: {slot.reason}.</p>
      ) : (
        <>
          <p id={promptId} className="question-prompt">
            {slot.question.prompt}
          </p>
          <button
            type="button"
            className="question-show"
            onClick={() =>
              hasOverrides
                ? void assignmentActions.showConfiguration(question.overrides, at ?? 0)
                : void actions.seek(at ?? 0)
            }
            data-testid={`show-${question.id}`}
          >
            Show cycle {at} in the simulator
          </button>
          {locked ? (
            <p id={lockId} className="question-locked" data-testid={`locked-${question.id}`}>
              Locked: you have seen what happened after cycle {at}, so this answer can no longer
              change{answer === undefined ? ' (it was not answered)' : ''}. Your submission says so.
            </p>
          ) : null}
          <Radios
            name={`answer-${question.id}`}
            labelledBy={`${headingId} ${promptId}${locked ? ` ${lockId}` : ''}`}
            options={slot.question.options}
            value={typeof answer === 'string' ? answer : undefined}
            onChange={(v) => assignmentActions.setAnswer(question.id, v)}
            testId={`answer-${question.id}`}
            disabled={locked}
          />
        </>
      )}
    </>
  );
}

function MeasurementInput({
  question,
  answer,
}: {
  question: MeasurementQuestion;
  answer: Answer | undefined;
}) {
  const saved = typeof answer === 'number' ? String(answer) : '';
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? saved;
  const value = text.trim() === '' ? null : parseMeasurement(text);
  const invalid = text.trim() !== '' && value === null;
  const inputId = useId();
  const errorId = useId();
  const hasOverrides = Object.keys(question.overrides).length > 0;
  return (
    <div className="question-input">
      <label htmlFor={inputId}>Your answer{question.unit ? ` (${question.unit})` : ''}</label>
      <input
        id={inputId}
        type="text"
        inputMode="decimal"
        size={12}
        value={text}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(e) => {
          const next = e.target.value;
          setDraft(next);
          const n = parseMeasurement(next);
          if (n !== null) assignmentActions.setAnswer(question.id, n);
          else if (next.trim() === '') assignmentActions.clearAnswer(question.id);
        }}
        onBlur={() => {
          if (!invalid) setDraft(null);
        }}
        data-testid={`answer-${question.id}`}
      />
      {invalid ? (
        <span id={errorId} className="question-error">
          answers.{question.id}: expected a number, like 42 or 3.5
        </span>
      ) : null}
      {hasOverrides || question.baseline ? (
        <span className="question-configs">
          {hasOverrides ? (
            <button
              type="button"
              onClick={() => void assignmentActions.showConfiguration(question.overrides)}
            >
              Load the configuration to measure
            </button>
          ) : null}
          {question.baseline ? (
            <button
              type="button"
              onClick={() => void assignmentActions.showConfiguration(question.baseline!.overrides)}
            >
              Load the baseline
            </button>
          ) : null}
        </span>
      ) : null}
    </div>
  );
}

function DesignInput({
  question,
  answer,
}: {
  question: DesignQuestion;
  answer: Answer | undefined;
}) {
  const free = useAssignment((s) => s.assignment?.free ?? []);
  const values: Record<string, Scalar> =
    answer !== undefined && typeof answer === 'object' ? answer : {};
  const baseId = useId();
  const goal = question.goal;
  return (
    <div className="question-input design">
      {goal ? (
        <p className="muted">
          Goal: {statName(goal.stat)} <code>{goal.stat}</code> {OP_TEXT[goal.op]} {goal.value}
          {question.unit ? ` ${question.unit}` : ''}
          {question.optimise
            ? `; best: the ${question.optimise.direction === 'min' ? 'smallest' : 'largest'} ${'param' in question.optimise ? question.optimise.param : question.optimise.stat}`
            : ''}
        </p>
      ) : null}
      {question.params.map((path, i) => {
        const spec = free.find((f) => f.path === path);
        const options = spec ? freeValues(spec) : [];
        const current = values[path];
        const id = `${baseId}-${i}`;
        return (
          <div key={path} className="design-param">
            <label htmlFor={id}>{spec?.label || path}</label>
            <select
              id={id}
              value={scalarText(current)}
              onChange={(e) => {
                const chosen = options.find((o) => String(o) === e.target.value);
                const next = { ...values };
                if (chosen === undefined) delete next[path];
                else next[path] = chosen;
                if (Object.keys(next).length === 0) assignmentActions.clearAnswer(question.id);
                else assignmentActions.setAnswer(question.id, next);
              }}
              data-testid={`answer-${question.id}-${path}`}
            >
              <option value="">choose…</option>
              {options.map((o) => (
                <option key={String(o)} value={String(o)}>
                  {String(o)}
                </option>
              ))}
            </select>
          </div>
        );
      })}
      <button
        type="button"
        disabled={Object.keys(values).length === 0}
        onClick={() => void assignmentActions.tryDesign(question.overrides, values)}
        data-testid={`try-${question.id}`}
      >
        Try this configuration
      </button>
    </div>
  );
}

function ChoiceInput({
  question,
  answer,
  headingId,
}: {
  question: ChoiceQuestion;
  answer: Answer | undefined;
  headingId: string;
}) {
  const inputId = useId();
  const value = typeof answer === 'string' || typeof answer === 'number' ? String(answer) : '';
  if (question.options)
    return (
      <Radios
        name={`answer-${question.id}`}
        labelledBy={headingId}
        options={question.options}
        value={value || undefined}
        onChange={(v) => assignmentActions.setAnswer(question.id, v)}
        testId={`answer-${question.id}`}
      />
    );
  return (
    <div className="question-input">
      <label htmlFor={inputId}>Your answer</label>
      <input
        id={inputId}
        type="text"
        maxLength={2000}
        value={value}
        onChange={(e) =>
          e.target.value === ''
            ? assignmentActions.clearAnswer(question.id)
            : assignmentActions.setAnswer(question.id, e.target.value)
        }
        data-testid={`answer-${question.id}`}
      />
    </div>
  );
}

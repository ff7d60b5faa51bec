/**
 * Predict, then see — the bar (turn "Predict each step" on, choose what to be asked about, the
 * score) and the card: the question as a radio group, "Check my prediction", then right or wrong,
 * the explanation with the rule that fired, and the outcome shown in the views.
 */
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import {
  predictionKindsFor,
  type PredictionCheck,
  type PredictionOption,
} from '../../sim-core/teaching/predict';
import { stepsOf, useLecture } from '../lecture/lecture-store';
import { useApp } from '../state/store';
import { bringIntoView, mainPicture, panelElement } from '../shell/bring-into-view';
import { useAssignment } from './assignment-store';
import { predict, usePredict, type KindChoice } from './predict-store';
import './teaching.css';

/** Short names for the "Ask about" menu (the registry's titles are sentences). */
const KIND_LABEL: Record<string, string> = {
  cacheState: 'a block’s next state in a cache',
  nextBusTransaction: 'the next bus transaction',
  queuePointer: 'a queue pointer’s next value',
  cniTransaction: 'the next transaction on a node’s bus',
  routerOutput: 'a packet’s next output port',
  craniumCount: 'an auto-receive channel’s count',
};

export function PredictBar() {
  const model = useApp((s) => s.meta?.model ?? null);
  const eachStep = usePredict((s) => s.eachStep);
  const kind = usePredict((s) => s.kind);
  const right = usePredict((s) => s.right);
  const wrong = usePredict((s) => s.wrong);
  const phase = usePredict((s) => s.phase);
  const note = usePredict((s) => s.note);
  // Not during an assignment (see predictionsOff).
  const assignment = useAssignment((s) => s.student !== null);
  const kinds = model && !assignment ? predictionKindsFor(model) : [];
  if (kinds.length === 0) return null;
  const chosen = kind === 'any' || kinds.some((k) => k.kind === kind) ? kind : 'any';
  // While a question is open the card below is the bar: only the score stays.
  const open = phase !== 'idle';
  return (
    <div className="predict-bar" role="group" aria-label="Predict, then see">
      {open ? null : (
        <button onClick={() => predict.askNow()} data-testid="predict-now">
          Predict the next step
        </button>
      )}
      <span className="predict-score" data-testid="predict-score">
        Predictions: <strong>{right}</strong> right, <strong>{wrong}</strong> wrong
      </span>
      {open ? null : (
        <>
          <label className="predict-toggle">
            <input
              type="checkbox"
              checked={eachStep}
              onChange={(e) => predict.setEachStep(e.target.checked)}
              data-testid="predict-each-step"
            />
            Predict each step
          </label>
          <label>
            Ask about
            <select
              value={chosen}
              onChange={(e) => predict.setKind(e.target.value as KindChoice)}
              data-testid="predict-kind"
            >
              <option value="any">any step (in turn)</option>
              {kinds.map((k) => (
                <option key={k.kind} value={k.kind}>
                  {KIND_LABEL[k.kind] ?? k.title}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
      {note && phase === 'idle' ? (
        <span className="muted" role="status">
          {note}
        </span>
      ) : null}
    </div>
  );
}

export function PredictCard() {
  const phase = usePredict((s) => s.phase);
  const question = usePredict((s) => s.question);
  const result = usePredict((s) => s.result);
  const checkpoint = usePredict((s) => s.checkpoint);
  // The option chosen for a question (a new question starts unanswered).
  const [choice, setChoice] = useState<{ question: string; value: string } | null>(null);
  const ids = useId();
  const cardRef = useRef<HTMLElement>(null);
  const nudge = usePredict((s) => s.nudge);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const questionId = question?.id;
  const selected = choice && choice.question === questionId ? choice.value : null;
  const setSelected = (value: string) => questionId && setChoice({ question: questionId, value });

  // A new question takes the focus (its prompt is read out; Tab reaches the options), and the
  // page scrolls only as far as it must to show it with the panels it is about. A forward move
  // while it waits for the answer brings the focus back to it.
  const panels = question?.panels;
  useEffect(() => {
    if (!questionId) return;
    cardRef.current?.focus({ preventScroll: true });
    bringIntoView([cardRef.current, firstPanel(panels)]);
  }, [questionId, panels]);
  useEffect(() => {
    if (nudge > 0) cardRef.current?.focus({ preventScroll: true });
  }, [nudge]);
  // The outcome, and again whenever what sits above or around it changes size while it shows:
  // the narration of the revealed cycle makes the pinned controls taller, the panel it is about
  // redraws at that cycle. The verdict shows whatever else does not fit.
  useEffect(() => {
    if (phase !== 'answered') return;
    outcomeRef.current?.focus({ preventScroll: true });
    let frame = 0;
    const show = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() =>
        bringIntoView([cardRef.current, firstPanel(panels)], outcomeRef.current),
      );
    };
    const observer = new ResizeObserver(show);
    for (const el of [
      document.querySelector('.sticky-controls'),
      cardRef.current,
      firstPanel(panels),
    ])
      if (el) observer.observe(el);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [phase, panels]);
  // A closed card leaves the column shorter and the panels back in their order: the main
  // picture comes back into view below the controls, with the step's note.
  const wasOpen = useRef(false);
  useEffect(() => {
    const open = phase !== 'idle';
    if (open || !wasOpen.current) {
      wasOpen.current = open;
      return;
    }
    wasOpen.current = false;
    const frame = requestAnimationFrame(() =>
      bringIntoView([document.querySelector('.notes li.active'), mainPicture()]),
    );
    return () => cancelAnimationFrame(frame);
  }, [phase]);

  if (phase === 'idle' || (phase === 'fetching' && !question)) {
    return phase === 'fetching' ? (
      <section className="predict-card" aria-busy="true" data-testid="predict-card">
        <p className="muted">Finding the next step to predict…</p>
      </section>
    ) : null;
  }
  if (!question) return null;
  const answered = phase === 'answered' && result !== null;
  const promptId = `${ids}-prompt`;
  return (
    <section
      ref={cardRef}
      tabIndex={-1}
      className={`predict-card${answered ? (result.correct ? ' right' : ' wrong') : ''}`}
      aria-labelledby={`${ids}-title`}
      aria-describedby={promptId}
      data-testid="predict-card"
    >
      <h2 id={`${ids}-title`}>
        Predict, then see{' '}
        <span className="muted">
          {checkpoint !== null ? `checkpoint of step ${checkpoint + 1}, ` : ''}cycle{' '}
          {question.cycle}
        </span>
      </h2>
      <p id={promptId} className="predict-prompt" data-testid="predict-prompt">
        {question.prompt}
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (selected !== null && phase === 'asking') void predict.answer(selected);
        }}
      >
        <div
          className="predict-options"
          role="radiogroup"
          aria-labelledby={promptId}
          aria-required="true"
          data-testid="predict-options"
        >
          {groupsOf(answered ? marked(question.options, result) : question.options).map(
            ({ group, options }) => (
              <div key={group ?? ''} className="predict-row">
                {group !== null ? <span className="predict-group">{group}</span> : null}
                {options.map((option) => {
                  const mark = answered
                    ? option.value === result.value
                      ? 'correct'
                      : option.value === result.given
                        ? 'given'
                        : ''
                    : '';
                  const compact = option.short !== undefined;
                  return (
                    <label
                      key={option.value}
                      className={`predict-option${compact ? ' compact' : ''} ${mark}`}
                      title={compact ? option.label : undefined}
                    >
                      <input
                        type="radio"
                        name={`${ids}-option`}
                        value={option.value}
                        checked={(answered ? result.given : selected) === option.value}
                        disabled={phase !== 'asking'}
                        onChange={() => setSelected(option.value)}
                        aria-label={compact ? option.label : undefined}
                        data-testid={`predict-option-${option.value}`}
                      />
                      <span>
                        {mark === 'correct' ? (
                          <strong className="predict-mark">
                            ✓ {result?.correct ? 'yours, and ' : ''}the simulator&apos;s
                          </strong>
                        ) : null}
                        {mark === 'given' ? (
                          <strong className="predict-mark">✗ your answer</strong>
                        ) : null}
                        {option.short ?? option.label}
                      </span>
                    </label>
                  );
                })}
              </div>
            ),
          )}
        </div>
        {answered ? null : <Legend options={question.options} />}
        {answered ? null : (
          <div className="predict-actions">
            <button
              type="submit"
              className="primary"
              aria-disabled={selected === null || phase !== 'asking'}
              data-testid="predict-check"
            >
              {phase === 'checking' ? 'Checking…' : 'Check my prediction'}
            </button>
            <button type="button" onClick={() => predict.skip()} data-testid="predict-skip">
              Skip
            </button>
            {selected === null ? (
              <span className="muted">Choose an answer (arrow keys move between them).</span>
            ) : null}
          </div>
        )}
      </form>
      <p role="status" className="visually-hidden">
        {answered
          ? result.correct
            ? 'Right.'
            : `Not quite: the simulator says ${result.label}.`
          : ''}
      </p>
      {answered ? <Outcome result={result} innerRef={outcomeRef} /> : null}
    </section>
  );
}

/**
 * Once answered, the options that matter: the simulator's and the one given. The others would
 * push the verdict below the fold (a question may list 15), away from the panels it is about.
 */
const marked = (options: readonly PredictionOption[], result: PredictionCheck) =>
  options.filter((o) => o.value === result.value || o.value === result.given);

/** The first of the panels a question is about that is open (the others may be further down). */
const firstPanel = (names: readonly string[] | undefined): Element | null =>
  (names ?? []).map(panelElement).find((e) => e !== null) ?? null;

/** The options by their row (`group`), in the order they come; those without one in one row. */
function groupsOf(
  options: readonly PredictionOption[],
): { group: string | null; options: PredictionOption[] }[] {
  const rows: { group: string | null; options: PredictionOption[] }[] = [];
  for (const option of options) {
    const group = option.group ?? null;
    const row = rows.find((r) => r.group === group);
    if (row) row.options.push(option);
    else rows.push({ group, options: [option] });
  }
  return rows;
}

/** What the short answers mean, each once: "RD read a block · RDX read a block to write it". */
function Legend({ options }: { options: readonly PredictionOption[] }) {
  const seen = new Map<string, string>();
  for (const o of options) if (o.short && o.hint && !seen.has(o.short)) seen.set(o.short, o.hint);
  if (seen.size === 0) return null;
  return (
    <p className="predict-legend">
      {[...seen].map(([short, hint], i) => (
        <span key={short}>
          {i > 0 ? ' · ' : ''}
          <strong>{short}</strong> {hint}
        </span>
      ))}
    </p>
  );
}

function Outcome({
  result,
  innerRef,
}: {
  result: PredictionCheck;
  innerRef: RefObject<HTMLParagraphElement | null>;
}) {
  // A checkpoint whose outcome lies past the lecture's next step: the lecture goes on from it.
  const steps = useApp(stepsOf);
  const holding = useLecture((s) => s.holding);
  const held = holding === null ? undefined : steps[holding];
  const after = holding === null ? undefined : steps[holding + 1];
  const back = held && after && result.cycle >= after.cycle ? held : null;
  return (
    <div className="predict-outcome" data-testid="predict-outcome">
      <p className="predict-verdict" ref={innerRef} tabIndex={-1} data-testid="predict-verdict">
        {result.correct ? (
          <>
            <span aria-hidden="true">✓ </span>Right: {result.label}
          </>
        ) : (
          <>
            <span aria-hidden="true">✗ </span>Not quite. The simulator says: {result.label}
          </>
        )}
      </p>
      <p data-testid="predict-explanation">{result.explanation}</p>
      {result.rules.length > 0 ? (
        <>
          <p className="predict-rules-title">The rule that fired:</p>
          <ul className="predict-rules">
            {result.rules.map((rule, i) => (
              <li key={i}>
                <code>
                  {rule.protocol}: {rule.from} × {rule.event} → {rule.to}
                  {rule.actions.length ? ` (${rule.actions.join(', ')})` : ''}
                </code>
                {rule.text.includes(' — ')
                  ? ` — ${rule.text.split(' — ').slice(1).join(' — ')}`
                  : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="muted">
        The views now show cycle {result.cycle}, where it happened.
        {back
          ? ` “Next step” goes on from step ${back.index + 1} (cycle ${back.cycle}), in order.`
          : ''}
      </p>
      <button onClick={() => predict.dismiss()} data-testid="predict-continue">
        Continue
      </button>
    </div>
  );
}

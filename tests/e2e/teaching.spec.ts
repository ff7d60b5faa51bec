/**
 * Predict, then see, and assignments, in Chromium: answer a prediction right and wrong (at an
 * author's checkpoint and with "Predict each step"), complete an assignment opened by link (every
 * question, the design too), reload without losing an answer, export the submission and check its
 * exact scores from the command-line grader; an assignment's prediction holds forward moves until it
 * is answered and locks once its outcome has been seen.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { hashAnswer } from '../../sim-core/teaching/hashing';
import { waitForCycle } from './helpers';

/** The option of a choice question whose salted hash is an accepted answer (the file has no key). */
function acceptedOption(file: string, questionId: string): string {
  const doc = JSON.parse(readFileSync(file, 'utf8')) as {
    questions: {
      id: string;
      options?: { value: string }[];
      salt?: string;
      answerHashes?: string[];
    }[];
  };
  const q = doc.questions.find((x) => x.id === questionId)!;
  const option = q.options!.find((o) => q.answerHashes!.includes(hashAnswer(q.salt!, o.value)));
  if (!option) throw new Error(`no accepted option for ${questionId}`);
  return option.value;
}

test('predict, then see: a wrong answer at a checkpoint, a right one with "Predict each step"', async ({
  page,
}) => {
  await page.goto('/#v1?b=read-sharing&c=40');
  await waitForCycle(page, 40);
  // Read sharing's step 3 (cycle 44) is a checkpoint: moving on stops there and asks.
  await page.getByTestId('next-event').click();
  const card = page.getByTestId('predict-card');
  await expect(card).toBeVisible();
  await waitForCycle(page, 44);
  await expect(card).toContainText('checkpoint of step 3');
  await expect(page.getByTestId('predict-prompt')).toContainText("P1's cache");
  await expect(card.getByRole('radiogroup')).toBeVisible();
  // Forward moves wait for the answer.
  await page.getByTestId('step-forward').click();
  await waitForCycle(page, 44);

  // Wrong: P0 asserts shared, so P1 gets the block in S, not E.
  await page.getByTestId('predict-option-E').check();
  await page.getByTestId('predict-check').click();
  await expect(page.getByTestId('predict-verdict')).toContainText('Not quite');
  await expect(page.getByTestId('predict-verdict')).toContainText('S — Shared');
  await expect(page.getByTestId('predict-explanation')).toContainText(
    'MOESI: IS_D × DataShared → S',
  );
  await expect(card).toContainText('✗ your answer');
  // Then see: the views go to the outcome.
  await waitForCycle(page, 104);
  await expect(page.getByTestId('predict-score')).toContainText('0 right, 1 wrong');
  await page.getByTestId('predict-continue').click();
  await expect(card).toBeHidden();

  // Predict each step, about the next bus transaction, answered from the keyboard.
  await page.getByTestId('predict-each-step').check();
  await page.getByTestId('predict-kind').selectOption('nextBusTransaction');
  await page.getByTestId('step-forward').focus();
  await page.keyboard.press('ArrowRight');
  await expect(card).toBeVisible();
  await expect(card).toBeFocused();
  await waitForCycle(page, 104);
  await expect(page.getByTestId('predict-prompt')).toContainText('Which bus transaction');
  await page.getByTestId('predict-option-RD:2').focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('predict-option-RD:2')).toBeChecked();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('predict-verdict')).toContainText('Right');
  await expect(page.getByTestId('predict-verdict')).toBeFocused();
  await expect(page.getByTestId('predict-explanation')).toContainText("P2's RD");
  await waitForCycle(page, 122);
  await expect(page.getByTestId('predict-score')).toContainText('1 right, 1 wrong');
});

interface GradeReport {
  status: string;
  total: number;
  max: number;
  student: { id: string } | null;
  questions: { id: string; points: number; max: number; feedback: string }[];
}

/** Grades one submission file with the command-line grader, as a lecturer would. */
function gradeFile(assignment: string, file: string): GradeReport {
  const out = execFileSync(
    'npx',
    ['tsx', 'tools/grade.ts', `scenarios/assignments/${assignment}.json`, file, '--json'],
    { encoding: 'utf8', timeout: 120_000 },
  );
  // --json writes one report per line (JSON Lines).
  const reports = out
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as GradeReport);
  expect(reports).toHaveLength(1);
  return reports[0]!;
}

async function startAs(page: Page, link: string, name: string, id: string): Promise<void> {
  await page.goto(link);
  await expect(page.getByTestId('assignment-start')).toBeVisible();
  await page.getByTestId('student-name').fill(name);
  await page.getByTestId('student-id').fill(id);
  await page.getByTestId('student-start').click();
  await expect(page.getByTestId('assignment-panel')).toBeVisible();
}

async function exportTo(page: Page, file: string): Promise<Record<string, unknown>> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-submission').click(),
  ]);
  await download.saveAs(file);
  await expect(page.getByTestId('export-note')).toContainText('Downloaded');
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/** The cycle a prediction question asks from, as its "Show cycle" button names it. */
async function predictionCycle(page: Page, id: string): Promise<number> {
  const text = await page.getByTestId(`show-${id}`).textContent();
  return Number(/Show cycle (\d+)/.exec(text ?? '')![1]);
}

test('an assignment: every question answered, reload, export, exact scores from the grader', async ({
  page,
}, testInfo) => {
  await startAs(page, '/#v1?a=coh-migratory-protocols', 'Ada Lovelace', 'S1234');
  await expect(page.getByTestId('assignment-student')).toContainText('S1234');
  // Locked parameters keep their menus disabled; the walkthrough and lecture steps are hidden
  // (a lecture's text could give answers away).
  await expect(page.getByTestId('scenario-select')).toBeDisabled();
  await expect(page).toHaveURL(/a=coh-migratory-protocols/);
  await expect(page.getByTestId('panel-notes')).toHaveCount(0);
  await expect(page.getByTestId('lecture-bar')).toHaveCount(0);

  // The grader's key (npm run grade -- coh-migratory-protocols --key): q3's cycle is personal.
  const q3At = await predictionCycle(page, 'q3');
  const q3Key: Record<number, string> = { 44: 'RD:1', 150: 'RD:2', 250: 'RD:0' };
  expect(Object.keys(q3Key)).toContain(String(q3At));
  // Right: q1 (MSI's first read fills S), q3, q4 (8 transactions under MSI), the design (MESI)
  // and the choice. Wrong on purpose: q2 (the upgrade is P0's INV, not P1's RD) and q5 (MESI
  // makes 7, not 9).
  await page.getByTestId('answer-q1').locator('input[value="S"]').check();
  await page.getByTestId('answer-q2').locator('input[value="RD:1"]').check();
  await page.getByTestId('answer-q3').locator(`input[value="${q3Key[q3At]}"]`).check();
  await page.getByTestId('answer-q4').fill('abc');
  await expect(page.getByTestId('question-q4')).toContainText('answers.q4: expected a number');
  await page.getByTestId('answer-q4').fill('8');
  await expect(page.getByTestId('question-q4')).not.toContainText('expected a number');
  await page.getByTestId('answer-q5').fill('9');
  await page.getByTestId('answer-q6-system.protocol').selectOption('MESI');
  // Trying the design loads it (the protocol menu shows it) without touching the answers.
  await page.getByTestId('try-q6').click();
  await expect(page.getByTestId('protocol-select')).toHaveValue('MESI');
  const right = acceptedOption('scenarios/assignments/coh-migratory-protocols.json', 'q7');
  await page.getByTestId('answer-q7').locator(`input[value="${right}"]`).check();
  await expect(page.getByTestId('assignment-progress')).toContainText('7 of 7');

  // Nothing is lost on reload: the same student, the same answers.
  await page.reload();
  await expect(page.getByTestId('assignment-panel')).toBeVisible();
  await expect(page.getByTestId('assignment-start')).toHaveCount(0);
  await expect(page.getByTestId('assignment-progress')).toContainText('7 of 7');
  await expect(page.getByTestId('answer-q4')).toHaveValue('8');
  await expect(page.getByTestId('answer-q6-system.protocol')).toHaveValue('MESI');
  await expect(page.getByTestId('answer-q1').locator('input[value="S"]')).toBeChecked();

  const file = testInfo.outputPath('submission.json');
  const submission = await exportTo(page, file);
  expect(submission.version).toBe(1);
  expect(submission.student).toEqual({ id: 'S1234', name: 'Ada Lovelace' });
  expect(submission.answers).toEqual({
    q1: 'S',
    q2: 'RD:1',
    q3: q3Key[q3At],
    q4: 8,
    q5: 9,
    q6: { 'system.protocol': 'MESI' },
    q7: right,
  });
  expect(submission.seen).toBeUndefined();

  const report = gradeFile('coh-migratory-protocols', file);
  expect(report.status).toBe('graded');
  expect(report.student?.id).toBe('S1234');
  expect(report.max).toBe(11);
  expect(Object.fromEntries(report.questions.map((q) => [q.id, q.points]))).toEqual({
    q1: 2,
    q2: 0,
    q3: 2,
    q4: 1,
    q5: 0,
    q6: 2,
    q7: 1,
  });
  expect(report.total).toBe(8);
});

test('an assignment prediction: no stepping past it unanswered, locked once the outcome is seen', async ({
  page,
}, testInfo) => {
  await startAs(page, '/#v1?a=coh-write-invalidation', 'Grace Hopper', 'S2001');
  const at = await predictionCycle(page, 'q1');
  await page.getByTestId(`show-q1`).click();
  await waitForCycle(page, at);
  const note = page.getByTestId('prediction-gate-note');
  // Stepping, the next event and play all stop at the unanswered question's cycle.
  await page.getByTestId('step-forward').click();
  await expect(note).toContainText(`Answer Q1 before going past cycle ${at}`);
  await waitForCycle(page, at);
  await page.getByTestId('next-event').click();
  await waitForCycle(page, at);
  await page.getByTestId('play').click();
  await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'false');
  await waitForCycle(page, at);

  // Answered, the move goes ahead; the student now sees the outcome, so the answer locks.
  const options = page.getByTestId('answer-q1').getByRole('radio');
  await options.first().check();
  const chosen = await options.first().getAttribute('value');
  await page.getByTestId('step-forward').click();
  await waitForCycle(page, at + 1);
  await expect(note).toBeEmpty();
  await expect(page.getByTestId('locked-q1')).toContainText('Locked');
  for (const radio of await options.all()) await expect(radio).toBeDisabled();
  // Still locked after going back and after a reload.
  await page.getByTestId(`show-q1`).click();
  await waitForCycle(page, at);
  await expect(options.first()).toBeDisabled();
  await page.reload();
  await expect(page.getByTestId('locked-q1')).toBeVisible();
  await expect(page.getByTestId('answer-q1').getByRole('radio').first()).toBeDisabled();

  // q2 asks from cycle 190: the scrubber (a seek) is not held, but what it shows locks q2 too,
  // unanswered.
  await page.getByTestId('cycle-input').fill('200');
  await page.getByTestId('cycle-input').press('Enter');
  await waitForCycle(page, 200);
  await expect(page.getByTestId('locked-q2')).toContainText('not answered');

  // The submission records both.
  const submission = await exportTo(page, testInfo.outputPath('locked.json'));
  expect(submission.answers).toEqual({ q1: chosen });
  expect(submission.seen).toEqual(expect.arrayContaining(['q1', 'q2']));
  const report = gradeFile('coh-write-invalidation', testInfo.outputPath('locked.json'));
  expect(report.status).toBe('graded');
  expect(report.questions.find((q) => q.id === 'q2')?.feedback).toContain('locked in the app');
});

test('assignment problems are coded messages naming the field, and the app stays usable', async ({
  page,
}) => {
  await page.goto('/#v1?a=no-such-assignment');
  await expect(page.getByTestId('teaching-problem')).toContainText('ASG008 a:');
  await expect(page.getByTestId('teaching-problem')).toContainText('no-such-assignment');
  await expect(page.getByTestId('cycle-input')).toBeVisible();

  await page.getByTestId('open-assignment').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const bad = {
    version: 1,
    id: 'broken',
    title: 'Broken',
    topic: 'coherence',
    instructions: '',
    scenario: { builtin: 'write-invalidation' },
    questions: [
      {
        id: 'q1',
        kind: 'measurement',
        points: -1,
        prompt: 'x',
        stat: 'cycles',
        tolerance: { absolute: 0 },
      },
    ],
  };
  await page.getByTestId('assignment-file-input').setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(bad)),
  });
  const problem = page.getByTestId('teaching-problem');
  await expect(problem).toContainText('Opening broken.json');
  await expect(problem).toContainText('questions.0.points');
  await expect(problem).toContainText(/ASG00\d/);
  await expect(page.getByTestId('assignment-panel')).toHaveCount(0);
  await expect(page.getByTestId('cycle-input')).toBeVisible();
});

test('the built app holds no instructor note: no answer-table row, no note heading', () => {
  const dist = process.env.E2E_DIST ?? 'dist';
  const bundle = readdirSync(join(dist, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(dist, 'assets', f), 'utf8'))
    .join('\n');
  const notes = readdirSync('docs/teaching').filter(
    (f) => f.endsWith('.md') && !['README.md', 'lecture-mode.md', 'embedding.md'].includes(f),
  );
  expect(notes.length).toBeGreaterThanOrEqual(13);
  let rows = 0;
  for (const note of notes) {
    const text = readFileSync(join('docs/teaching', note), 'utf8');
    // The answer table: one row per combination of random values, starting with a value in code.
    for (const row of text.split('\n').filter((l) => l.startsWith('| `'))) {
      rows++;
      expect(bundle.includes(row), `${note}: ${row.slice(0, 60)}`).toBe(false);
    }
  }
  expect(rows).toBeGreaterThan(20);
  expect(bundle).not.toContain('Common mistakes');
});

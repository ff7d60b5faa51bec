/**
 * Predict, then see, and assignments, in Chromium: answer a prediction right and wrong (at an
 * author's checkpoint and with "Predict each step"), complete an assignment opened by link, reload
 * without losing an answer, export the submission and grade it from the command line.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
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

test('an assignment: open by link, answer, reload, export the submission and grade it', async ({
  page,
}, testInfo) => {
  await page.goto('/#v1?a=coh-write-invalidation');
  await expect(page.getByTestId('assignment-start')).toBeVisible();
  await expect(page.getByTestId('assignment-title')).toContainText('Write invalidation');
  await page.getByTestId('student-name').fill('Ada Lovelace');
  await page.getByTestId('student-id').fill('S1234');
  await page.getByTestId('student-start').click();

  const panel = page.getByTestId('assignment-panel');
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('assignment-student')).toContainText('S1234');
  // Locked parameters keep their menus disabled; the hidden panel and its toggle are gone.
  await expect(page.getByTestId('protocol-select')).toBeDisabled();
  await expect(page.getByTestId('scenario-select')).toBeDisabled();
  await expect(page.getByTestId('panel-caches')).toBeVisible();
  await expect(page.getByTestId('panel-stats')).toHaveCount(0);
  await expect(page.locator('.view-toggles')).not.toContainText('Statistics');
  await expect(page).toHaveURL(/a=coh-write-invalidation/);
  // The lecture's own text could give answers away: its summary, walkthrough and steps are hidden.
  await expect(page.locator('.intro')).not.toContainText('Its single invalidation');
  await expect(page.getByTestId('panel-notes')).toHaveCount(0);
  await expect(page.getByTestId('lecture-bar')).toHaveCount(0);

  // A prediction (its question generated for this student), a measurement and a choice.
  const q1 = page.getByTestId('answer-q1');
  await expect(q1).toBeVisible();
  await q1.getByRole('radio').first().check();
  await page.getByTestId('answer-q4').fill('abc');
  await expect(page.getByTestId('question-q4')).toContainText('answers.q4: expected a number');
  await page.getByTestId('answer-q4').fill('412');
  await expect(page.getByTestId('question-q4')).not.toContainText('expected a number');
  const right = acceptedOption('scenarios/assignments/coh-write-invalidation.json', 'q6');
  await page.getByTestId('answer-q6').locator(`input[value="${right}"]`).check();
  await expect(page.getByTestId('assignment-progress')).toContainText('3 of 6');

  // Nothing is lost on reload: the same student, the same answers.
  await page.reload();
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('assignment-start')).toHaveCount(0);
  await expect(page.getByTestId('assignment-student')).toContainText('S1234');
  await expect(page.getByTestId('assignment-progress')).toContainText('3 of 6');
  await expect(page.getByTestId('answer-q4')).toHaveValue('412');
  await expect(page.getByTestId('answer-q1').getByRole('radio').first()).toBeChecked();
  await expect(page.getByTestId('answer-q6').locator(`input[value="${right}"]`)).toBeChecked();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-submission').click(),
  ]);
  expect(download.suggestedFilename()).toBe('coh-write-invalidation-s1234.json');
  const file = testInfo.outputPath('submission.json');
  await download.saveAs(file);
  await expect(page.getByTestId('export-note')).toContainText('Downloaded');
  const submission = JSON.parse(readFileSync(file, 'utf8')) as {
    version: number;
    assignment: { id: string; digest: string };
    student: { id: string; name: string };
    answers: Record<string, unknown>;
  };
  expect(submission.version).toBe(1);
  expect(submission.assignment.id).toBe('coh-write-invalidation');
  expect(submission.assignment.digest).toMatch(/^[0-9a-f]{64}$/);
  expect(submission.student).toEqual({ id: 'S1234', name: 'Ada Lovelace' });
  expect(submission.answers.q4).toBe(412);
  expect(Object.keys(submission.answers).sort()).toEqual(['q1', 'q4', 'q6']);

  // Graded from the command line, as a lecturer would.
  const out = execFileSync(
    'npx',
    ['tsx', 'tools/grade.ts', 'scenarios/assignments/coh-write-invalidation.json', file, '--json'],
    { encoding: 'utf8', timeout: 120_000 },
  );
  // --json writes one report per line (JSON Lines).
  const reports = out
    .trim()
    .split('\n')
    .map(
      (line) =>
        JSON.parse(line) as {
          status: string;
          total: number;
          max: number;
          student: { id: string } | null;
          questions: { id: string; points: number; max: number }[];
        },
    );
  expect(reports).toHaveLength(1);
  const report = reports[0]!;
  expect(report.status).toBe('graded');
  expect(report.student?.id).toBe('S1234');
  expect(report.max).toBe(10);
  // The accepted choice earns its point; 412 is not the bus's busy cycles; unanswered questions
  // earn nothing.
  expect(report.questions.find((q) => q.id === 'q6')?.points).toBe(1);
  expect(report.questions.find((q) => q.id === 'q4')?.points).toBe(0);
  for (const id of ['q2', 'q3', 'q5'])
    expect(report.questions.find((q) => q.id === id)?.points).toBe(0);
  expect(report.total).toBeGreaterThanOrEqual(1);
  expect(report.total).toBeLessThanOrEqual(1 + 2 + 2);
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

/**
 * sim-core/teaching: "predict, then see", assignments, submissions and the grader. Pure and
 * deterministic like the rest of sim-core (no DOM, no clock, no unseeded randomness); SHA-256 comes
 * from @noble/hashes. The UI and tools/grade.ts import from here only.
 *
 * ## Predict, then see (predict.ts)
 *
 *   predictionAt(session, kinds?, target?) → PredictionQuestion | null
 *       The question about the next checkable step after `session.cycle`, among `kinds` (default:
 *       all kinds of the session's model), narrowed by `target` ({cache, block, node, queue,
 *       pointer, packet, router, msg}). Explores ahead as needed; never moves the session's cycle.
 *       Same session and cycle → same question (same id).
 *   checkPrediction(session, question, value) → PredictionCheck | null
 *       { correct, given, value, label, cycle, explanation, rules, events }: the outcome found
 *       again by simulation from the question's cycle and facts, with the protocol rows that fired
 *       (coherence) or the event's narration and the routing/queue rule. null if the session's run
 *       has no such step (a question made for another scenario). Does not move the session's cycle.
 *   revealPrediction(session, question) → PredictionOutcome | null      (the same, without a value)
 *   predictionKindsFor(model) → { kind, title }[]                         (for menus)
 *   PREDICTION_KIND_NAMES (every model's kinds, from the modules' `predictions`)
 *
 *   Kinds (each in its model's folder): cacheState (bus: a block's state in a cache after the next transaction on it),
 *   nextBusTransaction (bus: kind and requester of the next grant, value "RDX:1"),
 *   queuePointer (cni: slot and sense after a pointer's next update, value "2/1"),
 *   cniTransaction (cni: kind and issuer of the next transaction on a node's bus, value "INV:NI"),
 *   routerOutput (network, cranium: a packet's next output, value "E" or "W:deroute" or "P"),
 *   craniumCount (cranium: an auto-receive channel's remaining count after its next placement).
 *
 * ## Assignments (assignment-schema.ts, personalise.ts)
 *
 *   parseAssignment(textOrJson, builtins) → { ok: true, value: Assignment } | { ok: false, error: TeachingIssue[] }
 *       `builtins(id)` returns a built-in scenario's document (scenarios/index.ts: findBuiltin(id)?.doc).
 *       The Assignment carries `digest` (SHA-256 of the file's canonical JSON) and `base` (the
 *       scenario document with the assignment's overrides).
 *   personalise(assignment, studentId) → Personalisation { studentId, seed, values, overrides }
 *       values: random parameter (path or name) → the student's value; overrides: the scenario
 *       `path=value` overrides they make (a named parameter sets each of its paths).
 *   personalOverrides(personalisation) → Override[]    (copies of `overrides`)
 *   withValues(assignment, values, studentId?) → Personalisation   (given values: keys, tests)
 *   assignmentScenario(assignment, personalisation, ...overrides) → Result<Scenario, TeachingIssue[]>
 *       The scenario a student runs (base, then their random values, then e.g. a question's
 *       overrides or a design answer).
 *   questionCycle(predictionQuestion, personalisation) → number
 *   renderText(text, personalisation) → text with {{path}} replaced by the student's values
 *   freeValues(freeParam) → the values a free parameter allows
 *   freeOverrides(assignment, config) → the overrides of a design configuration (`also` paths too)
 *   randomisedPaths(assignment) → every scenario path a personalisation sets
 *   expectedPrediction(assignment, p, question, cache) → { question, outcome } | { error }
 *       The prediction question a student is asked (build it in the app with this, too).
 *
 * ## Submissions (submission-schema.ts)
 *
 *   makeSubmission(assignment, {id, name}, answers, savedAt, app?, seen?) → Submission  (what the app exports;
 *       seen: prediction questions whose outcome the student was shown, locked in the app)
 *   parseSubmission(textOrJson) → { ok, value | error }
 *   checkAnswers(assignment, submission) → { status: 'ok' | 'malformed' | 'tampered', problems }
 *   Answers by question id: prediction → option value (text); measurement → number;
 *   design → { "<free path>": value, … }; choice → option value or free text.
 *
 * ## Grading (grade.ts, runs.ts)
 *
 *   grade(assignment, submission, { cache? }) → GradeReport
 *       { assignment, student, status: 'graded' | 'malformed' | 'tampered', total, max,
 *         questions: [{ id, kind, points, max, feedback }], problems: TeachingIssue[], params }
 *   gradeBatch(assignment, [{ source, content, unreadable? }], { cache? }) → BatchReport[]
 *       (flags shared ids; an unreadable file is reported with its SUB009/SUB010 problem)
 *   checkRoster(reports, [{ id, name }]) → { missing }  (SUB011 on reports off the roster; roster.ts)
 *   answerKey(assignment, personalisation, cache?, choices?) → KeyEntry[]      (instructors, tests)
 *   new SimCache() — one explored run per distinct scenario, shared across students;
 *       cache.run(scenario) → Run { key, session, stats, endCycle, halted }; cache.simulated
 *   statValue(model, stats, path, events?) / runStat(run, path) → number | null
 *       A dotted path into the model's Stats, `derived.<name>` (DERIVED_STATS) or `events.<kind>`.
 *
 * ## Hashing and issues (hashing.ts, issues.ts)
 *
 *   hashAnswer(salt, answer) = hex sha256(salt + ':' + normaliseAnswer(answer))
 *   normaliseAnswer, assignmentDigest, canonicalJson, sha256Hex, studentSeed
 *   TEACHING_ISSUE_CODES (ASG001–ASG010, SUB001–SUB011; docs/errors.md), formatTeachingIssue
 */
export {
  predictionAt,
  checkPrediction,
  revealPrediction,
  predictionKindsFor,
  PREDICTION_KIND_NAMES,
} from './predict';
export type {
  PredictionKind,
  PredictionTarget,
  PredictionOption,
  PredictionQuestion,
  PredictionOutcome,
  PredictionCheck,
  RuleFired,
} from './predict';
export {
  parseAssignment,
  assignmentSchema,
  questionSchema,
  freeValues,
  freeOverrides,
  randomisedPaths,
  randomChoices,
  ASSIGNMENT_VERSION,
} from './assignment-schema';
export type {
  Assignment,
  AssignmentDoc,
  BuiltinLookup,
  Question,
  QuestionKind,
  PredictionQuestionSpec,
  MeasurementQuestion,
  DesignQuestion,
  ChoiceQuestion,
  FreeParam,
  Scalar,
} from './assignment-schema';
export {
  personalise,
  withValues,
  personalOverrides,
  assignmentScenario,
  questionCycle,
  renderText,
} from './personalise';
export type { Personalisation } from './personalise';
export {
  makeSubmission,
  parseSubmission,
  checkAnswers,
  submissionSchema,
  SUBMISSION_VERSION,
} from './submission-schema';
export type { Submission, Answer } from './submission-schema';
export {
  grade,
  gradeBatch,
  answerKey,
  expectedPrediction,
  expectedMeasurement,
  evaluateDesign,
  bestDesigns,
  formatNumber,
} from './grade';
export type {
  GradeReport,
  GradeOptions,
  QuestionGrade,
  BatchItem,
  BatchReport,
  KeyEntry,
  DesignEvaluation,
} from './grade';
export { SimCache, statValue, runStat, DERIVED_STATS } from './runs';
export type { Run } from './runs';
export {
  hashAnswer,
  normaliseAnswer,
  assignmentDigest,
  canonicalJson,
  sha256Hex,
  studentSeed,
  normaliseStudentId,
} from './hashing';
export { TEACHING_ISSUE_CODES, formatTeachingIssue } from './issues';
export type { TeachingIssue, TeachingIssueCode } from './issues';
export { checkRoster, normaliseName } from './roster';
export type { RosterEntry } from './roster';

/**
 * What the page keeps of the worker's log: the facts sent with every reply (stalls, the
 * walkthrough notes' events) agree with the full log.
 */
import { describe, expect, it } from 'vitest';
import { Session } from '../../sim-core/session';
import { builtinScenarios, findBuiltin } from '../../scenarios/index';
import { resolveSteps } from '../../src/lecture/steps';
import { LogQueries } from '../../src/worker/log-query/log-queries';
import { scenarioOf } from '../property/support';

/** Lecture scenarios whose notes wait for events, and one whose torus deadlocks. */
const WITH_NOTE_EVENTS = builtinScenarios
  .filter((b) => scenarioOf(b.doc).walkthrough.some((n) => n.event))
  .map((b) => b.id);

describe('the log facts sent with every reply', () => {
  it('covers scenarios whose notes wait for events', () => {
    expect(WITH_NOTE_EVENTS.length).toBeGreaterThan(0);
  });

  it.each([...WITH_NOTE_EVENTS, 'dor-deadlock'].filter((id) => findBuiltin(id)))(
    '%s: stalls and lecture steps as the full log gives them, at every point of exploration',
    (id) => {
      const scenario = scenarioOf(findBuiltin(id)!.doc);
      const full = new Session(scenario);
      full.exploreAll();
      const session = new Session(scenario);
      const queries = new LogQueries(session.timeline, session.meta);
      const last = full.timeline.lastCycle;
      for (const at of [0, 1, Math.floor(last / 3), Math.floor(last / 2), last]) {
        session.timeline.exploreTo(at);
        const log = full.timeline.log.slice(0, session.timeline.log.length);
        const facts = queries.facts(scenario);
        expect(facts.stalls).toEqual(
          log.filter((e) => e.kind === 'net.stall' || e.kind === 'sim.stall'),
        );
        expect(resolveSteps(scenario.walkthrough, facts.noteEvents)).toEqual(
          resolveSteps(scenario.walkthrough, log),
        );
      }
    },
  );
});

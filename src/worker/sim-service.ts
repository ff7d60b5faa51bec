/**
 * The one implementation of SimApi, used by both transports. A load replaces the session; a bad
 * scenario returns coded issues and leaves the current session untouched.
 */
import {
  applyOverrides,
  digestEvents,
  parseScenario,
  Session,
  type SessionView,
} from '../../sim-core/index';
import { findBuiltin } from '../../scenarios/index';
import type { LoadReply, LoadSpec, SimApi } from './sim-api';

export class SimService implements SimApi {
  private session: Session | null = null;

  private current(): Session {
    if (!this.session) throw new Error('no scenario loaded');
    return this.session;
  }

  async load(spec: LoadSpec, cycle = 0): Promise<LoadReply> {
    let doc: unknown;
    let overrides = spec.kind === 'builtin' ? spec.overrides : [];
    if (spec.kind === 'builtin') {
      const builtin = findBuiltin(spec.id);
      if (!builtin)
        return {
          ok: false,
          issues: [
            {
              code: 'LNK003',
              path: 'b',
              message: `there is no built-in scenario "${spec.id.slice(0, 64)}"`,
            },
          ],
        };
      doc = builtin.doc;
    } else doc = spec.doc;
    if (spec.seed !== undefined) overrides = [...overrides, { path: 'seed', value: spec.seed }];
    const applied = applyOverrides(doc, overrides);
    if (!applied.ok) return { ok: false, issues: [applied.error] };
    const parsed = parseScenario(applied.value);
    if (!parsed.ok) return { ok: false, issues: parsed.error };
    const session = new Session(parsed.value);
    session.exploreAll();
    this.session = session;
    const view = session.seek(cycle);
    const log = session.timeline.log;
    return {
      ok: true,
      scenario: parsed.value,
      meta: session.meta,
      view,
      log,
      digest: digestEvents(log),
    };
  }

  async seek(cycle: number): Promise<SessionView> {
    return this.current().seek(cycle);
  }

  async step(delta: number): Promise<SessionView> {
    return this.current().step(delta);
  }

  async nextEvent(): Promise<SessionView> {
    return this.current().nextEvent();
  }

  async prevEvent(): Promise<SessionView> {
    return this.current().prevEvent();
  }
}

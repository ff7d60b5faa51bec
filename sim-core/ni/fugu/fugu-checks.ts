/**
 * The FUGU scenario's cross-field checks: each names the field at fault and says why in the seed's
 * terms (docs/errors.md): SCN003 a number beyond what the machine or the run allows, SCN014 a name
 * or GID the scenario does not have, SCN016 settings that contradict one another. Nothing here
 * runs the model; a scenario that passes runs.
 */
import type { IssueSink } from '../../model';
import { checkTorusPlacement } from '../../net/torus-fields';
import type { FuguScenario } from './fugu-format';

/** The most words a message has without DMA: header, handler and 14 arguments [004 L761, L1249]. */
export const MAX_WORDS = 16;
/** do_on_dma takes at most four arguments besides its block [004 L1875]. */
const MAX_DMA_ARGS = 4;

export function checkFugu(sc: FuguScenario, issue: IssueSink): void {
  const { system, workload } = sc;
  const missing = (path: (string | number)[], message: string) => issue(path, message, 'SCN014');
  const conflict = (path: (string | number)[], message: string) => issue(path, message, 'SCN016');
  const nodes = system.nodes;
  checkTorusPlacement(system.network, nodes, issue);
  const gids = new Map<number, number>();
  workload.apps.forEach((app, a) => {
    const at = (...path: (string | number)[]) => ['workload', 'apps', a, ...path];
    const seen = gids.get(app.gid);
    if (seen !== undefined)
      conflict(
        at('gid'),
        `applications ${seen} and ${a} both have GID ${app.gid}; a GID names one application [004 L797]`,
      );
    gids.set(app.gid, a);
    const spans = app.nodes ?? Array.from({ length: nodes }, (_, i) => i);
    (app.nodes ?? []).forEach((n, i) => {
      if (n >= nodes) issue(at('nodes', i), `expected a node 0..${nodes - 1}, got ${n}`);
      if ((app.nodes ?? []).indexOf(n) !== i)
        conflict(
          at('nodes', i),
          `node ${n} is listed twice: an application has one process per node`,
        );
    });
    if (app.threshold !== undefined && app.threshold > system.pages.perNode)
      issue(
        at('threshold'),
        `an overflow threshold of ${app.threshold} pages is more than a node has (system.pages.perNode = ${system.pages.perNode})`,
      );
    if (app.like !== undefined && (app.program.length > 0 || app.handlers.length > 0))
      conflict(
        at('like'),
        `an application look-alike brings its own program and handlers: remove "program" and "handlers", or "like"`,
      );
    if (app.messages !== undefined && app.like === undefined)
      conflict(
        at('messages'),
        'only an application look-alike ("like") counts its messages: give the program its sends',
      );
    if (app.interactive && (app.program.length > 0 || app.like !== undefined))
      conflict(
        at('interactive'),
        'an interactive job runs the work that arrives for it: give it no program and no "like"',
      );
    const handlers = new Set(app.handlers.map((h) => h.name));
    app.handlers.forEach((h, i) => {
      if (h.cycles >= sc.limits.maxCycles)
        issue(
          at('handlers', i, 'cycles'),
          `a handler of ${h.cycles} cycles cannot finish within the run (limits.maxCycles = ${sc.limits.maxCycles})`,
        );
      if (h.reply !== undefined && !handlers.has(h.reply))
        missing(at('handlers', i, 'reply'), `no handler "${h.reply}" in application ${app.name}`);
      if (app.handlers.findIndex((g) => g.name === h.name) !== i)
        conflict(at('handlers', i, 'name'), `two handlers are called "${h.name}"`);
    });
    let atomic = false;
    app.program.forEach((op, i) => {
      if (op.op === 'beginatom') atomic = true;
      if (op.op === 'endatom') atomic = false;
      if (op.op === 'poll') {
        if (!atomic)
          conflict(
            at('program', i),
            'a poll runs inside an atomic section: put a beginatom before it [004 L580]',
          );
        if (system.atomicity === 'soft')
          conflict(
            at('program', i),
            'soft atomicity has no polling column in Table 4-4 (n.a.) [004 L861]: set system.atomicity to "hard" or "kernel"',
          );
      }
      if (op.op !== 'send') return;
      if (!handlers.has(op.handler))
        missing(
          at('program', i, 'handler'),
          `no handler "${op.handler}" in application ${app.name}`,
        );
      if (op.args + 2 > MAX_WORDS)
        issue(
          at('program', i, 'args'),
          `a message is at most ${MAX_WORDS} words (header, handler and ${MAX_WORDS - 2} arguments) without DMA [004 L761]; ${op.args} arguments make ${op.args + 2}`,
        );
      if (op.dmaBytes > 0 && op.args > MAX_DMA_ARGS)
        issue(
          at('program', i, 'args'),
          `do_on_dma carries at most ${MAX_DMA_ARGS} arguments besides its block [004 L1875]`,
        );
      if (op.dmaBytes + 4 * (op.args + 2) > system.pages.bytes)
        issue(
          at('program', i, 'dmaBytes'),
          `a message must fit in one page (${system.pages.bytes} bytes) [004 L1880]`,
        );
      if (typeof op.to === 'number' && op.to >= spans.length)
        issue(
          at('program', i, 'to'),
          `application ${app.name} has virtual processors 0..${spans.length - 1}, got ${op.to}`,
        );
      if (typeof op.to !== 'number' && spans.length < 2)
        conflict(at('program', i, 'to'), `"${op.to}" needs an application of at least 2 processes`);
    });
  });
  (system.scheduler.round ?? []).forEach((slot, i) => {
    if (slot !== 'free' && !gids.has(slot))
      missing(['system', 'scheduler', 'round', i], `no application has GID ${slot}`);
  });
}

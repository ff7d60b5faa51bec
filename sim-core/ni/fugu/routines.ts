/**
 * The processor's routines as lists of stages (seed 004 Tables 4-4, 4-5; digest §B.7-§B.12): the
 * send (describe, launch), the message-available upcall through the kernel stub, polling, the
 * kernel's mismatch-available insert handler, the cross-domain upcall of upcall-always, the
 * message-handling thread's extraction, the revocation on an atomicity timeout, the page-fault
 * switch and the scheduler's end of slice. Each stage's cycles come from costs.ts in the run's
 * column; a routine is data the processor steps through (processor.ts), so its costs are exactly
 * the ledger it emits.
 */
import {
  extractCycles,
  POLL_STAGES,
  stageCycles,
  UPCALL_ENTRY,
  UPCALL_EXIT,
  type StageName,
} from './costs';
import type { FuguCtx } from './fugu-context';
import type { FuguHandlerSpec } from './fugu-format';
import type { ActionName, Frame, RoutineName, SendSpec, Step } from './fugu-state';

export function frame(
  routine: RoutineName,
  steps: Step[],
  pid: number,
  msg = -1,
  send: SendSpec | null = null,
): Frame {
  return {
    routine,
    steps,
    at: 0,
    left: -1,
    msg,
    pid,
    stepStart: -1,
    began: -1,
    savedDisable: false,
    disposed: false,
    count: 0,
    out: -1,
    send,
  };
}

const step = (stage: StageName, cycles: number, then: ActionName | null = null): Step => ({
  stage,
  cycles,
  then,
});

/** The stages of a table in this run's column, the last one ending in `then`. */
function stages(
  ctx: FuguCtx,
  names: readonly StageName[],
  args: number,
  then: ActionName | null,
): Step[] {
  const out = names
    .map((s) => step(s, stageCycles(s, ctx.cfg.atomicity, args)))
    .filter((s) => s.cycles > 0);
  if (then) out[out.length - 1]!.then = then;
  return out;
}

/** Describe (3 cycles a word, stores that may block) then launch [004 L761-767, L841-843]. */
export function sendSteps(ctx: FuguCtx, args: number): Step[] {
  return [
    step('describe', stageCycles('describe', ctx.cfg.atomicity, args)),
    step('launch', stageCycles('launch', ctx.cfg.atomicity, args), 'launch'),
  ];
}

/** A handler's own body and, if it answers, the reply it sends from inside its atomic section. */
export function handlerBody(ctx: FuguCtx, h: FuguHandlerSpec, then: ActionName): Step[] {
  const out: Step[] = [];
  if (h.cycles > 0) out.push(step('body', h.cycles));
  if (h.reply !== undefined) out.push(...sendSteps(ctx, 0));
  out.push(step('body', 0, then));
  return out;
}

/**
 * An upcalled handler from its first instruction: its dispose before its body, or, for a reply
 * composed from the receive window, after it (whichever upcall runs it: the handler is the same).
 */
function upcalledHandler(
  ctx: FuguCtx,
  h: FuguHandlerSpec,
  args: number,
  dispose: 'dispose' | 'crossDispose',
): Step[] {
  const late = h.reply !== undefined && h.disposeAfterReply;
  return [
    step('nullHandler', stageCycles('nullHandler', ctx.cfg.atomicity, args), late ? null : dispose),
    ...handlerBody(ctx, h, late ? dispose : 'handled'),
    ...(late ? [step('body', 0, 'handled')] : []),
  ];
}

/** The user interrupt through the kernel stub into the handler and back (Table 4-4's interrupt column). */
export function upcallSteps(ctx: FuguCtx, h: FuguHandlerSpec, args: number): Step[] {
  return [
    ...stages(ctx, UPCALL_ENTRY, args, 'upcall'),
    ...upcalledHandler(ctx, h, args, 'dispose'),
    ...stages(ctx, UPCALL_EXIT, args, null),
    step('registerRestore', 0, 'endatom'),
  ];
}

/** The poll that finds the message, dispatch on the handler address, the handler (Table 4-4's polling column). */
export function pollSteps(ctx: FuguCtx, h: FuguHandlerSpec, args: number): Step[] {
  return [...stages(ctx, POLL_STAGES, args, 'pollDispose'), ...handlerBody(ctx, h, 'handled')];
}

/** upcall-always: the other process's handler runs now, through a cross-domain upcall [004 L1569]. */
export function crossDomainSteps(ctx: FuguCtx, h: FuguHandlerSpec, args: number): Step[] {
  return [
    step('crossDomain', stageCycles('crossDomain', ctx.cfg.atomicity, args)),
    ...stages(ctx, UPCALL_ENTRY, args, 'upcall'),
    ...upcalledHandler(ctx, h, args, 'crossDispose'),
    ...stages(ctx, UPCALL_EXIT, args, null),
    step('registerRestore', 0, 'crossReturn'),
  ];
}

/** The mismatch-available handler: insert (180), with a vmalloc'd page when the list is empty (3,162). */
export function insertSteps(vmalloc: boolean): Step[] {
  const steps = [step('insert', stageCycles('insert', 'soft', 0))];
  if (vmalloc) steps.push(step('vmalloc', stageCycles('vmalloc', 'soft', 0)));
  steps[steps.length - 1]!.then = 'insert';
  return steps;
}

/** One buffered message from the message-handling thread: extract (52 + DRAM reads), then its handler. */
export function extractSteps(ctx: FuguCtx, h: FuguHandlerSpec, args: number): Step[] {
  return [step('extract', extractCycles(args), 'bufferDispose'), ...handlerBody(ctx, h, 'handled')];
}

/**
 * Virtual buffering (seed 004 §4.2, §5.1; digest §B.12-§B.13): each process's software buffer is a
 * list of demand-allocated pages in its own virtual memory. The kernel's insert handler copies the
 * head message onto the tail page by the DMA option of dispose [004 L893] — taking a page from the
 * node's local free-page list, or allocating one (vmalloc, 3,162 cycles) when the list is empty
 * [004 L901, L1031] — and the message-handling thread reads messages back in order [004 L907],
 * freeing each page it empties to the free list. Buffer growth triggers overflow control.
 */
import { appOf, msgOf, nodeOf, procOf, type FuguCtx } from './fugu-context';
import type { ModeTrigger } from './fugu-events';
import type { FuguNode, FuguProcess } from './fugu-state';
import { popHead, setUac } from './ni';
import { startOverflow } from './overflow';

/** Pages the local free-page list keeps before it gives pages back: "a few" [004 L1031] [default]. */
const FREE_LIST_CAP = 4;

export const messageBytes = (args: number, dmaBytes: number) => 4 * (2 + args) + dmaBytes;

/** Whether the next message needs a new page, and where the page will come from. */
export function pageNeeded(
  ctx: FuguCtx,
  node: FuguNode,
  p: FuguProcess,
  bytes: number,
): 'none' | 'free-list' | 'vmalloc' {
  const tail = p.buffer.pages[p.buffer.pages.length - 1];
  if (tail !== undefined && tail + bytes <= ctx.cfg.pageBytes) return 'none';
  return node.freeList > 0 ? 'free-list' : 'vmalloc';
}

/** Moves a process between DIRECT and BUFFERED, telling why. */
export function setMode(
  ctx: FuguCtx,
  p: FuguProcess,
  to: FuguProcess['mode'],
  sub: FuguProcess['sub'],
  trigger: ModeTrigger,
): void {
  if (p.mode === to && p.sub === sub) return;
  const from = p.mode;
  p.mode = to;
  p.sub = sub;
  ctx.events.push({
    kind: 'fugu.mode',
    node: p.node,
    pid: p.pid,
    gid: p.gid,
    from,
    to,
    sub,
    trigger,
  });
  const node = nodeOf(ctx, p.node);
  // divert-mode follows the running process's mode [004 L891; digest §H-21].
  if (node.running === p.pid) node.ni.divertMode = to === 'BUFFERED';
}

/** A process given messages to handle wants the processor again, and sooner if it outranks the runner. */
export function wantsToRun(ctx: FuguCtx, node: FuguNode, p: FuguProcess): void {
  if (p.runnable || appOf(ctx, p.gid).interactive) return;
  p.runnable = true;
  const runner = node.running === null ? null : ctx.state.procs[node.running]!;
  if (!runner || runner.sched.priority < p.sched.priority) node.switchDue ??= 'wake';
}

/** The insert handler's end: the head message is DMA'd onto `p`'s tail page. */
export function insertHead(ctx: FuguCtx, node: FuguNode, pid: number): number {
  const p = procOf(ctx, pid);
  const msg = popHead(ctx, node);
  const m = msgOf(ctx, msg);
  const bytes = messageBytes(m.args, m.dmaBytes);
  const need = pageNeeded(ctx, node, p, bytes);
  if (need !== 'none') {
    if (need === 'free-list') node.freeList -= 1;
    else node.freeFrames -= 1;
    p.buffer.pages.push(0);
    p.buffer.maxPages = Math.max(p.buffer.maxPages, p.buffer.pages.length);
    ctx.events.push({
      kind: 'fugu.buffer',
      node: node.id,
      pid,
      msg,
      op: need === 'free-list' ? 'page-free-list' : 'page-vmalloc',
      pages: p.buffer.pages.length,
      count: p.buffer.queue.length,
    });
  }
  p.buffer.pages[p.buffer.pages.length - 1]! += bytes;
  let onNode = 0;
  for (const q of ctx.state.procs) if (q.node === node.id) onNode += q.buffer.pages.length;
  node.maxPages = Math.max(node.maxPages, onNode);
  p.buffer.queue.push({ msg, bytes });
  m.path = 'buffered';
  ctx.events.push({
    kind: 'fugu.buffer',
    node: node.id,
    pid,
    msg,
    op: 'insert',
    pages: p.buffer.pages.length,
    count: p.buffer.queue.length,
  });
  wantsToRun(ctx, node, p);
  const app = appOf(ctx, p.gid);
  const trigger: ModeTrigger = app.policy === 'buffer-always' ? 'buffer-always' : 'mismatch';
  if (p.mode === 'DIRECT') setMode(ctx, p, 'BUFFERED', p.sub ?? 'handling', trigger);
  if (app.threshold !== null && p.buffer.pages.length > app.threshold)
    startOverflow(ctx, p, app.threshold);
  return msg;
}

/**
 * The message-handling thread takes the head of `p`'s buffer; the page it empties goes back to the
 * local free list (or to the node's frames when the list is full).
 */
export function extractHead(ctx: FuguCtx, p: FuguProcess): number {
  const node = nodeOf(ctx, p.node);
  const { msg, bytes } = p.buffer.queue.shift()!;
  // Pages fill in order, so the head message is on the head page.
  p.buffer.pages[0]! -= bytes;
  ctx.events.push({
    kind: 'fugu.buffer',
    node: p.node,
    pid: p.pid,
    msg,
    op: 'extract',
    pages: p.buffer.pages.length,
    count: p.buffer.queue.length,
  });
  const headPageDone =
    p.buffer.pages[0]! <= 0 && (p.buffer.pages.length > 1 || p.buffer.queue.length === 0);
  if (headPageDone) {
    p.buffer.pages.shift();
    if (node.freeList < Math.max(FREE_LIST_CAP, ctx.cfg.freeList)) node.freeList += 1;
    else node.freeFrames += 1;
    ctx.events.push({
      kind: 'fugu.buffer',
      node: p.node,
      pid: p.pid,
      msg,
      op: 'page-freed',
      pages: p.buffer.pages.length,
      count: p.buffer.queue.length,
    });
  }
  return msg;
}

/** The buffer is empty and nothing holds the process in buffered mode: back to DIRECT [004 L889]. */
export function leaveBuffered(ctx: FuguCtx, p: FuguProcess): void {
  if (p.buffer.queue.length > 0 || p.mode === 'DIRECT') return;
  if (appOf(ctx, p.gid).policy === 'buffer-always') return;
  setMode(ctx, p, 'DIRECT', null, 'buffer empty');
  const node = nodeOf(ctx, p.node);
  if (node.running === p.pid) setUac(ctx, node, 'atomicityExtend', false, 'kernel');
}

/**
 * Overflow control as FUGU ran it for its experiments (seed 004 §7.5, L1712-1718; digest §B.14):
 * when an insert leaves a process with more buffer pages than its application's threshold, the
 * whole application switches to overflow mode — the detecting node sends STOP on the second
 * network to every process of the application, and each runs only its message-consuming thread —
 * until the pages in use fall back to zero. Who decides the release is not in the seed: the
 * detecting node collects "empty" reports over the ring and then sends RESUME [digest §B.14, H-28].
 */
import { SECOND_NETWORKS } from '../../net/networks';
import type { FuguCtx } from './fugu-context';
import type { FuguProcess, RingFrame } from './fugu-state';

const RING = SECOND_NETWORKS.ring;

function sendRing(
  ctx: FuguCtx,
  what: RingFrame['what'],
  gid: number,
  src: number,
  dst: number,
): void {
  const id = ctx.state.nextRingFrame;
  ctx.state.nextRingFrame += 1;
  ctx.state.ringFrames[id] = { id, what, gid, src, dst, sentAt: ctx.state.cycle };
  RING.inject(ctx.state.ring, ctx.cfg.ring, ctx.state.cycle, id, src, dst);
}

const episodeOf = (ctx: FuguCtx, gid: number) => ctx.state.overflow.find((o) => o.gid === gid)!;
const membersOf = (ctx: FuguCtx, gid: number) => ctx.state.procs.filter((p) => p.gid === gid);

function enter(ctx: FuguCtx, p: FuguProcess, threshold: number): void {
  p.overflow = true;
  p.reportedEmpty = false;
  ctx.events.push({
    kind: 'fugu.overflow',
    node: p.node,
    gid: p.gid,
    what: 'stop',
    pages: p.buffer.pages.length,
    threshold,
    peer: -1,
  });
}

/** L_queue > L_threshold: the application goes into overflow mode, STOP around the ring. */
export function startOverflow(ctx: FuguCtx, p: FuguProcess, threshold: number): void {
  const o = episodeOf(ctx, p.gid);
  if (o.active) return;
  o.active = true;
  o.coordinator = p.node;
  o.empties = 0;
  o.episodes += 1;
  ctx.events.push({
    kind: 'fugu.overflow',
    node: p.node,
    gid: p.gid,
    what: 'threshold',
    pages: p.buffer.pages.length,
    threshold,
    peer: -1,
  });
  enter(ctx, p, threshold);
  for (const q of membersOf(ctx, p.gid)) {
    if (q.pid === p.pid) continue;
    sendRing(ctx, 'STOP', p.gid, p.node, q.node);
    ctx.events.push({
      kind: 'fugu.overflow',
      node: p.node,
      gid: p.gid,
      what: 'stop-sent',
      pages: p.buffer.pages.length,
      threshold,
      peer: q.node,
    });
  }
}

/** An empty report reaches the coordinator: when every process has emptied, RESUME goes out. */
function countEmpty(ctx: FuguCtx, gid: number, threshold: number): void {
  const o = episodeOf(ctx, gid);
  o.empties += 1;
  const members = membersOf(ctx, gid);
  if (o.empties < members.length) return;
  o.active = false;
  for (const q of members) {
    if (q.node === o.coordinator) resume(ctx, q, threshold);
    else {
      sendRing(ctx, 'RESUME', gid, o.coordinator, q.node);
      ctx.events.push({
        kind: 'fugu.overflow',
        node: o.coordinator,
        gid,
        what: 'resume-sent',
        pages: 0,
        threshold,
        peer: q.node,
      });
    }
  }
}

function resume(ctx: FuguCtx, q: FuguProcess, threshold: number): void {
  q.overflow = false;
  ctx.events.push({
    kind: 'fugu.overflow',
    node: q.node,
    gid: q.gid,
    what: 'resume',
    pages: q.buffer.pages.length,
    threshold,
    peer: -1,
  });
}

/** Each cycle: ring frames that arrive take effect, and emptied processes report. */
export function stepOverflow(ctx: FuguCtx): void {
  const s = ctx.state;
  for (const id of RING.deliverDue(s.ring, s.cycle)) {
    const f = s.ringFrames[id]!;
    delete s.ringFrames[id];
    const q = membersOf(ctx, f.gid).find((p) => p.node === f.dst);
    const threshold = ctx.cfg.apps.find((a) => a.gid === f.gid)?.threshold ?? 0;
    if (!q) continue;
    if (f.what === 'STOP') enter(ctx, q, threshold);
    else if (f.what === 'RESUME') resume(ctx, q, threshold);
    else countEmpty(ctx, f.gid, threshold);
  }
  if (!s.overflow.some((o) => o.active)) return;
  for (const p of s.procs) {
    if (!p.overflow || p.reportedEmpty || p.buffer.pages.length > 0) continue;
    p.reportedEmpty = true;
    const o = episodeOf(ctx, p.gid);
    const threshold = ctx.cfg.apps.find((a) => a.gid === p.gid)?.threshold ?? 0;
    ctx.events.push({
      kind: 'fugu.overflow',
      node: p.node,
      gid: p.gid,
      what: 'empty',
      pages: 0,
      threshold,
      peer: o.coordinator,
    });
    if (p.node === o.coordinator) countEmpty(ctx, p.gid, threshold);
    else sendRing(ctx, 'EMPTY', p.gid, p.node, o.coordinator);
  }
}

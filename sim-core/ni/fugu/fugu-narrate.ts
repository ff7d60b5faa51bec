/** One sentence per FUGU event, its row in the event log, and what a quiet cycle is busy with. */
import type { EventVocabulary } from '../../model';
import type { FuguEventBody } from './fugu-events';
import type { FuguFrame } from './fugu-frame';
import type { FuguMeta } from './fugu-meta';

const at = (e: { node: number }) => `node ${e.node}`;
const appName = (meta: FuguMeta, gid: number) =>
  gid === 0 ? 'the scheduler' : (meta.apps.find((a) => a.gid === gid)?.name ?? `GID ${gid}`);
const proc = (meta: FuguMeta, pid: number | null) => {
  if (pid === null) return 'nobody';
  let n = pid;
  for (const a of meta.apps) {
    if (n < a.nodes.length) return `${a.name}.${n}`;
    n -= a.nodes.length;
  }
  return `process ${pid}`;
};

const UAC_WORDS = {
  interruptDisable: 'interrupt-disable',
  timerForce: 'timer-force',
  disposePending: 'dispose-pending',
  atomicityExtend: 'atomicity-extend',
} as const;

export const fuguVocabulary: EventVocabulary<FuguEventBody, FuguMeta> = {
  narration: {
    'fugu.send': (e, meta) => {
      if (e.what === 'describe')
        return `${at(e)}: ${appName(meta, e.gid)} starts describing message ${e.msg} (${e.words} words) into the send buffer, for node ${e.dst}`;
      if (e.what === 'blocked')
        return `${at(e)}: a store into the send buffer BLOCKS at word ${e.words}: node ${e.dst}'s receiver buffer is full, so the network cannot take message ${e.msg} [004 L761]`;
      if (e.what === 'rollback')
        return `${at(e)}: a context switch catches message ${e.msg} half described (${e.words} words): FUGU rolls the PC back to the first store [004 L1271]`;
      return `${at(e)}: launch — message ${e.msg} (${e.words} words, GID ${e.gid} stamped by the hardware) enters the network for node ${e.dst}`;
    },
    'fugu.arrive': (e) =>
      `${at(e)}: message ${e.msg} (GID ${e.gid}) reaches the input queue (${e.queue} waiting)`,
    'fugu.dispatch': (e) =>
      `${at(e)} NI, dispatch rule on message ${e.msg}: row “${e.row}” — ${e.why}`,
    'fugu.intr': (e, meta) => {
      if (e.what === 'message-available')
        return `${at(e)}: message-available interrupt — the kernel stub will upcall ${proc(meta, e.pid)}'s handler for message ${e.msg}`;
      if (e.what === 'mismatch-available')
        return `${at(e)}: mismatch-available interrupt for message ${e.msg} (the kernel's, not maskable) — ${e.why}`;
      return `${at(e)}: ${e.what} — ${e.why}`;
    },
    'fugu.uac': (e) =>
      `${at(e)}: UAC ${UAC_WORDS[e.bit]} ${e.value ? 'set' : 'cleared'} by ${e.by}`,
    'fugu.timer': (e) =>
      e.what === 'expired'
        ? `${at(e)}: the atomicity timer reaches 0 — atomicity-timeout [004 L867]`
        : e.what === 'enabled'
          ? `${at(e)}: the atomicity timer starts counting (interrupts disabled and a message waits) from ${e.counter}`
          : e.what === 'disabled'
            ? `${at(e)}: the atomicity timer stops and is preset`
            : `${at(e)}: dispose presets the atomicity timer to ${e.counter}`,
    'fugu.mode': (e, meta) =>
      `${at(e)}: ${proc(meta, e.pid)} goes ${e.from} → ${e.to}${e.sub ? ` (${e.sub})` : ''} — ${e.trigger}`,
    'fugu.buffer': (e, meta) => {
      const who = proc(meta, e.pid);
      if (e.op === 'insert')
        return `${at(e)}: message ${e.msg} copied by DMA into ${who}'s buffer (${e.count} buffered, ${e.pages} page${e.pages === 1 ? '' : 's'})`;
      if (e.op === 'extract')
        return `${at(e)}: ${who}'s message thread takes message ${e.msg} from its buffer (${e.count} left)`;
      if (e.op === 'page-free-list')
        return `${at(e)}: ${who}'s buffer takes a page from the local free list (${e.pages} pages)`;
      if (e.op === 'page-vmalloc')
        return `${at(e)}: the free list is empty — vmalloc allocates a fresh page for ${who}'s buffer (3,162 cycles) [004 L901]`;
      return `${at(e)}: a page of ${who}'s buffer is empty and goes back to the free list (${e.pages} left)`;
    },
    'fugu.overflow': (e, meta) => {
      const app = appName(meta, e.gid);
      if (e.what === 'threshold')
        return `${at(e)}: ${app} holds ${e.pages} buffer pages, more than its threshold of ${e.threshold}: overflow control [004 L1714]`;
      if (e.what === 'stop-sent')
        return `${at(e)}: STOP for ${app} goes onto the ring to node ${e.peer}`;
      if (e.what === 'stop')
        return `${at(e)}: ${app} enters overflow mode — only its message thread runs`;
      if (e.what === 'empty')
        return `${at(e)}: ${app}'s buffer is empty; it reports to node ${e.peer}`;
      if (e.what === 'resume-sent')
        return `${at(e)}: RESUME for ${app} goes onto the ring to node ${e.peer}`;
      return `${at(e)}: ${app} leaves overflow mode`;
    },
    'fugu.sched': (e, meta) =>
      `${at(e)}: context switch (${e.why}) ${proc(meta, e.from)} → ${proc(meta, e.to)}; the NI loads GID ${e.gid}${e.divert ? ' with divert-mode set' : ''}`,
    'fugu.handler': (e, meta) =>
      e.what === 'start'
        ? `${at(e)}: ${proc(meta, e.pid)}'s handler starts on message ${e.msg} (${e.how})`
        : e.what === 'rollback'
          ? `${at(e)}: ${proc(meta, e.pid)}'s handler for message ${e.msg} is rolled back — it had not disposed, so it will restart on the buffered stub [004 L1273]`
          : `${at(e)}: ${proc(meta, e.pid)}'s handler for message ${e.msg} returns`,
    'fugu.finish': (e, meta) => `${at(e)}: ${proc(meta, e.pid)} finishes its program`,
  },
  log: {
    who: {
      'fugu.send': (e, n) => n('P', e.node),
      'fugu.arrive': (e, n) => n('NI', e.node),
      'fugu.dispatch': (e, n) => n('NI', e.node),
      'fugu.intr': (e, n) => n('P', e.node),
      'fugu.uac': (e, n) => n('NI', e.node),
      'fugu.timer': (e, n) => n('NI', e.node),
      'fugu.mode': (e, n) => n('OS', e.node),
      'fugu.buffer': (e, n) => n('OS', e.node),
      'fugu.overflow': (e, n) => n('OS', e.node),
      'fugu.sched': (e, n) => n('OS', e.node),
      'fugu.handler': (e, n) => n('P', e.node),
      'fugu.finish': (e, n) => n('P', e.node),
    },
    style: { 'fugu.uac': 'transition', 'fugu.timer': 'transition' },
  },
};

export function narrateQuietFugu(frame: FuguFrame, meta: FuguMeta): string {
  if (frame.cycle === 0)
    return 'Initial state: the scheduler is about to start each node. Step forward to begin.';
  if (frame.halted) return 'The run is over: every message has been handled.';
  const parts = frame.nodes.flatMap((n) => {
    const top = n.kernel[0] ?? n.stack[0];
    if (!top) return n.running ? [] : [`node ${n.id} runs the scheduler`];
    return [`node ${n.id}: ${top.stage || top.routine}`];
  });
  const moving = frame.network.length;
  if (moving) parts.push(`${moving} message${moving === 1 ? '' : 's'} in the network`);
  void meta;
  return `Nothing new this cycle${parts.length ? `: ${parts.slice(0, 4).join('; ')}` : ''}.`;
}

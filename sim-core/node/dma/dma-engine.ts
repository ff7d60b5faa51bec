/**
 * The DMA engine (round2-spec §A.2 S2), model-neutral: a queue of descriptors, each moved in three
 * phases — Init (the engine is programmed with address and length), Exec (the blocks, one by one)
 * and Intr (the completion interrupt is handled) [002 L205-207]. Exec goes through a port: the
 * bus-node kit's bus, coherent by intervention or by retry or not at all, or a memory port with
 * Cranium-style timing (ports.ts). A rate below 1 derates the engine [002 L194]: it stretches each
 * block's data phase, and, if the model says so, Init and Intr too. All state is plain data; the
 * model steps the engine once a cycle and collects finished descriptors from `done`.
 */
import type { BlockData } from '../bus/agent';
import type { PhaseEventBody } from '../../ledger/phase-events';
import type { DmaDirection, DmaEventBody } from './dma-events';

export type { DmaDirection } from './dma-events';

export interface DmaDescriptor {
  id: number;
  /** What the transfer is for, in the model's words: "the descriptor of message 3". */
  label: string;
  /** read: host memory to the device; write: the device to host memory. */
  dir: DmaDirection;
  /** The blocks moved, in order, with their names for events and views. */
  blocks: number[];
  names: string[];
  /** What a write puts in each block (by position); empty for a read. */
  data: BlockData[];
  /** The model's message the transfer belongs to (-1: none), and the ledger part it counts to. */
  message: number;
  part: string | null;
  postedAt: number;
}

/** An engine's fixed costs, in the model's cycles, with the sources the ledger cites. */
export interface DmaCosts {
  init: number;
  intr: number;
  /** Fraction of the peak transfer rate the engine achieves, 0 < rate ≤ 1. */
  rate: number;
  /** The derating slows Init and Intr too (the whole engine), not only the transfers. */
  rateScalesSetup: boolean;
  /** Cycles one block's data takes at the peak rate (the part a derating stretches). */
  blockData: number;
  source: { init: string; intr: string; exec: string };
}

export interface DmaTransfer {
  desc: DmaDescriptor;
  phase: 'init' | 'exec' | 'intr';
  /** The cycle the phase began, and (Init, Intr) the cycle it ends. */
  phaseStart: number;
  phaseEnds: number;
  /** The block being moved (its index in the descriptor) and the cycle it started. */
  index: number;
  blockStart: number;
  /** The bus request of the block in flight (bus port), or the cycle it ends (memory port). */
  request: number;
  busyUntil: number;
  /** What each block read. */
  read: (BlockData | null)[];
  retries: number;
}

export interface DmaFinished {
  id: number;
  label: string;
  postedAt: number;
  at: number;
  read: (BlockData | null)[];
  retries: number;
}

export interface DmaEngine {
  /** The engine's name on its node ("DMA"): the actor of its events and ledger slices. */
  name: string;
  node: number;
  queue: DmaDescriptor[];
  current: DmaTransfer | null;
  /** Finished descriptors the model has not collected yet. */
  done: DmaFinished[];
  nextId: number;
  blocksMoved: number;
  retries: number;
  busyCycles: number;
}

export const newDmaEngine = (name: string, node: number): DmaEngine => ({
  name,
  node,
  queue: [],
  current: null,
  done: [],
  nextId: 0,
  blocksMoved: 0,
  retries: 0,
  busyCycles: 0,
});

/** How a block is moved: through the bus kit, or a memory port (ports.ts). */
export interface DmaPort<C> {
  /** Starts moving block `index` of the transfer. */
  begin(ctx: C, engine: DmaEngine, transfer: DmaTransfer, costs: DmaCosts): void;
  /** The block's move is over: what it read and who supplied it; null while it runs. */
  poll(
    ctx: C,
    engine: DmaEngine,
    transfer: DmaTransfer,
  ): { data: BlockData | null; source: string; retries: number } | null;
  /**
   * poll() will go on answering null, with nothing changed, until a bus transaction ends (a
   * model skipping quiet cycles asks; absent: the port cannot say).
   */
  waitsOnBus?(ctx: C): boolean;
}

export type DmaEmit = (e: DmaEventBody | PhaseEventBody) => void;

/** Queues a descriptor; returns its id. */
export function postDma(
  engine: DmaEngine,
  now: number,
  emit: DmaEmit,
  fields: Omit<DmaDescriptor, 'id' | 'postedAt'>,
): number {
  const desc: DmaDescriptor = { ...fields, id: engine.nextId++, postedAt: now };
  engine.queue.push(desc);
  emit({
    kind: 'dma.post',
    node: engine.node,
    engine: engine.name,
    desc: desc.id,
    label: desc.label,
    dir: desc.dir,
    blocks: desc.blocks.length,
  });
  return desc.id;
}

/** Takes the finished descriptor `id` off the engine's list, if it has finished. */
export function collectDma(engine: DmaEngine, id: number): DmaFinished | null {
  const at = engine.done.findIndex((d) => d.id === id);
  return at < 0 ? null : engine.done.splice(at, 1)[0]!;
}

const setup = (cycles: number, costs: DmaCosts) =>
  costs.rateScalesSetup ? Math.round(cycles / costs.rate) : cycles;

/** Cycles a derated engine adds to one block's data phase. */
export const extraBlockCycles = (costs: DmaCosts) =>
  Math.round(costs.blockData / costs.rate) - costs.blockData;

const PHASE_WORDS = { init: 'DMA Init', exec: 'DMA Exec', intr: 'DMA Intr' } as const;

function phaseEvent(
  engine: DmaEngine,
  t: DmaTransfer,
  edge: 'start' | 'end',
  cycles: number,
): DmaEventBody {
  return {
    kind: 'dma.phase',
    node: engine.node,
    engine: engine.name,
    desc: t.desc.id,
    label: t.desc.label,
    phase: t.phase,
    edge,
    cycles,
  };
}

/** The ledger slice of a phase, for a transfer that belongs to a message. */
function slice(
  engine: DmaEngine,
  t: DmaTransfer,
  start: number,
  end: number,
  costs: DmaCosts,
  emit: DmaEmit,
): void {
  if (t.desc.message < 0) return;
  emit({
    kind: 'phase',
    message: t.desc.message,
    node: engine.node,
    actor: engine.name,
    phase: `${PHASE_WORDS[t.phase]} (${t.desc.label})`,
    category: t.phase === 'exec' ? 'ni-hw' : 'ni-sw',
    part: t.desc.part,
    start,
    end,
    source: costs.source[t.phase],
  });
}

function startPhase(
  engine: DmaEngine,
  t: DmaTransfer,
  phase: 'init' | 'intr',
  now: number,
  costs: DmaCosts,
  emit: DmaEmit,
) {
  t.phase = phase;
  t.phaseStart = now;
  t.phaseEnds = now + setup(phase === 'init' ? costs.init : costs.intr, costs);
  emit(phaseEvent(engine, t, 'start', t.phaseEnds - now));
  slice(engine, t, now, t.phaseEnds, costs, emit);
}

/** One cycle of the engine, after the bus has completed and granted this cycle's transactions. */
export function stepDma<C>(
  ctx: C,
  engine: DmaEngine,
  port: DmaPort<C>,
  costs: DmaCosts,
  now: number,
  emit: DmaEmit,
): void {
  if (!engine.current) {
    const desc = engine.queue.shift();
    if (!desc) return;
    const t: DmaTransfer = {
      desc,
      phase: 'init',
      phaseStart: now,
      phaseEnds: now,
      index: 0,
      blockStart: now,
      request: -1,
      busyUntil: now,
      read: [],
      retries: 0,
    };
    engine.current = t;
    startPhase(engine, t, 'init', now, costs, emit);
  }
  const t = engine.current;
  engine.busyCycles++;
  if (t.phase === 'init') {
    if (now < t.phaseEnds) return;
    emit(phaseEvent(engine, t, 'end', now - t.phaseStart));
    t.phase = 'exec';
    t.phaseStart = now;
    t.index = 0;
    emit(phaseEvent(engine, t, 'start', 0));
    if (t.desc.blocks.length === 0) return finishExec(engine, t, now, costs, emit);
    t.blockStart = now;
    port.begin(ctx, engine, t, costs);
    return;
  }
  if (t.phase === 'exec') {
    const moved = port.poll(ctx, engine, t);
    if (!moved) return;
    t.read[t.index] = moved.data;
    t.retries += moved.retries;
    engine.retries += moved.retries;
    engine.blocksMoved++;
    emit({
      kind: 'dma.block',
      node: engine.node,
      engine: engine.name,
      desc: t.desc.id,
      dir: t.desc.dir,
      block: t.desc.names[t.index] ?? `#${t.desc.blocks[t.index]}`,
      index: t.index,
      of: t.desc.blocks.length,
      source: moved.source,
      retries: moved.retries,
      cycles: now - t.blockStart,
    });
    t.index++;
    if (t.index < t.desc.blocks.length) {
      t.blockStart = now;
      port.begin(ctx, engine, t, costs);
      return;
    }
    return finishExec(engine, t, now, costs, emit);
  }
  if (now < t.phaseEnds) return;
  emit(phaseEvent(engine, t, 'end', now - t.phaseStart));
  engine.done.push({
    id: t.desc.id,
    label: t.desc.label,
    postedAt: t.desc.postedAt,
    at: now,
    read: t.read,
    retries: t.retries,
  });
  emit({
    kind: 'dma.done',
    node: engine.node,
    engine: engine.name,
    desc: t.desc.id,
    label: t.desc.label,
    cycles: now - t.desc.postedAt,
    retries: t.retries,
  });
  engine.current = null;
}

function finishExec(
  engine: DmaEngine,
  t: DmaTransfer,
  now: number,
  costs: DmaCosts,
  emit: DmaEmit,
): void {
  emit(phaseEvent(engine, t, 'end', now - t.phaseStart));
  slice(engine, t, t.phaseStart, now, costs, emit);
  startPhase(engine, t, 'intr', now, costs, emit);
}

/**
 * The last cycle through which stepDma only counts busy cycles, given that no bus transaction
 * ends meanwhile (a model skipping quiet cycles asks); the current cycle when it may act next.
 */
export function dmaQuietThrough<C>(
  ctx: C,
  engine: DmaEngine,
  port: DmaPort<C>,
  now: number,
): number {
  const t = engine.current;
  if (!t) return engine.queue.length > 0 ? now : Infinity;
  if (t.phase === 'exec') return port.waitsOnBus?.(ctx) ? Infinity : now;
  return t.phaseEnds - 1;
}

/** `cycles` quiet cycles of the engine (dmaQuietThrough said so): its busy count. */
export function skipDma(engine: DmaEngine, cycles: number): void {
  if (engine.current) engine.busyCycles += cycles;
}

/** Whether the engine has nothing queued or under way. */
export const dmaIdle = (engine: DmaEngine) => engine.current === null && engine.queue.length === 0;

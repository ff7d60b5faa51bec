/**
 * The built-in lecture scenarios, by id, in the order the start page lists them (a teaching order:
 * coherence — reads, writes, sharing patterns, replacement — then coherent network interfaces (E1–E10), then the torus and its router, then the Cranium NI on the torus (F6–F12), then Eager Data Transfer (B1.1–B1.8), then FLASH's MAGIC (FLASH 1–8), then FUGU's user-direct messaging (FUGU 1–8)). Each file is raw JSON (validated
 * by parseScenario when loaded) and has a golden event log in tests/golden/.
 */
import dirtySharing from './coherence/dirty-sharing.json';
import evictionsWriteback from './coherence/evictions-writeback.json';
import falseSharing from './coherence/false-sharing.json';
import migratoryData from './coherence/migratory-data.json';
import pingPong from './coherence/ping-pong.json';
import producerConsumer from './coherence/producer-consumer.json';
import readSharing from './coherence/read-sharing.json';
import writeInvalidation from './coherence/write-invalidation.json';
import cniPollingCdr from './cni/polling-cdr.json';
import cniHandshake from './cni/handshake.json';
import cniVirtualPolling from './cni/virtual-polling.json';
import cniLocalQueue from './cni/local-queue.json';
import cniSenseReverse from './cni/sense-reverse.json';
import cniRemotePingpong from './cni/remote-pingpong.json';
import cniStreamKnee from './cni/stream-knee.json';
import cniBursts from './cni/bursts.json';
import cniOverflowSnarfing from './cni/overflow-snarfing.json';
import cniIoBus from './cni/io-bus.json';
import antipode from './torus/antipode.json';
import contention from './torus/contention.json';
import chaosVsDor from './torus/chaos-vs-dor.json';
import deroute from './torus/deroute.json';
import dorDeadlock from './torus/dor-deadlock.json';
import hotspot from './torus/hotspot.json';
import onePacket from './torus/one-packet.json';
import craniumOutOfOrder from './cranium/out-of-order.json';
import craniumShortMessage from './cranium/short-message.json';
import craniumLongMessage from './cranium/long-message.json';
import craniumForgotSync from './cranium/forgot-sync.json';
import craniumQueueOverflow from './cranium/queue-overflow.json';
import craniumScheduler from './cranium/scheduler.json';
import craniumDmaCoherence from './cranium/dma-coherence.json';
import craniumNiDesigns from './cranium/ni-designs.json';
import edtGap from './edt/gap.json';
import edtRetryVsIntv from './edt/retry-vs-intv.json';
import edtEagerSend from './edt/eager-send.json';
import edtThrash from './edt/thrash.json';
import edtNoEState from './edt/no-e-state.json';
import edtReceiveModes from './edt/receive-modes.json';
import edtVsCni from './edt/vs-cni.json';
import edtSizeSweep from './edt/size-sweep.json';
import flashMacropipeline from './flash/flash-macropipeline.json';
import flashCommandSequence from './flash/flash-command-sequence.json';
import flash4kbAnatomy from './flash/flash-4kb-anatomy.json';
import flashDirtySender from './flash/flash-dirty-sender.json';
import flashChunking from './flash/flash-chunking.json';
import flashMustYield from './flash/flash-must-yield.json';
import flashRemap from './flash/flash-remap.json';
import flashGlobalCoherence from './flash/flash-global-coherence.json';
import fuguFastPath from './fugu/fugu-fast-path.json';
import fuguPolling from './fugu/fugu-polling.json';
import fuguMismatchBuffered from './fugu/fugu-mismatch-buffered.json';
import fuguDeadlockTimeout from './fugu/fugu-deadlock-timeout.json';
import fuguPageFaultHandler from './fugu/fugu-page-fault-handler.json';
import fuguPolicies from './fugu/fugu-policies.json';
import fuguSkewedGang from './fugu/fugu-skewed-gang.json';
import fuguOverflowControl from './fugu/fugu-overflow-control.json';
import benchSmallMessages from './bench/bench-small-messages.json';
import benchLargeMessages from './bench/bench-large-messages.json';
import benchProvenance from './bench/bench-provenance.json';

export interface BuiltinScenario {
  id: string;
  file: string;
  doc: unknown;
}

const entries: [string, unknown][] = [
  ['coherence/read-sharing.json', readSharing],
  ['coherence/write-invalidation.json', writeInvalidation],
  ['coherence/ping-pong.json', pingPong],
  ['coherence/migratory-data.json', migratoryData],
  ['coherence/dirty-sharing.json', dirtySharing],
  ['coherence/producer-consumer.json', producerConsumer],
  ['coherence/false-sharing.json', falseSharing],
  ['coherence/evictions-writeback.json', evictionsWriteback],
  ['cni/polling-cdr.json', cniPollingCdr],
  ['cni/handshake.json', cniHandshake],
  ['cni/virtual-polling.json', cniVirtualPolling],
  ['cni/local-queue.json', cniLocalQueue],
  ['cni/sense-reverse.json', cniSenseReverse],
  ['cni/remote-pingpong.json', cniRemotePingpong],
  ['cni/stream-knee.json', cniStreamKnee],
  ['cni/bursts.json', cniBursts],
  ['cni/overflow-snarfing.json', cniOverflowSnarfing],
  ['cni/io-bus.json', cniIoBus],
  ['torus/one-packet.json', onePacket],
  ['torus/antipode.json', antipode],
  ['torus/contention.json', contention],
  ['torus/deroute.json', deroute],
  ['torus/hotspot.json', hotspot],
  ['torus/dor-deadlock.json', dorDeadlock],
  ['torus/chaos-vs-dor.json', chaosVsDor],
  ['cranium/out-of-order.json', craniumOutOfOrder],
  ['cranium/short-message.json', craniumShortMessage],
  ['cranium/long-message.json', craniumLongMessage],
  ['cranium/forgot-sync.json', craniumForgotSync],
  ['cranium/queue-overflow.json', craniumQueueOverflow],
  ['cranium/scheduler.json', craniumScheduler],
  ['cranium/dma-coherence.json', craniumDmaCoherence],
  ['cranium/ni-designs.json', craniumNiDesigns],
  ['edt/gap.json', edtGap],
  ['edt/retry-vs-intv.json', edtRetryVsIntv],
  ['edt/eager-send.json', edtEagerSend],
  ['edt/thrash.json', edtThrash],
  ['edt/no-e-state.json', edtNoEState],
  ['edt/receive-modes.json', edtReceiveModes],
  ['edt/vs-cni.json', edtVsCni],
  ['edt/size-sweep.json', edtSizeSweep],
  ['flash/flash-macropipeline.json', flashMacropipeline],
  ['flash/flash-command-sequence.json', flashCommandSequence],
  ['flash/flash-4kb-anatomy.json', flash4kbAnatomy],
  ['flash/flash-dirty-sender.json', flashDirtySender],
  ['flash/flash-chunking.json', flashChunking],
  ['flash/flash-must-yield.json', flashMustYield],
  ['flash/flash-remap.json', flashRemap],
  ['flash/flash-global-coherence.json', flashGlobalCoherence],
  ['fugu/fugu-fast-path.json', fuguFastPath],
  ['fugu/fugu-polling.json', fuguPolling],
  ['fugu/fugu-mismatch-buffered.json', fuguMismatchBuffered],
  ['fugu/fugu-deadlock-timeout.json', fuguDeadlockTimeout],
  ['fugu/fugu-page-fault-handler.json', fuguPageFaultHandler],
  ['fugu/fugu-policies.json', fuguPolicies],
  ['fugu/fugu-skewed-gang.json', fuguSkewedGang],
  ['fugu/fugu-overflow-control.json', fuguOverflowControl],
  ['bench/bench-small-messages.json', benchSmallMessages],
  ['bench/bench-large-messages.json', benchLargeMessages],
  ['bench/bench-provenance.json', benchProvenance],
];

export const builtinScenarios: BuiltinScenario[] = entries.map(([file, doc]) => ({
  id: (doc as { id: string }).id,
  file,
  doc,
}));

/**
 * The scenario the app opens without a link. Write invalidation rather than read sharing (first in
 * the list): one short run shows E→S, an INV, a cache-to-cache supply and MOESI's M→O.
 */
export const DEFAULT_SCENARIO_ID = 'write-invalidation';

export function findBuiltin(id: string): BuiltinScenario | undefined {
  return builtinScenarios.find((s) => s.id === id);
}

/** sim-core's public surface: what the worker, the CLI and the tests import. */
export { createSim } from './sim';
export { MODELS, ALL_MODELS, moduleOf } from './models';
export { ownScenario } from './model';
export { FACES, ALL_FACES, faceOf } from './faces';
export type { SomeFace } from './faces';
export type { ModelKind, SomeModel } from './models';
export { networkConfigOf } from './network/module';
export { cniConfigOf } from './ni/cni/cni-config-of';
export { sweepPoint } from './network/sweep';
export type { SweepPoint, SweepRequest } from './network/sweep';
export { routingFunctions, ROUTER_NAMES } from './network/routing';
export type { RouterKind } from './network/routing';
export { cniSweepPoint } from './ni/cni/cni-sweep';
export {
  cniSweepPlan,
  niKindsOn,
  pingpongRounds,
  CNI_SWEEP_SIZES,
  SWEEP_MESSAGES,
  SWEEP_ROUNDS,
} from './ni/cni/cni-sweep-plan';
export type { CniMetric, CniSweepPoint, CniSweepRequest } from './ni/cni/cni-sweep-plan';
export type { BusKind, NiKindName } from './ni/cni/config';
export type { Frame, ModelMeta, Simulation, SimSnapshot, Stats } from './sim';
export type { BusFrame, BusSystemStats } from './bus/bus-frame';
export type {
  NetworkFrame,
  NetworkStats,
  PacketView,
  RouterView as RouterFrame,
  Decision,
} from './network/network-frame';
export type { Topology, Port } from './network/topology';
export type { BusMeta } from './bus/bus-meta';
export type { NetworkMeta } from './network/network-meta';
export type { CniMeta } from './ni/cni/cni-meta';
export type { CraniumMeta } from './ni/cranium/cranium-meta';
export { Session, digestEvents } from './session';
export { DEFAULT_KEYFRAME_EVERY } from './trace/timeline';
export type { SessionOptions, SessionView } from './session';
export { parseScenario } from './scenario/parse';
export { scenarioSchema, SCENARIO_VERSION, VIEW_NAMES, DEFAULT_VIEWS } from './scenario/schema';
export type { Scenario, ScenarioInput, ViewName } from './scenario/schema';
export { TOPICS, TOPIC_NAMES } from './scenario/names';
export type { BusScenario } from './bus/bus-schema';
export type { NetworkScenario } from './network/network-schema';
export type { CniScenario } from './ni/cni/cni-schema';
export type { CraniumScenario } from './ni/cranium/cranium-schema';
export { ISSUE_CODES, formatIssue } from './scenario/issues';
export type { InputIssue, IssueCode, Result } from './scenario/issues';
export { applyOverrides, parseOverride } from './scenario/overrides';
export type { Override } from './scenario/overrides';
export { decodeLink, encodeLink, LINK_VERSION, MAX_LINK_LENGTH } from './scenario/share-link';
export type { LinkSource, LinkState } from './scenario/share-link';
export { narrate, describeEvent } from './trace/narrate';
export { eventText, logStyle, logText, logWho } from './trace/log-text';
export type { LogStyle } from './trace/log-text';
export type { SimEvent, SimEventKind } from './trace/events';
export { protocols, PROTOCOL_NAMES } from './memory/protocols';
export { SNOOPING_ACTIONS } from './memory/protocols/snooping-vocabulary';
export type { Protocol, Cell } from './memory/protocol';
export type { ProtocolName } from './memory/protocols';
export type {
  SnoopingAction,
  SnoopingEvent,
  SnoopingProtocol,
} from './memory/protocols/snooping-vocabulary';
export { hex } from './kernel/hex';
export { count, plural } from './kernel/words';
export { PHASE_CATEGORIES, PHASE_CATEGORY_INFO } from './ledger/phase-events';
export type { PhaseCategory, PhaseEventBody, PhaseSlice } from './ledger/phase-events';
export { anatomy, ledgerMessages, phaseSlices, sliceAt } from './ledger/phase-ledger';
export type { Anatomy } from './ledger/phase-ledger';
export type { DmaView } from './node/dma/dma-view';
export type { FiredCell } from './model';
export { nsPerCycle } from './model';
export type { Clocks } from './model';

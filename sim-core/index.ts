/** sim-core's public surface: what the worker, the CLI and the tests import. */
export { createSim, models, networkConfigOf } from './sim';
export { sweepPoint } from './network/sweep';
export type { SweepPoint, SweepRequest } from './network/sweep';
export type { RouterKind } from './network/routing';
export {
  cniSweepPlan,
  cniSweepPoint,
  niKindsOn,
  pingpongRounds,
  CNI_SWEEP_SIZES,
  SWEEP_MESSAGES,
  SWEEP_ROUNDS,
} from './ni/cni/cni-sweep';
export type { CniMetric, CniSweepPoint, CniSweepRequest } from './ni/cni/cni-sweep';
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
import type { ModelMeta as AnyMeta } from './sim';
export type BusMeta = Extract<AnyMeta, { model: 'bus' }>;
export type NetworkMeta = Extract<AnyMeta, { model: 'network' }>;
export { Session, digestEvents, DEFAULT_KEYFRAME_EVERY } from './session';
export type { SessionOptions, SessionView } from './session';
export { parseScenario } from './scenario/parse';
export { scenarioSchema, SCENARIO_VERSION, VIEW_NAMES, DEFAULT_VIEWS } from './scenario/schema';
export type {
  Scenario,
  ScenarioInput,
  ViewName,
  BusScenario,
  NetworkScenario,
  CniScenario,
} from './scenario/schema';
export { ISSUE_CODES, formatIssue } from './scenario/issues';
export type { InputIssue, IssueCode, Result } from './scenario/issues';
export { applyOverrides, parseOverride } from './scenario/overrides';
export type { Override } from './scenario/overrides';
export { decodeLink, encodeLink, LINK_VERSION, MAX_LINK_LENGTH } from './scenario/share-link';
export type { LinkSource, LinkState } from './scenario/share-link';
export { narrate, describeEvent } from './trace/narrate';
export type { SimEvent, SimEventKind } from './trace/events';
export { protocols, PROTOCOL_NAMES } from './memory/protocols';
export {
  SNOOPING_EVENTS as PROTOCOL_EVENTS,
  SNOOPING_EVENT_NAMES as PROTOCOL_EVENT_NAMES,
  SNOOPING_ACTIONS as PROTOCOL_ACTIONS,
} from './memory/protocols/snooping-vocabulary';
export type {
  Protocol,
  Cell,
  ProtocolEvent,
  ProtocolAction,
  ProtocolName,
} from './memory/protocol';
export { hex } from './kernel/hex';

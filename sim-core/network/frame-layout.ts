/**
 * Where a router's input frames sit in its `in` array (digest seed-001-cranium.md §B.12): one per
 * port and virtual channel, frame port × vcs + vc. The one place that addresses them, so that a
 * further index (request and reply lanes, docs/architecture.md) changes this file, not the phases.
 */
import { P_INDEX, PORTS, type Port } from './topology';

export class FrameLayout {
  /** Input frames per router. */
  readonly inputCount: number;
  /** The port (PORTS index) of each input frame. */
  readonly portOfInput: readonly number[];
  /** The virtual channel of each input frame. */
  readonly vcOfInput: readonly number[];
  /** The input frames of the network ports N E S W (bit i: input frame i), all but P's. */
  readonly networkInputBits: number;
  /** The injection frame: the P port's input frame. */
  readonly injectionInput: number;

  /** `vcs`: virtual channels (input frames) per port, from the routing function. */
  constructor(readonly vcs: number) {
    this.inputCount = PORTS.length * vcs;
    this.portOfInput = Array.from({ length: this.inputCount }, (_, i) => Math.floor(i / vcs));
    this.vcOfInput = Array.from({ length: this.inputCount }, (_, i) => i % vcs);
    this.networkInputBits = (1 << (P_INDEX * vcs)) - 1;
    this.injectionInput = P_INDEX * vcs;
  }

  /**
   * The input frame of port `port` (a PORTS index), virtual channel `vc`. The two per-phit paths
   * (a link's phit, RoutingContext.outputFree) write it out as port × vcs + vc: calls there cost
   * 1% more instructions a cycle (8×8 bench run, callgrind).
   */
  inputIndex(port: number, vc: number): number {
    return port * this.vcs + vc;
  }

  inputPort(i: number): Port {
    return PORTS[this.portOfInput[i]!]!;
  }

  /** "in W", or "in W vc1" with virtual channels. */
  inputName(i: number): string {
    const port = this.inputPort(i);
    return this.vcs > 1 ? `in ${port} vc${this.vcOfInput[i]!}` : `in ${port}`;
  }
}

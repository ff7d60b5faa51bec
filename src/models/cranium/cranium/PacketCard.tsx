/**
 * The selected Cranium packet: where it goes and where it was placed, its stage cycles, its path
 * through the torus (derouted hops marked) and its 96-bit header as six hex words, decoded.
 */
import { count } from '../../../../sim-core/kernel/words';
import { decodeHeader } from '../../../../sim-core/ni/cranium/header';
import type { CraniumPacketView } from '../../../../sim-core/ni/cranium/cranium-frame';
import { packetColour } from '../../../d3/torus-layout';
import { actions } from '../../../state/store';
import { upTo, type CraniumLogIndex } from './cranium-log';

const signed = (dy: number, dx: number) => `[${dy},${dx}]`;

function headerRows(words: readonly string[]): [string, string, string][] {
  const h = decodeHeader(words.map((w) => Number.parseInt(w, 16)));
  const flags =
    [
      h.intrEvery ? 'intr every' : '',
      h.intrFinal ? 'intr final' : '',
      h.queueFlag ? 'queue' : '',
      h.sysFlag ? 'system' : '',
    ]
      .filter(Boolean)
      .join(', ') || 'none';
  return [
    ['w0', words[0] ?? '', `destination ${signed(h.dest.dy, h.dest.dx)} (what is left of the way)`],
    ['w1', words[1] ?? '', `source ${signed(h.src.dy, h.src.dx)} (back to the sender)`],
    ['w2', words[2] ?? '', `process id ${h.processId}`],
    ['w3', words[3] ?? '', `dest. channel ${h.destChannel} : source channel ${h.srcChannel}`],
    ['w4', words[4] ?? '', `flags ${flags}; sequence ${h.sequence}`],
    ['w5', words[5] ?? '', 'redundancy code (parity over w0–w4)'],
  ];
}

function showTorus(): void {
  document.querySelector('[data-testid="panel-torus"]')?.scrollIntoView({
    behavior: 'smooth',
    block: 'start',
  });
}

export function PacketCard({
  packet: p,
  index,
  cycle,
}: {
  packet: CraniumPacketView;
  index: CraniumLogIndex;
  cycle: number;
}) {
  const injected = p.netId >= 0 ? upTo(index.injects.get(p.netId), cycle) : undefined;
  const stages = index.packets.get(p.id);
  const when = (v: number | undefined) => (v === undefined || v < 0 ? '—' : `cycle ${v}`);
  const delivered = p.deliveredAt >= 0;
  const times: [string, string][] = [
    ['DMA read (created)', when(p.createdAt)],
    ['into the outbox', when(upTo(stages?.outbox, cycle))],
    ['into the network', when(injected)],
    ['head at the receiver', when(p.headAt)],
    ['tail delivered', when(p.deliveredAt)],
    ['placed', p.placedAt >= 0 ? `cycle ${p.placedAt}: ${p.placed}` : '—'],
  ];
  return (
    <aside
      className="crv-card crv-packet"
      data-testid="cranium-packet-card"
      aria-label={`Cranium packet ${p.id}`}
    >
      <div className="crv-packet-head">
        {p.netId >= 0 ? (
          <span
            className="nv-swatch"
            style={{ background: packetColour(p.netId) }}
            aria-hidden="true"
          />
        ) : null}
        <h3>
          Packet {p.id}: message {p.msg}, sequence {p.seq}
        </h3>
        <button type="button" className="nv-button" onClick={showTorus}>
          Show on the torus
        </button>
        <button type="button" className="nv-button" onClick={() => actions.select(null)}>
          Clear
        </button>
      </div>
      <p>
        Node {p.src} → node {p.dst}
        {p.netId >= 0 ? `; network packet ${p.netId}` : '; not yet handed to the network'}.{' '}
        {delivered ? (
          <span data-testid="cranium-packet-path">
            Path: routers {p.path.join(' → ')} — {count(p.hops, 'hop')}
            {p.deroutes
              ? `, ${p.deroutes} derouted (hop ${p.derouted.flatMap((d, i) => (d ? [i + 1] : [])).join(', ')})`
              : ', none derouted'}
            .
          </span>
        ) : p.netId >= 0 ? (
          'In flight: the torus follows it.'
        ) : null}
      </p>
      <div className="crv-packet-grid">
        <table className="vt-table crv-times">
          <caption>When</caption>
          <tbody>
            {times.map(([what, v]) => (
              <tr key={what}>
                <th scope="row">{what}</th>
                <td>{v}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="vt-table crv-header">
          <caption>Header (96 bits, 6 words)</caption>
          <tbody>
            {headerRows(p.header).map(([w, hex, meaning]) => (
              <tr key={w}>
                <th scope="row">{w}</th>
                <td>
                  <code>{hex}</code>
                </td>
                <td>{meaning}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </aside>
  );
}

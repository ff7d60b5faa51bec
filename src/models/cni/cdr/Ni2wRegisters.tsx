/**
 * NI2w (§B.1), the CM-5-like baseline: no cachable registers, only uncached status and data
 * registers in front of hardware FIFOs, so every poll and every 8-byte word crosses the bus.
 */
import { count } from '../../../../sim-core/kernel/words';
import type { CniNodeView } from '../../../../sim-core/ni/cni/cni-frame';
import { StatusBits } from './StatusBits';

export function Ni2wRegisters({ node, fifoMessages }: { node: CniNodeView; fifoMessages: number }) {
  const d = node.device;
  const txRoom = d.txFifo.length + d.outbound.length < fifoMessages;
  return (
    <>
      <StatusBits
        bits={[
          {
            name: 'bit 0: room to send',
            on: txRoom,
            set: 'the transmit FIFO has room for a message',
            clear: `the transmit FIFO is full (${count(fifoMessages, 'message')})`,
          },
          {
            name: 'bit 1: message to receive',
            on: d.rxFifo.length > 0,
            set: `message ${d.rxFifo[0]} heads the receive FIFO`,
            clear: 'the receive FIFO is empty',
          },
        ]}
      />
      <div className="cv-row">
        <section className="cv-fifo" aria-label="Transmit FIFO" data-testid="ni2w-tx">
          <h3>Transmit FIFO (P stores words)</h3>
          <ol>
            {d.txFifo.map((e) => (
              <li key={`a${e.msg}`}>
                message {e.msg}: {count(e.words, 'word')} stored so far
              </li>
            ))}
            {d.outbound.map((m) => (
              <li key={`o${m}`}>message {m}: complete, waiting for the network</li>
            ))}
          </ol>
          {d.txFifo.length + d.outbound.length === 0 ? <p className="vg-muted">empty</p> : null}
        </section>
        <section className="cv-fifo" aria-label="Receive FIFO" data-testid="ni2w-rx">
          <h3>Receive FIFO (P loads words)</h3>
          <ol>
            {d.rxFifo.map((m, i) => (
              <li key={m}>
                message {m}
                {i === 0 && d.rxWordsRead > 0 ? `: ${count(d.rxWordsRead, 'word')} read` : ''}
              </li>
            ))}
          </ol>
          {d.rxFifo.length === 0 ? <p className="vg-muted">empty</p> : null}
          <p>
            Arrived, waiting for room: <strong>{d.backlog.length}</strong>
          </p>
        </section>
      </div>
    </>
  );
}

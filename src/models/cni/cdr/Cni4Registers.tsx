/**
 * CNI4 (§B.6.2): four send and four receive cachable device registers, the uncached status
 * register, the receive handshake and the early pulls of virtual polling.
 */
import type { CniNodeView } from '../../../../sim-core/ni/cni/cni-frame';
import type { BlockInfo } from '../../../../sim-core/ni/cni/layout';
import { CdrBlocks } from './CdrBlocks';
import { HandshakeStrip } from './HandshakeStrip';
import { StatusBits } from './StatusBits';

export function Cni4Registers({
  node,
  cdrs,
  blocks,
  cycle,
}: {
  node: CniNodeView;
  cdrs: NonNullable<CniNodeView['cdrs']>;
  blocks: readonly BlockInfo[];
  cycle: number;
}) {
  const d = node.device;
  const current = node.bus.current;
  return (
    <>
      <div className="cv-row">
        <StatusBits
          bits={[
            {
              name: 'txFree',
              on: d.txFree,
              set: 'the send CDRs are free: P may write the next message',
              clear: d.txRequested
                ? 'SEND seen: the NI is reading the send CDRs'
                : 'the NI has not finished with the last message',
            },
            {
              name: 'rxReady',
              on: d.rxPhase === 'READY',
              set: `message ${d.rxMsg} waits in the receive CDRs`,
              clear: 'nothing to receive (or the handshake is still clearing)',
            },
            {
              name: 'rxClearing',
              on: d.rxPhase === 'CLEARING',
              set: "CLEAR seen: the NI is invalidating P's copies",
              clear: 'no invalidations under way: no copy P holds is stale',
            },
          ]}
        />
        <HandshakeStrip phase={d.rxPhase} />
      </div>
      <div className="cv-row">
        <CdrBlocks
          title="Send CDRs (P writes, the NI reads)"
          blocks={cdrs.tx}
          current={current}
          testId="cdr-tx"
        />
        <CdrBlocks
          title="Receive CDRs (the NI writes, P reads)"
          blocks={cdrs.rx}
          current={current}
          testId="cdr-rx"
        />
      </div>
      <p data-testid="cdr-pulls">
        <strong>Early pulls (virtual polling):</strong>{' '}
        {d.pulls.length === 0
          ? 'none pending'
          : d.pulls
              .map(
                (p) =>
                  `${blocks[p.block]?.name ?? `block ${p.block}`} ${p.at <= cycle ? 'due now' : `at cycle ${p.at}`}`,
              )
              .join(', ')}
        {' · '}
        <strong>arrived, waiting for the receive CDRs:</strong> {d.backlog.length}
        {' · '}
        <strong>waiting to be injected:</strong> {d.outbound.length}
      </p>
    </>
  );
}

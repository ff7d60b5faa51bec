/**
 * The DMA engine card (round2-spec §A.2 S2, shared by any model with an engine; its module's
 * `capabilities.dma` says where the engines are in the frame): per engine, its phase — Init, Exec
 * block by block, Intr [002 L205-207] — the transfer under way with its progress and the block in
 * flight, the RETRYs it met, and the descriptors queued behind it. A model whose NI of the moment
 * has no engine says so.
 */
import { faceOf, type DmaView as Engine } from '../../../sim-core/index';
import { useApp } from '../../state/store';
import './dma.css';
import '../views-tables.css';

const PHASES = [
  ['init', 'Init', 'the engine is programmed with address and length'],
  ['exec', 'Exec', 'the blocks move, one bus transfer each'],
  ['intr', 'Intr', 'the completion interrupt is handled'],
] as const;

function Card({ engine }: { engine: Engine }) {
  const t = engine.current;
  const share = t && t.of > 0 ? t.moved / t.of : 0;
  return (
    <section
      className="dc-card"
      aria-label={`${engine.name} of node ${engine.node}`}
      data-testid={`dma-card-${engine.node}`}
      data-state={engine.state}
    >
      <h3>
        {engine.name} of host {engine.node}:{' '}
        <span data-testid={`dma-state-${engine.node}`}>
          {engine.state === 'idle' ? 'idle' : PHASES.find((p) => p[0] === engine.state)![1]}
        </span>
      </h3>
      <ol className="dc-phases" aria-label="Phases">
        {PHASES.map(([key, name, what]) => (
          <li
            key={key}
            className={engine.state === key ? 'dc-on' : undefined}
            aria-current={engine.state === key ? 'step' : undefined}
            title={what}
          >
            {name}
          </li>
        ))}
      </ol>
      {t ? (
        <>
          <p className="dc-what">
            &ldquo;{t.label}&rdquo;, {t.dir === 'read' ? 'host memory → NI' : 'NI → host memory'}
            {t.left !== null
              ? `, ${t.left} cycles of ${engine.state === 'init' ? 'Init' : 'Intr'} left`
              : ''}
            {t.block ? `, moving ${t.block}` : ''}
            {t.retries ? `, ${t.retries} RETRY${t.retries === 1 ? '' : 's'} so far` : ''}
          </p>
          <div
            className="dc-progress"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={t.of}
            aria-valuenow={t.moved}
            aria-label={`${t.moved} of ${t.of} blocks moved`}
          >
            <span style={{ width: `${Math.round(share * 100)}%` }} />
          </div>
          <p className="dc-count">
            {t.moved} of {t.of} block{t.of === 1 ? '' : 's'} moved
          </p>
        </>
      ) : (
        <p className="dc-what">Nothing under way.</p>
      )}
      <p className="dc-queue">
        Queued:{' '}
        {engine.queued.length
          ? engine.queued.map((q) => `“${q.label}” (${q.blocks})`).join(', ')
          : 'none'}
      </p>
      <table className="vt-table dc-totals">
        <caption>So far</caption>
        <tbody>
          <tr>
            <th scope="row">blocks moved</th>
            <td className="num">{engine.blocksMoved}</td>
          </tr>
          <tr>
            <th scope="row">RETRYs</th>
            <td className="num">{engine.retries}</td>
          </tr>
          <tr>
            <th scope="row">busy cycles</th>
            <td className="num">{engine.busyCycles}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}

export function DmaView() {
  const frame = useApp((s) => s.view?.frame ?? null);
  if (!frame) return <p className="vg-muted">No scenario loaded.</p>;
  const engines = faceOf(frame.model).capabilities.dma?.(frame as never) ?? [];
  return (
    <div className="dc-view" data-testid="dma-view">
      {engines.length === 0 ? (
        <p className="vg-muted" data-testid="dma-none">
          This run has no DMA engine: the network interface moves no data by DMA.
        </p>
      ) : (
        engines.map((e) => <Card key={`${e.node}-${e.name}`} engine={e} />)
      )}
    </div>
  );
}

/** Four cachable device registers of one direction: each block's state in each cache, its part. */
import type { BlockView, TxnView } from '../../../../sim-core/ni/cni/cni-frame';
import { contentText } from '../../../d3/cni-text';
import { AgentBadges } from '../cni/AgentBadges';

export function CdrBlocks({
  title,
  blocks,
  current,
  testId,
}: {
  title: string;
  blocks: readonly BlockView[];
  current: TxnView | null;
  testId: string;
}) {
  return (
    <table className="vt-table cv-cdr-table" data-testid={testId}>
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">register</th>
          <th scope="col">state in each cache</th>
          <th scope="col">holds</th>
        </tr>
      </thead>
      <tbody>
        {blocks.map((b) => {
          const onBus = current?.target === b.name;
          return (
            <tr key={b.block} className={onBus ? 'cv-active' : undefined}>
              <th scope="row">{b.name}</th>
              <td>
                <AgentBadges block={b} />
                {onBus ? <span className="cv-onbus"> {current.kind} on the bus</span> : null}
              </td>
              <td>{contentText(b)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

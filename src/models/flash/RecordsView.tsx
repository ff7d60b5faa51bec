/**
 * Records and translations (round2-spec §B2.3; seed 003 Fig. 3 [L57-58]): one node's operation
 * records by PID, its hash table of in-use physical pages with each page's list of uses, the
 * hold-off counter, the operations MAGIC runs, and the directory entries of its lines beside the
 * processor cache's state (drawn as a grid of lines; a table says the same).
 */
import { useState } from 'react';
import type { FlashFrame, FlashNodeView } from '../../../sim-core/ni/flash/flash-frame';
import { TableToggle } from '../../views/TableToggle';
import { NodePicker, useFlashFrame, useFlashMeta, useFlashNode } from './flash-store';
import './views-flash.css';

const DIR_WORDS: Record<string, string> = {
  uncached: 'uncached',
  shared: 'shared (clean)',
  dirty: 'dirty in the cache',
  remote: 'dirty at another node',
  pendingRead: 'busy: get out (send)',
  pendingWrite: 'busy: get out (receive)',
  pendingRemote: 'busy: get to the owner',
};

const lineName = (l: number) => `${l >> 16}:${l & 0xffff}`;

function DirectoryGrid({ node }: { node: FlashNodeView }) {
  const lines = node.dir.filter((d) => d.line >> 16 === node.id);
  if (lines.length === 0)
    return <p className="fl-sub">No line of this node's memory is cached or busy.</p>;
  const cell = 16;
  const perRow = 32;
  return (
    <svg
      width={perRow * cell + 10}
      height={Math.ceil(lines.length / perRow) * cell + 6}
      role="img"
      aria-label={`Directory of node ${node.id}: ${lines.length} lines cached or busy`}
      className="fl-svg"
      data-testid="directory-grid"
    >
      {lines.map((d, i) => (
        <rect
          key={d.line}
          className={`fl-dir fl-dir-${d.state}`}
          x={(i % perRow) * cell}
          y={Math.floor(i / perRow) * cell}
          width={cell - 2}
          height={cell - 2}
        >
          <title>{`line ${lineName(d.line)}: directory ${DIR_WORDS[d.state] ?? d.state}, processor cache ${d.cache}`}</title>
        </rect>
      ))}
    </svg>
  );
}

function HashTable({ node }: { node: FlashNodeView }) {
  if (node.xlate.length === 0)
    return <p className="fl-sub">The hash table of in-use pages is empty.</p>;
  return (
    <ul className="fl-hash" data-testid="hash-table">
      {node.xlate.map((b) => (
        <li key={b.frame}>
          <span className="fl-frame">page frame {b.frame}</span>
          {b.uses.map((u, i) => (
            <span key={i} className="fl-use">
              ⇄ transfer {u.transfer} ({u.side}, page {u.page})
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}

function Operations({ frame, node }: { frame: FlashFrame; node: FlashNodeView }) {
  const ops = frame.transfers.filter((t) => t.from === node.id || t.to === node.id);
  return (
    <table className="vt-table" data-testid="operations-table">
      <caption>Operations</caption>
      <thead>
        <tr>
          <th scope="col">transfer</th>
          <th scope="col">status</th>
          <th scope="col">address</th>
          <th scope="col">credit</th>
          <th scope="col">sent / received</th>
        </tr>
      </thead>
      <tbody>
        {ops.map((t) => (
          <tr key={t.id}>
            <th scope="row">
              {t.id}: {t.from} → {t.to}
            </th>
            <td>{t.status}</td>
            <td>{t.srcValid ? 'valid' : '0: invalidated'}</td>
            <td className="num">{t.credit}</td>
            <td className="num">
              {t.sent} / {t.gotCount} of {t.components}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function RecordsView() {
  const frame = useFlashFrame();
  const meta = useFlashMeta();
  const nodeId = useFlashNode(meta);
  const [table, setTable] = useState(false);
  if (!frame || !meta) return <p className="muted">Records are drawn for a FLASH machine.</p>;
  const node = frame.nodes[nodeId] ?? frame.nodes[0]!;
  const dirLines = node.dir.filter((d) => d.line >> 16 === node.id);
  return (
    <div className="fl-panel" data-testid="records-view">
      <div className="fl-head">
        <NodePicker meta={meta} node={node.id} label="Node shown" />
        <span className="fl-sub" data-testid="hold-off">
          PID {node.pid} running · hold-off count {node.holdOff.count}
          {node.holdOff.pending ? ' (a translation change waits)' : ''}
        </span>
      </div>
      <table className="vt-table" data-testid="records-table">
        <caption>Operation records by PID (commands being built)</caption>
        <thead>
          <tr>
            <th scope="col">PID</th>
            <th scope="col">connection</th>
            <th scope="col">length</th>
            <th scope="col">authentic pages</th>
          </tr>
        </thead>
        <tbody>
          {node.records.length === 0 ? (
            <tr>
              <td colSpan={4}>No command is being built.</td>
            </tr>
          ) : (
            node.records.map((r) => (
              <tr key={r.pid}>
                <th scope="row">{r.pid}</th>
                <td>{r.connection >= 0 ? `transfer ${r.connection}` : '—'}</td>
                <td className="num">{r.length >= 0 ? r.length : '—'}</td>
                <td>{r.pages.length ? r.pages.join(', ') : '—'}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      <Operations frame={frame} node={node} />
      <h3 className="fl-h3">Translation hash table</h3>
      <HashTable node={node} />
      <div className="fl-head">
        <h3 className="fl-h3">Directory</h3>
        <TableToggle checked={table} onChange={setTable} testId="records-table-toggle" />
      </div>
      {table ? (
        <table className="vt-table" data-testid="directory-table">
          <caption>Directory entries of node {node.id}'s lines</caption>
          <thead>
            <tr>
              <th scope="col">line</th>
              <th scope="col">directory</th>
              <th scope="col">processor cache</th>
            </tr>
          </thead>
          <tbody>
            {dirLines.map((d) => (
              <tr key={d.line}>
                <th scope="row">{lineName(d.line)}</th>
                <td>{DIR_WORDS[d.state] ?? d.state}</td>
                <td>{d.cache}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <>
          <span className="fl-legend">
            {['shared', 'dirty', 'remote', 'pendingRead'].map((s) => (
              <span key={s}>
                <span className={`fl-swatch fl-dir-${s}`} aria-hidden="true" /> {DIR_WORDS[s]}
              </span>
            ))}
          </span>
          <DirectoryGrid node={node} />
        </>
      )}
    </div>
  );
}

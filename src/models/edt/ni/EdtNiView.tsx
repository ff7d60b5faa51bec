/**
 * The EDT NI (seed 002 Fig. 4) [002 L84, L106]: its TAG table — one entry per registered region,
 * {SHA, EHA, SNA, ENA, A} — with the entry a snooped or own transaction matched this cycle lit,
 * and beside it, per registered block, the host cache's line state next to the NI's status ST,
 * so a write-invalidate (host S→M, NI S→I) and the fetch that follows (host M→S, NI I→S) are
 * read across one row. Below: the doorbells, VI-MSG's jobs, the Pkt-to-Addr table and what the
 * cache controller owes the bus. A DMA NI has no tags: the table says so, and the host's lines
 * are still shown.
 */
import type { EdtNodeView } from '../../../../sim-core/ni/edt/edt-frame';
import { useApp } from '../../../state/store';
import { hex, useEdtFrame, useEdtMeta, useHost, type EdtMeta } from '../selection';
import { StatusBadge } from '../StatusBadge';
import '../views-edt.css';
import '../../../views/views-tables.css';

/**
 * The EDT NI's TAG table; a DMA NI keeps none (it snoops nothing), so its host's registered
 * regions are listed by host address only.
 */
function TagTable({ node, cycle, meta }: { node: EdtNodeView; cycle: number; meta: EdtMeta }) {
  const hit = node.tagHit;
  const lit = hit && hit.cycle === cycle ? hit.entry : null;
  const eager = meta.mechanism === 'eager';
  return (
    <table className="vt-table ev-tags" data-testid="edt-tag-table">
      <caption>
        {eager
          ? `TAG table of NI@${node.id}`
          : `Registered regions of host ${node.id} (${meta.niLabel} keeps no tags: it snoops nothing)`}
      </caption>
      <thead>
        <tr>
          <th scope="col">{eager ? 'entry' : 'region #'}</th>
          <th scope="col">region</th>
          <th scope="col">{eager ? 'SHA' : 'start'}</th>
          <th scope="col">{eager ? 'EHA' : 'end'}</th>
          {eager ? (
            <>
              <th scope="col">SNA</th>
              <th scope="col">ENA</th>
              <th scope="col">A</th>
            </>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {node.tags.map((t, i) => (
          <tr
            key={t.region}
            className={lit === i ? 'ev-lit' : undefined}
            aria-current={lit === i ? 'true' : undefined}
            data-testid={`edt-tag-${i}`}
            data-lit={lit === i ? 'true' : 'false'}
          >
            <th scope="row">{i}</th>
            <td>{t.region}</td>
            <td className="num">{hex(t.sha)}</td>
            <td className="num">{hex(t.eha)}</td>
            {eager ? (
              <>
                <td className="num">{hex(t.sna)}</td>
                <td className="num">{hex(t.ena)}</td>
                <td>{t.a ? '1' : '0'}</td>
              </>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function MatchLine({ node, cycle }: { node: EdtNodeView; cycle: number }) {
  const hit = node.tagHit;
  if (!hit) return <p className="ev-match">No registered block has crossed the bus yet.</p>;
  const now = hit.cycle === cycle;
  return (
    <p className={`ev-match${now ? ' ev-match-now' : ''}`} data-testid="edt-tag-match">
      {now ? 'Now' : `Last, at cycle ${hit.cycle}`}:{' '}
      {hit.by === 'P' ? "the host's" : "the NI's own"} <strong>{hit.txnKind}</strong> of{' '}
      {hit.target} matches entry {hit.entry}: host {hex(hit.hostAddr)} → NI {hex(hit.niAddr)} (SNA +
      address − SHA).
    </p>
  );
}

/** The blocks worth a row: the message's in each buffer, the descriptors, the completion queue. */
function shownBlocks(node: EdtNodeView, meta: EdtMeta) {
  const blocks = Math.ceil(meta.workload.bytes / meta.blockBytes);
  return node.blocks.filter(
    (b) => (b.region !== 'send' && b.region !== 'recv') || b.index < blocks,
  );
}

function BlockTable({ node, meta }: { node: EdtNodeView; meta: EdtMeta }) {
  const blocks = shownBlocks(node, meta);
  const eager = meta.mechanism === 'eager';
  return (
    <table className="vt-table ev-blocks" data-testid="edt-block-table">
      <caption>
        Registered blocks of host {node.id}: the host&rsquo;s line beside the NI&rsquo;s status
      </caption>
      <thead>
        <tr>
          <th scope="col">block</th>
          <th scope="col" className="ev-addr">
            host address
          </th>
          <th scope="col">host line</th>
          {eager ? (
            <>
              <th scope="col" className="ev-addr">
                NI address
              </th>
              <th scope="col">NI status (ST)</th>
              <th scope="col">NI copy holds</th>
            </>
          ) : null}
          <th scope="col">host copy holds</th>
        </tr>
      </thead>
      <tbody>
        {blocks.map((b) => (
          <tr
            key={b.block}
            data-testid={`edt-block-${b.name}`}
            data-host={b.host}
            data-ni={b.ni ?? ''}
          >
            <th scope="row">{b.name}</th>
            <td className="num ev-addr">{hex(b.hostAddr)}</td>
            <td>
              <StatusBadge state={b.host} meaning={meta.protocol.states[b.host]?.desc} />
            </td>
            {eager ? (
              <>
                <td className="num ev-addr">{hex(b.niAddr)}</td>
                <td data-testid={`edt-st-${b.name}`}>
                  <StatusBadge
                    state={b.ni ?? 'I'}
                    meaning={meta.niProtocol.states[b.ni ?? 'I']?.desc}
                  />
                  {b.pendingFetch ? (
                    <span className="ev-pending">
                      {node.fetches.some((f) => f.target === b.name) ? ' read due' : ' being read'}
                    </span>
                  ) : null}
                </td>
                <td>{b.niData ? `message ${b.niData}` : '—'}</td>
              </>
            ) : null}
            <td>{b.hostData ? `message ${b.hostData}` : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Queues({ node }: { node: EdtNodeView }) {
  const list = (items: readonly (string | number)[]) => (items.length ? items.join(', ') : 'empty');
  return (
    <dl className="ev-queues" data-testid="edt-ni-queues">
      <dt>Send doorbell</dt>
      <dd>
        {node.doorbells.send.length
          ? node.doorbells.send.map((m) => `token: message ${m}`).join(', ')
          : 'empty'}
      </dd>
      <dt>Receive doorbell</dt>
      <dd>
        {node.doorbells.recv.length
          ? node.doorbells.recv.map((m) => `token: message ${m}`).join(', ')
          : 'empty'}
      </dd>
      <dt>VI-MSG jobs</dt>
      <dd>{list(node.jobs.map((j) => `${j.kind} ${j.msg}`))}</dd>
      <dt>Reads due</dt>
      <dd>{list(node.fetches.map((f) => `${f.target} at ${f.at}`))}</dd>
      <dt>Write-backs and invalidations owed</dt>
      <dd>
        {list([
          ...node.writebacks.map((w) => `WB ${w}`),
          ...node.invalidations.map((i) => `INV ${i}`),
        ])}
      </dd>
      <dt>Pkt-to-Addr</dt>
      <dd>
        {list(
          node.pktToAddr.map((p) => `message ${p.msg} → NI ${hex(p.niAddr)} (${p.blocks} blocks)`),
        )}
      </dd>
      <dt>Receives posted</dt>
      <dd>{node.posted}</dd>
    </dl>
  );
}

export function EdtNiView() {
  const frame = useEdtFrame();
  const meta = useEdtMeta();
  const cycle = useApp((s) => s.view?.cycle ?? 0);
  const { node, pick } = useHost(frame);
  if (!frame || !meta || !node) return <p className="vg-muted">No EDT scenario loaded.</p>;
  return (
    <div className="ev-view" data-testid="edtni-view">
      <div className="ev-toolbar">
        <label>
          Host{' '}
          <select
            value={node.id}
            data-testid="edt-host-picker"
            onChange={(e) => pick(Number(e.target.value))}
          >
            {frame.nodes.map((n) => (
              <option key={n.id} value={n.id}>
                host {n.id}
                {n.id === 0 ? ' (sends first)' : ''}
              </option>
            ))}
          </select>
        </label>
        <span>
          {meta.niLabel} NI ·{' '}
          {meta.mechanism === 'eager'
            ? `${meta.receiveMode} receive`
            : `DMA ${meta.dma.rate * 100}%`}
        </span>
      </div>
      {meta.mechanism === 'eager' ? <MatchLine node={node} cycle={cycle} /> : null}
      <div className="ev-ni-grid">
        <TagTable node={node} cycle={cycle} meta={meta} />
        <BlockTable node={node} meta={meta} />
      </div>
      <Queues node={node} />
    </div>
  );
}

/**
 * The MAGIC panel (round2-spec §B2.3; seed 003 Fig. 1(b) [L9-12]): the Inbox → PP → Outbox
 * macropipeline as a pipe, headers moving along the top band and data in the data buffers beneath;
 * the input queues on the left (the processor queue, the network's request and reply lanes, the
 * software queue's head with the rest in memory), the output queues on the right, and the handler
 * the PP runs with its current step. A table says the same.
 */
import { useState } from 'react';
import type { FlashNodeView, MsgView } from '../../../sim-core/ni/flash/flash-frame';
import type { FlashMeta } from '../../../sim-core/ni/flash/flash-meta';
import { TableToggle } from '../../views/TableToggle';
import '../../views/views-tables.css';
import { NodePicker, useFlashFrame, useFlashMeta, useFlashNode } from './flash-store';
import './views-flash.css';

const W = 760;
const H = 330;
const CHIP_W = 34;

const chipText = (m: MsgView) =>
  m.type === 'component' ? `c${m.seq}` : m.type === 'uwrite' ? 'wr' : m.type.slice(0, 4);
const msgWords = (m: MsgView) =>
  `${m.type}${m.seq >= 0 ? ` ${m.seq}` : ''}${m.transfer >= 0 ? ` of transfer ${m.transfer}` : ''} from node ${m.from}`;

function Chips({
  msgs,
  x,
  y,
  max = 4,
}: {
  msgs: readonly MsgView[];
  x: number;
  y: number;
  max?: number;
}) {
  return (
    <g>
      {msgs.slice(0, max).map((m, i) => (
        <g key={m.id} className={`fl-chip fl-chip-${m.type}`}>
          <title>{msgWords(m)}</title>
          <rect x={x + i * (CHIP_W + 3)} y={y} width={CHIP_W} height={18} rx={3} />
          <text x={x + i * (CHIP_W + 3) + CHIP_W / 2} y={y + 13} textAnchor="middle">
            {chipText(m)}
          </text>
        </g>
      ))}
      {msgs.length > max ? (
        <text x={x + max * (CHIP_W + 3)} y={y + 13} className="fl-more">
          +{msgs.length - max}
        </text>
      ) : null}
    </g>
  );
}

function Queue({
  label,
  x,
  y,
  children,
}: {
  label: string;
  x: number;
  y: number;
  children: React.ReactNode;
}) {
  return (
    <g>
      <rect className="fl-queue" x={x} y={y} width={170} height={46} rx={4} />
      <text className="fl-label" x={x + 6} y={y + 14}>
        {label}
      </text>
      {children}
    </g>
  );
}

function Picture({ node, meta }: { node: FlashNodeView; meta: FlashMeta }) {
  const pp = node.pp;
  const inputs: [string, readonly MsgView[]][] = [
    ['processor queue', node.queues.processor],
    ['network request lane', node.queues.request],
    ['network reply lane', node.queues.reply],
  ];
  const outputs: [string, readonly MsgView[]][] = [
    ['to the processor', node.out.processor],
    ['request lane out', node.out.request],
    ['reply lane out', node.out.reply],
  ];
  const buffers = node.buffers;
  const cell = Math.min(40, (W - 40) / buffers.length);
  const handler = meta.handlers.find((h) => h.name === pp.handler);
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      width="100%"
      role="img"
      aria-label={`MAGIC of node ${node.id}: ${pp.handler ? `the PP runs ${pp.title}` : 'the PP is idle'}`}
      className="fl-svg"
      data-testid="magic-svg"
    >
      <text className="fl-band" x={200} y={16}>
        headers (control) →
      </text>
      {inputs.map(([label, msgs], i) => (
        <Queue key={label} label={label} x={4} y={24 + i * 52}>
          <Chips msgs={msgs} x={10} y={44 + i * 52} />
        </Queue>
      ))}
      <Queue label="software queue head" x={4} y={180}>
        {node.swq.head ? (
          <g className="fl-chip fl-chip-swq">
            <rect x={10} y={200} width={CHIP_W + 16} height={18} rx={3} />
            <text x={10 + (CHIP_W + 16) / 2} y={213} textAnchor="middle">
              T{node.swq.head.transfer}
            </text>
          </g>
        ) : null}
        <text className="fl-sub" x={70} y={213}>
          rest in memory: {node.swq.rest.length}
        </text>
      </Queue>
      <g>
        <rect className="fl-stage" x={196} y={40} width={88} height={176} rx={6} />
        <text className="fl-stage-label" x={240} y={60} textAnchor="middle">
          Inbox
        </text>
        <text className="fl-sub" x={240} y={80} textAnchor="middle">
          type × space
        </text>
        <text className="fl-sub" x={240} y={96} textAnchor="middle">
          → handler
        </text>
        <rect
          className={`fl-stage fl-pp${pp.stalled ? ' fl-stalled' : pp.handler ? ' fl-busy' : ''}`}
          x={300}
          y={40}
          width={250}
          height={176}
          rx={6}
        />
        <text className="fl-stage-label" x={425} y={60} textAnchor="middle">
          PP {pp.handler ? (pp.stalled ? '(stalled)' : '(running)') : '(idle)'}
        </text>
        <text className="fl-handler" x={312} y={84}>
          {pp.handler ? pp.title : '—'}
        </text>
        {handler
          ? handler.steps.slice(Math.max(0, pp.step - 2), pp.step + 4).map((s, i) => {
              const index = Math.max(0, pp.step - 2) + i;
              return (
                <text
                  key={index}
                  className={`fl-step${index === pp.step ? ' fl-current' : ''}`}
                  x={312}
                  y={104 + i * 17}
                >
                  {index === pp.step ? '▶ ' : '   '}
                  {s.text.length > 38 ? `${s.text.slice(0, 37)}…` : s.text}
                  {s.cost ? ` (${s.cost})` : ''}
                </text>
              );
            })
          : null}
      </g>
      {outputs.map(([label, msgs], i) => (
        <g key={label}>
          <rect className="fl-queue" x={576} y={24 + i * 52} width={178} height={46} rx={4} />
          <text className="fl-label" x={582} y={38 + i * 52}>
            Outbox: {label}
          </text>
          <Chips msgs={msgs} x={582} y={44 + i * 52} />
        </g>
      ))}
      <path className="fl-arrow" d="M178,128 L194,128 M286,128 L298,128 M552,128 L574,128" />
      <text className="fl-band" x={200} y={244}>
        data buffers (data) →
      </text>
      {buffers.map((b, i) => (
        <g key={i} className={`fl-buffer${b ? ' fl-held' : ''}`}>
          <title>{`data buffer ${i}: ${b ?? 'free'}`}</title>
          <rect x={20 + i * cell} y={252} width={cell - 3} height={26} rx={2} />
          <text x={20 + i * cell + (cell - 3) / 2} y={269} textAnchor="middle">
            {b
              ? b
                  .replace(/^T\d+·/, '')
                  .replace(/^in component /, '↓')
                  .slice(0, 4)
              : ''}
          </text>
        </g>
      ))}
      <text className="fl-sub" x={20} y={300}>
        processor: PID {node.pid} ·{' '}
        {node.cpu.done
          ? 'program done'
          : node.cpu.waiting !== 'none'
            ? `waits (${node.cpu.waiting})`
            : (node.cpu.op ?? '')}
        {'  ·  '}PP busy {node.pp.busy} cycles over {node.pp.handlers} handlers
      </text>
    </svg>
  );
}

function Tables({ node }: { node: FlashNodeView }) {
  const rows: [string, string][] = [
    ['processor queue', node.queues.processor.map(msgWords).join('; ')],
    ['network request lane', node.queues.request.map(msgWords).join('; ')],
    ['network reply lane', node.queues.reply.map(msgWords).join('; ')],
    [
      'software queue',
      node.swq.head
        ? `head: transfer ${node.swq.head.transfer}; ${node.swq.rest.length} in memory`
        : 'empty',
    ],
    [
      'PP',
      node.pp.handler
        ? `${node.pp.title}${node.pp.stalled ? ' (stalled)' : ''}: ${node.pp.what}`
        : 'idle',
    ],
    ['Outbox: processor', node.out.processor.map(msgWords).join('; ')],
    ['Outbox: request lane', node.out.request.map(msgWords).join('; ')],
    ['Outbox: reply lane', node.out.reply.map(msgWords).join('; ')],
    ['data buffers held', node.buffers.filter((b) => b).join(', ')],
  ];
  return (
    <table className="vt-table" data-testid="magic-table">
      <caption>MAGIC of node {node.id}</caption>
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k}>
            <th scope="row">{k}</th>
            <td>{v || 'empty'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function MagicView() {
  const frame = useFlashFrame();
  const meta = useFlashMeta();
  const nodeId = useFlashNode(meta);
  const [table, setTable] = useState(false);
  if (!frame || !meta) return <p className="muted">MAGIC is drawn for a FLASH machine.</p>;
  const node = frame.nodes[nodeId] ?? frame.nodes[0]!;
  return (
    <div className="fl-panel" data-testid="magic-view">
      <div className="fl-head">
        <NodePicker meta={meta} node={node.id} label="Node shown" />
        <TableToggle checked={table} onChange={setTable} testId="magic-table-toggle" />
      </div>
      {table ? <Tables node={node} /> : <Picture node={node} meta={meta} />}
    </div>
  );
}

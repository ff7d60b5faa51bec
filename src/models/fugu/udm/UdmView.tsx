/**
 * The UDM network interface of one node, drawn as registers (seed 004 §4.1; a reconstruction of
 * the missing Fig. 4-3, digest §G-2): the 16-word send buffer with its describe cursor and the
 * space-available gauge, the input queue with its head in the receive window and each message in
 * its application's colour (Fig. 2-2: a dark message at the head blocks the light ones), the
 * message-available LED and the current GID, the four UAC bits in their user and kernel pairs, the
 * atomicity timer as a draining bar, and divert mode; beside them what the processor runs.
 */
import { useState } from 'react';
import type { FuguFrame, FuguNodeView, QueuedView } from '../../../../sim-core/ni/fugu/fugu-frame';
import { KeyValueTable } from '../../../views/stats/KeyValueTable';
import { TableToggle } from '../../../views/TableToggle';
import {
  gidStyle,
  NodePicker,
  useFuguFrame,
  useFuguMeta,
  useFuguNode,
  type FuguMeta,
} from '../selection';
import '../fugu.css';

const WORDS = 16;

function wordName(i: number): string {
  return i === 0 ? 'hdr' : i === 1 ? 'hdl' : `a${i - 2}`;
}

function MessageChip({ m, meta, head }: { m: QueuedView; meta: FuguMeta | null; head?: boolean }) {
  const g = gidStyle(meta, m.gid);
  return (
    <li
      className={`fgv-msg${head ? ' fgv-msg-head' : ''}`}
      style={{ background: g.fill, color: g.ink }}
      data-testid={head ? 'fugu-queue-head' : undefined}
    >
      <strong>msg {m.msg}</strong> · {g.name} (GID {m.gid}) · from node {m.src} · {m.words} words
    </li>
  );
}

function SendBuffer({ node, meta }: { node: FuguNodeView; meta: FuguMeta | null }) {
  const ni = node.ni;
  const d = ni.describing;
  const g = d ? gidStyle(meta, d.gid) : null;
  return (
    <section className="fgv-card" aria-label="Send buffer" data-testid="fugu-send-buffer">
      <h3>Send buffer (16 words)</h3>
      <ol
        className="fgv-words"
        aria-label={`descriptor length ${ni.descriptorLength} of ${d?.words ?? 0} words`}
      >
        {Array.from({ length: WORDS }, (_, i) => {
          const filled = d !== null && i < ni.descriptorLength;
          const planned = d !== null && i < d.words;
          return (
            <li
              key={i}
              className={`fgv-word${filled ? ' fgv-word-filled' : planned ? ' fgv-word-planned' : ''}${i === ni.descriptorLength && d ? ' fgv-cursor' : ''}`}
              style={filled && g ? { background: g.fill, color: g.ink } : undefined}
            >
              {planned ? wordName(i) : i}
            </li>
          );
        })}
      </ol>
      <p className="fgv-line">
        descriptor-length{' '}
        <strong data-testid="fugu-descriptor-length">{ni.descriptorLength}</strong>
        {d ? ` of message ${d.msg}'s ${d.words} words` : ' (nothing being described)'} ·{' '}
        <span
          className={ni.spaceAvailable === 0 ? 'fgv-alert' : undefined}
          data-testid="fugu-space"
        >
          space-available {ni.spaceAvailable}
          {ni.blocked > 0
            ? ` — the store is BLOCKED (${ni.blocked} cycles): the receiver's buffer is full`
            : ''}
        </span>
      </p>
    </section>
  );
}

function InputQueue({ node, meta }: { node: FuguNodeView; meta: FuguMeta | null }) {
  const q = node.ni.queue;
  return (
    <section className="fgv-card" aria-label="Input queue" data-testid="fugu-input-queue">
      <h3>Input queue ({q.length} waiting)</h3>
      {q.length === 0 ? (
        <p className="vg-muted">Empty: message-available is clear.</p>
      ) : (
        <ol className="fgv-queue">
          {q.map((m, i) => (
            <MessageChip key={m.msg} m={m} meta={meta} head={i === 0} />
          ))}
        </ol>
      )}
      {q.length > 0 ? (
        <p className="fgv-line fgv-small">The head (outlined) is in the receive window.</p>
      ) : null}
    </section>
  );
}

function Bit({
  label,
  on,
  kind,
  testId,
}: {
  label: string;
  on: boolean;
  kind: 'user' | 'kernel';
  testId: string;
}) {
  return (
    <li
      className={`fgv-bit fgv-bit-${kind}${on ? ' fgv-bit-on' : ''}`}
      data-testid={testId}
      data-on={on}
    >
      <span className="fgv-switch" aria-hidden="true" />
      {label}: <strong>{on ? 'set' : 'clear'}</strong>
    </li>
  );
}

function Registers({ node, meta }: { node: FuguNodeView; meta: FuguMeta | null }) {
  const ni = node.ni;
  const t = ni.timer;
  const gid = gidStyle(meta, ni.currentGid);
  const fraction = t.timeout > 0 ? t.counter / t.timeout : 0;
  return (
    <section className="fgv-card" aria-label="NI registers" data-testid="fugu-registers">
      <h3>Registers</h3>
      <p className="fgv-line">
        <span className={`fgv-led${ni.messageAvailable ? ' fgv-led-on' : ''}`} aria-hidden="true" />
        message-available{' '}
        <strong data-testid="fugu-message-available">{ni.messageAvailable ? 'on' : 'off'}</strong> ·
        current GID{' '}
        <span
          className="fgv-chip"
          style={{ background: gid.fill, color: gid.ink }}
          data-testid="fugu-current-gid"
        >
          {ni.currentGid} ({gid.name})
        </span>{' '}
        · divert-mode{' '}
        <strong className={ni.divertMode ? 'fgv-alert' : undefined} data-testid="fugu-divert">
          {ni.divertMode ? 'ON: every message goes to the kernel' : 'off'}
        </strong>
      </p>
      <div className="fgv-uac">
        <div>
          <h4>UAC, user bits</h4>
          <ul>
            <Bit
              label="interrupt-disable"
              on={ni.uac.interruptDisable}
              kind="user"
              testId="fugu-uac-interruptDisable"
            />
            <Bit
              label="timer-force"
              on={ni.uac.timerForce}
              kind="user"
              testId="fugu-uac-timerForce"
            />
          </ul>
        </div>
        <div>
          <h4>UAC, kernel bits</h4>
          <ul>
            <Bit
              label="dispose-pending"
              on={ni.uac.disposePending}
              kind="kernel"
              testId="fugu-uac-disposePending"
            />
            <Bit
              label="atomicity-extend"
              on={ni.uac.atomicityExtend}
              kind="kernel"
              testId="fugu-uac-atomicityExtend"
            />
          </ul>
        </div>
      </div>
      <div className="fgv-timer" data-testid="fugu-timer">
        <span>Atomicity timer</span>
        <div
          className={`fgv-timer-bar${t.enabled ? ' fgv-timer-on' : ''}`}
          role="meter"
          aria-valuemin={0}
          aria-valuemax={t.timeout}
          aria-valuenow={t.counter}
          aria-label="atomicity timer"
        >
          <div style={{ width: `${Math.max(0, Math.min(1, fraction)) * 100}%` }} />
        </div>
        <span>
          {t.counter.toLocaleString('en')} of {t.timeout.toLocaleString('en')} ·{' '}
          {t.expired
            ? 'EXPIRED: atomicity-timeout'
            : t.enabled
              ? 'counting user cycles'
              : 'held at its preset'}
        </span>
      </div>
    </section>
  );
}

function Processor({ node }: { node: FuguNodeView }) {
  const frames = [
    ...node.kernel.map((f) => ({ ...f, kernel: true })),
    ...node.stack.map((f) => ({ ...f, kernel: false })),
  ];
  return (
    <section className="fgv-card" aria-label="Processor" data-testid="fugu-processor">
      <h3>Processor: {node.running ? `${node.running.app}'s process` : 'the scheduler / idle'}</h3>
      {frames.length === 0 ? (
        <p className="vg-muted">Nothing on the stack.</p>
      ) : (
        <ol className="fgv-stack">
          {frames.map((f, i) => (
            <li key={i} className={f.kernel ? 'fgv-kernel' : undefined}>
              <strong>{f.routine}</strong>
              {f.stage ? `: ${f.stage}` : ''}
              {f.left > 0 ? ` (${f.left} cycles left)` : ''}
              {f.msg >= 0 ? ` · message ${f.msg}` : ''}
              {f.kernel ? ' · kernel' : ''}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function UdmTable({ node }: { node: FuguNodeView }) {
  const ni = node.ni;
  return (
    <KeyValueTable
      caption={`Node ${node.id}'s network interface`}
      testId="fugu-udm-table"
      rows={[
        [
          'describing',
          ni.describing ? `message ${ni.describing.msg}, ${ni.describing.words} words` : 'nothing',
        ],
        ['descriptor-length', String(ni.descriptorLength)],
        ['space-available', String(ni.spaceAvailable)],
        ['store blocked for', `${ni.blocked} cycles`],
        [
          'input queue, head first',
          ni.queue.map((m) => `msg ${m.msg} (GID ${m.gid})`).join(', ') || 'empty',
        ],
        ['message-available', ni.messageAvailable ? 'on' : 'off'],
        ['current GID', String(ni.currentGid)],
        ['interrupt-disable (user)', ni.uac.interruptDisable ? 'set' : 'clear'],
        ['timer-force (user)', ni.uac.timerForce ? 'set' : 'clear'],
        ['dispose-pending (kernel)', ni.uac.disposePending ? 'set' : 'clear'],
        ['atomicity-extend (kernel)', ni.uac.atomicityExtend ? 'set' : 'clear'],
        [
          'atomicity timer',
          `${ni.timer.counter} of ${ni.timer.timeout}, ${ni.timer.enabled ? 'counting' : 'held'}`,
        ],
        ['divert-mode', ni.divertMode ? 'on' : 'off'],
        ['dispatch row', ni.fired],
      ]}
    />
  );
}

export function UdmView() {
  const frame: FuguFrame | null = useFuguFrame();
  const meta = useFuguMeta();
  const node = useFuguNode(frame);
  const [table, setTable] = useState(false);
  if (!frame || !node) return <p className="vg-muted">No FUGU scenario loaded.</p>;
  return (
    <div className="fgv-view" data-testid="fugu-udm-view">
      <div className="fgv-toolbar">
        <NodePicker frame={frame} node={node} />
        <span className="fgv-sub">cycle {frame.cycle}</span>
        <TableToggle checked={table} onChange={setTable} testId="fugu-udm-table-toggle" />
      </div>
      {table ? (
        <UdmTable node={node} />
      ) : (
        <div className="fgv-grid">
          <SendBuffer node={node} meta={meta} />
          <InputQueue node={node} meta={meta} />
          <Registers node={node} meta={meta} />
          <Processor node={node} />
        </div>
      )}
    </div>
  );
}

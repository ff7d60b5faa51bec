/**
 * The VIA step diagram (seed 002 Fig. 2) [002 L64-66]: the sending and the receiving host, each a
 * processor over its registered memory and its NI, and an arrow per step, Send1–Send7 and
 * Recv1–Recv7, lit as `via.step` fires for the message shown (the one under way, or one picked):
 * grey and dashed before, blue once done, orange in the cycle it fires. On the EDT NI Send4 and
 * Send5 never fire — the blocks were fetched eagerly — and the arrows say so. The same steps are
 * listed as a table with their cycles.
 */
import { useState } from 'react';
import type { SimEvent } from '../../../../sim-core/index';
import { VIA_STEPS, type ViaStep } from '../../../../sim-core/ni/edt/edt-events';
import { useEventsOf } from '../../../state/log-query';
import { actions, useApp } from '../../../state/store';
import { TableToggle } from '../../../views/TableToggle';
import { useEdtFrame, useEdtMeta } from '../selection';
import { ARROWS, BOXES, shortName, VIEW_H, VIEW_W, type Arrow } from './via-layout';
import '../views-edt.css';
import '../../../views/views-tables.css';

type Step = Extract<SimEvent, { kind: 'via.step' }>;

const STEP_WORDS: Readonly<Record<ViaStep, string>> = {
  Send1: 'the user writes the message',
  Send2: 'the user builds the descriptor',
  Send3: 'a token goes to the send doorbell',
  Send4: 'the NI DMAs the descriptor',
  Send5: 'the NI DMAs the message',
  Send6: 'the NI sets the completion status',
  Send7: 'the user polls the completion queue',
  Recv1: 'the user builds a receive descriptor',
  Recv2: 'a token goes to the receive doorbell',
  Recv3: 'the NI DMAs the receive descriptor',
  Recv4: 'the NI moves the message to the buffer',
  Recv5: 'the NI sets the completion status',
  Recv6: 'the user polls and sees the message',
  Recv7: 'the user reads the message',
};

function arrowPath(a: Arrow) {
  return a.points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x},${y}`).join(' ');
}

export function ViaView() {
  const frame = useEdtFrame();
  const meta = useEdtMeta();
  const steps: readonly Step[] = useEventsOf('via.step');
  const cycle = useApp((s) => s.view?.cycle ?? 0);
  const scenario = useApp((s) => s.scenario?.id ?? '');
  const [pick, setPick] = useState<{ scenario: string; msg: number } | null>(null);
  const [asTable, setAsTable] = useState(false);
  if (!frame || !meta) return <p className="vg-muted">No EDT scenario loaded.</p>;
  const begun = frame.messages.filter((m) => m.startedAt >= 0 && m.startedAt <= cycle);
  const picked = pick && pick.scenario === scenario ? pick.msg : null;
  const msg = picked ?? begun.at(-1)?.id ?? 0;
  const m = frame.messages[msg]!;
  const mine = steps.filter((e) => e.msg === msg && e.cycle <= cycle);
  const firedAt = new Map<string, number>();
  for (const e of mine) if (!firedAt.has(e.step)) firedAt.set(e.step, e.cycle);
  const sent = m.sentAt >= 0 && m.sentAt <= cycle;
  const eager = meta.mechanism === 'eager';
  const stateOf = (a: Arrow): 'now' | 'done' | 'todo' | 'skipped' => {
    if (a.step === 'net') return sent ? (m.sentAt === cycle ? 'now' : 'done') : 'todo';
    if (eager && (a.step === 'Send4' || a.step === 'Send5')) return 'skipped';
    const at = firedAt.get(a.step);
    return at === undefined ? 'todo' : at === cycle ? 'now' : 'done';
  };
  const label = (side: 'sender' | 'receiver') =>
    `host ${side === 'sender' ? m.src : m.dst} (${side})`;
  return (
    <div className="ev-view" data-testid="via-view">
      <div className="ev-toolbar">
        <label>
          Message{' '}
          <select
            value={msg}
            data-testid="via-message"
            onChange={(e) => setPick({ scenario, msg: Number(e.target.value) })}
          >
            {frame.messages.map((x) => (
              <option key={x.id} value={x.id}>
                {x.id}: host {x.src} → {x.dst}
                {x.startedAt >= 0 && x.startedAt <= cycle ? '' : ' (not yet begun)'}
              </option>
            ))}
          </select>
        </label>
        <span className="ev-key">
          <span className="ev-key-todo">to come</span> · <span className="ev-key-done">done</span> ·{' '}
          <span className="ev-key-now">this cycle</span>
          {eager ? ' · S4, S5: no DMA on the EDT NI' : ''}
        </span>
        <TableToggle checked={asTable} onChange={setAsTable} testId="via-table-toggle" />
      </div>
      <svg
        viewBox={`0 0 ${VIEW_W} ${VIEW_H}`}
        className="ev-via"
        role="group"
        aria-label={`VIA steps of message ${msg}, ${label('sender')} to ${label('receiver')}: ${firedAt.size} of 14 done`}
      >
        <defs>
          {(['todo', 'done', 'now', 'skipped'] as const).map((s) => (
            <marker
              key={s}
              id={`via-head-${s}`}
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto-start-reverse"
            >
              <path d="M0,0 L10,5 L0,10 z" className={`ev-head-${s}`} />
            </marker>
          ))}
        </defs>
        {(['sender', 'receiver'] as const).map((side) => (
          <g key={side} aria-hidden="true">
            <text
              className="ev-via-host"
              x={side === 'sender' ? 190 : VIEW_W - 190}
              y={VIEW_H - 4}
              textAnchor="middle"
            >
              {label(side)}
            </text>
            {BOXES[side].map((b) => (
              <g key={b.key}>
                <rect
                  className={`ev-via-box ev-via-${b.key}`}
                  x={b.x}
                  y={b.y}
                  width={b.w}
                  height={b.h}
                  rx={4}
                />
                <text x={b.x + b.w / 2} y={b.y + b.h / 2} dy="0.35em" textAnchor="middle">
                  {b.label}
                </text>
              </g>
            ))}
          </g>
        ))}
        {ARROWS.map((a) => {
          const s = stateOf(a);
          const name = a.step === 'net' ? 'the network' : a.step;
          const at = a.step === 'net' ? m.sentAt : firedAt.get(a.step);
          const words =
            a.step === 'net' ? 'the message crosses the no-delay network' : STEP_WORDS[a.step];
          return (
            <g
              key={a.step}
              className={`ev-arrow ev-arrow-${s}`}
              data-testid={`via-arrow-${a.step}`}
              data-state={s}
              role="img"
              aria-label={`${name}: ${words}; ${s === 'skipped' ? 'not on this NI' : s === 'todo' ? 'to come' : `at cycle ${at}`}`}
            >
              <path d={arrowPath(a)} markerEnd={`url(#via-head-${s})`} />
              {a.step !== 'net' ? (
                <g transform={`translate(${a.label[0]},${a.label[1]})`}>
                  <circle r={11} />
                  <text dy="0.35em" textAnchor="middle">
                    {shortName(a.step)}
                  </text>
                </g>
              ) : null}
            </g>
          );
        })}
      </svg>
      {asTable ? (
        <table className="vt-table" data-testid="via-table">
          <caption>
            VIA steps of message {msg} ({m.bytes} B, host {m.src} → {m.dst}) up to cycle {cycle}
          </caption>
          <thead>
            <tr>
              <th scope="col">step</th>
              <th scope="col">what</th>
              <th scope="col">cycle</th>
            </tr>
          </thead>
          <tbody>
            {VIA_STEPS.map((step) => {
              const at = firedAt.get(step);
              return (
                <tr key={step} aria-current={at === cycle ? 'true' : undefined}>
                  <th scope="row">{step}</th>
                  <td>{STEP_WORDS[step]}</td>
                  <td className="num">
                    {at === undefined ? (
                      eager && (step === 'Send4' || step === 'Send5') ? (
                        'none: fetched eagerly'
                      ) : (
                        '—'
                      )
                    ) : (
                      <button
                        type="button"
                        className="ev-goto"
                        onClick={() => void actions.seek(at)}
                      >
                        {at}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

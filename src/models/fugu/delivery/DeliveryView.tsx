/**
 * Two-case delivery's decision (seed 004 L774-775, L797, L821, L893; Tables 2-1 and 3-1): the
 * dispatch rule drawn as the decision table it is in the model (sim-core/ni/fugu/dispatch-rule.ts),
 * the row that fires for the chosen node's queue head outlined, and the path it leads to — the
 * fast path straight from the NI, a poll, or the buffered path through the kernel's insert handler
 * and the message thread — highlighted among the three, each with its steps and the seed's costs.
 */
import type { DispatchInputs, DispatchRow } from '../../../../sim-core/ni/fugu/dispatch-rule';
import type { FuguNodeView } from '../../../../sim-core/ni/fugu/fugu-frame';
import { NodePicker, useFuguFrame, useFuguMeta, useFuguNode, type FuguMeta } from '../selection';
import '../fugu.css';

const CONDITIONS: { key: keyof DispatchInputs; label: string }[] = [
  { key: 'head', label: 'head message' },
  { key: 'divertMode', label: 'divert-mode' },
  { key: 'gidMatches', label: 'GID matches' },
  { key: 'interruptDisable', label: 'interrupt-disable' },
];

const show = (v: unknown) =>
  v === undefined ? '—' : v === true ? 'yes' : v === false ? 'no' : String(v);

function inputsOf(node: FuguNodeView): DispatchInputs {
  const head = node.ni.queue[0];
  return {
    head: head ? 'user' : 'none',
    gidMatches: head !== undefined && head.gid === node.ni.currentGid,
    divertMode: node.ni.divertMode,
    interruptDisable: node.ni.uac.interruptDisable,
  };
}

const LANES: {
  path: NonNullable<DispatchRow['path']>;
  title: string;
  steps: { text: string; os?: true }[];
}[] = [
  {
    path: 'fast upcall',
    title: 'Fast path: user interrupt (Table 4-4)',
    steps: [
      { text: 'message-available interrupt', os: true },
      {
        text: 'kernel stub: save registers, GID check, timer set-up (66 cycles as built)',
        os: true,
      },
      { text: 'upcall: the handler reads the receive window, disposes' },
      { text: 'clean-up and register restore: 115 in all (87 hard, 54 kernel)', os: true },
    ],
  },
  {
    path: 'poll',
    title: 'Fast path: polling in an atomic section',
    steps: [
      { text: 'poll message-available (3)' },
      { text: 'dispatch on the handler address (5)' },
      { text: 'null handler with dispose (1): 9 in all' },
      { text: 'meanwhile the atomicity timer counts user cycles' },
    ],
  },
  {
    path: 'buffered',
    title: 'Buffered path (Table 4-5)',
    steps: [
      { text: 'mismatch-available interrupt (not maskable)', os: true },
      { text: 'insert handler: DMA into the buffer page (180; 3,162 with vmalloc)', os: true },
      { text: 'later, the message thread reads it from memory (52)' },
      { text: 'dispose traps and is emulated; DIRECT again when empty', os: true },
    ],
  },
];

function Rule({
  meta,
  fired,
  inputs,
}: {
  meta: FuguMeta;
  fired: DispatchRow['id'];
  inputs: DispatchInputs;
}) {
  return (
    <table className="fgv-rule" data-testid="fugu-dispatch-table">
      <caption className="fgv-small">
        Evaluated whenever the head or the UAC changes; the first row whose conditions hold fires (—
        is any value).
      </caption>
      <thead>
        <tr>
          <th scope="col">row</th>
          {CONDITIONS.map((c) => (
            <th key={c.key} scope="col">
              {c.label}
              <br />
              <span className="fgv-small">now: {show(inputs[c.key])}</span>
            </th>
          ))}
          <th scope="col">outcome</th>
          <th scope="col">path</th>
          <th scope="col">seed</th>
        </tr>
      </thead>
      <tbody>
        {meta.dispatchRule.map((row) => (
          <tr
            key={row.id}
            className={row.id === fired ? 'fgv-fired' : undefined}
            data-testid={`fugu-rule-${row.id}`}
            data-fired={row.id === fired}
          >
            <th scope="row">
              {row.id}
              {row.id === fired ? <strong> ◀ fires</strong> : null}
            </th>
            {CONDITIONS.map((c) => (
              <td key={c.key}>{show(row.when[c.key])}</td>
            ))}
            <td>{row.outcome}</td>
            <td>{row.path ?? '—'}</td>
            <td className="fgv-small">{row.source}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function DeliveryView() {
  const frame = useFuguFrame();
  const meta = useFuguMeta();
  const node = useFuguNode(frame);
  if (!frame || !node || !meta) return <p className="vg-muted">No FUGU scenario loaded.</p>;
  const inputs = inputsOf(node);
  const fired = meta.dispatchRule.find((r) => r.id === node.ni.fired) ?? meta.dispatchRule[0]!;
  const head = node.ni.queue[0];
  const policy = head ? meta.apps.find((a) => a.gid === head.gid)?.policy : undefined;
  return (
    <div className="fgv-view" data-testid="fugu-delivery-view">
      <div className="fgv-toolbar">
        <NodePicker frame={frame} node={node} />
        <span className="fgv-sub">
          {head
            ? `head: message ${head.msg} of GID ${head.gid}; running GID ${node.ni.currentGid}`
            : 'no message at the head'}
          {policy ? ` · mismatch policy of its application: ${policy}` : ''}
        </span>
      </div>
      <div
        className="fgv-scroll"
        tabIndex={0}
        role="region"
        aria-label="The dispatch rule (scrolls sideways)"
      >
        <Rule meta={meta} fired={fired.id} inputs={inputs} />
      </div>
      <p className="fgv-line" data-testid="fugu-rule-why">
        <strong>Row “{fired.id}” fires:</strong> {fired.why} {fired.source}.
      </p>
      <div className="fgv-lanes" data-testid="fugu-delivery-lanes">
        {LANES.map((lane) => (
          <section
            key={lane.path}
            className={`fgv-lane${fired.path === lane.path ? ' fgv-lane-taken' : ''}`}
            aria-label={lane.title}
            data-taken={fired.path === lane.path}
          >
            <h3>
              {fired.path === lane.path ? '▶ ' : ''}
              {lane.title}
            </h3>
            <ol>
              {lane.steps.map((s) => (
                <li key={s.text} className={s.os ? 'fgv-os' : undefined}>
                  {s.os ? 'OS: ' : ''}
                  {s.text}
                </li>
              ))}
            </ol>
            {lane.path === 'buffered' && policy === 'upcall-always' ? (
              <p className="fgv-small">
                Upcall always: a mismatched message for a DIRECT process runs its handler at once
                through a cross-domain upcall (145) instead [004 L1569].
              </p>
            ) : null}
          </section>
        ))}
      </div>
    </div>
  );
}

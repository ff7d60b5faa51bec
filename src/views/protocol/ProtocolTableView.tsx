/**
 * The live protocol table: the same data object the simulator runs (meta.protocol), one row per
 * state and one column per event of the protocol's own vocabulary, with the cells that fired in
 * the current cycle outlined. It shows students that the controller is nothing but this table.
 */
import { useEffect, useMemo, useRef } from 'react';
import {
  faceOf,
  type Cell,
  type FiredCell,
  type Protocol,
  type SimEvent,
} from '../../../sim-core/index';
import { useApp } from '../../state/store';
import { stateStyle } from '../../theme/states';
import '../views-graphics.css';

type Transition = Extract<SimEvent, { kind: 'coh.transition' }>;

const NO_EVENTS: SimEvent[] = [];

const GROUP_TITLES: Record<string, string> = {
  processor: 'From the processor',
  'own bus': 'Own bus transaction',
  snoop: 'Snooped from others',
  registration: 'At registration',
  network: 'From the network',
};

/** Event columns grouped by where they come from, in the protocol's own order. */
function groupsOf(protocol: Protocol): { from: string; events: string[] }[] {
  return protocol.eventOrder.reduce<{ from: string; events: string[] }[]>((groups, event) => {
    const from = protocol.events[event]?.from ?? '';
    const group = groups.find((g) => g.from === from);
    if (group) group.events.push(event);
    else groups.push({ from, events: [event] });
    return groups;
  }, []);
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

function actionList(protocol: Protocol, actions: readonly string[]): string {
  return actions
    .map((a) => {
      const spec = protocol.actions[a];
      return spec ? `${spec.code}: ${lowerFirst(spec.desc)}` : a;
    })
    .join('; ');
}

function StateBadge({ state }: { state: string }) {
  const style = stateStyle(state);
  return (
    <span
      className={`vg-state${style.hatched ? ' vg-hatched' : ''}`}
      style={{ backgroundColor: style.fill, color: style.ink }}
    >
      {state}
    </span>
  );
}

/** An event name that may break between its words (OtherRdX → Other·RdX) in a narrow panel. */
function EventName({ event }: { event: string }) {
  const words = event.split(/(?=[A-Z][a-z])/);
  return (
    <>
      {words.map((w, i) => (
        <span key={i}>
          {i > 0 && <wbr />}
          {w}
        </span>
      ))}
    </>
  );
}

function CellContent({ protocol, cell }: { protocol: Protocol; cell: Cell }) {
  if (cell.kind === 'stall') return <>stall</>;
  if (cell.kind === 'impossible')
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="vg-sr-only">impossible</span>
      </>
    );
  return (
    <>
      <StateBadge state={cell.next} />
      {cell.actions.length > 0 && (
        <span className="vg-codes">
          {cell.actions.map((a) => protocol.actions[a]?.code ?? a).join(',')}
        </span>
      )}
    </>
  );
}

/** The cell's hover text: the pair, what the event means, then the result or the reason. */
function cellTitle(protocol: Protocol, state: string, event: string, cell: Cell): string {
  const head = `${state} × ${event} (${lowerFirst(protocol.events[event]?.desc ?? event)})`;
  if (cell.kind === 'stall') return `${head}: stall — ${cell.why}`;
  if (cell.kind === 'impossible') return `${head}: impossible — ${cell.why}`;
  const actions = cell.actions.map((a) => {
    const spec = protocol.actions[a];
    return spec ? `${spec.code}: ${spec.desc}` : a;
  });
  return [`${head} → ${cell.next}`, ...(actions.length ? actions : ['no actions'])].join('\n');
}

export function ProtocolTableView() {
  const model = useApp((s) => s.meta?.model ?? null);
  const protocol = useApp((s) =>
    s.meta ? (faceOf(s.meta.model).capabilities.protocol?.(s.meta) ?? null) : null,
  );
  const events = useApp((s) => s.view?.events ?? NO_EVENTS);
  const groups = useMemo(() => (protocol ? groupsOf(protocol) : []), [protocol]);
  const columns = useMemo(() => groups.flatMap((g) => g.events), [groups]);

  // The model says which cells fired, or they are the bus model's transitions.
  const meta = useApp((s) => s.meta);
  const fired = useMemo((): FiredCell[] => {
    const own = model ? faceOf(model).capabilities.protocolFired : undefined;
    if (own && meta) return own(events as never, meta as never);
    return events
      .filter((e): e is Transition => e.kind === 'coh.transition')
      .map((t) => ({ ...t, who: `P${t.cache}` }));
  }, [events, model, meta]);
  /** Who fired each (state, event) cell this cycle. */
  const firedBy = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const t of fired) {
      const key = `${t.from}|${t.event}`;
      map.set(key, [...(map.get(key) ?? []), t.who]);
    }
    return map;
  }, [fired]);

  // Bring the fired cells into view sideways: scroll the table only, never the page.
  const scrollRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = scrollRef.current;
    const cells = el?.querySelectorAll<HTMLElement>('td[data-fired="true"]');
    if (!el || !cells?.length) return;
    const box = el.getBoundingClientRect();
    const sticky = el.querySelector('tbody th')?.getBoundingClientRect().width ?? 0;
    const xs = [...cells].map((c) => {
      const r = c.getBoundingClientRect();
      return { left: r.left - box.left + el.scrollLeft, right: r.right - box.left + el.scrollLeft };
    });
    const left = Math.min(...xs.map((x) => x.left)) - sticky - 4;
    const right = Math.max(...xs.map((x) => x.right)) + 4;
    // Move as little as possible; if the fired cells are wider than the view, show the first.
    el.scrollLeft =
      right - left > el.clientWidth
        ? left
        : Math.min(left, Math.max(el.scrollLeft, right - el.clientWidth));
  }, [firedBy]);

  if (!protocol) {
    return (
      <div className="vg-protocol" data-testid="protocol-table">
        <p className="vg-muted">No scenario loaded.</p>
      </div>
    );
  }

  return (
    <div className="vg-protocol" data-testid="protocol-table">
      <div className="vg-protocol-head">
        <strong>{protocol.name}</strong>
        <span className="vg-protocol-legend">
          cell = next state + action codes (hover for details) · stall · — impossible
        </span>
      </div>
      {/* Focusable, so keyboard users can scroll the wide table with the arrow keys. */}
      <div
        className="vg-protocol-scroll"
        ref={scrollRef}
        tabIndex={0}
        role="region"
        aria-label={`${protocol.name} protocol table, scrollable`}
      >
        <table>
          <caption className="vg-sr-only">
            {protocol.name} protocol: one row per cache state, one column per event; each cell is
            the next state and actions, a stall, or impossible. Cells that fired this cycle are
            marked fired.
          </caption>
          <colgroup>
            <col />
          </colgroup>
          {groups.map((g) => (
            <colgroup key={g.from} span={g.events.length} />
          ))}
          <thead>
            <tr>
              <th scope="col" rowSpan={2}>
                State
              </th>
              {groups.map((g) => (
                <th key={g.from} scope="colgroup" colSpan={g.events.length} className="vg-group">
                  {GROUP_TITLES[g.from] ?? g.from}
                </th>
              ))}
            </tr>
            <tr>
              {columns.map((event) => (
                <th key={event} scope="col" title={protocol.events[event]?.desc}>
                  <EventName event={event} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {protocol.stateOrder.map((state) => {
              const spec = protocol.states[state];
              const row = protocol.table[state];
              return (
                <tr key={state} className={spec?.transient ? 'vg-transient' : undefined}>
                  <th scope="row" title={spec?.desc}>
                    <StateBadge state={state} />
                    {spec?.transient && <span className="vg-transient-tag">transient</span>}
                  </th>
                  {columns.map((event) => {
                    const cell = row?.[event];
                    if (!cell) return <td key={event} />;
                    const by = firedBy.get(`${state}|${event}`);
                    return (
                      <td
                        key={event}
                        className={`vg-${cell.kind}${by ? ' vg-fired' : ''}`}
                        title={cellTitle(protocol, state, event, cell)}
                        data-fired={by ? 'true' : undefined}
                      >
                        <CellContent protocol={protocol} cell={cell} />
                        {by && <span className="vg-fired-mark">★ fired {by.join(' ')}</span>}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="vg-just-fired">
        <strong>Just fired:</strong>
        {fired.length === 0 ? (
          <span className="vg-none"> nothing this cycle.</span>
        ) : (
          <ul>
            {fired.map((t) => (
              <li key={t.seq}>
                <strong>{t.who}</strong>: <StateBadge state={t.from} /> × {t.event} →{' '}
                <StateBadge state={t.to} />
                {t.actions.length > 0 && ` (${actionList(protocol, t.actions)})`}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

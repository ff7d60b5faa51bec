/**
 * The node's processor: its status (running, spinning on a poll, done) and its program of API
 * calls, the instruction it last issued highlighted (from the log's cr.cpu events: a poll that
 * waits, or the final 13-cycle poll, stays on its instruction).
 */
import type { CraniumNodeView } from '../../../../sim-core/ni/cranium/cranium-frame';
import type { CraniumLogIndex } from './cranium-log';

/** The instruction the processor is on: the last one it issued up to this cycle (−1: none). */
export function currentLine(node: CraniumNodeView, index: CraniumLogIndex, cycle: number): number {
  if (node.proc.status === 'done') return -1;
  let line = -1;
  for (const e of index.cpu) {
    if (e.cycle > cycle) break;
    if (e.node === node.node) line = e.pc;
  }
  return line;
}

function statusText(node: CraniumNodeView, started: boolean): [string, string] {
  const p = node.proc;
  switch (p.status) {
    case 'done':
      return ['✓', 'done: the program has finished'];
    case 'spinning':
      return ['↻', `spinning: polling ${p.waitingFor || 'a status register'}`];
    case 'running':
      return started ? ['▶', 'running'] : ['▶', 'about to start'];
  }
}

export function CraniumProcessor({
  node,
  index,
  cycle,
}: {
  node: CraniumNodeView;
  index: CraniumLogIndex;
  cycle: number;
}) {
  const line = currentLine(node, index, cycle);
  const [icon, text] = statusText(node, line >= 0);
  const program = node.proc.program;
  return (
    <section className="crv-card crv-proc" aria-label={`Processor of node ${node.node}`}>
      <h3>Processor</h3>
      <p
        className={`proc-status status-${node.proc.status}`}
        data-status={node.proc.status}
        data-testid="cranium-proc-status"
      >
        <span className="status-icon" aria-hidden="true">
          {icon}
        </span>
        {text}
      </p>
      {program.length === 0 ? (
        <p className="vg-muted">No program: this node only runs its NI.</p>
      ) : (
        <ol className="listing">
          {program.map((row, i) => {
            const current = i === line;
            return (
              <li
                key={i}
                className={current ? 'current' : undefined}
                aria-current={current ? 'step' : undefined}
              >
                <span className="pc-arrow" aria-hidden="true">
                  {current ? '➜' : ''}
                </span>
                <span className="line-no" aria-hidden="true">
                  {i}
                </span>
                <code className="instr">{row}</code>
                {current ? <span className="vg-sr-only"> (current instruction)</span> : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

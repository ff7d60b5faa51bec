/**
 * One processor's program, one row per instruction, indented by loop depth. The instruction at
 * the program counter carries an arrow and aria-current; a loop's closing row shows which pass is
 * running while the processor is inside it.
 */
import type { BusFrame, BusMeta } from '../../../../sim-core/index';
import { loopSpans } from './loopSpans';

interface ProgramListingProps {
  code: BusMeta['programs'][number];
  processor: BusFrame['processors'][number];
}

export function ProgramListing({ code, processor }: ProgramListingProps) {
  const spans = loopSpans(code);
  const pc = processor.status === 'done' ? -1 : processor.pc;
  return (
    <ol className="listing">
      {code.map((row, i) => {
        const current = i === pc;
        const span = spans.get(i);
        // The loop counter holds the passes completed, so the running pass is one more.
        const pass =
          span && pc >= span.start && pc <= i ? (processor.loopCounters[span.slot] ?? 0) + 1 : null;
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
            {Array.from({ length: row.depth }, (_, d) => (
              <span key={d} className="indent" aria-hidden="true" />
            ))}
            <code className={row.op === 'endloop' ? 'instr loop-end' : 'instr'}>
              {row.op === 'endloop' ? `↺ ${row.text}` : row.text}
            </code>
            {pass !== null ? <span className="loop-pass">pass {pass}</span> : null}
            {current ? <span className="visually-hidden"> (current instruction)</span> : null}
          </li>
        );
      })}
      {pc === code.length ? (
        // Past the last instruction: the processor notices it is done in the next cycle.
        <li className="current" aria-current="step">
          <span className="pc-arrow" aria-hidden="true">
            ➜
          </span>
          <span className="line-no" aria-hidden="true" />
          <span className="instr">end of program</span>
        </li>
      ) : null}
    </ol>
  );
}

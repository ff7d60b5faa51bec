/** What a processor is doing now, as an icon and a sentence (the icon is decoration only). */
import { count } from '../../../../sim-core/kernel/words';
import { hex, type BusFrame } from '../../../../sim-core/index';

type Processor = BusFrame['processors'][number];

function describe(p: Processor, cycle: number): [string, string] {
  switch (p.status) {
    case 'running':
      return ['▶', 'running'];
    case 'computing':
      return ['⚙', `computing, ${count(p.computeLeft, 'cycle')} left`];
    case 'waiting': {
      if (!p.waiting) return ['◷', 'waiting for the bus'];
      const { op, addr, since } = p.waiting;
      return [
        '◷',
        `waiting for the bus on a ${op} of ${hex(addr)} since cycle ${since} (${count(cycle - since, 'cycle')})`,
      ];
    }
    case 'spinning':
      return ['↻', 'spinning: re-reading its cached copy until another processor changes it'];
    case 'done':
      return ['✓', 'done'];
  }
}

export function ProcessorStatus({ processor, cycle }: { processor: Processor; cycle: number }) {
  const [icon, text] = describe(processor, cycle);
  return (
    <p className={`proc-status status-${processor.status}`} data-status={processor.status}>
      <span className="status-icon" aria-hidden="true">
        {icon}
      </span>
      {text}
    </p>
  );
}

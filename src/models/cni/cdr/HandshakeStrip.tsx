/**
 * CNI4's receive handshake (§B.6.2) as three steps, the current one highlighted: the processor's
 * uncached status poll cannot see rxReady until its stale copies are invalidated (no false hits).
 */
import type { DeviceState } from '../../../../sim-core/ni/cni/cni-state';

const STEPS: { phase: DeviceState['rxPhase']; what: string }[] = [
  { phase: 'CLEAN', what: 'P holds no valid copy of the receive CDRs; the NI may fill them' },
  { phase: 'READY', what: 'a message is in the receive CDRs; rxReady = 1; P reads them (RD)' },
  {
    phase: 'CLEARING',
    what: "P's CLEAR store seen; rxReady = 0, rxClearing = 1; the NI invalidates P's copies (INV)",
  },
];

export function HandshakeStrip({ phase }: { phase: DeviceState['rxPhase'] }) {
  return (
    <ol className="cv-strip" aria-label="Receive handshake" data-testid="cdr-handshake">
      {STEPS.map((s, i) => (
        <li
          key={s.phase}
          className={s.phase === phase ? 'cv-step cv-step-now' : 'cv-step'}
          aria-current={s.phase === phase ? 'step' : undefined}
        >
          <strong>
            {i + 1}. {s.phase}
          </strong>
          <span>{s.what}</span>
        </li>
      ))}
    </ol>
  );
}

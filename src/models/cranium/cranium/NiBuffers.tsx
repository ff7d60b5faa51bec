/**
 * The NI's small buffers: the scheduler FIFO of accepted commands, the inbox (packets arriving,
 * being decoded, being written, or held by FREEZE) and the outbox (packets read from memory on
 * their way onto the link, behind any of other processes' packets). Each slot is drawn, so a full
 * inbox or outbox is seen at a glance; each packet is a button that selects it. Below, the
 * processor link: its direction now and the TB tie-break bit (read-only, §C.17).
 */
import type { ReactNode } from 'react';
import type { CraniumNodeView } from '../../../../sim-core/ni/cranium/cranium-frame';
import { selectCrPacket } from './selection';

const LINK_WORDS: Record<CraniumNodeView['link']['direction'], string> = {
  idle: 'idle: either side may start a packet',
  inject: 'inject: the NI is sending a packet to the router',
  deliver: 'deliver: the router is sending a packet to the NI',
};

/** The half-duplex P link (digest §C.17): one direction at a time; TB breaks a tie. */
function PLink({ link }: { link: CraniumNodeView['link'] }) {
  return (
    <div className="crv-fifo" data-testid="cranium-plink">
      <h4>Processor link</h4>
      {link.halfDuplex ? (
        <p className="crv-plink">
          <span data-testid="cranium-plink-direction" data-direction={link.direction}>
            {link.direction === 'inject' ? '↑ ' : link.direction === 'deliver' ? '↓ ' : ''}
            <strong>{LINK_WORDS[link.direction]}</strong>
          </span>
          <br />
          <span data-testid="cranium-plink-tb">
            TB bit <strong>{link.tieBreak ? 1 : 0}</strong>: a tie on an idle link goes to{' '}
            {link.tieBreak ? 'injection' : 'delivery'} next
          </span>
        </p>
      ) : (
        <p className="crv-plink" data-testid="cranium-plink-direction" data-direction="full">
          full duplex: injection and delivery at once
        </p>
      )}
    </div>
  );
}

const STAGE: Record<CraniumNodeView['inbox'][number]['stage'], [string, string]> = {
  arriving: ['A', 'arriving'],
  decoding: ['D', 'decoding the header'],
  writing: ['W', 'written by DMA'],
  held: ['H', 'held: the NI is frozen'],
};

function Slots({
  label,
  size,
  children,
  count,
  testId,
}: {
  label: string;
  size: number;
  count: number;
  children: ReactNode;
  testId: string;
}) {
  return (
    <div className="crv-fifo" data-testid={testId}>
      <h4>
        {label}{' '}
        <span className={count >= size ? 'crv-count crv-full' : 'crv-count'}>
          {count} of {size}
          {count >= size ? ' — full' : ''}
        </span>
      </h4>
      <ol className="crv-slots" aria-label={`${label}: ${count} of ${size} slots used`}>
        {children}
        {Array.from({ length: Math.max(0, size - count) }, (_, i) => (
          <li key={`free${i}`} className="crv-slot crv-slot-free" aria-label="free">
            <span aria-hidden="true">·</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

export function NiBuffers({
  node,
  inboxSize,
  outboxSize,
  selected,
}: {
  node: CraniumNodeView;
  inboxSize: number;
  outboxSize: number;
  selected: number | null;
}) {
  return (
    <section className="crv-card crv-buffers" aria-label="NI buffers">
      <h3>NI buffers</h3>
      <div className="crv-fifo" data-testid="cranium-sched">
        <h4>
          Scheduler FIFO <span className="crv-count">{node.sched.length} waiting</span>
        </h4>
        {node.sched.length === 0 ? (
          <p className="vg-muted crv-none">empty</p>
        ) : (
          <ol className="crv-chips" aria-label="Scheduler FIFO, head first">
            {node.sched.map((s, i) => (
              <li key={i} className="crv-chip">
                {i === 0 ? <span className="crv-head-mark">head </span> : null}
                {s}
              </li>
            ))}
          </ol>
        )}
      </div>
      <Slots label="Inbox" size={inboxSize} count={node.inbox.length} testId="cranium-inbox">
        {node.inbox.map((e) => {
          const [letter, words] = STAGE[e.stage];
          return (
            <li key={e.packet} className={`crv-slot crv-stage-${e.stage}`}>
              <button
                type="button"
                className={
                  e.packet === selected ? 'crv-slot-button crv-selected' : 'crv-slot-button'
                }
                aria-label={`Packet ${e.packet}, ${words}`}
                aria-pressed={e.packet === selected}
                onClick={() => selectCrPacket(e.packet)}
              >
                <span className="crv-slot-id">p{e.packet}</span>
                <span className="crv-slot-letter" aria-hidden="true">
                  {letter}
                </span>
              </button>
            </li>
          );
        })}
      </Slots>
      <Slots label="Outbox" size={outboxSize} count={node.outbox.length} testId="cranium-outbox">
        {node.outbox.map((id, i) =>
          id < 0 ? (
            <li
              key={`o${i}`}
              className="crv-slot crv-slot-other"
              aria-label="another process's packet"
            >
              <span aria-hidden="true">other</span>
            </li>
          ) : (
            <li key={`o${i}`} className="crv-slot">
              <button
                type="button"
                className={id === selected ? 'crv-slot-button crv-selected' : 'crv-slot-button'}
                aria-label={`Packet ${id}, on its way to the link`}
                aria-pressed={id === selected}
                onClick={() => selectCrPacket(id)}
              >
                <span className="crv-slot-id">p{id}</span>
              </button>
            </li>
          ),
        )}
      </Slots>
      <PLink link={node.link} />
      <p className="crv-key">
        Inbox: <strong>A</strong> arriving, <strong>D</strong> decoding, <strong>W</strong> writing,{' '}
        <strong>H</strong> held (FREEZE). <em>other</em>: another process&apos;s packet.
      </p>
    </section>
  );
}

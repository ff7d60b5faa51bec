/**
 * The node's channels in use, one row each: direction and number, phase, what a read of the
 * channel register returns (packets still to go) of how many, the buffer handle, the other end,
 * and whether the cached translations still hold its handles (warm) or must be looked up (cold).
 */
import { ScrollBox } from '../../../views/ScrollBox';
import type { CraniumChannelView } from '../../../../sim-core/ni/cranium/cranium-frame';

const PHASE_WORDS: Record<CraniumChannelView['phase'], string> = {
  idle: 'idle',
  queued: 'queued for the scheduler',
  lookup: 'looking up translations',
  active: 'active',
  ready: 'ready (posted)',
};

export function ChannelTable({ channels }: { channels: readonly CraniumChannelView[] }) {
  return (
    <section className="crv-card" aria-label="Channels">
      <h3>Channels</h3>
      {channels.length === 0 ? (
        <p className="vg-muted">No channel has been used yet.</p>
      ) : (
        <ScrollBox className="crv-scroll" label="Channels table">
          <table className="vt-table crv-channels" data-testid="cranium-channels">
            <caption className="vg-sr-only">Send and receive channels in use</caption>
            <thead>
              <tr>
                <th scope="col">channel</th>
                <th scope="col">phase</th>
                <th scope="col">busy</th>
                <th scope="col">remaining / packets</th>
                <th scope="col">handle</th>
                <th scope="col">remote</th>
                <th scope="col">next seq.</th>
                <th scope="col">translations</th>
              </tr>
            </thead>
            <tbody>
              {channels.map((c) => (
                <tr
                  key={`${c.dir}${c.id}`}
                  className={c.busy ? 'crv-busy' : undefined}
                  data-testid={`cranium-channel-${c.dir}-${c.id}`}
                >
                  <th scope="row">
                    {c.dir} {c.id}
                  </th>
                  <td>{PHASE_WORDS[c.phase]}</td>
                  <td>{c.busy ? 'busy' : 'free'}</td>
                  <td className="num" data-testid={`cranium-remaining-${c.dir}-${c.id}`}>
                    <strong>{c.remaining}</strong> / {c.packets}
                  </td>
                  <td className="num">{c.handle}</td>
                  <td>
                    {c.dir === 'send' ? 'to' : 'from'} node {c.remoteNode} ch {c.remoteChannel}
                  </td>
                  <td className="num">{c.seq}</td>
                  <td>
                    <span className={`crv-tr crv-tr-${c.warm ? 'warm' : 'cold'}`}>
                      {c.warm ? 'warm' : 'cold'}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </section>
  );
}

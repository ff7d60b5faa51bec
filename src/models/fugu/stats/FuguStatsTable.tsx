/** FUGU's statistics: messages by path, f_buf, the receive overheads, pages, and each application. */
import type { FuguStats } from '../../../../sim-core/ni/fugu/fugu-frame';
import { KeyValueTable } from '../../../views/stats/KeyValueTable';

const num = (x: number | null, digits = 1) => (x === null ? '—' : x.toFixed(digits));

export function FuguStatsTables({ stats }: { stats: FuguStats }) {
  const p = stats.byPath;
  return (
    <div className="vt-cards">
      <KeyValueTable
        caption="Messages and their paths"
        testId="fugu-stats-messages"
        rows={[
          ['launched', String(stats.launched)],
          ['handled', String(stats.delivered)],
          ['fast upcall', String(p['fast upcall'])],
          ['poll', String(p.poll)],
          ['buffered', String(p.buffered)],
          ['cross-domain upcall', String(p['cross-domain'])],
          ['f_buf (measured applications)', num(stats.fbuf, 3)],
        ]}
      />
      <KeyValueTable
        caption="Receive overhead per message (cycles)"
        testId="fugu-stats-overhead"
        rows={[
          ['O_dir, fast upcall (Table 4-4: 54 / 87 / 115)', num(stats.overhead.direct)],
          ['poll (Table 4-4: 9)', num(stats.overhead.poll)],
          ['O_buf, buffered in a batch (Table 4-5: 232)', num(stats.overhead.buffered)],
          [
            'buffered, isolated: thread woken (Table 4-5: about 1,400)',
            num(stats.overhead.isolated),
          ],
          ['cross-domain upcall (Table 7-4: 145)', num(stats.overhead.crossDomain)],
          ['mean latency, describe to handler', num(stats.meanLatency)],
        ]}
      />
      <KeyValueTable
        caption="Virtual buffering"
        testId="fugu-stats-pages"
        rows={[
          ['most pages, one process', String(stats.maxPagesPerProcess)],
          ['most pages, one node', String(stats.maxPagesPerNode)],
          ['overflow-control episodes', String(stats.overflowEpisodes)],
        ]}
      />
      <table className="vt-table" data-testid="fugu-stats-apps">
        <caption>Applications</caption>
        <thead>
          <tr>
            <th scope="col">application</th>
            <th scope="col">policy</th>
            <th scope="col">messages</th>
            <th scope="col">f_buf</th>
            <th scope="col">most pages</th>
            <th scope="col">finished</th>
          </tr>
        </thead>
        <tbody>
          {stats.apps.map((a) => (
            <tr key={a.gid}>
              <th scope="row">
                {a.name} (GID {a.gid}){a.like ? `, ${a.like}-like` : ''}
                {a.background ? ', background' : ''}
              </th>
              <td>{a.policy}</td>
              <td className="num">{a.messages}</td>
              <td className="num">{num(a.fbuf, 3)}</td>
              <td className="num">{a.maxPages}</td>
              <td className="num">{a.runtime >= 0 ? `cycle ${a.runtime}` : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

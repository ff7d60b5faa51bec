/**
 * The one event log's query layer (src/worker/log-query) answers every question exactly as the
 * same question asked of the full log would be answered, for random queries at random points of
 * a run's exploration: the rows of the event log view with random filters, selections and
 * windows, the events of random kinds, first events of a kind, next event cycles, ranges, the
 * events of some cycles and the hashes of a range's words (compare mode), a packet's events and
 * the CSV export. One query layer is kept across the exploration, so its
 * indexes and kept filters must follow the growing log; and each run is asked again with a log
 * that holds a few of its events and recomputes the others by replay.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventText, faceOf, logStyle, logText, logWho } from '../../sim-core/index';
import type { ModelMeta, SimEvent } from '../../sim-core/index';
import { Session } from '../../sim-core/session';
import { findBuiltin } from '../../scenarios/index';
import { aboutTorus } from '../../sim-core/network/torus-log-links';
import { logCsv } from '../../sim-core/trace/log-csv';
import { hash53 } from '../../sim-core/kernel/hash';
import type { LogLinks, Selection } from '../../sim-core/trace/selection';
import { LogQueries } from '../../src/worker/log-query/log-queries';
import type { RowFilter, RowsAnswer } from '../../src/worker/log-query/queries';
import { scenarioOf } from './support';

/** A run of each model family, one with other processes' traffic on its torus. */
const BUILTINS = [
  'write-invalidation',
  'cni-handshake',
  'antipode',
  'cranium-short-message',
  'cranium-out-of-order',
  'flash-macropipeline',
  'fugu-fast-path',
  'edt-eager-send',
];

const linksOf = (meta: ModelMeta) => faceOf(meta.model).logLinks as unknown as LogLinks<ModelMeta>;

interface Run {
  session: Session;
  log: readonly SimEvent[];
}

const runs = new Map<string, Run>();
function fullRun(id: string): Run {
  let run = runs.get(id);
  if (!run) {
    const session = new Session(scenarioOf(findBuiltin(id)!.doc));
    session.exploreAll();
    run = { session, log: session.timeline.log.slice() };
    runs.set(id, run);
  }
  return run;
}

/** The event log view's rows, worked out from the full log as the page once did. */
function rowsFromFullLog(
  all: readonly SimEvent[],
  meta: ModelMeta,
  filter: RowFilter,
  start: number,
  end: number,
  cycle: number,
): RowsAnswer {
  const links = linksOf(meta);
  const own = filter.hideOther && links.ownPackets ? links.ownPackets(all) : null;
  const rows = all.flatMap((e) => {
    if (own && e.kind.startsWith('net.') && 'packet' in e && !own.has(e.packet)) return [];
    const text = logText(e, meta);
    if (text === null) return [];
    const who = logWho(e, meta);
    const sel = filter.selection;
    const linked =
      sel !== null &&
      (links.about(e, sel, meta) ||
        (filter.followed !== null && aboutTorus(e, { kind: 'packet', packet: filter.followed })));
    return [{ e, who, text, style: logStyle(e), linked }];
  });
  const shown = rows.filter(
    (r) =>
      (filter.transitions || r.style !== 'transition') &&
      (filter.search === '' ||
        `${r.e.cycle} ${r.who} ${r.text}`.toLowerCase().includes(filter.search)) &&
      (!filter.onlyLinked || !filter.selection || r.linked),
  );
  const firstFrom = (c: number) => {
    const i = shown.findIndex((r) => r.e.cycle >= c);
    return i < 0 ? shown.length : i;
  };
  const from = Math.max(0, Math.min(start, shown.length));
  return {
    all: rows.length,
    matched: shown.length,
    first: firstFrom(cycle),
    after: firstFrom(cycle + 1),
    start: from,
    rows: shown.slice(from, Math.max(from, Math.min(end, shown.length))),
    linked: filter.selection ? rows.filter((r) => r.linked).length : null,
    tellsOwn: links.ownPackets !== undefined,
  };
}

/** Random questions, drawn against a run's full log (its kinds, subjects, packets, words). */
function questionOf(run: Run, meta: ModelMeta) {
  const { log } = run;
  const kinds = [...new Set(log.map((e) => e.kind))];
  const links = linksOf(meta);
  const subjects = log.flatMap((e) => {
    const s = links.subject(e, meta);
    return s ? [s] : [];
  });
  const packets = [
    ...new Set(log.flatMap((e) => (e.kind.startsWith('net.') && 'packet' in e ? [e.packet] : []))),
  ];
  const words = log.slice(0, 200).flatMap((e) => (logText(e, meta) ?? '').split(' '));
  const last = log.at(-1)?.cycle ?? 0;
  // Cycles that have events, mostly: where the answers' edges are.
  const eventCycles = [...new Set(log.map((e) => e.cycle))];
  const cycle = fc.oneof(
    { arbitrary: fc.constantFrom(...eventCycles, 0), weight: 3 },
    { arbitrary: fc.integer({ min: -1, max: last + 2 }), weight: 1 },
  );
  const kind = kinds.length > 0 ? fc.constantFrom(...kinds, 'no.such') : fc.constant('no.such');
  const selection: fc.Arbitrary<Selection> =
    subjects.length > 0
      ? fc.option(fc.constantFrom(...subjects), { nil: null })
      : fc.constant(null);
  const packet = packets.length > 0 ? fc.constantFrom(...packets) : fc.constant(0);
  const filter: fc.Arbitrary<RowFilter> = fc.record({
    transitions: fc.boolean(),
    search: fc.oneof(
      fc.constant(''),
      fc.constantFrom('', ...words).map((w) => w.toLowerCase().slice(0, 4)),
      fc.string({ maxLength: 2 }),
    ),
    hideOther: fc.boolean(),
    selection,
    followed: fc.option(packet, { nil: null }),
    onlyLinked: fc.boolean(),
  });
  return fc.oneof(
    fc.record({
      kind: fc.constant('rows' as const),
      filter,
      start: fc.integer({ min: 0, max: 400 }),
      size: fc.integer({ min: 0, max: 60 }),
      cycle,
    }),
    fc.record({ kind: fc.constant('events' as const), kinds: fc.array(kind, { maxLength: 3 }) }),
    fc.record({
      kind: fc.constant('firstOfKind' as const),
      wants: fc.array(fc.record({ event: kind, from: cycle }), { maxLength: 3 }),
    }),
    fc.record({ kind: fc.constant('nextEventCycle' as const), after: cycle }),
    fc.record({ kind: fc.constant('range' as const), from: cycle, to: cycle }),
    fc.record({
      kind: fc.constant('atCycles' as const),
      cycles: fc.array(cycle, { maxLength: 6 }),
    }),
    fc.record({ kind: fc.constant('wordHashes' as const), from: cycle, to: cycle }),
    fc.record({ kind: fc.constant('packetEvents' as const), packet }),
    fc.record({ kind: fc.constant('csv' as const) }),
  );
}

describe('the worker’s log queries', () => {
  // Held: every event, or a few chunks' worth, the rest dropped and recomputed by replay when read.
  it.each(BUILTINS.flatMap((id) => [[id, 'all'] as const, [id, 'few'] as const]))(
    '%s, holding %s of its events: answer as the full log does, while the log grows',
    (id, held) => {
      const run = fullRun(id);
      let recomputed = 0;
      const meta = run.session.meta;
      const step = fc.record({
        explore: fc.integer({ min: 0, max: 400 }),
        /** The page's bound, as a share of the log explored so far. */
        known: fc.oneof(fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })),
        question: questionOf(run, meta),
        /** How many events the log may hold after this step, when it holds few. */
        maxHeld: fc.integer({ min: 0, max: 300 }),
      });
      fc.assert(
        fc.property(fc.array(step, { minLength: 1, maxLength: 12 }), (steps) => {
          const session = new Session(run.session.scenario);
          const queries = new LogQueries(session.timeline, meta);
          for (const { explore, known, question: q, maxHeld } of steps) {
            session.exploreAhead(explore);
            if (held === 'few') session.timeline.boundLog(maxHeld);
            const upTo = Math.floor(known * session.timeline.log.length);
            const seen = run.log.slice(0, upTo);
            switch (q.kind) {
              case 'rows':
                expect(queries.answer({ ...q, end: q.start + q.size, upTo })).toEqual(
                  rowsFromFullLog(seen, meta, q.filter, q.start, q.start + q.size, q.cycle),
                );
                break;
              case 'events':
                expect(queries.answer({ ...q, upTo })).toEqual(
                  seen.filter((e) => q.kinds.includes(e.kind)),
                );
                break;
              case 'firstOfKind':
                expect(queries.answer({ ...q, upTo })).toEqual(
                  q.wants.map(
                    (w) => seen.find((e) => e.kind === w.event && e.cycle >= w.from)?.cycle ?? null,
                  ),
                );
                break;
              case 'nextEventCycle':
                expect(queries.answer({ ...q, upTo })).toBe(
                  seen.find((e) => e.cycle > q.after)?.cycle ?? null,
                );
                break;
              case 'range':
                expect(queries.answer({ ...q, upTo })).toEqual(
                  seen.filter((e) => e.cycle >= q.from && e.cycle <= q.to),
                );
                break;
              case 'atCycles':
                expect(queries.answer({ ...q, upTo })).toEqual(
                  seen.filter((e) => q.cycles.includes(e.cycle)),
                );
                break;
              case 'wordHashes':
                expect(queries.answer({ ...q, upTo })).toEqual(
                  seen.flatMap((e) => {
                    const words = logText(e, meta);
                    return e.cycle >= q.from && e.cycle <= q.to && words !== null
                      ? [{ cycle: e.cycle, seq: e.seq, kind: e.kind, text: hash53(words) }]
                      : [];
                  }),
                );
                break;
              case 'packetEvents':
                expect(queries.answer({ ...q, upTo })).toEqual(
                  seen.filter(
                    (e) =>
                      ['net.inject', 'net.route', 'net.deliver'].includes(e.kind) &&
                      'packet' in e &&
                      e.packet === q.packet,
                  ),
                );
                break;
              case 'csv':
                expect(queries.answer({ ...q, upTo })).toBe(
                  logCsv(seen, (e) => eventText(e, meta)),
                );
                break;
            }
          }
          recomputed += session.timeline.log.recomputed;
        }),
        { numRuns: held === 'all' ? 30 : 15 },
      );
      // A run longer than two chunks has had dropped events to recompute.
      if (held === 'few' && run.session.timeline.log.chunkCount > 2)
        expect(recomputed).toBeGreaterThan(0);
    },
  );
});

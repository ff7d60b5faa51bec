/** The event log's digest kept up in pieces equals the digest of the whole log at every length. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Hash53, hash53 } from '../../sim-core/kernel/hash';
import { digestEvents, Session } from '../../sim-core/session';
import { LogDigest } from '../../sim-core/trace/log-digest';
import { findBuiltin } from '../../scenarios/index';
import { scenarioOf } from '../property/support';

describe('Hash53 in pieces', () => {
  it('is hash53 of the pieces joined', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), fc.integer(), (pieces, seed) => {
        const h = new Hash53(seed);
        for (const p of pieces) h.update(p);
        expect(h.digest()).toBe(hash53(pieces.join(''), seed));
      }),
    );
  });
});

describe('LogDigest', () => {
  const session = new Session(scenarioOf(findBuiltin('migratory-data')!.doc));
  session.exploreAll();
  const log = session.timeline.log.slice();

  it('equals digestEvents of the events fed, fed in any slices', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: log.length }), { maxLength: 8 }), (cuts) => {
        const d = new LogDigest();
        for (const cut of [...cuts].sort((a, b) => a - b)) {
          d.catchUp(log, cut);
          expect(d.value).toBe(digestEvents(log.slice(0, cut)));
        }
        d.catchUp(log);
        expect(d.value).toBe(digestEvents(log));
      }),
    );
  });
});

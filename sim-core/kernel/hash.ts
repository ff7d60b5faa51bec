/**
 * cyrb53: a fast, well-mixed 53-bit string hash, printed as 14 hex digits. Used for the event
 * log digest (two runs are identical iff their digests match, for all practical purposes).
 */
export function hash53(text: string, seed = 0): string {
  return new Hash53(seed).update(text).digest();
}

/**
 * cyrb53 fed in pieces: the digest of pieces fed one after another is hash53 of their
 * concatenation (an event log's digest grows with the log, without one big string).
 */
export class Hash53 {
  private h1: number;
  private h2: number;

  constructor(seed = 0) {
    this.h1 = 0xdeadbeef ^ seed;
    this.h2 = 0x41c6ce57 ^ seed;
  }

  update(text: string): this {
    let h1 = this.h1;
    let h2 = this.h2;
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ ch, 2654435761);
      h2 = Math.imul(h2 ^ ch, 1597334677);
    }
    this.h1 = h1;
    this.h2 = h2;
    return this;
  }

  digest(): string {
    let h1 = this.h1;
    let h2 = this.h2;
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    const value = 4294967296 * (2097151 & h2) + (h1 >>> 0);
    return value.toString(16).padStart(14, '0');
  }
}

/** A running hash over many pieces, without building one big string. */
export class RunningHash {
  private h = '0';
  add(piece: string): void {
    this.h = hash53(this.h + piece);
  }
  get value(): string {
    return this.h.padStart(14, '0');
  }
}

/**
 * lz-string's `decompressFromEncodedURIComponent` (lz-string 1.5, MIT/WTFPL, which the share
 * link's `z=` was written with), with a limit on what it unpacks. lz-string builds the whole
 * output before returning it, and its dictionary lets a few kilobytes unpack to megabytes (a
 * 3.7 KB link to a list 100,000 deep); this reading stops as soon as the output would pass
 * `limit` characters. For every input within the limit it returns what lz-string returns
 * (tests/unit/link-unpack.test.ts compares the two on random and mutated inputs).
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';
const VALUE = new Map([...ALPHABET].map((c, i) => [c, i]));

export type Unpacked = { kind: 'text'; text: string } | { kind: 'corrupt' } | { kind: 'tooLong' };

/** Reads `input` (6 bits a character, low bit last) a few bits at a time, as lz-string does. */
class Bits {
  private value: number;
  private position = 32;
  index = 1;
  constructor(private readonly input: string) {
    this.value = this.at(0);
  }

  private at(i: number): number {
    return VALUE.get(this.input.charAt(i)) ?? 0;
  }

  read(count: number): number {
    let bits = 0;
    for (let power = 1, n = 0; n < count; n++, power *= 2) {
      const bit = this.value & this.position;
      this.position >>= 1;
      if (this.position === 0) {
        this.position = 32;
        this.value = this.at(this.index++);
      }
      if (bit > 0) bits += power;
    }
    return bits;
  }
}

export function unpackLink(packed: string, limit: number): Unpacked {
  if (packed === '') return { kind: 'corrupt' };
  const input = packed.replace(/ /g, '+');
  const bits = new Bits(input);
  const dictionary: string[] = [];
  let enlargeIn = 4;
  let numBits = 3;

  const first = bits.read(2);
  if (first === 2) return { kind: 'text', text: '' };
  if (first === 3) return { kind: 'corrupt' }; // lz-string itself goes astray here
  let w = String.fromCharCode(bits.read(first === 0 ? 8 : 16));
  dictionary[3] = w;
  let dictSize = 4;
  const out: string[] = [w];
  let length = w.length;
  if (length > limit) return { kind: 'tooLong' };

  for (;;) {
    if (bits.index > input.length) return { kind: 'text', text: '' };
    let c = bits.read(numBits);
    if (c === 0 || c === 1) {
      dictionary[dictSize++] = String.fromCharCode(bits.read(c === 0 ? 8 : 16));
      c = dictSize - 1;
      enlargeIn--;
    } else if (c === 2) return { kind: 'text', text: out.join('') };
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
    let entry: string;
    const known = dictionary[c];
    if (known !== undefined) entry = known;
    else if (c === dictSize) entry = w + w.charAt(0);
    else return { kind: 'corrupt' };
    length += entry.length;
    if (length > limit) return { kind: 'tooLong' };
    out.push(entry);
    dictionary[dictSize++] = w + entry.charAt(0);
    enlargeIn--;
    w = entry;
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
  }
}

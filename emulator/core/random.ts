/**
 * The emulator's one source of generated values that clients see: authcodes, web constructor login
 * tokens, certificate serial numbers. With a seed (the `randomSeed` option) the sequence is the same
 * at every start and after every reset, so a seeded emulator given the same calls answers the same
 * values (ids are counters in the World, already the same). Without one it is node:crypto.
 *
 * Credentials are not drawn from it (the demo password, the dynamic DNS key, the control token,
 * key pairs): a seed must never make a secret that guards the emulator predictable.
 */
import { createHash, randomBytes } from "node:crypto";

export class RandomSource {
  private pool = Buffer.alloc(0);
  private counter = 0;

  /** `seed` undefined: node:crypto (not repeatable). */
  constructor(readonly seed?: string) {}

  /** Back to the start of the seeded sequence (the emulator's reset); nothing to do unseeded. */
  restart(): void {
    this.pool = Buffer.alloc(0);
    this.counter = 0;
  }

  /** `n` bytes: SHA-256 of the seed and a block counter when seeded (uniform, repeatable). */
  bytes(n: number): Buffer {
    if (this.seed === undefined) return randomBytes(n);
    while (this.pool.length < n) {
      const block = createHash("sha256")
        .update(`${this.seed}\0${this.counter++}`)
        .digest();
      this.pool = Buffer.concat([this.pool, block]);
    }
    const out = this.pool.subarray(0, n);
    this.pool = this.pool.subarray(n);
    return Buffer.from(out);
  }

  /** An integer in [0, max), max at most 2^32, without modulo bias (rejection sampling). */
  int(max: number): number {
    if (!Number.isInteger(max) || max < 1 || max > 2 ** 32) throw new RangeError(`int: max must be an integer from 1 to 2^32, got ${max}`);
    const limit = Math.floor(2 ** 32 / max) * max;
    for (;;) {
      const v = this.bytes(4).readUInt32BE(0);
      if (v < limit) return v % max;
    }
  }

  /** `length` characters drawn from `alphabet`. */
  pick(alphabet: string, length: number): string {
    let s = "";
    for (let i = 0; i < length; i++) s += alphabet[this.int(alphabet.length)];
    return s;
  }

  /** A positive X.509 serial number: 16 bytes with the top bit cleared (RFC 5280 4.1.2.2), hex. */
  serial(): string {
    const b = this.bytes(16);
    b[0] = (b[0] & 0x7f) | 0x10;
    return b.toString("hex");
  }
}

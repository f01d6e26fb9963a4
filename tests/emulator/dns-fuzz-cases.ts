/**
 * Hostile DNS messages for the fuzz of the emulator's DNS server (tests/emulator/dns-fuzz.test.ts,
 * bench/dns-fuzz.ts), drawn from a seeded source so a failure reproduces with its seed: valid
 * queries of every type (with and without EDNS), random bytes, truncated headers and messages,
 * pointer loops, huge section counts, oversized labels and names, reserved label types, bit flips;
 * and for TCP, streams of them behind length prefixes that are right, too long, too short or zero.
 */
import dnsPacket from "dns-packet";
import { RandomSource } from "../../emulator/core/random";

const TYPES = ["A", "AAAA", "TXT", "MX", "CNAME", "NS", "SOA", "SRV", "CAA", "ANY", "PTR", "DS", "OPT"] as const;

export class Fuzz {
  readonly random: RandomSource;
  /** How many messages of each kind were drawn. */
  readonly drawn: Record<string, number> = {};

  constructor(
    seed: string,
    private readonly names: string[],
  ) {
    this.random = new RandomSource(seed);
  }

  int(max: number): number {
    return this.random.int(max);
  }

  chance(p: number): boolean {
    return this.random.int(1_000_000) < p * 1_000_000;
  }

  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)];
  }

  bytes(n: number): Buffer {
    return n > 0 ? this.random.bytes(n) : Buffer.alloc(0);
  }

  /** A well-formed query: a zone name (or a made-up one) and any type, EDNS sometimes with an odd size. */
  valid(): Buffer {
    const name = this.chance(0.8) ? this.pick(this.names) : `${this.bytes(4).toString("hex")}.${this.pick(this.names)}`;
    const additionals = this.chance(0.4) ? [{ type: "OPT", name: ".", udpPayloadSize: this.int(65_536), flags: 0, options: [] }] : [];
    return dnsPacket.encode({
      type: "query",
      id: this.int(65_536),
      flags: dnsPacket.RECURSION_DESIRED,
      questions: [{ type: this.pick(TYPES) as "A", name }],
      additionals: additionals as unknown as dnsPacket.Answer[],
    });
  }

  /** One hostile (or, 1 in 5, valid) message; `tcp` allows the large kinds. */
  message(tcp = false): Buffer {
    const kinds = [
      "valid",
      "random",
      "truncated",
      "header",
      "pointer-loop",
      "huge-counts",
      "many-questions",
      "long-label",
      "long-name",
      "label-type",
      "bit-flip",
      "response",
      "opcode-class",
    ] as const;
    const kind = this.chance(0.2) ? "valid" : this.pick(kinds);
    this.drawn[kind] = (this.drawn[kind] ?? 0) + 1;
    const header = (qd: number, an = 0, ns = 0, ar = 0) => {
      const h = Buffer.alloc(12);
      h.writeUInt16BE(this.int(65_536), 0);
      h.writeUInt16BE(0x0100, 2);
      for (const [i, n] of [qd, an, ns, ar].entries()) h.writeUInt16BE(n, 4 + 2 * i);
      return h;
    };
    const tail = Buffer.from([0, 1, 0, 1]); // type A, class IN
    switch (kind) {
      case "valid":
        return this.valid();
      case "random":
        return this.bytes(this.int(tcp ? 4096 : 600));
      case "truncated": {
        const v = this.valid();
        return v.subarray(0, this.int(v.length));
      }
      case "header":
        return Buffer.concat([header(this.int(65_536), this.int(65_536), this.int(65_536), this.int(65_536))]).subarray(0, 1 + this.int(12));
      case "pointer-loop": {
        // A name that points at itself, at a later offset, into the header, or two that point at each other.
        const shape = this.int(4);
        if (shape === 0) return Buffer.concat([header(1), Buffer.from([0xc0, 12]), tail]);
        if (shape === 1) return Buffer.concat([header(1), Buffer.from([0xc0, 14, 0xc0, 12]), tail]);
        if (shape === 2) return Buffer.concat([header(1), Buffer.from([0xc0, this.int(12)]), tail]);
        return Buffer.concat([header(2), Buffer.from([1, 0x61, 0xc0, 22]), tail, Buffer.from([1, 0x62, 0xc0, 12]), tail]);
      }
      case "huge-counts": {
        const v = this.valid();
        for (let i = 0; i < 4; i++) if (this.chance(0.6)) v.writeUInt16BE(this.chance(0.5) ? 65_535 : this.int(65_536), 4 + 2 * i);
        return v;
      }
      case "many-questions": {
        // Up to the TCP message limit: one question, then pointers to it (6 bytes each).
        const n = 2 + this.int(tcp ? 10_000 : 80);
        const first = Buffer.concat([Buffer.from([7]), Buffer.from("example"), Buffer.from([3]), Buffer.from("com"), Buffer.from([0]), tail]);
        const rest = Buffer.concat(Array.from({ length: n - 1 }, () => Buffer.concat([Buffer.from([0xc0, 12]), tail])));
        return Buffer.concat([header(n), first, rest]);
      }
      case "long-label": {
        // A length byte over 63 (its top bits then mean a pointer or a reserved type), or a label longer than the message.
        const len = this.chance(0.5) ? 64 + this.int(192) : 63;
        return Buffer.concat([header(1), Buffer.from([len]), this.bytes(this.int(len))]);
      }
      case "long-name": {
        // 63-byte labels past the 255-byte name limit; sometimes non-UTF-8 bytes.
        const labels = 4 + this.int(tcp ? 60 : 4);
        const label = () => Buffer.concat([Buffer.from([63]), this.chance(0.5) ? Buffer.alloc(63, 0x61) : this.bytes(63).map((b) => (b & 0xc0 ? b : 0x80))]);
        return Buffer.concat([header(1), ...Array.from({ length: labels }, label), Buffer.from([0]), tail]);
      }
      case "label-type":
        // 0x40 and 0x80: label types RFC 1035 reserves (RFC 6891 retired the extended ones).
        return Buffer.concat([header(1), Buffer.from([this.pick([0x40, 0x41, 0x80, 0xbf]), ...this.bytes(8)]), Buffer.from([0]), tail]);
      case "bit-flip": {
        const v = this.valid();
        for (let i = 1 + this.int(8); i > 0; i--) v[this.int(v.length)] ^= 1 << this.int(8);
        return v;
      }
      case "response": {
        const v = this.valid();
        v[2] |= 0x80;
        return v;
      }
      case "opcode-class": {
        const v = this.valid();
        if (this.chance(0.5)) v[2] = (v[2] & 0x87) | (this.int(16) << 3);
        // The question's class: the message's last 2 bytes, or before the 11-byte OPT record.
        else v.writeUInt16BE(this.pick([3, 4, 254, 255, this.int(65_536)]), v.length - 2 - (v.readUInt16BE(10) ? 11 : 0));
        return v;
      }
    }
  }

  /** TCP bytes for one message behind a prefix that is right, longer (the rest never comes), shorter or zero. */
  frame(message: Buffer): { bytes: Buffer; lies: "no" | "longer" | "shorter" | "zero" } {
    const lies = this.chance(0.85) ? "no" : this.pick(["longer", "shorter", "zero"] as const);
    const len =
      lies === "no"
        ? message.length
        : lies === "longer"
          ? Math.min(65_535, message.length + 1 + this.int(1000))
          : lies === "zero"
            ? 0
            : this.int(message.length + 1);
    const head = Buffer.alloc(2);
    head.writeUInt16BE(Math.min(len, 65_535));
    return { bytes: Buffer.concat([head, message.subarray(0, Math.min(message.length, 65_535))]), lies };
  }
}

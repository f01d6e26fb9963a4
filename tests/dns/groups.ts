/**
 * The DNSControl-style table of tests/dns/dnscontrol.test.ts (issue 12 item 5), as data: record
 * groups, each a sequence of steps, each step the complete list of records the program declares.
 * The test applies every step through the real engine, re-plans expecting no change, and compares
 * the live zone (service/dnslist) with the step's records; a step the API cannot hold (capability
 * table sdk/rules/dns-capabilities.ts) is a `refuse` step instead, asserted at preview with 0 writes.
 *
 * Expected live lines are written here, not computed by the rule library under test: a record's
 * line is `<relative name> <TYPE> <value without the final dot>[ ttl=N][ prio=N]` unless it gives
 * `live` (the stored spelling differs: case, IDN, TXT over 255 bytes, CAA quoting).
 */

export interface Rec {
  name: string;
  type: string;
  value: string;
  ttl?: number | string;
  priority?: number | string;
  /** The line dnslist should show, when the stored spelling differs from the declared one. */
  live?: string;
  /** The DnsRecord's logical name suffix across steps (default: its position, `r<i>`). */
  key?: string;
}

/** A record created through the API (service/dnscreate) beside the program, before a step. */
export interface ApiRecord {
  name: string;
  type: string;
  value: string;
}

export interface Step {
  desc: string;
  records: Rec[];
  /** Records another client creates through the API right before this step. */
  apiCreates?: ApiRecord[];
  /** Live lines expected besides the declared ones and the apex NS records (ignored, unmanaged). */
  alsoLive?: string[];
  /** Write calls this step's `up` makes, by operation (the same as DnsZone and as DnsRecords); unchecked when absent. */
  writes?: Record<string, number>;
  /**
   * The API cannot hold this step (capability table): preview must fail naming the field of record
   * `index` and the rule, with 0 writes, and the zone stays as the previous step left it.
   */
  /** A DnsZone-only rule (list rules: duplicates, ignore): skipped as DnsRecords. */
  zoneOnly?: boolean;
  refuse?: { index: number; field?: "name" | "type" | "value" | "ttl" | "priority"; rule: RegExp; why: string };
}

export interface Group {
  name: string;
  /** Relative label of the group's own zone: `<zone>.dnstable.example`. */
  zone: string;
  steps: Step[];
  /** DnsZone options for the group. */
  ignore?: { name?: string; type?: string | string[]; value?: string }[];
  purge?: boolean;
  /** Also run as one DnsRecord per record (the shared rules); the big and ownership groups are not. */
  asRecords?: boolean;
}

/** ASCII text of exactly `n` bytes (a readable, position-dependent pattern). */
export function textOf(n: number, seed = "x"): string {
  const unit = `${seed}0123456789abcdefghijklmnopqrstuvwxyz`;
  return unit.repeat(Math.ceil(n / unit.length) + 1).slice(0, n);
}

/**
 * How dnslist shows plain ASCII text (no quote, no backslash) as the API stores it: up to 255 bytes
 * as is, longer as quoted DNS strings of 255 bytes (RFC 1035 3.3; DnsRecord README "TXT").
 */
export function storedTxt(text: string): string {
  if (text.length <= 255) return text;
  const parts: string[] = [];
  for (let i = 0; i < text.length; i += 255) parts.push(`"${text.slice(i, i + 255)}"`);
  return parts.join(" ");
}

const txt = (name: string, n: number, seed?: string): Rec => {
  const value = textOf(n, seed);
  return { name, type: "TXT", value, live: `${name} TXT ${storedTxt(value)}` };
};

/** `count` records of mixed types for the size group (A, TXT, AAAA, MX in turn). */
export function manyRecords(count: number): Rec[] {
  return Array.from({ length: count }, (_, i): Rec => {
    switch (i % 4) {
      case 0:
        return { name: `h${i}`, type: "A", value: `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}` };
      case 1:
        return { name: `t${i}`, type: "TXT", value: `record ${i} of the size group` };
      case 2:
        return { name: `v6-${i}`, type: "AAAA", value: `2001:db8::${i.toString(16)}` };
      default:
        return { name: `m${i}`, type: "MX", value: `mx${i}.example.net.`, priority: i % 100 };
    }
  });
}

/** A records at the apex (192.0.2.<n>) and TXT tokens at _acme-challenge, by DnsRecord key. */
const atOneName = (a: Record<string, string>, t: Record<string, string>): Rec[] => [
  ...Object.entries(a).map(([key, n]) => ({ name: "@", type: "A", value: `192.0.2.${n}`, key })),
  ...Object.entries(t).map(([key, v]) => ({ name: "_acme-challenge", type: "TXT", value: `token-${v}`, key })),
];

const RFC1034 = "a CNAME holds its name alone, and the apex always holds NS (RFC 1034 3.6.2)";

export const GROUPS: Group[] = [
  {
    name: "apex and wildcard names",
    zone: "apex",
    asRecords: true,
    steps: [
      {
        desc: "records at the apex and under wildcards",
        records: [
          { name: "@", type: "A", value: "192.0.2.1" },
          { name: "@", type: "AAAA", value: "2001:db8::1" },
          { name: "*", type: "A", value: "192.0.2.2" },
          { name: "*.dev", type: "CNAME", value: "target.example.net." },
          { name: "@", type: "TXT", value: "v=spf1 -all" },
        ],
        writes: { "service/dnscreate": 5 },
      },
      {
        desc: "change the apex and the wildcard values",
        records: [
          { name: "@", type: "A", value: "192.0.2.3" },
          { name: "@", type: "AAAA", value: "2001:db8::1" },
          { name: "*", type: "A", value: "192.0.2.4" },
          { name: "*.dev", type: "CNAME", value: "other.example.net." },
          { name: "@", type: "TXT", value: "v=spf1 -all" },
        ],
        writes: { "service/dnsupdate": 3 },
      },
      {
        // The CNAME alone: beside another record at its name, the program's own CNAME-alone rule
        // (provider/dns/dns-claims.ts) refuses it first, before the resource's check runs.
        desc: "a CNAME at the apex is refused",
        records: [{ name: "@", type: "CNAME", value: "target.example.net." }],
        refuse: { index: 0, field: "name", rule: /a CNAME record cannot be at the zone apex/, why: RFC1034 },
      },
    ],
  },
  {
    name: "TTL-only changes",
    zone: "ttl",
    asRecords: true,
    steps: [
      {
        desc: "records with and without a ttl",
        records: [
          { name: "www", type: "A", value: "192.0.2.10", ttl: 300 },
          { name: "@", type: "MX", value: "mx.example.net.", priority: 10, ttl: 3600 },
          { name: "txt", type: "TXT", value: "default ttl" },
        ],
        writes: { "service/dnscreate": 3 },
      },
      {
        desc: "only the ttls change",
        records: [
          { name: "www", type: "A", value: "192.0.2.10", ttl: 600 },
          { name: "@", type: "MX", value: "mx.example.net.", priority: 10, ttl: 60 },
          { name: "txt", type: "TXT", value: "default ttl", ttl: 604800 },
        ],
        writes: { "service/dnsupdate": 3 },
      },
      {
        desc: "ttls removed: back to the zone default",
        records: [
          { name: "www", type: "A", value: "192.0.2.10" },
          { name: "@", type: "MX", value: "mx.example.net.", priority: 10, ttl: "-" },
          { name: "txt", type: "TXT", value: "default ttl", ttl: 604800 },
        ],
        writes: { "service/dnsupdate": 2 },
      },
      {
        desc: "a ttl below the API's 60 seconds is refused",
        records: [{ name: "www", type: "A", value: "192.0.2.10", ttl: 30 }],
        refuse: { index: 0, field: "ttl", rule: /30 must be a whole number of seconds from 60 to 604800/, why: "dns-capabilities ttl range" },
      },
    ],
  },
  {
    name: "A -> CNAME -> A at one name",
    zone: "retype",
    asRecords: true,
    steps: [
      {
        desc: "an A record",
        records: [
          { name: "alias", type: "A", value: "192.0.2.20" },
          { name: "www", type: "A", value: "192.0.2.21" },
        ],
        writes: { "service/dnscreate": 2 },
      },
      {
        desc: "the A becomes a CNAME (the A goes first)",
        records: [
          { name: "alias", type: "CNAME", value: "www.retype.dnstable.example." },
          { name: "www", type: "A", value: "192.0.2.21" },
        ],
        writes: { "service/dnsdelete": 1, "service/dnscreate": 1 },
      },
      {
        desc: "and back to an A",
        records: [
          { name: "alias", type: "A", value: "192.0.2.22" },
          { name: "www", type: "A", value: "192.0.2.21" },
        ],
        writes: { "service/dnsdelete": 1, "service/dnscreate": 1 },
      },
    ],
  },
  {
    name: "MX and SRV priority changes",
    zone: "prio",
    asRecords: true,
    steps: [
      {
        desc: "two MX and an SRV",
        records: [
          { name: "@", type: "MX", value: "mx1.example.net.", priority: 10 },
          { name: "@", type: "MX", value: "mx2.example.net.", priority: 20 },
          { name: "_sip._tcp", type: "SRV", value: "5 5060 sip.example.net.", priority: 10 },
        ],
        writes: { "service/dnscreate": 3 },
      },
      {
        desc: "one MX priority and the SRV priority change",
        records: [
          { name: "@", type: "MX", value: "mx1.example.net.", priority: 30 },
          { name: "@", type: "MX", value: "mx2.example.net.", priority: 20 },
          { name: "_sip._tcp", type: "SRV", value: "5 5060 sip.example.net.", priority: 0 },
        ],
        writes: { "service/dnsupdate": 2 },
      },
      {
        desc: "SRV weight, port and target change; MX priority to the maximum",
        records: [
          { name: "@", type: "MX", value: "mx1.example.net.", priority: 65535 },
          { name: "@", type: "MX", value: "mx2.example.net.", priority: 20 },
          { name: "_sip._tcp", type: "SRV", value: "0 5061 .", priority: 0, live: "_sip._tcp SRV 0 5061 . prio=0" },
        ],
        writes: { "service/dnsupdate": 2 },
      },
      {
        desc: "a priority on an A record is refused",
        records: [{ name: "a", type: "A", value: "192.0.2.30", priority: 5 }],
        refuse: { index: 0, field: "priority", rule: /only MX and SRV records take a priority/, why: "dns-capabilities: A takes no priority" },
      },
      {
        desc: "a null MX is refused",
        records: [{ name: "@", type: "MX", value: ".", priority: 0 }],
        refuse: { index: 0, field: "value", rule: /a null MX \("\."\) is not supported by the API/, why: "dns-capabilities mx.nullTarget: false" },
      },
    ],
  },
  {
    name: "TXT sizes (bytes): 1, 254, 255, 256, 509, 510, 511, 764, 765, 766; 0 refused",
    zone: "txtsize",
    asRecords: true,
    steps: [
      { desc: "1, 254 and 255 bytes: one DNS string each", records: [txt("a", 1), txt("b", 254), txt("c", 255)], writes: { "service/dnscreate": 3 } },
      {
        desc: "0 bytes is refused",
        records: [txt("a", 1), { name: "empty", type: "TXT", value: "" }],
        refuse: { index: 1, field: "value", rule: /an empty TXT record cannot be stored/, why: "facts.md: the API treats an empty value as missing" },
      },
      { desc: "256, 509 and 510 bytes: split into two strings", records: [txt("a", 256), txt("b", 509), txt("c", 510)], writes: { "service/dnsupdate": 3 } },
      { desc: "511, 764 and 765 bytes: two and three strings", records: [txt("a", 511), txt("b", 764), txt("c", 765)], writes: { "service/dnsupdate": 3 } },
      { desc: "766 bytes: four strings; back to 255 and 1", records: [txt("a", 766), txt("b", 255), txt("c", 1)], writes: { "service/dnsupdate": 3 } },
      {
        desc: "256 bytes of two-byte characters split between characters",
        records: [{ name: "a", type: "TXT", value: "é".repeat(128), live: `a TXT "${"é".repeat(127)}" "é"` }, txt("b", 255), txt("c", 1)],
        writes: { "service/dnsupdate": 1 },
      },
    ],
  },
  {
    name: "TXT quotes, backslashes, semicolons and trailing spaces",
    zone: "txtchars",
    asRecords: true,
    steps: [
      {
        desc: "inner quotes, backslashes and semicolons, unquoted and as zone-file strings",
        records: [
          { name: "q", type: "TXT", value: 'say "hi"' },
          { name: "bs", type: "TXT", value: "back\\slash \\\\ two" },
          { name: "semi", type: "TXT", value: "v=DKIM1; k=rsa; p=abc;" },
          { name: "zf", type: "TXT", value: '"quoted \\"inner\\" and \\\\ one"', live: 'zf TXT quoted "inner" and \\ one' },
          { name: "join", type: "TXT", value: '"part one; " "part two"', live: "join TXT part one; part two" },
          // Unquoted text loses its outer spaces as the API trims every parameter (DnsRecord README "TXT"); quoted, it is refused below.
          { name: "sp", type: "TXT", value: "trailing spaces   ", live: "sp TXT trailing spaces" },
        ],
        writes: { "service/dnscreate": 6 },
      },
      {
        desc: "over 255 bytes with quotes and backslashes: escaped inside the strings",
        records: [
          { name: "q", type: "TXT", value: `say "hi" ${textOf(300)}`, live: `q TXT "say \\"hi\\" ${textOf(300).slice(0, 246)}" "${textOf(300).slice(246)}"` },
          { name: "bs", type: "TXT", value: "back\\slash \\\\ two" },
          { name: "semi", type: "TXT", value: "v=DKIM1; k=rsa; p=abc;" },
          { name: "zf", type: "TXT", value: '"quoted \\"inner\\" and \\\\ one"', live: 'zf TXT quoted "inner" and \\ one' },
          { name: "join", type: "TXT", value: '"part one; " "part two"', live: "join TXT part one; part two" },
          { name: "sp", type: "TXT", value: "trailing spaces", live: "sp TXT trailing spaces" },
        ],
        writes: { "service/dnsupdate": 1 },
      },
      {
        desc: "quoted text with a trailing space is refused",
        records: [{ name: "q", type: "TXT", value: '"trailing space "' }],
        refuse: {
          index: 0,
          field: "value",
          rule: /TXT text must not begin or end with whitespace: the API trims it/,
          why: "dns-capabilities txt.outerWhitespace: false (the API trims parameters)",
        },
      },
      {
        desc: "a line break is refused",
        records: [{ name: "q", type: "TXT", value: "two\nlines" }],
        refuse: { index: 0, field: "value", rule: /TXT text must not contain line breaks or control characters/, why: "the API's TXT check" },
      },
    ],
  },
  {
    name: "label and target case",
    zone: "case",
    asRecords: true,
    steps: [
      {
        desc: "upper-case labels and targets are stored lower case",
        records: [
          { name: "WWW", type: "A", value: "192.0.2.40", live: "www A 192.0.2.40" },
          { name: "Alias", type: "CNAME", value: "Target.Example.NET.", live: "alias CNAME target.example.net" },
          { name: "@", type: "MX", value: "MX1.Example.NET.", priority: 10, live: "@ MX mx1.example.net prio=10" },
          { name: "@", type: "CAA", value: '0 ISSUE "LetsEncrypt.org"', live: '@ CAA 0 issue "letsencrypt.org"' },
          { name: "Mixed", type: "TXT", value: "Case Stays In TXT", live: "mixed TXT Case Stays In TXT" },
        ],
        writes: { "service/dnscreate": 5 },
      },
      {
        desc: "the same records in lower case: nothing to change",
        records: [
          { name: "www", type: "A", value: "192.0.2.40" },
          { name: "alias", type: "CNAME", value: "target.example.net." },
          { name: "@", type: "MX", value: "mx1.example.net.", priority: 10 },
          { name: "@", type: "CAA", value: '0 issue "letsencrypt.org"' },
          { name: "mixed", type: "TXT", value: "Case Stays In TXT" },
        ],
        writes: {},
      },
      {
        desc: "TXT case is data: a change of case is a change",
        records: [
          { name: "www", type: "A", value: "192.0.2.40" },
          { name: "alias", type: "CNAME", value: "target.example.net." },
          { name: "@", type: "MX", value: "mx1.example.net.", priority: 10 },
          { name: "@", type: "CAA", value: '0 issue "letsencrypt.org"' },
          { name: "mixed", type: "TXT", value: "case stays in txt" },
        ],
        writes: { "service/dnsupdate": 1 },
      },
    ],
  },
  {
    name: "IDN labels and IDN CNAME targets",
    zone: "idn",
    asRecords: true,
    steps: [
      {
        desc: "Unicode labels and targets are stored as punycode",
        records: [
          { name: "bücher", type: "A", value: "192.0.2.50", live: "xn--bcher-kva A 192.0.2.50" },
          { name: "www", type: "CNAME", value: "www.bücher.example.", live: "www CNAME www.xn--bcher-kva.example" },
          { name: "@", type: "MX", value: "mx.straße.example.", priority: 10, live: "@ MX mx.xn--strae-oqa.example prio=10" },
          { name: "*.café", type: "A", value: "192.0.2.51", live: "*.xn--caf-dma A 192.0.2.51" },
        ],
        writes: { "service/dnscreate": 4 },
      },
      {
        desc: "the same names in punycode: nothing to change",
        records: [
          { name: "xn--bcher-kva", type: "A", value: "192.0.2.50" },
          { name: "www", type: "CNAME", value: "www.xn--bcher-kva.example." },
          { name: "@", type: "MX", value: "mx.xn--strae-oqa.example.", priority: 10 },
          { name: "*.xn--caf-dma", type: "A", value: "192.0.2.51" },
        ],
        writes: {},
      },
      {
        desc: "an IDN target changes",
        records: [
          { name: "xn--bcher-kva", type: "A", value: "192.0.2.50" },
          { name: "www", type: "CNAME", value: "www.münchen.example.", live: "www CNAME www.xn--mnchen-3ya.example" },
          { name: "@", type: "MX", value: "mx.xn--strae-oqa.example.", priority: 10 },
          { name: "*.xn--caf-dma", type: "A", value: "192.0.2.51" },
        ],
        writes: { "service/dnsupdate": 1 },
      },
      {
        desc: "an invalid punycode label is refused",
        records: [{ name: "xn--zz", type: "A", value: "192.0.2.52" }],
        refuse: { index: 0, field: "name", rule: /xn--zz/, why: "IDNA2008: an xn-- label must be valid punycode" },
      },
    ],
  },
  {
    name: "CAA flags and tags",
    zone: "caa",
    asRecords: true,
    steps: [
      {
        desc: "issue, issuewild and iodef, flags 0 and 128",
        records: [
          { name: "@", type: "CAA", value: '0 issue "letsencrypt.org"' },
          { name: "@", type: "CAA", value: '0 issuewild ";"' },
          { name: "@", type: "CAA", value: '128 iodef "mailto:security@example.com"' },
        ],
        writes: { "service/dnscreate": 3 },
      },
      {
        desc: "a flag changes to 128 (critical); the issuer gets a parameter",
        records: [
          { name: "@", type: "CAA", value: '128 issue "letsencrypt.org"' },
          { name: "@", type: "CAA", value: '0 issuewild ";"' },
          { name: "@", type: "CAA", value: '128 iodef "mailto:security@example.com"' },
          { name: "www", type: "CAA", value: "0 issue sectigo.com; validationmethods=dns-01", live: 'www CAA 0 issue "sectigo.com; validationmethods=dns-01"' },
        ],
        writes: { "service/dnsupdate": 1, "service/dnscreate": 1 },
      },
      {
        desc: "flag 1 is refused",
        records: [{ name: "@", type: "CAA", value: '1 issue "letsencrypt.org"' }],
        refuse: { index: 0, field: "value", rule: /CAA flag 1 is not supported; use 0 or 128/, why: "dns-capabilities caa.flags" },
      },
      {
        desc: "tag tbs is refused",
        records: [{ name: "@", type: "CAA", value: '0 tbs "x"' }],
        refuse: { index: 0, field: "value", rule: /CAA tag "tbs" is not supported; use one of issue, issuewild, iodef/, why: "dns-capabilities caa.tags" },
      },
    ],
  },
  {
    name: "several records at one name and type, changing one of them",
    zone: "multi",
    asRecords: true,
    steps: [
      {
        desc: "three A and three TXT at one name",
        records: atOneName({ a1: "61", a2: "62", a3: "63" }, { t1: "one", t2: "two", t3: "three" }),
        writes: { "service/dnscreate": 6 },
      },
      {
        desc: "one A and one TXT change",
        records: atOneName({ a1: "61", a2: "72", a3: "63" }, { t1: "one", t2: "two", t3: "3" }),
        writes: { "service/dnsupdate": 2 },
      },
      { desc: "one of each goes", records: atOneName({ a1: "61", a3: "63" }, { t1: "one", t3: "3" }), writes: { "service/dnsdelete": 2 } },
      {
        desc: "the same record twice is refused",
        records: [
          { name: "@", type: "A", value: "192.0.2.61" },
          { name: "@", type: "A", value: "192.0.2.61" },
        ],
        zoneOnly: true,
        refuse: { index: 1, rule: /the same record as records\[0\]/, why: "the API refuses duplicates (error 4004)" },
      },
    ],
  },
  {
    name: "ignore rules against records added through the API",
    zone: "ignore",
    ignore: [
      { name: "_acme-challenge*", type: "TXT" },
      { type: "TXT", value: "google-site-verification=*" },
    ],
    steps: [
      {
        desc: "an ignored ACME token and an unmanaged record added through the API; purge deletes only the latter",
        apiCreates: [
          { name: "_acme-challenge", type: "TXT", value: "acme-token-1" },
          { name: "panel", type: "A", value: "192.0.2.99" },
          { name: "@", type: "TXT", value: "google-site-verification=abc" },
        ],
        records: [{ name: "www", type: "A", value: "192.0.2.80" }],
        alsoLive: ["_acme-challenge TXT acme-token-1", "@ TXT google-site-verification=abc"],
        writes: { "service/dnsdelete": 1, "service/dnscreate": 1 },
      },
      {
        desc: "another token arrives while the program changes: left alone, no drift",
        apiCreates: [{ name: "_acme-challenge.www", type: "TXT", value: "acme-token-2" }],
        records: [
          { name: "www", type: "A", value: "192.0.2.81" },
          { name: "@", type: "TXT", value: "v=spf1 -all" },
        ],
        alsoLive: ["_acme-challenge TXT acme-token-1", "_acme-challenge.www TXT acme-token-2", "@ TXT google-site-verification=abc"],
        writes: { "service/dnsupdate": 1, "service/dnscreate": 1 },
      },
      {
        desc: "declaring an ignored record is refused",
        records: [{ name: "_acme-challenge", type: "TXT", value: "mine" }],
        refuse: { index: 0, rule: /is matched by ignore\[0\]: a record is either declared or ignored/, why: "DnsZone: ownership must be clear" },
      },
    ],
  },
  {
    name: "purge: false against records added through the API",
    zone: "nopurge",
    purge: false,
    steps: [
      {
        desc: "records added through the API stay beside the declared ones",
        apiCreates: [
          { name: "panel", type: "A", value: "192.0.2.99" },
          { name: "other", type: "TXT", value: "someone else's" },
        ],
        records: [
          { name: "www", type: "A", value: "192.0.2.90" },
          { name: "mail", type: "MX", value: "mx.example.net.", priority: 5 },
        ],
        alsoLive: ["panel A 192.0.2.99", "other TXT someone else's"],
        writes: { "service/dnscreate": 2 },
      },
      {
        desc: "a declared record removed is deleted; the others' stay",
        apiCreates: [{ name: "www", type: "A", value: "192.0.2.91" }],
        records: [{ name: "mail", type: "MX", value: "mx.example.net.", priority: 5 }],
        alsoLive: ["panel A 192.0.2.99", "other TXT someone else's", "www A 192.0.2.91"],
        writes: { "service/dnsdelete": 1 },
      },
      {
        desc: "a record declared again beside an unmanaged one of the same name and type",
        records: [
          { name: "mail", type: "MX", value: "mx.example.net.", priority: 5 },
          { name: "www", type: "A", value: "192.0.2.92" },
        ],
        alsoLive: ["panel A 192.0.2.99", "other TXT someone else's", "www A 192.0.2.91"],
        writes: { "service/dnscreate": 1 },
      },
    ],
  },
  {
    name: "999, 1,000, 1,001 and 1,200 records (the API's page holds 1,000)",
    zone: "size",
    steps: [
      { desc: "999 records", records: manyRecords(999), writes: { "service/dnssetzone": 1 } },
      { desc: "1,000 records: one full page", records: manyRecords(1000), writes: { "service/dnscreate": 1 } },
      { desc: "1,001 records: a second page", records: manyRecords(1001), writes: { "service/dnscreate": 1 } },
      { desc: "1,200 records", records: manyRecords(1200), writes: { "service/dnssetzone": 1 } },
    ],
  },
];

/**
 * GlueRecord: a host (name server) under a domain with its addresses, registered at the registry
 * (domain/gluerecordcreate). Inputs are validated and normalised at check with no API call, in the
 * spelling domain/getgluerecords answers, so that refresh and the next plan compare equal.
 */
import { z } from "zod";
import { bool } from "../../../sdk/catalogue/fields";
import { asciiHost, domainForms, idnaProblem, isHostName, isPlainIPv4, normalizeIPv6 } from "../../../sdk/rules";
import type { StateOf } from "../../core/resource-class";

/** The program's inputs, each documented once (the class's Args derive from them). */
export const glueRecordFields = {
  /** The domain the host belongs to (e.g. `domain.name`). Changing it replaces. */
  domain: z.string({ error: "required: the domain the host belongs to, e.g. example.com" }),
  /** The host: relative to the domain ("ns1") or full ("ns1.example.com"). Changing it replaces. */
  name: z.string({ error: 'required: the host, relative ("ns1") or full ("ns1.example.com")' }),
  /** IPv4 address (changes in place). */
  ipv4: z.string({ error: "required: the host's IPv4 address" }),
  /** IPv6 address (changes in place); leaving it out removes it. */
  ipv6: z.string({ error: "must be an IPv6 address" }).optional(),
  /** Take over a glue record of the same name that already exists instead of failing. */
  adopt: bool().optional(),
};

export const glueRecordInputs = z
  .object(glueRecordFields)
  .strict()
  .transform((raw, ctx) => {
    let forms: { unicode: string; ascii: string };
    try {
      forms = domainForms(raw.domain.trim().replace(/\.$/, ""));
    } catch (e) {
      ctx.addIssue({ code: "custom", path: ["domain"], message: (e as Error).message });
      return z.NEVER;
    }
    const name = glueName(raw.name, forms.ascii);
    if (typeof name !== "string") ctx.addIssue({ code: "custom", path: ["name"], message: name.problem });
    const ipv4 = raw.ipv4.trim();
    // Leading zeros are refused: some software reads them as octal (and the API would keep them).
    if (!isPlainIPv4(ipv4)) {
      ctx.addIssue({ code: "custom", path: ["ipv4"], message: `"${raw.ipv4}" is not an IPv4 address such as 192.0.2.1` });
    } else if (nonPublicV4(ipv4)) {
      ctx.addIssue({
        code: "custom",
        path: ["ipv4"],
        message: `${ipv4} is ${nonPublicV4(ipv4)}: a glue record publishes a nameserver's address to the internet, so it must be a public address`,
      });
    }
    let ipv6: string | undefined;
    if (raw.ipv6 !== undefined) {
      try {
        ipv6 = normalizeIPv6(raw.ipv6);
      } catch {
        ctx.addIssue({ code: "custom", path: ["ipv6"], message: `"${raw.ipv6}" is not an IPv6 address such as 2001:db8::53` });
      }
      if (ipv6 !== undefined && nonPublicV6(ipv6)) {
        ctx.addIssue({
          code: "custom",
          path: ["ipv6"],
          message: `${ipv6} is ${nonPublicV6(ipv6)}: a glue record publishes a nameserver's address to the internet, so it must be a public address`,
        });
      }
    }
    if (typeof name !== "string") return z.NEVER;
    const out: GlueRecordInputs = { domain: forms.unicode, name, ipv4 };
    if (ipv6 !== undefined) out.ipv6 = ipv6;
    if (raw.adopt !== undefined) out.adopt = raw.adopt;
    return out;
  });

/**
 * The host in the API's form: full, lower case, punycode, no trailing dot. A name ending with the
 * domain is full; so is one with a trailing dot (which must then be under the domain); anything
 * else is relative to the domain ("ns1" -> ns1.example.com), as DnsRecord names are.
 */
/**
 * Why an IPv4 address cannot be a nameserver's public address (RFC 6890: this network, private,
 * shared, loopback, link-local, multicast, reserved, broadcast), or undefined. The documentation
 * ranges (192.0.2.0/24...) are let through: the emulator's examples use them.
 */
export function nonPublicV4(ip: string): string | undefined {
  const [a, b] = ip.split(".").map(Number);
  if (a === 0) return "in 0.0.0.0/8 (this network)";
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return "a private address (RFC 1918)";
  if (a === 100 && b >= 64 && b <= 127) return "a shared address (100.64.0.0/10, carrier-grade NAT)";
  if (a === 127) return "a loopback address";
  if (a === 169 && b === 254) return "a link-local address";
  if (a >= 224) return a < 240 ? "a multicast address" : "a reserved address (240.0.0.0/4)";
  return undefined;
}

export function nonPublicV6(ip: string): string | undefined {
  if (ip === "::" || ip === "::1") return ip === "::" ? "the unspecified address" : "the loopback address";
  if (ip.startsWith("::ffff:")) return "an IPv4-mapped address (give the IPv4 address in ipv4)";
  const first = Number.parseInt(ip.split(":")[0] || "0", 16);
  if ((first & 0xfe00) === 0xfc00) return "a unique local address (fc00::/7)";
  if ((first & 0xffc0) === 0xfe80) return "a link-local address (fe80::/10)";
  if ((first & 0xff00) === 0xff00) return "a multicast address";
  return undefined;
}

export function glueName(raw: string, domainAscii: string): string | { problem: string } {
  if (/\.\.|^\./.test(raw.trim())) return { problem: `"${raw}" has an empty label (two dots in a row, or a leading dot)` };
  const host = asciiHost(raw);
  if (host === undefined || host === "") return { problem: `"${raw}" is not a host name` };
  const under = host === domainAscii || host.endsWith(`.${domainAscii}`);
  // A trailing dot marks a full name (zone-file style): it must then be under the domain.
  if (raw.trim().endsWith(".") && !under)
    return { problem: `${host} is not under ${domainAscii}; a glue record is a host of the domain itself (e.g. ns1.${domainAscii})` };
  const full = under ? host : `${host}.${domainAscii}`;
  if (full === domainAscii) return { problem: `must be a host under ${domainAscii} (e.g. ns1.${domainAscii}), not the domain itself` };
  if (!isHostName(full)) {
    return { problem: `"${raw}" is not a host name (letters, digits and inner hyphens per label)` };
  }
  const idna = idnaProblem(full);
  if (idna) return { problem: `"${raw}": ${idna}` };
  return full;
}

export interface GlueRecordInputs {
  /** The domain, Unicode form, lower case (as Domain.name). */
  domain: string;
  /** Full host name in ASCII (punycode), lower case, no trailing dot. */
  name: string;
  ipv4: string;
  /** Canonical RFC 5952 text; absent = the host has no IPv6 address. */
  ipv6?: string;
  adopt?: boolean;
}

/** What the state adds to the inputs. */
export const glueRecordOutputs = {
  /** The domain in ASCII (punycode). */
  punycode: z.string(),
};
export type GlueRecordState = StateOf<GlueRecordInputs, typeof glueRecordOutputs>;

/** A glue record cannot move to another domain or be renamed (the API has no rename). */
export const GLUE_REPLACE_ON: readonly string[] = ["domain", "name"];
export const GLUE_CREATE_ONLY: readonly string[] = ["adopt"];

/** Resource id: `<ascii domain>/<ascii host>`, e.g. `example.com/ns1.example.com`. */
export function glueRecordId(domainAscii: string, name: string): string {
  return `${domainAscii}/${name}`;
}

export function parseGlueRecordId(id: string): { domain: string; name: string } {
  const cut = id.indexOf("/");
  if (cut <= 0 || cut === id.length - 1) throw new Error(`GlueRecord id "${id}" is not <domain>/<host>, e.g. example.com/ns1.example.com`);
  return { domain: id.slice(0, cut), name: id.slice(cut + 1) };
}

/** What the API knows this resource's object by (provider/dns/object-claim-rules.ts): two resources of a run naming one are refused. */
export const glueRecordObjects = (g: GlueRecordInputs) => [{ key: `glue:${g.name}`, what: `the glue record ${g.name}` }];

/**
 * Host names and their labels (RFC 1035 2.3.4 lengths, RFC 1123 LDH labels), domain names in both
 * forms, and the catalogue's domain-name field.
 */
import { isIP } from "node:net";
import { z } from "zod";
import { asciiOrSelf, cleanHost, idnaProblem, toAscii, toUnicode } from "./idn";

/** A name holds at most 253 characters without the final dot, a label at most 63 (RFC 1035 2.3.4). */
export const MAX_NAME_LENGTH = 253;
export const MAX_LABEL_LENGTH = 63;

/** LDH label: letters, digits and inner hyphens (host names: domains, nameservers, glue hosts). */
export const LDH_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** DNS label of record names and targets: LDH plus "_" anywhere (_acme-challenge, _sip, _domainkey). */
export const DNS_LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;

/** Every label matches `label` ("*" also as the first one with `wildcard`), at most 253 characters. */
function labelsMatch(ascii: string, label: RegExp, minLabels: number, wildcard = false): boolean {
  const labels = ascii.split(".");
  return ascii.length <= MAX_NAME_LENGTH && labels.length >= minLabels && labels.every((l, i) => label.test(l) || (wildcard && i === 0 && l === "*"));
}

/**
 * A top-level label of digits only: what an IPv4 address looks like, never a domain name (RFC 1123
 * 2.1: a host name is not all-numeric; RFC 3696 2: no TLD is).
 */
export const numericTld = (ascii: string) => ascii.includes(".") && /^\d+$/.test(ascii.split(".").pop() ?? "");

/** An ASCII host name of LDH labels, `minLabels` at least (a name of several labels never ends in a numeric label). */
export function isHostName(ascii: string, minLabels = 1): boolean {
  return labelsMatch(ascii, LDH_LABEL, minLabels) && !numericTld(ascii);
}

/** An ASCII host name of DNS labels ("_" allowed), `minLabels` at least: record targets, zones. */
export function isDnsHost(ascii: string, minLabels = 2): boolean {
  return labelsMatch(ascii, DNS_LABEL, minLabels);
}

/** A record name in ASCII: DNS labels, "*" as the first label with `wildcard`. */
export function isDnsName(ascii: string, wildcard = true): boolean {
  return labelsMatch(ascii, DNS_LABEL, 1, wildcard);
}

/** Why a name (Unicode or ASCII) is not a valid host name, or undefined; `minLabels` labels at least. */
export function hostNameProblem(name: string, opts: { minLabels?: number; reserved?: boolean } = {}): string | undefined {
  const raw = name.trim().normalize("NFC");
  if (raw === "") return "the name is empty";
  if (/\.\.|^\.|\.$/.test(raw)) return "an empty label (two dots in a row, or a dot at the start or the end)";
  if (/\s/.test(raw)) return "whitespace inside the name";
  if (isIpLiteral(raw)) return "it is an IP address; a domain name is expected (RFC 1123 2.1)";
  let ascii: string;
  try {
    ascii = toAscii(raw);
  } catch (e) {
    return `the name cannot be converted to punycode: ${(e as Error).message}`;
  }
  const labels = ascii.split(".");
  if (labels.length < (opts.minLabels ?? 1)) return `${labels.length} label; at least ${opts.minLabels} are needed (e.g. example.com)`;
  if (ascii.length > MAX_NAME_LENGTH) return `${ascii.length} characters in punycode; a name holds at most ${MAX_NAME_LENGTH}`;
  if (numericTld(ascii)) return `the last label "${labels.at(-1)}" is all digits, which no domain name has (RFC 3696 section 2)`;
  for (const l of labels) {
    if (l.length > MAX_LABEL_LENGTH) return `label "${l.slice(0, 20)}..." is ${l.length} characters; a label holds at most ${MAX_LABEL_LENGTH}`;
    if (!LDH_LABEL.test(l)) return `label "${l}" must be letters, digits and inner hyphens (LDH)`;
  }
  return idnaProblem(ascii, opts);
}

/** A domain or host name in both forms: lower case, no trailing dot. Throws on an invalid name. */
export function domainForms(name: string): { unicode: string; ascii: string } {
  const problem = hostNameProblem(String(name).trim().replace(/\.$/, ""), { minLabels: 2, reserved: true });
  if (problem) throw new Error(`"${name}" is not a domain name such as example.com: ${problem}`);
  const ascii = toAscii(name);
  return { unicode: toUnicode(ascii), ascii };
}

/** True for an IPv4 or IPv6 address literal (a value that must be a host name is not one). */
export function isIpLiteral(v: string): boolean {
  return (
    isIP(
      v
        .trim()
        .replace(/^\[|\]$/g, "")
        .replace(/\.$/, ""),
    ) !== 0
  );
}

/**
 * Domain name field of the catalogue. `ascii` converts IDN input to punycode (for operations whose
 * spec says "punycode form": domain/check, domain/whois); otherwise the Unicode/punycode input is
 * kept, lower-cased.
 */
export const domainName = (opts: { ascii?: boolean } = {}) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (opts.ascii ? asciiOrSelf(v) : cleanHost(v)) : v),
    z.string({ error: "must be a domain name" }).refine((s) => isHostName(asciiOrSelf(s), 2), {
      error: "must be a domain name such as example.com",
    }),
  );

/**
 * The domain field of the provider's resources: a domain name in either form, recorded in its
 * lower-case Unicode form (as HostingService and service/list spell it).
 */
export const unicodeDomainField = (required = "must be a domain name") =>
  z.string({ error: required }).transform((s, ctx) => {
    try {
      return domainForms(s).unicode;
    } catch (e) {
      ctx.addIssue({ code: "custom", message: (e as Error).message });
      return z.NEVER;
    }
  });

/**
 * Address syntax of RFC 5321 for contact e-mails, mailbox local parts and alias targets: a
 * local part that is a dot-string (section 4.1.2: atoms of RFC 5322 atext joined by single dots,
 * so no empty atom, no leading, trailing or doubled dot) of at most 64 octets (4.5.3.1.1), a
 * domain that is a host name of RFC 1035/1123 labels (host.ts: no empty label, 63 octets a label,
 * LDH, no hyphen at a label's ends), and at most 254 octets in all (4.5.3.1.3: a path holds 256
 * with its angle brackets). Quoted local parts and address literals ([192.0.2.1]) are refused:
 * the API's mail system and registries take plain addresses.
 */
import { hostNameProblem } from "./host";

/** RFC 5322 atext. */
const ATEXT = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+$/;
export const MAX_LOCAL_PART = 64;
export const MAX_ADDRESS = 254;

/** Why `local` is not an RFC 5321 dot-string local part, or undefined. */
export function localPartProblem(local: string): string | undefined {
  if (local === "") return "the local part (before @) is empty";
  if (Buffer.byteLength(local) > MAX_LOCAL_PART) return `the local part is ${Buffer.byteLength(local)} octets; RFC 5321 allows at most ${MAX_LOCAL_PART}`;
  if (local.startsWith(".") || local.endsWith(".")) return "the local part starts or ends with a dot (RFC 5321 dot-string)";
  if (local.includes("..")) return "the local part holds two dots in a row (RFC 5321 dot-string)";
  for (const atom of local.split(".")) {
    if (!ATEXT.test(atom))
      return `the local part "${local}" holds a character RFC 5321 does not allow unquoted (letters, digits and !#$%&'*+/=?^_\`{|}~- only)`;
  }
  return undefined;
}

/** Why `address` is not an RFC 5321 address local@domain, or undefined. */
export function emailAddressProblem(address: string): string | undefined {
  const at = address.lastIndexOf("@");
  if (at < 0) return "no @ between the local part and the domain";
  if (/\s/.test(address)) return "whitespace inside the address";
  if (Buffer.byteLength(address) > MAX_ADDRESS) return `${Buffer.byteLength(address)} octets; an address holds at most ${MAX_ADDRESS} (RFC 5321 4.5.3.1.3)`;
  const local = localPartProblem(address.slice(0, at));
  if (local) return local;
  const domain = address.slice(at + 1);
  if (domain.startsWith("[")) return "an address literal ([...]) is not accepted: give the domain name";
  const host = hostNameProblem(domain, { minLabels: 2 });
  return host ? `the domain "${domain}": ${host} (RFC 1035)` : undefined;
}

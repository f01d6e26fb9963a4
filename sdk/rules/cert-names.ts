/**
 * What a publicly trusted CA issues and how it validates (CA/Browser Forum Baseline Requirements,
 * BR; RFC 5280; RFC 6125), judged before an order spends money:
 * - names (BR 7.1.4.2.1 / 4.2.2): no IP address in a DV name list, no internal name (a name under
 *   a special-use or private TLD, special-use.ts), a wildcard only as the whole leftmost label
 *   ("*.example.com", BR 1.6.1 "Wildcard Domain Name", RFC 6125 6.4.3) and never right under a
 *   public suffix ("*.com", "*.com.es", BR 3.2.2.6);
 * - the subject's common name holds at most 64 characters (RFC 5280 Appendix A.1,
 *   ub-common-name), the other subject fields their X.520 upper bounds;
 * - what a validation method proves: a file on the web server (http, https: BR 3.2.2.4.18, .19)
 *   cannot prove control of a wildcard name; an approver e-mail (BR 3.2.2.4.4, "Constructed Email to
 *   Domain Contact") is admin@, administrator@, webmaster@, hostmaster@ or postmaster@ the name's
 *   domain or a parent of it that is not a public suffix.
 */
import { cleanHost, tryAscii } from "./idn";
import { isIpLiteral } from "./host";
import { specialUse } from "./special-use";

/** BR 3.2.2.4.4: the local parts a constructed approver address may have. */
export const APPROVER_LOCAL_PARTS = ["admin", "administrator", "webmaster", "hostmaster", "postmaster"] as const;

/** RFC 5280 Appendix A.1 (and X.520) upper bounds of the subject fields ssl/csrcreate takes. */
export const SUBJECT_UPPER_BOUNDS = {
  commonName: 64,
  organizationName: 64,
  organizationalUnitName: 64,
  localityName: 128,
  stateOrProvinceName: 128,
  emailAddress: 255,
} as const;

/**
 * Why a CA would refuse `name` in a certificate (common name or alternative name), or undefined.
 * `isPublicSuffix` tells whether a name (ASCII) is a public suffix, as far as the caller knows
 * (a TLD of account/zones); a single label always is.
 */
export function certNameProblem(name: string, isPublicSuffix: (ascii: string) => boolean = () => false): string | undefined {
  const n = cleanHost(name);
  if (isIpLiteral(n)) return `${n} is an IP address: the products here validate domain names only (BR 3.2.2.5 needs an IP-address product)`;
  const labels = n.split(".");
  const stars = labels.filter((l) => l.includes("*"));
  if (stars.length && (labels[0] !== "*" || stars.length > 1))
    return `${n}: a wildcard is the whole leftmost label, as in *.example.com, and appears once (BR 1.6.1 Wildcard Domain Name, RFC 6125 6.4.3)`;
  const base = labels[0] === "*" ? labels.slice(1).join(".") : n;
  const s = specialUse(base);
  if (s) return `${n} is an internal name (.${s.suffix}, ${s.source}): publicly trusted CAs issue for names in the public DNS only (BR 4.2.2, 7.1.4.2.1)`;
  const ascii = tryAscii(base) ?? base;
  if (labels[0] === "*" && (ascii.split(".").length < 2 || isPublicSuffix(ascii)))
    return `${n} is a wildcard right under the public suffix .${ascii}: CAs refuse it (BR 3.2.2.6)`;
  if (!labels.includes("*") && (ascii.split(".").length < 2 || isPublicSuffix(ascii)))
    return `${n} is a public suffix, not a name anyone controls (BR 3.2.2.6)`;
  return undefined;
}

/** Why a subject field is longer than its upper bound, or undefined. */
export function subjectLengthProblem(field: keyof typeof SUBJECT_UPPER_BOUNDS, value: string): string | undefined {
  const max = SUBJECT_UPPER_BOUNDS[field];
  const n = [...value].length;
  if (n <= max) return undefined;
  return field === "commonName"
    ? `${n} characters; a certificate's common name holds at most ${max} (RFC 5280 Appendix A.1, ub-common-name): use a shorter name as the common name and put this one among the alternative names`
    : `${n} characters; the certificate's ${field} holds at most ${max} (RFC 5280 Appendix A.1)`;
}

/** Why `method` (dns, http, https or an approver address) cannot validate `names`, or undefined. */
export function validationMethodProblem(
  method: string,
  names: readonly string[],
  isPublicSuffix: (ascii: string) => boolean = () => false,
): string | undefined {
  const m = method.trim().toLowerCase();
  if (m === "http" || m === "https") {
    const wild = names.find((n) => n.startsWith("*."));
    if (wild)
      return `${m} validation (a file on the web server) cannot prove control of the wildcard ${wild} (BR 3.2.2.4.18, 3.2.2.4.19): use dns or an approver e-mail`;
    return undefined;
  }
  if (!m.includes("@")) return undefined;
  const at = m.lastIndexOf("@");
  const local = m.slice(0, at);
  const domain = tryAscii(m.slice(at + 1)) ?? m.slice(at + 1);
  if (!(APPROVER_LOCAL_PARTS as readonly string[]).includes(local))
    return `${m} cannot approve: an approver address is ${APPROVER_LOCAL_PARTS.join("@, ")}@ the domain (BR 3.2.2.4.4)`;
  if (domain.split(".").length < 2 || isPublicSuffix(domain))
    return `${m} cannot approve: .${domain} is a public suffix, not the certificate's domain (BR 3.2.2.4.4)`;
  for (const n of names) {
    const base = tryAscii(n.replace(/^\*\./, "")) ?? n;
    if (base !== domain && !base.endsWith(`.${domain}`))
      return `${m} cannot approve ${n}: the approver's domain must be the name's own or a parent of it (BR 3.2.2.4.4, Authorization Domain Name)`;
  }
  return undefined;
}

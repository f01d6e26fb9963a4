/**
 * TXT records that mail servers read: SPF (RFC 7208), DMARC (RFC 7489) and DKIM keys (RFC 6376).
 * A record with a syntax error does not work (SPF: permerror, RFC 7208 4.6; DMARC: the record is
 * ignored, RFC 7489 6.6.3; DKIM: the key is unusable, RFC 6376 3.6.1), so those are errors; what
 * works but is discouraged is a warning. Each function gets the TXT text (quoted strings joined).
 */
import { isIP } from "node:net";

export interface Findings {
  errors: string[];
  warnings: string[];
}

// ---------- SPF (RFC 7208) ----------

/** An SPF record: "v=spf1" then a space or the end (RFC 7208 4.5: other TXT records are discarded). */
export function isSpfRecord(text: string): boolean {
  return /^v=spf1( |$)/i.test(text);
}

/** RFC 7208 4.6.4: terms that cause DNS lookups, at most 10 per evaluation. */
export const SPF_MAX_LOOKUPS = 10;
const LOOKUP_TERMS = new Set(["include", "a", "mx", "ptr", "exists", "redirect"]);

const MACRO_EXPAND = /^(%\{[slodiphcrtv]\d*r?[.\-+,/_=]*\}|%%|%_|%-)/i;
const MACRO_LITERAL = /^[\x21-\x24\x26-\x7e]/;
const TOPLABEL = /^([a-z0-9]*[a-z][a-z0-9]*|[a-z0-9]+-[a-z0-9-]*[a-z0-9])$/i;

/** Why a domain-spec (RFC 7208 7.1: macro-string domain-end) is not one, or undefined. */
function domainSpecProblem(spec: string): string | undefined {
  if (spec === "") return "an empty domain";
  let rest = spec;
  let endsWithMacro = false;
  while (rest) {
    const m = MACRO_EXPAND.exec(rest);
    if (m) {
      rest = rest.slice(m[0].length);
      endsWithMacro = true;
      continue;
    }
    if (rest.startsWith("%")) return `"${spec}" holds a "%" that starts no macro (RFC 7208 7.1: write %% for a percent sign)`;
    if (!MACRO_LITERAL.test(rest)) return `"${spec}" holds a character a domain-spec cannot (RFC 7208 7.1)`;
    rest = rest.slice(1);
    endsWithMacro = false;
  }
  if (endsWithMacro) return undefined;
  const labels = spec.replace(/\.$/, "").split(".");
  if (labels.length < 2 || !TOPLABEL.test(labels.at(-1)!))
    return `"${spec}" is not a domain name with its top-level label, such as _spf.example.com (RFC 7208 7.1 domain-end)`;
  if (labels.some((l) => l === "" && !spec.includes("%"))) return `"${spec}" has an empty label`;
  return undefined;
}

function cidrProblem(text: string, max: number, what: string): string | undefined {
  if (!/^(0|[1-9]\d{0,2})$/.test(text) || Number(text) > max) return `"/${text}" is not an ${what} prefix length, 0 to ${max}`;
  return undefined;
}

/** The errors (permerror: the record does not work) and warnings of an SPF record's text. */
export function spfFindings(text: string): Findings {
  const errors: string[] = [];
  const warnings: string[] = [];
  const terms = text.trim().split(/ +/).slice(1);
  let lookups = 0;
  let allAt = -1;
  let redirects = 0;
  let exps = 0;
  for (const [i, term] of terms.entries()) {
    const fail = (why: string) => errors.push(`term "${term}": ${why}`);
    const modifier = /^([a-z][a-z0-9\-_.]*)=(.*)$/i.exec(term);
    if (modifier) {
      const name = modifier[1].toLowerCase();
      if (name === "redirect" || name === "exp") {
        if (name === "redirect") {
          redirects++;
          lookups++;
        } else exps++;
        const p = domainSpecProblem(modifier[2]);
        if (p) fail(p);
      }
      continue;
    }
    // A macro may hold "/" (a delimiter): only the mechanism's name is judged then.
    const macro = /^([+\-?~]?)([a-z0-9]+):.*%\{/i.exec(term);
    if (macro) {
      if (!["include", "a", "mx", "ptr", "exists"].includes(macro[2].toLowerCase()))
        fail(`"${macro[2]}" is not an SPF mechanism that takes a domain (RFC 7208 5)`);
      if (LOOKUP_TERMS.has(macro[2].toLowerCase())) lookups++;
      continue;
    }
    const m = /^([+\-?~]?)([a-z0-9]+)(?::([^/]*))?((?:\/[^/]*)?(?:\/\/[^/]*)?)$/i.exec(term);
    if (!m) {
      fail("not a mechanism or a modifier (RFC 7208 12)");
      continue;
    }
    const [, qualifier, rawName, arg, cidr] = m;
    const name = rawName.toLowerCase();
    if (!["all", "include", "a", "mx", "ptr", "ip4", "ip6", "exists"].includes(name)) {
      fail(`"${rawName}" is not an SPF mechanism (all, include, a, mx, ptr, ip4, ip6, exists; RFC 7208 5): an unknown mechanism is a permerror`);
      continue;
    }
    if (LOOKUP_TERMS.has(name)) lookups++;
    const needsArg = name === "include" || name === "exists" || name === "ip4" || name === "ip6";
    if (needsArg && (arg === undefined || arg === "")) fail(`"${name}" needs ":<${name.startsWith("ip") ? "address" : "domain"}>" (RFC 7208 5)`);
    else if (name === "all" && (arg !== undefined || cidr)) fail(`"all" takes no argument (RFC 7208 5.1)`);
    else if (name === "ip4") {
      if (isIP(arg!) !== 4 || !/^\d+\.\d+\.\d+\.\d+$/.test(arg!)) fail(`"${arg}" is not an IPv4 address (RFC 7208 5.6)`);
      if (cidr) {
        const p = /^\/([^/]*)$/.exec(cidr) ? cidrProblem(cidr.slice(1), 32, "IPv4") : `"${cidr}" is not an IPv4 prefix length`;
        if (p) fail(p);
      }
    } else if (name === "ip6") {
      if (isIP(arg!) !== 6) fail(`"${arg}" is not an IPv6 address (RFC 7208 5.6)`);
      if (cidr) {
        const p = /^\/([^/]*)$/.exec(cidr) ? cidrProblem(cidr.slice(1), 128, "IPv6") : `"${cidr}" is not an IPv6 prefix length`;
        if (p) fail(p);
      }
    } else {
      if (arg !== undefined) {
        const p = domainSpecProblem(arg);
        if (p) fail(p);
      }
      if (cidr && (name === "include" || name === "exists" || name === "ptr")) fail(`"${name}" takes no prefix length (RFC 7208 5)`);
      else if (cidr) {
        // dual-cidr-length: [/ip4] [//ip6]
        const d = /^(?:\/([^/]+))?(?:\/\/(.+))?$/.exec(cidr);
        const p = !d ? `"${cidr}" is not a prefix length` : ((d[1] && cidrProblem(d[1], 32, "IPv4")) ?? (d[2] && cidrProblem(d[2], 128, "IPv6")) ?? undefined);
        if (p) fail(p);
      }
    }
    if (name === "ptr")
      warnings.push(`term "${term}": the ptr mechanism SHOULD NOT be used (RFC 7208 5.5): it is slow, unreliable, and many receivers skip it`);
    if (name === "all") {
      if (allAt < 0) allAt = i;
      if (qualifier === "" || qualifier === "+") warnings.push(`"${term}" passes mail from any server in the world (RFC 7208 5.1): use -all or ~all`);
    }
  }
  if (lookups > SPF_MAX_LOOKUPS)
    errors.push(
      `${lookups} terms that look up DNS (include, a, mx, ptr, exists, redirect); an SPF evaluation allows ${SPF_MAX_LOOKUPS} and fails with permerror past them (RFC 7208 4.6.4)`,
    );
  if (redirects > 1) errors.push(`redirect= appears ${redirects} times; it may appear once (RFC 7208 6)`);
  if (exps > 1) errors.push(`exp= appears ${exps} times; it may appear once (RFC 7208 6)`);
  if (allAt >= 0 && allAt < terms.length - 1) {
    const after = terms.slice(allAt + 1).filter((t) => !/^(exp|[a-z][a-z0-9\-_.]*)=/i.test(t) || /^redirect=/i.test(t));
    if (after.length)
      warnings.push(
        `${after.join(" ")} after "${terms[allAt]}" is never evaluated (RFC 7208 5.1 and 6.1: all ends the evaluation, a redirect beside it is ignored)`,
      );
  }
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > 450) warnings.push(`the record is ${bytes} bytes; keep SPF records under 450 so that answers fit one UDP packet (RFC 7208 3.4)`);
  return { errors, warnings };
}

// ---------- DMARC (RFC 7489) and DKIM keys (RFC 6376) ----------

/** A tag list ("v=DMARC1; p=none"): tags in order, names lower case, values trimmed (RFC 6376 3.2). */
function tagList(text: string): [string, string][] {
  return text
    .split(";")
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t) => {
      const eq = t.indexOf("=");
      return eq < 0 ? [t.toLowerCase(), ""] : [t.slice(0, eq).trim().toLowerCase(), t.slice(eq + 1).trim()];
    });
}

/** Text that tries to be a DMARC record (starts with a v=DMARC1 tag, in any spelling). */
export function isDmarcRecord(text: string): boolean {
  return /^v\s*=\s*dmarc1\b/i.test(text.trim());
}

/** The errors of a DMARC record at _dmarc.<domain> (RFC 7489 6.3): one makes receivers ignore it. */
export function dmarcFindings(text: string): Findings {
  const errors: string[] = [];
  const tags = tagList(text);
  const get = (k: string) => tags.find(([n]) => n === k)?.[1];
  if (tags[0]?.[0] !== "v" || tags[0][1] !== "DMARC1")
    errors.push('the record must begin with "v=DMARC1", exactly so (RFC 7489 6.3: otherwise receivers ignore the whole record)');
  const p = get("p");
  if (p === undefined) errors.push("p= is missing: a DMARC record needs a policy, p=none, quarantine or reject (RFC 7489 6.3)");
  else if (!/^(none|quarantine|reject)$/i.test(p)) errors.push(`p=${p} is not a policy; use none, quarantine or reject (RFC 7489 6.3)`);
  const sp = get("sp");
  if (sp !== undefined && !/^(none|quarantine|reject)$/i.test(sp)) errors.push(`sp=${sp} is not a policy; use none, quarantine or reject (RFC 7489 6.3)`);
  const pct = get("pct");
  if (pct !== undefined && !(/^\d{1,3}$/.test(pct) && Number(pct) <= 100)) errors.push(`pct=${pct} must be a whole number from 0 to 100 (RFC 7489 6.3)`);
  for (const k of ["adkim", "aspf"]) {
    const v = get(k);
    if (v !== undefined && !/^[rs]$/i.test(v)) errors.push(`${k}=${v} must be r (relaxed) or s (strict) (RFC 7489 6.3)`);
  }
  for (const k of ["rua", "ruf"]) {
    const v = get(k);
    if (v === undefined) continue;
    const bad = v.split(",").find((u) => !/^[a-z][a-z0-9+.-]*:\S+$/i.test(u.trim()));
    if (bad !== undefined) errors.push(`${k}: "${bad.trim()}" is not a URI such as mailto:dmarc@example.com (RFC 7489 6.3)`);
  }
  return { errors, warnings: [] };
}

/** A TXT at <selector>._domainkey.<domain> that holds a key record (v=DKIM1 first, or a p= tag). */
export function isDkimKeyRecord(relativeName: string, text: string): boolean {
  const labels = relativeName.toLowerCase().split(".");
  return labels.length >= 2 && labels[1] === "_domainkey" && (/^v\s*=\s*dkim1\b/i.test(text.trim()) || tagList(text).some(([n]) => n === "p"));
}

/** The errors of a DKIM key record (RFC 6376 3.6.1): one makes the key unusable. */
export function dkimFindings(text: string): Findings {
  const errors: string[] = [];
  const tags = tagList(text);
  const v = tags.find(([n]) => n === "v");
  if (v && (tags[0][0] !== "v" || v[1] !== "DKIM1")) errors.push('v= must be "DKIM1" and the first tag (RFC 6376 3.6.1)');
  const p = tags.find(([n]) => n === "p");
  if (!p) errors.push("p= is missing: a DKIM key record holds the public key (p=, empty only for a revoked key; RFC 6376 3.6.1)");
  else if (!/^[A-Za-z0-9+/\s]*={0,2}$/.test(p[1])) errors.push("p= is not base64 (RFC 6376 3.6.1: the public key, base64-encoded)");
  const k = tags.find(([n]) => n === "k");
  if (k && !/^(rsa|ed25519)$/i.test(k[1])) errors.push(`k=${k[1]} is not a key type verifiers know (rsa, RFC 6376 3.6.1; ed25519, RFC 8463)`);
  return { errors, warnings: [] };
}

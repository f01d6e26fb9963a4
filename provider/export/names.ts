/**
 * Resource names of an exported program: readable, derived from the objects (never counters, so
 * that two exports of the same account name every object alike), unique within each resource type
 * (Pulumi's URN is type + name). Pure.
 */
import { createHash } from "node:crypto";
import { toAscii } from "../../sdk/rules";

/**
 * A name part from any text: lower case ASCII letters, digits and single dashes. Latin letters
 * lose their accents ("españa" -> "espana"); a text with other scripts uses its punycode form
 * ("例え.jp" -> "xn-r8jz45g-jp"), which stays stable and unique.
 */
export function slug(text: string): string {
  const plain = text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  const source = /[^\x00-\x7f]/.test(plain) ? asciiForm(text.toLowerCase()) : plain;
  return source.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
}

function asciiForm(text: string): string {
  try {
    return toAscii(text);
  } catch {
    return [...text].map((c) => (/[\x00-\x7f]/.test(c) ? c : `u${c.codePointAt(0)?.toString(16)}`)).join("");
  }
}

/** A short stable tag of an object's identity (hex of its SHA-256), to tell apart objects of the same base name. */
export function shortHash(identity: string, length = 6): string {
  return createHash("sha256").update(identity).digest("hex").slice(0, length);
}

export interface NameRequest {
  /** The readable name, e.g. "example-com-www-a". */
  base: string;
  /** What makes the object itself unique (e.g. its name, type and value): decides the suffix of a shared base. */
  identity: string;
}

/**
 * Unique names for one resource type, in the order asked. A base shared by several objects gets,
 * on each of them, a suffix from the object's identity ("example-com-mx-3f2a1c"): it does not depend
 * on the order of the objects nor on their count beyond "more than one".
 */
export function uniqueNames(requests: readonly NameRequest[]): string[] {
  const byBase = new Map<string, number>();
  for (const r of requests) byBase.set(r.base, (byBase.get(r.base) ?? 0) + 1);
  const taken = new Set<string>();
  return requests.map((r) => {
    let name = (byBase.get(r.base) ?? 0) > 1 ? `${r.base}-${shortHash(r.identity)}` : r.base;
    // A clash left (identical identities, or a suffixed name equal to another base): longer tags.
    for (let len = 10; taken.has(name); len += 4) name = `${r.base}-${shortHash(`${r.identity}#${len}`, Math.min(len, 64))}`;
    taken.add(name);
    return name;
  });
}

/** A base name from its parts (an Adoption's name, core/descriptor.ts): each made a slug, empty ones left out, joined by "-". */
export function nameBase(parts: readonly string[]): string {
  return parts
    .map(slug)
    .filter((p) => p !== "")
    .join("-");
}

/** A DNS record's base name: zone, relative host ("@" left out) and type: "example-com-www-a", "example-com-mx". */
export function recordBase(zone: string, relative: string, type: string): string {
  return nameBase([zone, relative === "@" ? "" : relative, type]);
}

/** A stack config key for a secret of a resource: "<resource name>-password". */
export function secretKey(resourceName: string, what = "password"): string {
  return `${resourceName}-${what}`;
}

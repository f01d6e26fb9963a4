/**
 * IP address rules: the API's dotted quad and IPv6 syntax (catalogue fields), the provider's
 * stricter IPv4 (no leading zeros) and the canonical IPv6 text it stores.
 */
import { isIPv4, isIPv6 } from "node:net";
import { z } from "zod";

/** A dotted quad, each part 0-255 (leading zeros pass: the API's own check). */
export const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

/** IPv4 dotted quad (catalogue field). */
export const ipv4 = () => z.string().trim().regex(IPV4, { error: "must be an IPv4 address" });
/** IPv6 address, syntax checked by node:net (catalogue field). */
export const ipv6 = () =>
  z
    .string()
    .trim()
    .refine((s) => isIPv6(s), { error: "must be an IPv6 address" });

/** An IPv4 address without leading zeros: some resolvers and tools read "010" as octal. */
export function isPlainIPv4(v: string): boolean {
  return isIPv4(v) && !v.split(".").some((o) => o.length > 1 && o.startsWith("0"));
}

/**
 * RFC 5952 canonical text of an IPv6 address (lower case, no leading zeros, the longest run of zero
 * groups as "::"), or undefined when `raw` is no IPv6 address (a zone id "%eth0" is none either).
 */
export function canonicalIPv6(raw: string): string | undefined {
  let v = raw.trim().toLowerCase();
  if (!isIPv6(v) || v.includes("%")) return undefined;
  if (v.includes(".")) {
    const cut = v.lastIndexOf(":");
    const o = v
      .slice(cut + 1)
      .split(".")
      .map(Number);
    v = `${v.slice(0, cut + 1)}${((o[0] << 8) | o[1]).toString(16)}:${((o[2] << 8) | o[3]).toString(16)}`;
  }
  const [head, tail] = v.split("::");
  const h = head ? head.split(":") : [];
  const t = tail === undefined ? [] : tail ? tail.split(":") : [];
  const groups = [...h, ...Array(8 - h.length - t.length).fill("0"), ...t].map((g) => Number.parseInt(g, 16));
  // IPv4-mapped addresses keep the dotted tail (RFC 5952 section 5).
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return `::ffff:${groups[6] >> 8}.${groups[6] & 255}.${groups[7] >> 8}.${groups[7] & 255}`;
  }
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) [best, bestLen] = [i, j - i];
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best < 0) return hex.join(":");
  return `${hex.slice(0, best).join(":")}::${hex.slice(best + bestLen).join(":")}`;
}

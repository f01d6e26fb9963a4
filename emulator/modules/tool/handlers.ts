/** tool module handlers (spec "tool module"). */
import { cleanHost, isHostName, MAX_LABEL_LENGTH, MAX_NAME_LENGTH, toAscii, toUnicode } from "../../../sdk/rules";
import type { ModuleHandlers } from "../../core/context";
import { fault } from "../../core/errors";
import type { World } from "../../core/state";
import { COUNTRIES } from "../../data/countries";
import { holderOf, isRegisteredElsewhere } from "../domain/model";
import { digText, zoneCheck } from "./dns";
import { ErrorCode } from "../../../sdk/core/error-codes";

/**
 * TLDs domainsuggests knows: the spec's "available com, net, tv, cc" ("tool module") and the ones the
 * vendor's PHP SDK documents for it besides (es, org, info, biz, eu; issue 22), so that a client
 * configured from the SDK's list is not refused with 2002.
 */
export const SUGGEST_TLDS = ["com", "net", "tv", "cc", "es", "org", "info", "biz", "eu"];

/** "com" for ".com" or "COM": WHMCS gives TLDs with their dot; answers key them as the API names TLDs (no dot). */
export function suggestTld(given: string): string {
  return given.trim().toLowerCase().replace(/^\./, "");
}

/**
 * Words added around the query, per language (choice: the spec does not show how suggestions are
 * made). Deterministic, so tests and plans are repeatable.
 */
const AFFIXES: Record<string, { prefixes: string[]; suffixes: string[] }> = {
  es: { prefixes: ["mi", "tu", "el"], suffixes: ["online", "web", "tienda"] },
  en: { prefixes: ["my", "get", "the"], suffixes: ["online", "hq", "shop"] },
  fr: { prefixes: ["mon", "le"], suffixes: ["enligne", "boutique"] },
  de: { prefixes: ["mein", "das"], suffixes: ["online", "shop"] },
  pt: { prefixes: ["meu", "o"], suffixes: ["online", "loja"] },
  zh: { prefixes: ["wo"], suffixes: ["online", "shop"] },
  kr: { prefixes: ["my"], suffixes: ["online", "shop"] },
  tr: { prefixes: ["benim"], suffixes: ["online", "dukkan"] },
};

/**
 * Availability as domain/check sees it (domain/model.ts): a name is taken when any account of the
 * world holds it, or when the domain module treats it as registered elsewhere.
 */
function isTaken(world: World, punycode: string, tld: string): boolean {
  return holderOf(world, punycode) !== undefined || isRegisteredElsewhere(world, punycode, tld);
}

/**
 * The ASCII (punycode) form of a name given in `param`, within DNS lengths; 105 naming the
 * parameter otherwise. The length is checked before converting too (the Unicode form of a name is
 * never longer, in characters, than its ASCII form), so a huge value costs nothing.
 */
function asciiOrFault(query: string, param = "query"): string {
  const name = cleanHost(query);
  const tooLong = (n: number) => fault(ErrorCode.INVALID_PARAMETER, `${param}: a domain name is at most ${MAX_NAME_LENGTH} characters (${n} given)`);
  if (name.length > 2 * MAX_NAME_LENGTH) throw tooLong(name.length);
  const chars = [...name].length;
  if (chars > MAX_NAME_LENGTH) throw tooLong(chars);
  let ascii: string;
  try {
    ascii = toAscii(name);
  } catch (e) {
    throw fault(ErrorCode.INVALID_PARAMETER, `${param}: "${query}" cannot be converted to punycode: ${(e as Error).message}`);
  }
  if (ascii.length > MAX_NAME_LENGTH)
    throw fault(
      ErrorCode.INVALID_PARAMETER,
      `${param}: a domain name is at most ${MAX_NAME_LENGTH} characters in its ASCII form (${ascii.length} for "${query}")`,
    );
  const long = ascii.split(".").find((label) => label.length > MAX_LABEL_LENGTH);
  if (long !== undefined)
    throw fault(
      ErrorCode.INVALID_PARAMETER,
      `${param}: a label is at most ${MAX_LABEL_LENGTH} characters in its ASCII form (${long.length} for "${long.slice(0, 20)}...")`,
    );
  return ascii;
}

export const handlers: ModuleHandlers<"tool"> = {
  hello(ctx) {
    // lang: the API answers in Spanish unless told otherwise (spec example).
    return { ip: ctx.ip, lang: "es", version: ctx.version };
  },

  idnconverter(_ctx, p) {
    const punycode = asciiOrFault(p.query);
    let unicode: string;
    try {
      unicode = toUnicode(punycode);
    } catch {
      throw fault(ErrorCode.INVALID_PARAMETER, `query: "${p.query}" is not valid punycode`);
    }
    return { query: p.query, unicode, punycode };
  },

  /**
   * Suggestions: the query's first label (letters, digits, hyphens), alone and with the language's
   * prefixes and suffixes; for each, availability per requested TLD (taken = held by any account).
   */
  domainsuggests(ctx, p) {
    const tlds = [...new Set(p.tlds.split(",").map(suggestTld))];
    const unknown = tlds.filter((t) => !SUGGEST_TLDS.includes(t));
    if (unknown.length) throw fault(ErrorCode.TLD_NOT_SUPPORTED, `tlds: ${unknown.join(", ")} not offered by domainsuggests; use ${SUGGEST_TLDS.join(", ")}`);
    const base = asciiOrFault(p.query)
      .split(".")[0]
      .replace(/[^a-z0-9-]/g, "");
    if (!isHostName(base)) throw fault(ErrorCode.INVALID_PARAMETER, `query: "${p.query}" has no letters or digits to build names from`);
    const affixes = Object.hasOwn(AFFIXES, p.language) ? AFFIXES[p.language] : undefined;
    if (!affixes) throw fault(ErrorCode.INVALID_PARAMETER, `language: ${p.language} is not one of ${Object.keys(AFFIXES).join(", ")}`);
    const { prefixes, suffixes } = affixes;
    const words = [base, ...prefixes.map((x) => `${x}${base}`), ...suffixes.map((x) => `${base}${x}`)].filter((w) => isHostName(w));
    const suggests: Record<string, Record<string, boolean>> = {};
    for (const word of words) {
      suggests[word] = Object.fromEntries(tlds.map((t) => [t, !isTaken(ctx.world, `${word}.${t}`, t)]));
    }
    return { query: p.query, suggests };
  },

  gettable() {
    // `country` and `countries` name the same table (facts.md "tool/gettable").
    return { items: COUNTRIES.map((c) => ({ code: c.code, name: c.name })) };
  },

  dig(ctx, p) {
    const fqdn = asciiOrFault(p.query);
    if (!isHostName(fqdn)) throw fault(ErrorCode.INVALID_PARAMETER, `query: "${p.query}" is not a host name`);
    return { query: p.query, nameserver: p.nameserver, type: p.type, result: digText(ctx.world, fqdn, p.type, p.nameserver) };
  },

  zonecheck(ctx, p) {
    const domain = asciiOrFault(p.domain, "domain");
    return { domain: p.domain, nameservers: p.nameservers, result: zoneCheck(ctx.world, domain, p.nameservers) };
  },
};

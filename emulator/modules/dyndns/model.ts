/**
 * Dynamic DNS update (spec "Dynamic DNS endpoint", "Authentication" 4; facts.md "Dynamic DNS"): the
 * rules only; emulator/dyndns-http.ts renders the result as json/xml/plain.
 *
 * - The user is the account's apiuser; the key must equal the account's dyndnsKey (an account
 *   without one has dynamic DNS disabled). An unknown user gets no `user` member (spec).
 * - The host must already exist as an A record in one of that account's hosted zones: the update
 *   never creates a record (facts.md). When a host has several A records the first one is updated.
 * - ip defaults to the caller's address (IPv4-mapped IPv6 is unwrapped). IPv4 updates the A record.
 *   An IPv6 address (emulator choice, facts.md users ask for IPv6) updates the host's existing AAAA
 *   record and fails when there is none: AAAA records are never created either. An address with a
 *   zone id (`fe80::1%eth0`) is refused: a zone id only means something on the sender's host and
 *   is no record value.
 * - The user is looked up among the accounts' own names only (`__proto__` is no account).
 * - updated=false when the record already holds the address. Messages in es (default) or en.
 * - A refused authentication is reported to `onAuthFailure` (the HTTP layer counts it towards the
 *   access rules, core/access.ts rule 6), with the account's key only for a wrong or missing key.
 * - `blockedResult` is the answer while the access rules block the caller or the account: nothing
 *   is checked then, so it names no user.
 */
import { isIPv4, isIPv6 } from "node:net";
import { sameSecret } from "../../core/access";
import type { AccountState, World } from "../../core/state";
import type { ZoneRecord } from "../service/model";

export interface DynDnsResult {
  success: boolean;
  /** The account's user name; absent when the user is unknown (spec). */
  user?: string;
  host?: { name: string; value: string; type: string; updated: boolean };
  messages: string[];
}

type Lang = "es" | "en";
const TEXT = {
  badAuth: { es: "Datos incorrectos", en: "Incorrect data" },
  disabled: { es: "La API de DNS dinámico no está activada para este usuario", en: "The dynamic DNS API is not enabled for this user" },
  noHost: { es: "Falta el parámetro host", en: "The host parameter is missing" },
  badIp: { es: "La dirección IP no es válida", en: "The IP address is not valid" },
  notFound: { es: "El host no existe como registro A en las zonas DNS de la cuenta", en: "The host does not exist as an A record in the account's DNS zones" },
  noAaaa: { es: "El host no tiene un registro AAAA que actualizar", en: "The host has no AAAA record to update" },
  updated: { es: "Registro DNS actualizado", en: "DNS record updated" },
  unchanged: { es: "La dirección no ha cambiado", en: "The address has not changed" },
  blocked: {
    es: "Bloqueado temporalmente por demasiados intentos fallidos: vuelva a intentarlo más tarde",
    en: "Temporarily blocked after too many failed attempts: try again later",
  },
} satisfies Record<string, Record<Lang, string>>;

/** The host's records of a type in the account's own zones. */
function recordsAt(account: AccountState, host: string, type: "A" | "AAAA"): ZoneRecord[] {
  return Object.values(account.services).flatMap((s) => s.dns.filter((r) => r.name === host && r.type === type));
}

function langOf(lang: string | undefined): Lang {
  return lang?.trim().toLowerCase() === "en" ? "en" : "es";
}

/** The key in world.accounts of the account a request's `user` names (own names only), if any. */
export function dyndnsAccountKey(world: World, user: string | undefined): string | undefined {
  const key = user?.trim();
  return key && Object.hasOwn(world.accounts, key) ? key : undefined;
}

/** The answer while the caller or the account is blocked (`detail`: the access rule's message). */
export function blockedResult(lang: string | undefined, detail?: string): DynDnsResult {
  return { success: false, messages: [TEXT.blocked[langOf(lang)], ...(detail ? [detail] : [])] };
}

export function dyndnsUpdate(
  world: World,
  params: { user?: string; key?: string; host?: string; ip?: string; lang?: string },
  callerIp: string,
  /** Called when the credentials are refused; `account` (its key in world.accounts) for a wrong key. */
  onAuthFailure?: (account: string | undefined) => void,
): DynDnsResult {
  const lang = langOf(params.lang);
  const fail = (key: keyof typeof TEXT, user?: string): DynDnsResult => ({ success: false, ...(user ? { user } : {}), messages: [TEXT[key][lang]] });

  const accountKey = dyndnsAccountKey(world, params.user);
  const account = accountKey !== undefined ? world.accounts[accountKey] : undefined;
  if (!account) {
    onAuthFailure?.(undefined);
    return fail("badAuth");
  }
  if (!account.dyndnsKey) {
    onAuthFailure?.(undefined);
    return fail("disabled", account.apiuser);
  }
  if (!params.key || !sameSecret(params.key, account.dyndnsKey)) {
    onAuthFailure?.(accountKey);
    return fail("badAuth", account.apiuser);
  }

  const host = params.host?.trim().toLowerCase().replace(/\.$/, "");
  if (!host) return fail("noHost", account.apiuser);
  const ip = (params.ip?.trim() || callerIp.trim()).replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  // node:net accepts a zone id (`fe80::1%eth0`) as IPv6; a record value cannot hold one.
  const type = ip.includes("%") ? undefined : isIPv4(ip) ? "A" : isIPv6(ip) ? "AAAA" : undefined;
  if (!type) return fail("badIp", account.apiuser);

  // The host must exist as an A record even for an IPv6 update (spec "Authentication" 4).
  if (recordsAt(account, host, "A").length === 0) return fail("notFound", account.apiuser);
  const record = recordsAt(account, host, type)[0];
  if (!record) return fail("noAaaa", account.apiuser);

  const value = type === "AAAA" ? ip.toLowerCase() : ip;
  const updated = record.value !== value;
  record.value = value;
  return { success: true, user: account.apiuser, host: { name: record.name, value, type, updated }, messages: [TEXT[updated ? "updated" : "unchanged"][lang]] };
}

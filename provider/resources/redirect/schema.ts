/**
 * Redirect: inputs, outputs and rules, normalised at check (preview) with no API call, the way the
 * API stores them (catalogue redirect family; emulator `redirectcreate`):
 * - origin: the full host name under the service, lower case, IDN labels of the host part in
 *   punycode; "@" (or the service's own name) is the apex; a name that ends with the service's name,
 *   or with a dot, is full; anything else is relative ("blog" = blog.example.com), as for DnsRecord.
 * - destination: an http(s) URL, trimmed and otherwise kept as written (the API stores it as given).
 * - type: 301, 302 or frame (a number is accepted; "FRAME" becomes "frame").
 */
import { z } from "zod";
import { bool, oneOf } from "../../../sdk/catalogue/fields";
import { toAscii } from "../../../sdk";
import { idnaProblem } from "../../core/normalise";
import type { StateOf } from "../../core/resource-class";
import { serviceNameField } from "../../core/service-entities";

/** One host label (catalogue `dnsName`): letters, digits, "-" inside, "_"; no wildcard for redirects. */
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;
/** Catalogue `url()`. */
const URL_RULE = /^https?:\/\/[^\s/]+\.[^\s/]+(\/\S*)?$/i;

function ascii(s: string): string | undefined {
  try {
    return toAscii(s.normalize("NFC"));
  } catch {
    return undefined;
  }
}

/** The origin relative to the zone ("" = apex, ASCII labels), or a reason it is not acceptable. */
export function relativeOrigin(serviceName: string, raw: string): { relative: string } | { problem: string } {
  const given = raw.trim();
  if (given === "@" || given === "") return { relative: "" };
  if (/\.\.|^\./.test(given)) return { problem: `"${raw}" has an empty label (two dots in a row, or a leading dot)` };
  const zone = ascii(serviceName) ?? serviceName;
  const host = ascii(given);
  if (!host) return { problem: `"${raw}" is not a host name` };
  let relative = host;
  if (host === zone) relative = "";
  else if (host.endsWith(`.${zone}`)) relative = host.slice(0, -zone.length - 1);
  else if (given.endsWith(".")) return { problem: `"${raw}" is not under the service's domain ${serviceName}` };
  if (relative && !relative.split(".").every((l) => LABEL.test(l))) return { problem: `"${raw}" is not a host name: labels of letters, digits, - and _ (no wildcard)` };
  const idna = relative ? idnaProblem(relative) : undefined;
  if (idna) return { problem: `"${raw}": ${idna}` };
  if (relative.length + zone.length + 1 > 253) return { problem: `"${raw}" is longer than 253 characters as a full name` };
  return { relative };
}

/** The origin as the API answers it: the full name, the zone written as the service's name. */
export const fullOrigin = (serviceName: string, relative: string) => (relative ? `${relative}.${serviceName}` : serviceName);

export const redirectInputs = z
  .object({
    serviceName: serviceNameField,
    origin: z.string({ error: 'required: the host to redirect: "@" for the service\'s domain, "blog" or "blog.example.com"' }),
    destination: z
      .string({ error: "required: the URL to send visitors to" })
      .trim()
      .regex(URL_RULE, { error: "must be an http:// or https:// URL such as https://example.org/path" }),
    type: oneOf(["301", "302", "frame"] as const),
    adopt: bool().optional(),
  })
  .strict()
  .transform((v, ctx) => {
    const r = relativeOrigin(v.serviceName, v.origin);
    if ("problem" in r) {
      ctx.addIssue({ code: "custom", path: ["origin"], message: r.problem });
      return z.NEVER;
    }
    return { ...v, origin: fullOrigin(v.serviceName, r.relative) };
  });

export type RedirectInputs = z.output<typeof redirectInputs>;

/** What the state adds to the inputs. */
export const redirectOutputs = {
  /** Full host name: `blog.example.com`, or the service's name for the apex. */
  origin: z.string(),
  /** The API's entityID. */
  entityId: z.string(),
};
export type RedirectState = StateOf<RedirectInputs, typeof redirectOutputs>;

/** redirectupdate takes destination and type only (spec "CRUD families"). */
export const REDIRECT_REPLACE_ON: readonly string[] = ["serviceName", "origin"];
export const REDIRECT_CREATE_ONLY: readonly string[] = ["adopt"];

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
import { asciiHost as ascii, asciiOrSelf, idnaProblem, isDnsName, MAX_NAME_LENGTH, redirectSelfProblem, redirectUrlField } from "../../../sdk/rules";
import { accepts } from "../../core/fields";
import type { StateOf } from "../../core/resource-class";
import { serviceNameField } from "../../service-entities/service-entities";

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
  if (relative.length + zone.length + 1 > MAX_NAME_LENGTH) return { problem: `"${raw}" is longer than ${MAX_NAME_LENGTH} characters as a full name` };
  if (relative && !isDnsName(relative, false)) return { problem: `"${raw}" is not a host name: labels of letters, digits, - and _ (no wildcard)` };
  const idna = relative ? idnaProblem(relative) : undefined;
  if (idna) return { problem: `"${raw}": ${idna}` };
  return { relative };
}

/** The origin as the API answers it: the full name, the zone written as the service's name. */
export const fullOrigin = (serviceName: string, relative: string) => (relative ? `${relative}.${serviceName}` : serviceName);

/** The program's inputs, each documented once (the class's Args derive from them). */
export const redirectFields = {
  /** The hosting or redirect service's name, e.g. "example.com" (a HostingService's `name`). */
  serviceName: serviceNameField,
  /** "@" for the service's domain, a name relative to it ("blog") or full ("blog.example.com"). */
  origin: z.string({ error: 'required: the host to redirect: "@" for the service\'s domain, "blog" or "blog.example.com"' }),
  /** An http:// or https:// URL. */
  destination: redirectUrlField("required: the URL to send visitors to"),
  /** 301 (permanent), 302 (temporary) or "frame" (the destination shown in a frame). */
  type: accepts<"301" | "302" | "frame" | 301 | 302>()(oneOf(["301", "302", "frame"] as const)),
  /** Take over a redirect of the same origin that already exists instead of failing. */
  adopt: bool().optional(),
};

export const redirectInputs = z
  .object(redirectFields)
  .strict()
  .transform((v, ctx) => {
    const r = relativeOrigin(v.serviceName, v.origin);
    if ("problem" in r) {
      ctx.addIssue({ code: "custom", path: ["origin"], message: r.problem });
      return z.NEVER;
    }
    const origin = fullOrigin(v.serviceName, r.relative);
    // A redirect to its own host loops (sdk/rules loops.ts); rings of several need the others: facts.ts.
    const self = redirectSelfProblem(origin, v.destination);
    if (self) {
      ctx.addIssue({ code: "custom", path: ["destination"], message: self });
      return z.NEVER;
    }
    return { ...v, origin };
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

/** What the API knows this resource's object by (provider/dns/object-claim-rules.ts): two resources of a run naming one are refused. */
export const redirectObjects = (r: RedirectInputs) => [{ key: `redirect:${asciiOrSelf(r.origin)}`, what: `the redirect of ${r.origin}` }];

/**
 * Domain: inputs, outputs and rules. `name` replaces (another name is another domain); period,
 * premium, registration, authcode and tldParams only matter when the domain is acquired; every
 * other setting is changed in place with domain/update.
 */
import { z } from "zod";
import { tldParamProblems } from "../../../sdk/catalogue/domain";
import { bool, contactId, int, oneOf } from "../../../sdk/catalogue/fields";
import { domainForms, hostAscii, normaliseTags } from "../../core/normalise";
import { type CONTACT_DATA_FIELDS, contactDataShape, requireContactData } from "../contact/schema";

export const ROLES = ["owner", "admin", "tech", "billing"] as const;
export type Role = (typeof ROLES)[number];
export const RENEWAL_MODES = ["autorenew", "manual", "letexpire"] as const;

const name = z.string({ error: "must be a domain name" }).transform((s, ctx) => {
  try {
    return domainForms(s).unicode;
  } catch (e) {
    ctx.addIssue({ code: "custom", message: (e as Error).message });
    return z.NEVER;
  }
});

/** 2 to 7 host names (spec "Limits"), or "default" (the service's own servers, facts.md). */
const nameservers = z.union([z.array(z.string()), z.string()]).transform((v, ctx) => {
  if (typeof v === "string" && v.trim().toLowerCase() === "default") return "default" as const;
  const list = (typeof v === "string" ? v.split(",") : v).map((s) => s.trim()).filter(Boolean);
  if (list.length < 2 || list.length > 7) {
    ctx.addIssue({ code: "custom", message: `${list.length} given, the API needs 2 to 7 (or "default")` });
    return z.NEVER;
  }
  const out: string[] = [];
  for (const ns of list) {
    try {
      const a = hostAscii(ns);
      if (!/^([a-z0-9-]{1,63}\.)+[a-z0-9-]{1,63}$/.test(a)) throw new Error();
      out.push(a);
    } catch {
      ctx.addIssue({ code: "custom", message: `"${ns}" is not a host name` });
      return z.NEVER;
    }
  }
  return out;
});

const contactData = z.object(contactDataShape).superRefine((v, ctx) => requireContactData(v, ctx));
/** A contact: a Contact's id (e.g. `contact.contactId`) or the full data inline. */
const contactRef = z.union([contactId(), contactData], { error: "must be a contact id such as ABC-12345 or the contact data" });

const tags = z.union([z.array(z.string()), z.string()]).transform((v, ctx) => {
  const list = normaliseTags(v);
  if (list.length === 0) ctx.addIssue({ code: "custom", message: "give at least one tag, or leave tags out (the API cannot clear them)" });
  return list;
});

export const domainInputs = z
  .object({
    name,
    registration: oneOf(["register", "transfer", "adopt"] as const).default("register"),
    period: int({ min: 1, max: 10 }).optional(),
    premium: bool().optional(),
    nameservers: nameservers.optional(),
    contacts: z.object({ owner: contactRef.optional(), admin: contactRef.optional(), tech: contactRef.optional(), billing: contactRef.optional() }).strict().optional(),
    transferBlock: bool().optional(),
    modifyBlock: bool().optional(),
    whoisPrivacy: bool().optional(),
    viewWhois: bool().optional(),
    renewalMode: oneOf(RENEWAL_MODES).optional(),
    tags: tags.optional(),
    authcode: z.string().trim().min(1, { error: "must not be empty" }).optional(),
    exposeAuthcode: bool().optional(),
    waitFor: oneOf(["submitted", "active"] as const).optional(),
    onDestroy: oneOf(["forget", "letexpire"] as const).default("forget"),
    tldParams: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if ((v.registration === "register" || v.registration === "transfer") && v.contacts?.owner === undefined) {
      ctx.addIssue({ code: "custom", path: ["contacts", "owner"], message: `required to ${v.registration} a domain (a contact id or the contact data)` });
    }
    if (v.authcode !== undefined && v.registration !== "transfer") {
      ctx.addIssue({ code: "custom", path: ["authcode"], message: 'only used with registration: "transfer"' });
    }
    if (v.registration === "adopt" && (v.period !== undefined || v.premium !== undefined || v.tldParams !== undefined)) {
      ctx.addIssue({ code: "custom", path: ["registration"], message: "adopt spends nothing: leave out period, premium and tldParams" });
    }
    if (v.registration !== "adopt" && typeof v.name === "string") {
      const owner = v.contacts?.owner;
      const ownerType = typeof owner === "object" ? owner.contactType : undefined;
      const op = v.registration === "transfer" ? "transfer" : "create";
      for (const p of tldParamProblems(op, domainForms(v.name).ascii, v.tldParams ?? {}, ownerType)) {
        ctx.addIssue({ code: "custom", path: ["tldParams", p.param], message: p.rule });
      }
    }
  });

export type DomainInputs = z.output<typeof domainInputs>;
export type ContactRef = string | Partial<Record<(typeof CONTACT_DATA_FIELDS)[number], unknown>>;

export interface DomainState extends Omit<DomainInputs, "authcode"> {
  punycode: string;
  tld: string;
  domainId: number;
  /** Domain status (spec "States and transitions"): register-init ... active ... expired-*. */
  status: string;
  transferStatus?: string;
  tsCreate?: string;
  tsExpir?: string;
  ownerVerification?: string;
  renewable?: boolean;
  /** Settings the API refused while the domain was not active, with the values still to apply. */
  pendingSettings?: Record<string, unknown>;
  /** Only with exposeAuthcode (secret). */
  authcode?: string;
}

/** Settings compared with the live domain and changed in place. */
export const SETTINGS = ["nameservers", "contacts", "transferBlock", "modifyBlock", "whoisPrivacy", "viewWhois", "renewalMode", "tags"] as const;
export type Setting = (typeof SETTINGS)[number];

export const DOMAIN_REPLACE_ON: readonly string[] = ["name"];
/** Never compared after creation (contacts are compared role by role in the definition). */
export const DOMAIN_CREATE_ONLY: readonly string[] = ["registration", "period", "premium", "authcode", "tldParams", "contacts"];
export const DOMAIN_SECRETS: readonly string[] = ["authcode"];
/** The id is the domain name in punycode (IDNA) form, e.g. "example.com" or "xn--espaa-rta.es". */
export const DOMAIN_ID_FORMAT = "the domain name in punycode form";

/** Statuses in which domain/update is accepted (spec "States and transitions"). */
export const SETTLED = new Set(["active", "renewed", "expired-renewgrace"]);
export const FAILED = new Set(["register-cancel", "transfer-cancel"]);
/** Registration or transfer still running: waitFor "active" keeps waiting through these. */
export const ACQUIRING = new Set(["register-init", "register-pending", "transfer-init", "transfer-pending"]);

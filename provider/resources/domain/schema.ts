/**
 * Domain: inputs, outputs and rules. `name` replaces (another name is another domain); period,
 * premium, registration, authcode and tldParams only matter when the domain is acquired; every
 * other setting is changed in place with domain/update.
 */
import { z } from "zod";
import { renewUntilField } from "../../money/renewal";
import { catalogue } from "../../../sdk/catalogue";
import { DOB_TLDS, INTENDED_USE_TLDS, JOBS_ROLES, tldParamProblems } from "../../../sdk/catalogue/domain";
import { bool, contactId, int, oneOf, ROLES } from "../../../sdk/catalogue/fields";
import {
  desiredNameservers,
  domainForms,
  MODIFIABLE_STATUSES,
  normaliseTags,
  ownerEligibilityProblems,
  registrationReservedProblem,
  registryNameProblem,
  unicodeDomainField,
} from "../../../sdk/rules";
import type { PendingOrder } from "../../money/money";
import { servedAs } from "../../core/fields";
import type { StateOf } from "../../core/resource-class";
import { type CONTACT_DATA_FIELDS, contactDataShape, requireContactData } from "../contact/schema";

/** The contact roles of a domain: the catalogue's (domain CONTACTS block). */
export { ROLES };
export type Role = (typeof ROLES)[number];
export const RENEWAL_MODES = ["autorenew", "manual", "letexpire"] as const;

const name = unicodeDomainField();

/** 2 to 7 host names (spec "Limits"), or ["default"] (the service's own servers, facts.md): sdk/rules. */
const nameservers = servedAs(z.array(z.string()))(desiredNameservers());

/**
 * Per-domain flags each TLD's registry allows (spec "Domain": transferBlock, whoisPrivacy and
 * viewWhois "only TLDs that allow it"). No read of the API tells (account/zones does not list it),
 * and a flag set on a TLD without it is refused with 2201 by domain/update, which would leave the
 * setting pending and the plan never empty; so the table is kept here (the registries' policies,
 * as the emulator serves them: emulator/data/tlds.ts) and the flag is refused at preview. A TLD not
 * in the table is left to the API.
 */
type Flag = "transferBlock" | "whoisPrivacy" | "viewWhois";
const GTLD_FLAGS: Record<Flag, boolean> = { transferBlock: true, whoisPrivacy: true, viewWhois: false };
const ES_FLAGS: Record<Flag, boolean> = { transferBlock: false, whoisPrivacy: false, viewWhois: true };
export const TLD_FLAGS: Readonly<Record<string, Record<Flag, boolean>>> = {
  com: GTLD_FLAGS,
  net: GTLD_FLAGS,
  org: GTLD_FLAGS,
  info: GTLD_FLAGS,
  biz: GTLD_FLAGS,
  io: GTLD_FLAGS,
  xxx: GTLD_FLAGS,
  barcelona: GTLD_FLAGS,
  fi: GTLD_FLAGS,
  es: ES_FLAGS,
  "com.es": ES_FLAGS,
  "nom.es": ES_FLAGS,
  "org.es": ES_FLAGS,
  eu: ES_FLAGS,
  cat: { transferBlock: true, whoisPrivacy: false, viewWhois: true },
  fr: { transferBlock: true, whoisPrivacy: false, viewWhois: true },
  ru: { transferBlock: false, whoisPrivacy: false, viewWhois: false },
  aero: { transferBlock: true, whoisPrivacy: false, viewWhois: false },
  jobs: { transferBlock: true, whoisPrivacy: false, viewWhois: false },
};

/** The date `years` years from today (UTC), YYYY-MM-DD. */
function yearsFromToday(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
}

/** The TLD of the table a name (ASCII) falls under, most specific first ("a.com.es" -> com.es). */
export function tableTld(ascii: string): string | undefined {
  const labels = ascii.split(".");
  for (let i = 1; i < labels.length; i++) {
    const t = labels.slice(i).join(".");
    if (TLD_FLAGS[t]) return t;
  }
  return undefined;
}

/** TLD-specific parameters (spec tables of domain/create and domain/transfer) and the TLDs they belong to. */
const FR_TLDS = ["fr", "re", "yt", "pm", "wf", "tf"];
const TLD_PARAM_TLDS: Record<string, readonly string[]> = {
  aeroId: ["aero"],
  aeroPass: ["aero"],
  domainIntendedUse: INTENDED_USE_TLDS,
  ownerDateOfBirth: [...DOB_TLDS, "ru"],
  frTradeMark: FR_TLDS,
  frSirenNumber: FR_TLDS,
  ruIssuer: ["ru"],
  ruIssuerDate: ["ru"],
  xxxClass: ["xxx"],
  xxxName: ["xxx"],
  xxxEmail: ["xxx"],
  xxxId: ["xxx"],
};
for (const role of JOBS_ROLES) for (const f of ["Website", "IsAssocMember", "Title", "Industrytype"]) TLD_PARAM_TLDS[`jobs${role}${f}`] = ["jobs"];
const CREATE_SHAPE = (catalogue.domain.create.params as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
const TRANSFER_SHAPE = (catalogue.domain.transfer.params as unknown as z.ZodObject).shape as Record<string, z.ZodType>;

/** Problems of the tldParams given (unknown names, wrong TLD or operation, bad values), never quoting a value. */
function tldParamsFormatProblems(operation: "create" | "transfer", ascii: string, params: Record<string, unknown>): [string, string][] {
  const out: [string, string][] = [];
  const top = ascii.split(".").pop() ?? "";
  const shape = operation === "create" ? CREATE_SHAPE : TRANSFER_SHAPE;
  const op = `domain/${operation}`;
  for (const [k, v] of Object.entries(params)) {
    const tlds = TLD_PARAM_TLDS[k];
    if (!tlds) {
      out.push([
        k,
        `is not a TLD-specific parameter (known: ${Object.keys(TLD_PARAM_TLDS)
          .filter((n) => !n.startsWith("jobs"))
          .join(", ")}, jobs<Role>Website...)`,
      ]);
    } else if (!tlds.includes(top)) {
      out.push([k, `applies to ${tlds.map((t) => `.${t}`).join(", ")} domains only; this is a .${top} domain`]);
    } else if (!shape[k]) {
      out.push([k, `is not a parameter of ${op} (only of domain/${operation === "create" ? "transfer" : "create"})`]);
    } else if (v !== "") {
      // An empty value is "not given" (facts.md); tldParamProblems says when it is required.
      const r = shape[k].safeParse(v);
      if (!r.success) out.push([k, r.error.issues[0]?.message ?? "is not valid"]);
    }
  }
  return out;
}

const contactData = z.object(contactDataShape).superRefine((v, ctx) => requireContactData(v, ctx));
/** A contact: a Contact's id (e.g. `contact.contactId`) or the full data inline. */
const contactRef = z.union([contactId(), contactData], { error: "must be a contact id such as ABC-12345 or the contact data" });

/** A list (the plugin's schema: typed SDKs), or one comma-separated string (the dynamic resources). */
const tags = servedAs(z.array(z.string()))(
  z.union([z.array(z.string()), z.string()]).transform((v, ctx) => {
    // The API keeps the tags as one comma-separated list (domain/update tag): a comma inside one tag
    // of a list would split it into two.
    const joined = Array.isArray(v) ? v.find((t) => t.includes(",")) : undefined;
    if (joined !== undefined)
      ctx.addIssue({
        code: "custom",
        message: `"${joined}" holds a comma: the API keeps tags as one comma-separated list, so it would become two tags; give them as two list items`,
      });
    const list = normaliseTags(v);
    if (list.length === 0) ctx.addIssue({ code: "custom", message: "give at least one tag, or leave tags out (the API cannot clear them)" });
    return list;
  }),
);

/** The program's inputs, each documented once (the class's Args derive from them). */
export const domainFields = {
  /** Unicode or punycode; normalised (lower case, no trailing dot). Changing it replaces. */
  name,
  /** register (default), transfer, or adopt a domain already in the account (spends nothing). */
  registration: oneOf(["register", "transfer", "adopt"] as const).default("register"),
  /** Years (register only; default the TLD's minimum). */
  period: int({ min: 1, max: 10 }).optional(),
  /** Must be true to register a premium name. */
  premium: bool().optional(),
  /** 2 to 7 servers, or `["default"]` for the service's own (the dynamic resources also take "default" alone, or one comma-separated string). */
  nameservers: nameservers.optional(),
  /**
   * `{ owner, admin, tech, billing }`: each a contact id (e.g. `contact.contactId`) or the contact data inline (a
   * Contact's fields). The owner is required to register or transfer; changes are compared role by role.
   */
  contacts: z
    .object({ owner: contactRef.optional(), admin: contactRef.optional(), tech: contactRef.optional(), billing: contactRef.optional() })
    .strict()
    .optional(),
  /** Transfer lock: the registry refuses transfers out while it is on (only TLDs that allow it). Changes in place. */
  transferBlock: bool().optional(),
  /** Modification lock: the domain's data cannot be changed while it is on. Changes in place. */
  modifyBlock: bool().optional(),
  /** WHOIS privacy service on (only TLDs that allow it). Changes in place. */
  whoisPrivacy: bool().optional(),
  /** The owner's data visible in the public WHOIS (only TLDs that allow the choice). Changes in place. */
  viewWhois: bool().optional(),
  /** autorenew, manual or letexpire: what happens at expiry. Changes in place. */
  renewalMode: oneOf(RENEWAL_MODES).optional(),
  /** Tags of the domain in the account, at least one (sorted, deduplicated; the dynamic resources also take one comma-separated string). Changes in place. */
  tags: tags.optional(),
  /** Transfer authorization code (stored encrypted). */
  authcode: z.string().trim().min(1, { error: "must not be empty" }).optional(),
  /** Output the domain's current authcode (secret). */
  exposeAuthcode: bool().optional(),
  /** What create waits for: "active" (default for register) or "submitted" (default for transfer). */
  waitFor: oneOf(["submitted", "active"] as const).optional(),
  /** "forget" (default) or "letexpire": set renewalMode letexpire on destroy. Never deletes. */
  onDestroy: oneOf(["forget", "letexpire"] as const).default("forget"),
  /**
   * Keep the registration paid until at least this date (YYYY-MM-DD): while tsExpir is earlier,
   * `pulumi up` renews (domain/renew, paid) for the years it takes, at most 10 years ahead.
   */
  renewUntil: renewUntilField(),
  /** TLD-specific parameters of domain/create or domain/transfer (aeroId, domainIntendedUse, ownerDateOfBirth...). */
  tldParams: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
};

export const domainInputs = z
  .object(domainFields)
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
    // Registries keep a registration paid at most 10 years ahead (the gTLD registry agreements with
    // ICANN, and the ccTLD registries here; period 1-10, account/zones): a later date would renew at every up.
    if (v.renewUntil !== undefined && v.renewUntil > yearsFromToday(10))
      ctx.addIssue({
        code: "custom",
        path: ["renewUntil"],
        message: `${v.renewUntil} is more than 10 years from today (${yearsFromToday(10)} at most): registries do not keep a domain registered further ahead`,
      });
    const dob = v.tldParams?.ownerDateOfBirth;
    if (typeof dob === "string" && /^\d{4}-?\d{2}-?\d{2}$/.test(dob) && dob.replace(/-/g, "") > yearsFromToday(0).replace(/-/g, ""))
      ctx.addIssue({ code: "custom", path: ["tldParams", "ownerDateOfBirth"], message: `${dob} is after today: the owner's date of birth is in the past` });
    if (typeof v.name === "string") {
      const t = tableTld(domainForms(v.name).ascii);
      for (const flag of ["transferBlock", "whoisPrivacy", "viewWhois"] as const) {
        if (v[flag] === true && t && !TLD_FLAGS[t][flag]) {
          const others = (["transferBlock", "whoisPrivacy", "viewWhois"] as const).filter((f) => TLD_FLAGS[t][f]);
          ctx.addIssue({
            code: "custom",
            path: [flag],
            message: `.${t} domains do not support ${flag} (the registry does not offer it; the API would refuse it with 2201); remove it${others.length ? ` (.${t} supports ${others.join(", ")})` : ""}`,
          });
        }
      }
    }
    if (v.registration !== "adopt" && typeof v.name === "string") {
      // What the registry takes (sdk/rules special-use.ts, idn-policy.ts): no special-use or
      // documentation name, the TLD's letters, one script per label, its shortest names.
      const forms = domainForms(v.name);
      const reserved = registrationReservedProblem(forms.ascii) ?? registryNameProblem(forms.unicode);
      if (reserved) ctx.addIssue({ code: "custom", path: ["name"], message: reserved });
      // A nameserver under the domain itself needs a glue record (RFC 5732 host object with its
      // address), which can only be created once the domain exists (domain/gluerecordcreate).
      const inside = Array.isArray(v.nameservers) ? v.nameservers.find((ns) => ns === forms.ascii || ns.endsWith(`.${forms.ascii}`)) : undefined;
      if (inside && v.registration === "register")
        ctx.addIssue({
          code: "custom",
          path: ["nameservers"],
          message: `${inside} is under ${forms.unicode} itself: the registry needs its address (a glue record, RFC 5731 1.1, RFC 5732), and a GlueRecord can only be created once the domain exists; register with other nameservers (or leave them out: parking), add the GlueRecords, then set these`,
        });
      for (const [param, rule] of tldParamsFormatProblems(
        v.registration === "transfer" ? "transfer" : "create",
        domainForms(v.name).ascii,
        v.tldParams ?? {},
      )) {
        ctx.addIssue({ code: "custom", path: ["tldParams", param], message: rule });
      }
      const owner = v.contacts?.owner;
      const ownerType = typeof owner === "object" ? owner.contactType : undefined;
      const op = v.registration === "transfer" ? "transfer" : "create";
      for (const p of tldParamProblems(op, domainForms(v.name).ascii, v.tldParams ?? {}, ownerType)) {
        ctx.addIssue({ code: "custom", path: ["tldParams", p.param], message: p.rule });
      }
      // Who may hold the TLD (sdk/rules tld-eligibility.ts); an owner given by id is judged at preview (preview-rules.ts).
      if (typeof owner === "object") {
        const facts = { contactType: owner.contactType, country: owner.country, identNumber: owner.identNumber };
        for (const p of ownerEligibilityProblems(domainForms(v.name).ascii, facts)) {
          ctx.addIssue({ code: "custom", path: ["contacts", "owner", p.field], message: p.rule });
        }
      }
    }
  });

export type DomainInputs = z.output<typeof domainInputs>;
export type ContactRef = string | Partial<Record<(typeof CONTACT_DATA_FIELDS)[number], unknown>>;

/** What the state adds to the inputs (the settings among them hold the live values). */
export const domainOutputs = {
  /** The domain in ASCII (punycode). */
  punycode: z.string(),
  /** The top-level domain ("com"). */
  tld: z.string(),
  /** The API's domainID. */
  domainId: z.number(),
  /** Domain status (spec "States and transitions"): register-init ... active ... expired-*. */
  status: z.string(),
  /** Where a transfer stands, as the API answers it. */
  transferStatus: z.string().optional(),
  /** Creation date (YYYY-MM-DD). */
  tsCreate: z.string().optional(),
  /** Expiry date of the registration (YYYY-MM-DD). */
  tsExpir: z.string().optional(),
  /** The owner's verification status. */
  ownerVerification: z.string().optional(),
  /** Whether the API allows a renewal now. */
  renewable: z.boolean().optional(),
  /** Settings the API refused while the domain was not active, with the values still to apply. */
  pendingSettings: z.record(z.string(), z.unknown()).optional(),
  /** Only with exposeAuthcode: the domain's current authcode (secret). */
  authcode: z.string().optional(),
  /**
   * A paid order (create, transfer, renew) sent but not confirmed: its reply was lost and the lookup
   * did not find it yet. The next `pulumi up` looks again before ordering anything (provider/money/money.ts).
   */
  pendingOrder: z.custom<PendingOrder>().optional(),
};
export type DomainState = StateOf<Omit<DomainInputs, "authcode">, typeof domainOutputs>;

/** Settings compared with the live domain and changed in place. */
export const SETTINGS = ["nameservers", "contacts", "transferBlock", "modifyBlock", "whoisPrivacy", "viewWhois", "renewalMode", "tags"] as const;
export type Setting = (typeof SETTINGS)[number];

export const DOMAIN_REPLACE_ON: readonly string[] = ["name"];
/** Never compared after creation (contacts are compared role by role in the definition). */
export const DOMAIN_CREATE_ONLY: readonly string[] = ["registration", "period", "premium", "authcode", "tldParams", "contacts"];
export const DOMAIN_SECRETS: readonly string[] = ["authcode"];
/** The id is the domain name in punycode (IDNA) form, e.g. "example.com" or "xn--espaa-rta.es". */
export const DOMAIN_ID_FORMAT = "the domain name in punycode form";

/** Statuses in which domain/update is accepted (spec "States and transitions"; sdk/rules, the emulator's too). */
export const SETTLED = MODIFIABLE_STATUSES;
export const FAILED = new Set(["register-cancel", "transfer-cancel"]);
/** Registration or transfer still running: waitFor "active" keeps waiting through these. */
export const ACQUIRING = new Set(["register-init", "register-pending", "transfer-init", "transfer-pending"]);

/** What the API knows this resource's object by (provider/dns/object-claim-rules.ts): two resources of a run naming one are refused. */
export const domainObjects = (d: DomainInputs) => [{ key: `domain:${domainForms(d.name).ascii}`, what: `the domain ${d.name}` }];

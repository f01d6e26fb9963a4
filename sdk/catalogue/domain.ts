/**
 * domain module (spec "domain module"): 24 operations. The TLD-specific parameters of create and
 * transfer are checked here by the domain's TLD (spec table "TLD-specific additional parameters"),
 * so the client rejects a missing one before sending; the emulator runs the same rules again with
 * the owner type it learns from an ownerContactID (emulator/modules/domain/names.ts checkTldParams).
 */
import { contactObject } from "./contact";
import { z } from "zod";
import {
  billing,
  bool,
  checkContacts,
  contactId,
  contactsShape,
  date,
  domainName,
  domRef,
  domSum,
  email,
  int,
  ipv4,
  ipv6,
  NAMESERVER_WORDS,
  nameservers,
  oneOf,
  op,
  page,
  queryInfo,
  rArray,
  rBool,
  rInt,
  rNum,
  rObj,
  requireDomRef,
  ROLES,
  rStr,
  text,
} from "./_prelude";

// ---------- TLD-specific parameters ----------

/** Spec: domainIntendedUse is required on create for these TLDs. */
export const INTENDED_USE_TLDS = ["barcelona", "madrid", "cat", "scot", "eus", "gal", "quebec", "radio"] as const;
/** Spec: ownerDateOfBirth is required on create for these TLDs when the owner is an individual. */
export const DOB_TLDS = ["ee", "fi", "hk", "moscow", "my", "vn"] as const;
/** The contact roles as the .jobs parameters spell them (jobsOwnerWebsite...). */
export const JOBS_ROLES = ROLES.map((r) => `${r[0].toUpperCase()}${r.slice(1)}`) as readonly Capitalize<(typeof ROLES)[number]>[];

const sirenNumber = () =>
  z.preprocess((v) => (typeof v === "string" ? v.replace(/\s/g, "") : v), z.string().regex(/^\d{9}$/, { error: "must be a 9-digit SIREN number" }));

const createTldParams = {
  aeroId: text().optional(),
  aeroPass: text().optional(),
  domainIntendedUse: text().optional(),
  ownerDateOfBirth: date().optional(),
  frTradeMark: text().optional(),
  frSirenNumber: sirenNumber().optional(),
  ruIssuer: text().optional(),
  ruIssuerDate: date().optional(),
  xxxClass: oneOf(["default", "membership", "nonResolver"] as const).optional(),
  xxxName: text().optional(),
  xxxEmail: email().optional(),
  xxxId: text().optional(),
};

const jobsParams: Record<string, z.ZodType> = {};
for (const role of JOBS_ROLES) {
  jobsParams[`jobs${role}Website`] = text().optional();
  jobsParams[`jobs${role}IsAssocMember`] = bool().optional();
  jobsParams[`jobs${role}Title`] = text().optional();
  jobsParams[`jobs${role}Industrytype`] = text().optional();
}
type JobsParams = { [K in `jobs${(typeof JOBS_ROLES)[number]}${"Website" | "Title" | "Industrytype"}`]: z.ZodOptional<ReturnType<typeof text>> } & {
  [K in `jobs${(typeof JOBS_ROLES)[number]}IsAssocMember`]: z.ZodOptional<ReturnType<typeof bool>>;
};

const transferTldParams = {
  ownerDateOfBirth: date().optional(),
  ruIssuer: text().optional(),
  ruIssuerDate: date().optional(),
  ...(jobsParams as JobsParams),
};

export interface TldParamProblem {
  param: string;
  rule: string;
}

/**
 * The TLD-specific parameters missing for `operation` on `domain` (spec tables of create and
 * transfer). `ownerType` is undefined when the owner is given by ID and its type is not known yet:
 * the rules that depend on it are then skipped (the emulator checks them after resolving the ID).
 */
export function tldParamProblems(
  operation: "create" | "transfer",
  domain: string,
  p: Record<string, unknown>,
  ownerType: string | undefined,
): TldParamProblem[] {
  const top = domain.toLowerCase().replace(/\.$/, "").split(".").pop() ?? "";
  const out: TldParamProblem[] = [];
  const need = (param: string, rule: string) => {
    if (p[param] === undefined || p[param] === "") out.push({ param, rule });
  };
  const individual = ownerType === "individual";
  if (operation === "create") {
    if (top === "aero") for (const k of ["aeroId", "aeroPass"]) need(k, "required for .aero domains (registry member data)");
    if ((INTENDED_USE_TLDS as readonly string[]).includes(top)) need("domainIntendedUse", `required for .${top} domains`);
    if ((DOB_TLDS as readonly string[]).includes(top) && individual) need("ownerDateOfBirth", `required for .${top} domains when the owner is an individual`);
    if (top === "xxx") {
      need("xxxClass", "required for .xxx domains (default, membership or nonResolver)");
      if (p.xxxClass === "default") for (const k of ["xxxName", "xxxEmail"]) need(k, "required for .xxx domains when xxxClass=default");
      if (p.xxxClass === "membership") need("xxxId", "required for .xxx domains when xxxClass=membership");
    }
  }
  if (top === "ru" && individual)
    for (const k of ["ownerDateOfBirth", "ruIssuer", "ruIssuerDate"]) need(k, "required for .ru domains when the owner is an individual");
  if (operation === "transfer" && top === "jobs") for (const r of JOBS_ROLES) need(`jobs${r}Website`, "required for .jobs transfers");
  return out;
}

function checkTldParams(operation: "create" | "transfer") {
  return (v: Record<string, unknown>, ctx: z.RefinementCtx) => {
    if (typeof v.domain !== "string") return;
    const ownerType = v.ownerContactID === undefined ? (v.ownerContactType as string | undefined) : undefined;
    for (const pr of tldParamProblems(operation, v.domain, v, ownerType)) {
      // invalid_type on a missing member = "Parameter fault" (101), like any other missing parameter.
      ctx.addIssue({ code: "invalid_type", expected: "string", input: undefined, path: [pr.param], message: pr.rule });
    }
  };
}

// ---------- shared response pieces ----------

const nsItem = () => rObj({ order: rInt(), name: rStr(), ipv4: rStr().optional(), ipv6: rStr().optional() });
const glueItem = () => rObj({ name: rStr(), ipv4: rStr(), ipv6: rStr().optional() });
const dnssecEntry = () => rObj({ keytag: rInt(), algorithm: rInt(), digesttype: rInt(), digest: rStr() });
const dnssecObj = () => rObj({ active: rBool(), entries: rArray(dnssecEntry()) });
// The full Contact object, so XML text (daaccepted "0") coerces to the same types as JSON.
const contactObj = () => contactObject().extend({ esNicHandle: rStr().optional() });
const serviceObj = () => rObj({ name: rStr(), type: rStr(), productkey: rStr(), status: rStr(), tsExpir: rStr() });

/** DOMSUM plus everything getinfo (by infoType) and list (by infoType) may add. */
const domainInfo = () =>
  rObj({
    ...domSum(),
    tsCreate: rStr().optional(),
    renewable: rBool().optional(),
    renewalMode: rStr().optional(),
    modifyBlock: rBool().optional(),
    // Present only for TLDs that have the flag (spec "Domain": "only TLDs that allow it"); clients
    // decide by presence whether to offer it (issue 22).
    transferBlock: rBool().optional(),
    whoisPrivacy: rBool().optional(),
    viewWhois: rBool().optional(),
    authcodeCheck: rBool().optional(),
    serviceAssociated: rBool().optional(),
    tag: rStr().optional(),
    ownerverification: rStr().optional(),
    transferStatus: rStr().optional(),
    contactOwner: contactObj().optional(),
    contactAdmin: contactObj().optional(),
    contactTech: contactObj().optional(),
    contactBilling: contactObj().optional(),
    defaultNS: rBool().optional(),
    nameservers: rArray(nsItem()).optional(),
    authcode: rStr().optional(),
    service: serviceObj().optional(),
    gluerecords: rArray(glueItem()).optional(),
    dnssec: dnssecObj().optional(),
  });

const ordered = () =>
  rObj({
    billing: billing(),
    domains: rArray(rObj({ ...domSum(), period: rInt().optional(), inPromo: rBool().optional() })),
  });

const INFO_TYPES = ["status", "contact", "nameservers", "authcode", "service", "gluerecords", "dnssec"] as const;
const LIST_INFO_TYPES = ["status", "contact", "nameservers", "service", "gluerecords"] as const;
const UPDATE_TYPES = ["contact", "nameservers", "transferBlock", "block", "whoisPrivacy", "renewalMode", "tag", "viewWhois"] as const;
const RENEWAL_MODES = ["autorenew", "manual", "letexpire"] as const;
/** Which parameter each updateType needs; the four booleans default to false (spec), so they are optional. */
const UPDATE_REQUIRES: Partial<Record<(typeof UPDATE_TYPES)[number], string>> = { nameservers: "nameservers", renewalMode: "renewalMode", tag: "tag" };

const read = { retrySafe: true, spendsMoney: false, readOnly: true } as const;
/** Updates that set a value: repeating them changes nothing. */
const idempotent = { retrySafe: true, spendsMoney: false } as const;
const money = { retrySafe: false, spendsMoney: true } as const;

const dnssecParams = () => ({
  keytag: int({ min: 0, max: 65535 }),
  algorithm: int({ min: 0, max: 255 }),
  digesttype: int({ min: 0, max: 255 }),
  digest: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]+$/, { error: "must be a hexadecimal digest" }),
});
const glueName = () => domainName({ ascii: true });

const getinfoParams = z.object({ ...domRef, infoType: oneOf(INFO_TYPES).default("status") }).superRefine(requireDomRef);
const wrapGetinfo = (infoType: (typeof INFO_TYPES)[number], what: string) =>
  op({
    summary: `${what} (wrapper of domain/getinfo with infoType=${infoType}).`,
    params: z.object({ ...domRef }).superRefine(requireDomRef),
    response: domainInfo(),
    ...read,
    wraps: { op: "domain/getinfo", fixed: { infoType } },
    ...(infoType === "authcode" ? { secrets: ["authcode"] } : {}),
  });

export const domain = {
  check: op({
    summary: "Availability, premium flag and yearly price of a name (punycode form).",
    params: z.object({ domain: domainName({ ascii: true }) }),
    response: rObj({
      domains: rArray(rObj({ name: rStr(), punycode: rStr(), tld: rStr(), available: rBool(), premium: rBool(), price: rNum(), currency: rStr() })),
    }),
    ...read,
  }),
  checkfortransfer: op({
    summary: "Whether a name registered elsewhere can be transferred in, with the reasons when not.",
    params: z.object({ domain: domainName() }),
    response: rObj({
      domains: rArray(
        rObj({ name: rStr(), punycode: rStr(), tld: rStr(), transferavail: rBool(), transfermsg: rArray(rStr()), price: rNum(), currency: rStr() }),
      ),
    }),
    ...read,
  }),
  create: op({
    summary: "Registers a domain (charges the account); status register-init, tsExpir empty until active.",
    params: z
      .object({
        domain: domainName(),
        period: int({ min: 1, max: 10 }).optional(),
        premium: bool().optional(),
        nameservers: nameservers(NAMESERVER_WORDS.create).optional(),
        ...contactsShape(),
        ...createTldParams,
      })
      .superRefine(checkContacts(true))
      .superRefine(checkTldParams("create")),
    response: ordered(),
    ...money,
    secrets: ["aeroPass"],
  }),
  transfer: op({
    summary: "Transfers a domain in from another registrar (charges the account).",
    params: z
      .object({
        domain: domainName(),
        // Spec: default parking, keepns keeps the current servers (facts.md "Domains").
        nameservers: nameservers(NAMESERVER_WORDS.transfer).optional(),
        authcode: text().optional(),
        ...contactsShape(),
        ...transferTldParams,
      })
      .superRefine(checkContacts(true))
      .superRefine(checkTldParams("transfer")),
    response: ordered(),
    ...money,
    secrets: ["authcode"],
  }),
  transferrestart: op({
    summary: "Restarts a cancelled transfer, optionally with a new authcode.",
    params: z.object({ ...domRef, authcode: text().optional() }).superRefine(requireDomRef),
    response: rObj(domSum()),
    retrySafe: false,
    spendsMoney: false,
    secrets: ["authcode"],
  }),
  update: op({
    summary: "Changes one aspect of a domain, chosen by updateType.",
    params: z
      .object({
        ...domRef,
        updateType: oneOf(UPDATE_TYPES),
        ...contactsShape(),
        nameservers: nameservers(NAMESERVER_WORDS.update).optional(),
        transferBlock: bool().optional(),
        block: bool().optional(),
        whoisPrivacy: bool().optional(),
        viewWhois: bool().optional(),
        renewalMode: oneOf(RENEWAL_MODES).optional(),
        tag: z.preprocess((v) => (Array.isArray(v) ? v.join(",") : v), text()).optional(),
      })
      .superRefine(requireDomRef)
      .superRefine(checkContacts(false))
      .superRefine((v, ctx) => {
        const need = UPDATE_REQUIRES[v.updateType];
        if (need && (v as Record<string, unknown>)[need] === undefined) {
          ctx.addIssue({ code: "invalid_type", expected: "string", input: undefined, path: [need], message: `required when updateType=${v.updateType}` });
        }
      }),
    response: rObj(domSum()),
    ...idempotent,
  }),
  updatenameservers: op({
    summary: "Sets the nameservers (2 to 7, or default) (wrapper of domain/update).",
    params: z.object({ ...domRef, nameservers: nameservers(NAMESERVER_WORDS.update) }).superRefine(requireDomRef),
    response: rObj(domSum()),
    ...idempotent,
    wraps: { op: "domain/update", fixed: { updateType: "nameservers" } },
  }),
  updatecontacts: op({
    summary: "Changes the contacts (wrapper of domain/update).",
    params: z
      .object({ ...domRef, ...contactsShape() })
      .superRefine(requireDomRef)
      .superRefine(checkContacts(false)),
    response: rObj(domSum()),
    // A resend leaves the domain as the first call did (contacts given as data add one more unused
    // contact record at worst), so it counts as idempotent, like domain/update.
    ...idempotent,
    wraps: { op: "domain/update", fixed: { updateType: "contact" } },
  }),
  gluerecordcreate: op({
    summary: "Adds a glue record (DNS server name under the domain).",
    params: z.object({ ...domRef, name: glueName(), ipv4: ipv4(), ipv6: ipv6().optional() }).superRefine(requireDomRef),
    response: rObj({ ...domSum(), gluerecords: rArray(glueItem()) }),
    retrySafe: false,
    spendsMoney: false,
  }),
  gluerecordupdate: op({
    summary: "Changes the addresses of a glue record.",
    params: z.object({ ...domRef, name: glueName(), ipv4: ipv4(), ipv6: ipv6().optional() }).superRefine(requireDomRef),
    response: rObj({ ...domSum(), gluerecords: rArray(glueItem()) }),
    ...idempotent,
  }),
  gluerecorddelete: op({
    summary: "Removes a glue record.",
    params: z.object({ ...domRef, name: glueName() }).superRefine(requireDomRef),
    response: rObj({ ...domSum(), gluerecords: rArray(glueItem()) }),
    retrySafe: false,
    spendsMoney: false,
  }),
  list: op({
    summary: "The account's domains, filtered; infoType adds data to each item.",
    params: z.object({
      ...page(),
      domain: domainName().optional(),
      word: text().optional(),
      tld: z.preprocess((v) => (typeof v === "string" ? v.trim().replace(/^\./, "").toLowerCase() : v), text()).optional(),
      renewable: bool().optional(),
      infoType: oneOf(LIST_INFO_TYPES).optional(),
      owner: contactId().optional(),
      tag: text().optional(),
      status: text().optional(),
      ownerverification: oneOf(["verified", "notapplicable", "inprocess", "failed"] as const).optional(),
      renewalMode: oneOf(RENEWAL_MODES).optional(),
    }),
    response: rObj({ queryInfo: queryInfo(), domains: rArray(domainInfo()) }),
    ...read,
    paged: { itemsKey: "domains", defaultPageLength: 1000 },
  }),
  getinfo: op({
    summary: "One domain: DOMSUM plus the data of infoType (default status).",
    params: getinfoParams,
    response: domainInfo(),
    ...read,
    secrets: ["authcode"],
  }),
  getauthcode: wrapGetinfo("authcode", "The transfer authcode"),
  getnameservers: wrapGetinfo("nameservers", "The nameservers"),
  getgluerecords: wrapGetinfo("gluerecords", "The glue records"),
  getdnssec: wrapGetinfo("dnssec", "The DNSSEC entries"),
  dnsseccreate: op({
    summary: "Adds a DNSSEC DS entry.",
    params: z.object({ ...domRef, ...dnssecParams() }).superRefine(requireDomRef),
    response: rObj({ ...domSum(), dnssec: dnssecObj() }),
    retrySafe: false,
    spendsMoney: false,
  }),
  dnssecdelete: op({
    summary: "Removes a DNSSEC DS entry.",
    params: z.object({ ...domRef, ...dnssecParams() }).superRefine(requireDomRef),
    response: rObj({ ...domSum(), dnssec: dnssecObj() }),
    retrySafe: false,
    spendsMoney: false,
  }),
  renew: op({
    summary: "Renews a domain (charges the account); curExpDate must equal the current tsExpir.",
    params: z.object({ ...domRef, curExpDate: date(), period: int({ min: 1, max: 10 }).optional() }).superRefine(requireDomRef),
    response: rObj({
      billing: billing(),
      domains: rArray(rObj({ name: rStr(), status: rStr(), tld: rStr(), domainID: rInt(), tsExpir: rStr(), renewPeriod: rStr(), inPromo: rBool().optional() })),
    }),
    ...money,
  }),
  whois: op({
    summary: "Whois text of a domain of the caller's own account (punycode form).",
    params: z.object({ domain: domainName({ ascii: true }) }),
    response: rObj({ domain: rStr(), whoisData: rStr() }),
    ...read,
  }),
  resendverificationmail: op({
    summary: "Re-sends the verification mail to the domain's owner contact.",
    params: z.object({ ...domRef }).superRefine(requireDomRef),
    response: rObj(domSum()),
    retrySafe: false,
    spendsMoney: false,
  }),
  gethistory: op({
    summary: "Change history of a domain (paged).",
    params: z.object({ ...domRef, ...page() }).superRefine(requireDomRef),
    response: rObj({
      ...domSum(),
      domainID: rInt().optional(),
      queryInfo: queryInfo(),
      history: rArray(rObj({ ts: rStr(), ip: rStr(), user: rStr(), title: rStr(), message: rStr() })),
    }),
    ...read,
    paged: { itemsKey: "history", defaultPageLength: 1000 },
  }),
  listdeleted: op({
    summary: "Domains deleted from the account (paged).",
    params: z.object({ ...page() }),
    response: rObj({ queryInfo: queryInfo(), domains: rArray(rObj({ name: rStr(), tld: rStr(), tsDeleted: rStr(), info: rStr(), domainID: rInt() })) }),
    ...read,
    paged: { itemsKey: "domains", defaultPageLength: 1000 },
  }),
};

/**
 * service module (spec "service module", "Hosting service", "Service sub-resources"; facts.md
 * "Hosting, mail and DNS"). The 12 named operations are written out; the 7 CRUD families x 5 are
 * generated from one table by `family()`, which keeps literal keys (`service.dnscreate` is typed).
 * The DNS value rules come from the rule library (sdk/rules), so the client rejects a bad record
 * before any request and the emulator applies the very same rules (dnsupdate, dnssetzone).
 */
import { z } from "zod";
import {
  DNS_CAPABILITIES,
  DNS_TYPES,
  type DnsType,
  dnsName,
  dnsValueProblem,
  ftpUserField,
  mailNameField,
  mailTargetsField,
  passwordField,
  pathField,
  redirectUrlField,
} from "../rules";
import { billing, bool, domainName, int, oneOf, op, page, queryInfo, rArray, rBool, rInt, rObj, rStr, text } from "./_prelude";
import type { OperationSpec } from "./types";

/** spec "Hosting service" + facts.md (`mail` is the Mail Hosting plan). */
export const PRODUCT_KEYS = ["redir", "mini", "mail", "mailplus", "mailpro", "basic", "professional", "advanced", "corporate"] as const;
export const SERVICE_STATUSES = ["init", "active", "inactive", "renewed", "renewable"] as const;
/** Replacement for mailbox passwords in every answer (spec "Service sub-resources": "returned masked"). */
export const PASSWORD_MASK = "********";

// ---------- fields ----------

const serviceName = () => domainName();
/** entityID: SRV<digits>-<digits> (spec "Conventions"). */
const entityId = () =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toUpperCase() : v),
    z.string().regex(/^SRV\d+-\d+$/, { error: "must be an entity id such as SRV1234-5678" }),
  );
/** Passwords (spec silent on the rules; sdk/rules/hosting.ts): a number is wire text too. Never echoed. */
const password = () => z.preprocess((v) => (typeof v === "number" ? String(v) : v), passwordField());
const pem = (what: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string().regex(/^-----BEGIN [A-Z ]+-----[\s\S]+-----END [A-Z ]+-----$/, { error: `must be a PEM ${what}` }),
  );

/** ttl/priority: "-" means the default (facts.md: the PHP SDK documents it), or a number in the rule's range. */
const dashOr = (range: { min: number; max: number }) =>
  z.union([z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.literal("-")), int(range)]).optional();

/** dnssetzone: base64 of a JSON array of {name, type, ttl, priority, value} (spec). */
export function decodeZoneData(data: string): unknown[] | undefined {
  if (!/^[A-Za-z0-9+/=\s_-]+$/.test(data)) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(data, "base64").toString("utf8"));
    return Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

// ---------- shapes ----------

const svc = <S extends z.ZodRawShape>(shape: S) => z.object({ serviceName: serviceName(), ...shape });
const svcSum = () => rObj({ name: rStr(), type: rStr(), productkey: rStr(), status: rStr(), tsExpir: rStr() });
const money = () => rObj({ billing: billing(), services: rArray(svcSum()) });
const usage = () => rObj({ value: rInt(), max: rInt(), unit: rStr() });
const php = () => rObj({ enabled: rBool(), version: rStr(), name: rStr(), available: rArray(rStr()) });
/** A parameter required by another's value: reported as missing (101), like an absent required one. */
const requiredWhen = (ctx: z.RefinementCtx, param: string, why: string) =>
  ctx.addIssue({ code: "invalid_type", expected: "string", input: undefined, path: [param], message: `required ${why}` });
const sslGiven = (v: { sslCert?: string; sslKey?: string; sslCertChain?: string; sslPath?: string }, ctx: z.RefinementCtx) => {
  if (v.sslCert === undefined) return;
  for (const k of ["sslKey", "sslCertChain", "sslPath"] as const) {
    if (v[k] === undefined) requiredWhen(ctx, k, "when sslCert is sent");
  }
};
const sslShape = () => ({
  sslCert: pem("certificate").optional(),
  sslKey: pem("private key").optional(),
  sslCertChain: pem("certificate chain").optional(),
  sslPath: pathField().optional(),
});
const dnsTypeField = () => oneOf(DNS_TYPES);

// ---------- CRUD families ----------

const items = <F extends string, I extends z.ZodType>(f: F, item: I) => ({ [f]: rArray(item) }) as { [K in F]: ReturnType<typeof rArray<I>> };
const listParams = <L extends z.ZodRawShape>(filters: L) => svc({ ...page(), ...filters });
const listResponse = <F extends string, I extends z.ZodType>(f: F, item: I) => rObj({ queryInfo: queryInfo(), ...items(f, item) });
const oneResponse = <F extends string, I extends z.ZodType>(f: F, item: I) => rObj(items(f, item));
const refParams = () => svc({ entityID: entityId() });

type FamilyOps<F extends string, I extends z.ZodType, C extends z.ZodType, U extends z.ZodType, L extends z.ZodRawShape> = {
  [K in `${F}list`]: OperationSpec<ReturnType<typeof listParams<L>>, ReturnType<typeof listResponse<F, I>>>;
} & { [K in `${F}getinfo`]: OperationSpec<ReturnType<typeof refParams>, ReturnType<typeof oneResponse<F, I>>> } & {
  [K in `${F}create` | `${F}update`]: OperationSpec<K extends `${F}create` ? C : U, ReturnType<typeof oneResponse<F, I>>>;
} & { [K in `${F}delete`]: OperationSpec<ReturnType<typeof refParams>, ReturnType<typeof rObj<{}>>> };

interface FamilyDef<I extends z.ZodType, C extends z.ZodType, U extends z.ZodType, L extends z.ZodRawShape> {
  noun: string;
  item: I;
  create: C;
  update: U;
  filters: L;
  secrets?: readonly string[];
}

/** The five operations of one family (spec "CRUD families"); items wrapped in an array named after it. */
function family<const F extends string, I extends z.ZodType, C extends z.ZodType, U extends z.ZodType, L extends z.ZodRawShape>(
  f: F,
  d: FamilyDef<I, C, U, L>,
): FamilyOps<F, I, C, U, L> {
  const secrets = d.secrets ? { secrets: d.secrets } : {};
  const one = oneResponse(f, d.item);
  return {
    [`${f}list`]: op({
      summary: `Lists the service's ${d.noun}s.`,
      params: listParams(d.filters),
      response: listResponse(f, d.item),
      retrySafe: true,
      readOnly: true,
      spendsMoney: false,
      paged: { itemsKey: f, defaultPageLength: 1000 },
      ...secrets,
    }),
    [`${f}getinfo`]: op({
      summary: `One ${d.noun} of the service.`,
      params: refParams(),
      response: one,
      retrySafe: true,
      readOnly: true,
      spendsMoney: false,
      ...secrets,
    }),
    [`${f}create`]: op({ summary: `Creates a ${d.noun}.`, params: d.create, response: one, retrySafe: false, spendsMoney: false, ...secrets }),
    [`${f}update`]: op({ summary: `Updates a ${d.noun}.`, params: d.update, response: one, retrySafe: true, spendsMoney: false, ...secrets }),
    [`${f}delete`]: op({ summary: `Deletes a ${d.noun}.`, params: refParams(), response: rObj({}), retrySafe: false, spendsMoney: false }),
  } as unknown as FamilyOps<F, I, C, U, L>;
}

const filter = { filter: text().optional() };
const dnsValueCheck = (v: { type: DnsType; value: string }, ctx: z.RefinementCtx) => {
  const problem = dnsValueProblem(v.type, v.value);
  if (problem) ctx.addIssue({ code: "custom", path: ["value"], message: problem });
};

const families = {
  ...family("ftp", {
    noun: "FTP account",
    item: rObj({ entityID: rStr(), name: rStr(), ftpPath: rStr(), password: rStr() }),
    create: svc({ name: ftpUserField(), ftpPath: pathField(), password: password() }),
    update: svc({ entityID: entityId(), ftpPath: pathField(), password: password() }),
    filters: filter,
    secrets: ["password"],
  }),
  ...family("ddbb", {
    noun: "database",
    item: rObj({ entityID: rStr(), name: rStr(), user: rStr(), password: rStr(), externalAccess: rBool() }),
    create: svc({ password: password(), externalAccess: bool().default(false) }),
    update: svc({ entityID: entityId(), password: password(), externalAccess: bool().default(false) }),
    filters: filter,
    secrets: ["password"],
  }),
  ...family("subdomain", {
    noun: "subdomain",
    item: rObj({
      entityID: rStr(),
      name: rStr(),
      ftpPath: rStr(),
      ssl: rObj({ sslPath: rStr(), sslCert: rStr(), sslKey: rStr(), sslCertChain: z.union([rStr(), rArray(rStr())]), ftpPath: rStr().optional() }).optional(),
    }),
    create: svc({ name: dnsName(false), ftpPath: pathField(), ...sslShape() }).superRefine(sslGiven),
    update: svc({ entityID: entityId(), ftpPath: pathField(), ...sslShape() }).superRefine(sslGiven),
    filters: filter,
    secrets: ["sslKey"],
  }),
  ...family("redirect", {
    noun: "redirection",
    item: rObj({ entityID: rStr(), origin: rStr(), destination: rStr(), type: rStr() }),
    create: svc({ origin: dnsName(false), destination: redirectUrlField(), type: oneOf(["301", "302", "frame"] as const) }),
    update: svc({ entityID: entityId(), destination: redirectUrlField(), type: oneOf(["301", "302", "frame"] as const) }),
    filters: filter,
  }),
  ...family("mail", {
    noun: "mailbox",
    item: rObj({ entityID: rStr(), name: rStr(), password: rStr(), usage: rInt(), quotaMax: rInt() }),
    create: svc({ name: mailNameField(), password: password() }),
    update: svc({ entityID: entityId(), password: password() }),
    filters: filter,
    secrets: ["password"],
  }),
  ...family("mailalias", {
    noun: "mail alias",
    item: rObj({ entityID: rStr(), name: rStr(), target: rArray(rStr()) }),
    create: svc({ name: mailNameField(), target: mailTargetsField() }),
    update: svc({ entityID: entityId(), target: mailTargetsField() }),
    filters: filter,
  }),
  ...family("dns", {
    noun: "DNS record",
    item: rObj({ entityID: rStr(), name: rStr(), type: rStr(), ttl: rStr(), priority: rStr(), value: rStr() }),
    create: svc({
      name: dnsName(),
      type: dnsTypeField(),
      value: text("a DNS value"),
      ttl: dashOr(DNS_CAPABILITIES.ttl),
      priority: dashOr(DNS_CAPABILITIES.priority),
    }).superRefine(dnsValueCheck),
    update: svc({ entityID: entityId(), value: text("a DNS value"), ttl: dashOr(DNS_CAPABILITIES.ttl), priority: dashOr(DNS_CAPABILITIES.priority) }),
    // facts.md: certbot hooks list with filter=_acme-challenge (substring on full names).
    filters: { filter: text().optional(), filterType: dnsTypeField().optional(), filterValue: text().optional() },
  }),
};

// ---------- named operations ----------

const named = {
  list: op({
    summary: "Lists the account's hosting services.",
    params: z.object({
      ...page(),
      name: serviceName().optional(),
      word: text().optional(),
      tld: text().optional(),
      renewable: bool().optional(),
      status: oneOf(SERVICE_STATUSES).optional(),
    }),
    response: rObj({ queryInfo: queryInfo(), services: rArray(svcSum()) }),
    retrySafe: true,
    readOnly: true,
    spendsMoney: false,
    paged: { itemsKey: "services", defaultPageLength: 1000 },
  }),
  getinfo: op({
    summary: "Service data by infoType: status, resources, serverinfo, php, logerror.",
    params: svc({ infoType: oneOf(["status", "resources", "serverinfo", "php", "logerror"] as const).default("status") }),
    response: rObj({
      name: rStr(),
      type: rStr(),
      status: rStr(),
      tsExpir: rStr(),
      productkey: rStr().optional(),
      tsCreate: rStr().optional(),
      renewable: rBool().optional(),
      renewalMode: rStr().optional(),
      resources: z.record(z.string(), usage()).optional(),
      serverinfo: z.record(z.string(), rStr()).optional(),
      php: php().optional(),
      logError: rStr().optional(),
    }),
    retrySafe: true,
    readOnly: true,
    spendsMoney: false,
  }),
  create: op({
    summary: "Buys a hosting service for a domain name.",
    params: svc({ productkey: oneOf(PRODUCT_KEYS), period: int({ min: 1, max: 10 }).default(1) }),
    response: money(),
    retrySafe: false,
    spendsMoney: true,
    aliases: { productKey: "productkey" },
  }),
  renew: op({
    summary: "Renews a service for period years.",
    params: svc({ period: int({ min: 1, max: 10 }).default(1) }),
    response: money(),
    retrySafe: false,
    spendsMoney: true,
  }),
  upgrade: op({
    summary: "Moves a service to a higher product.",
    params: svc({ productkey: oneOf(PRODUCT_KEYS) }),
    response: money(),
    retrySafe: false,
    spendsMoney: true,
    aliases: { productKey: "productkey" },
  }),
  update: op({
    summary: "Changes the renewal mode or the PHP version (updateType php is accepted too: facts.md).",
    params: svc({
      updateType: oneOf(["renewalMode", "phpversion", "php"] as const),
      renewalMode: oneOf(["autorenew", "manual"] as const).optional(),
      phpversion: text().optional(),
    }).superRefine((v, ctx) => {
      if (v.updateType === "renewalMode" && v.renewalMode === undefined) requiredWhen(ctx, "renewalMode", "when updateType=renewalMode");
      if (v.updateType !== "renewalMode" && v.phpversion === undefined) requiredWhen(ctx, "phpversion", `when updateType=${v.updateType}`);
    }),
    response: rObj({ name: rStr(), type: rStr(), productkey: rStr(), status: rStr(), tsExpir: rStr(), php: php().optional() }),
    retrySafe: true,
    spendsMoney: false,
  }),
  parkinggetinfo: op({
    summary: "Parking state.",
    params: svc({}),
    response: rObj({ parking: rObj({ enabled: rBool() }) }),
    retrySafe: true,
    readOnly: true,
    spendsMoney: false,
  }),
  parkingupdate: op({
    summary: "Turns parking on or off.",
    params: svc({ enabled: bool() }),
    response: rObj({ parking: rObj({ enabled: rBool() }) }),
    retrySafe: true,
    spendsMoney: false,
  }),
  webconstructorlogin: op({
    summary: "Login URL of the web constructor for a subdomain.",
    params: svc({ subdomain: dnsName(false), loginlang: text().default("en") }),
    response: rObj({ webconstructor: rObj({ loginURL: rStr() }) }),
    retrySafe: true,
    spendsMoney: false,
  }),
  dnsrestore: op({ summary: "Restores the default DNS records.", params: svc({}), response: rObj({}), retrySafe: true, spendsMoney: false }),
  dnsdeleteall: op({ summary: "Deletes every DNS record of the zone.", params: svc({}), response: rObj({}), retrySafe: true, spendsMoney: false }),
  dnssetzone: op({
    summary: "Replaces the whole zone with base64(JSON [{name, type, ttl, priority, value}]).",
    params: svc({
      dnsZoneData: text("base64 text").refine((s) => decodeZoneData(s) !== undefined, {
        error: "must be base64 of a JSON array of {name, type, ttl, priority, value}",
      }),
    }),
    response: rObj({}),
    retrySafe: true,
    spendsMoney: false,
  }),
};

export const service = { ...named, ...families };

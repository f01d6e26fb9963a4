/**
 * The CRUD families of the service module (spec "service module", "Service sub-resources"): ftp,
 * ddbb, subdomain, redirect, mail, mailalias and dns, five operations each (list, getinfo, create,
 * update, delete), generated from one table as their catalogue entries are (sdk/catalogue/service.ts
 * `family()`). list, getinfo and delete are written once below; per family the table says how
 * create validates and builds a record, how update changes it, how an item is answered and how
 * messages name it. Items are answered in an array named after the family, even for one.
 *
 * Choices where the spec is silent:
 * - ftp and ddbb passwords are answered as stored (spec "Authentication" 5: reads return FTP and
 *   database passwords to the account); mailbox passwords are always masked (spec).
 * - `filter` on these lists is a case-insensitive substring of the name (of the origin for
 *   redirects, spec: "the redirect list filter is by subdomain"; of the full host name for DNS
 *   records, facts.md: certbot lists with filter=_acme-challenge). DNS lists also take filterType
 *   (the type) and filterValue (a case-insensitive substring of the value).
 * - Names are unique per service (4004): FTP users, subdomains, redirect origins, and addresses
 *   across mailboxes and aliases. Subdomain names and redirect origins are full host names ("blog"
 *   and "blog.example.com" are the same); mail names are full addresses under the service's domain.
 *   DNS records follow the zone rules of dnszone.ts.
 * - Databases are named by the service (spec): db<service id>_<n>, user = name.
 * - subdomainupdate without sslCert keeps the installed certificate. Redirects and DNS records have
 *   no quota.
 */
import type { ParsedParamsOf } from "../../../sdk/catalogue";
import { PASSWORD_MASK } from "../../../sdk/catalogue/service";
import { ErrorCode } from "../../../sdk/core/error-codes";
import { aliasSelfProblem, redirectSelfProblem } from "../../../sdk/rules";
import type { HandlerContext, ModuleHandlers } from "../../core/context";
import { fault } from "../../core/errors";
import { paginate } from "../../core/paging";
import { dnsItem, fullName, makeRecord, updateRecord } from "./dnszone";
import {
  type Family,
  type MailRecord,
  type ServiceRecord,
  type SubdomainRecord,
  checkQuota,
  findEntity,
  getService,
  newEntityId,
  productOf,
  removeEntity,
} from "./model";

type Verb = "list" | "getinfo" | "create" | "update" | "delete";
type Params<F extends Family, V extends Verb> = ParsedParamsOf<`service/${F}${V}`>;
type Entity<F extends Family> = ServiceRecord[F][number];

/** How one family differs from the others. */
interface FamilyDef<F extends Family> {
  /** The entity as messages name it ("FTP account web", "DNS record www.example.com A"). */
  label(e: Entity<F>): string;
  /** The member `filter` matches. */
  key(e: Entity<F>): string;
  /** The family's other list filters. */
  matches?(e: Entity<F>, p: Params<F, "list">): boolean;
  /** An item as answered; default the record as stored. */
  view?(e: Entity<F>, svc: ServiceRecord): unknown;
  /** A new record from create's parameters, checked against the service (quota already checked); not yet stored. */
  create(ctx: HandlerContext, svc: ServiceRecord, p: Params<F, "create">): Entity<F>;
  /** Applies update's parameters to the stored record. */
  update(svc: ServiceRecord, e: Entity<F>, p: Params<F, "update">): void;
  /** The message of a delete; default "<family> entity <id> deleted.". */
  deleted?(entityID: string): string;
}

function taken(what: string, name: string, svc: ServiceRecord): never {
  throw fault(ErrorCode.ENTITY_CREATE_ERROR, `${what} ${name} already exists in service ${svc.name}`);
}

function mailAddress(svc: ServiceRecord, name: string): string {
  const [local, domain] = name.split("@");
  if (domain !== undefined && domain !== svc.name)
    throw fault(ErrorCode.INVALID_PARAMETER, `Invalid parameter: name: ${name} is not under the service's domain ${svc.name}`);
  return `${local}@${svc.name}`;
}

function addressInUse(svc: ServiceRecord, address: string): boolean {
  return svc.mail.some((m) => m.name === address) || svc.mailalias.some((a) => a.name === address);
}

/** A redirect to its own host, or an alias to its own address, loops (sdk/rules loops.ts): refused as the provider refuses it. */
function noSelfRedirect(origin: string, destination: string): void {
  const p = redirectSelfProblem(origin, destination);
  if (p) throw fault(ErrorCode.INVALID_PARAMETER, `Invalid parameter: destination: ${p}`);
}
function noSelfAlias(address: string, targets: readonly string[]): void {
  const p = aliasSelfProblem(address, targets);
  if (p) throw fault(ErrorCode.INVALID_PARAMETER, `Invalid parameter: target: ${p}`);
}

function sslOf(p: { sslCert?: string; sslKey?: string; sslCertChain?: string; sslPath?: string }) {
  return p.sslCert && p.sslKey && p.sslCertChain && p.sslPath
    ? { sslCert: p.sslCert, sslKey: p.sslKey, sslCertChain: p.sslCertChain, sslPath: p.sslPath }
    : undefined;
}

const FAMILIES: { [F in Family]: FamilyDef<F> } = {
  ftp: {
    label: (e) => `FTP account ${e.name}`,
    key: (e) => e.name,
    create(ctx, svc, p) {
      if (svc.ftp.some((f) => f.name === p.name)) taken("FTP account", p.name, svc);
      return { entityID: newEntityId(ctx.world, svc), name: p.name, ftpPath: p.ftpPath, password: p.password };
    },
    update: (_svc, e, p) => void Object.assign(e, { ftpPath: p.ftpPath, password: p.password }),
  },
  ddbb: {
    label: (e) => `Database ${e.name}`,
    key: (e) => e.name,
    create(ctx, svc, p) {
      const entityID = newEntityId(ctx.world, svc);
      const name = `db${svc.id}_${entityID.split("-")[1]}`;
      return { entityID, name, user: name, password: p.password, externalAccess: p.externalAccess };
    },
    update: (_svc, e, p) => void Object.assign(e, { password: p.password, externalAccess: p.externalAccess }),
  },
  subdomain: {
    label: (e) => `Subdomain ${e.name}`,
    key: (e) => e.name,
    view: (s) => ({ entityID: s.entityID, name: s.name, ftpPath: s.ftpPath, ...(s.ssl ? { ssl: { ...s.ssl, ftpPath: s.ftpPath } } : {}) }),
    create(ctx, svc, p) {
      const name = fullName(svc.name, p.name);
      if (name === svc.name) throw fault(ErrorCode.INVALID_PARAMETER, `Invalid parameter: name: ${name} is the service's own domain, not a subdomain`);
      if (svc.subdomain.some((s) => s.name === name)) taken("Subdomain", name, svc);
      const sub: SubdomainRecord = { entityID: newEntityId(ctx.world, svc), name, ftpPath: p.ftpPath };
      const ssl = sslOf(p);
      if (ssl) sub.ssl = ssl;
      return sub;
    },
    update(_svc, e, p) {
      e.ftpPath = p.ftpPath;
      const ssl = sslOf(p);
      if (ssl) e.ssl = ssl;
    },
  },
  redirect: {
    label: (e) => `Redirect of ${e.origin}`,
    key: (e) => e.origin,
    create(ctx, svc, p) {
      const origin = fullName(svc.name, p.origin);
      if (svc.redirect.some((r) => r.origin === origin)) taken("Redirect of", origin, svc);
      noSelfRedirect(origin, p.destination);
      return { entityID: newEntityId(ctx.world, svc), origin, destination: p.destination, type: p.type };
    },
    update: (_svc, e, p) => {
      noSelfRedirect(e.origin, p.destination);
      Object.assign(e, { destination: p.destination, type: p.type });
    },
  },
  mail: {
    label: (e) => `Mailbox ${e.name}`,
    key: (e) => e.name,
    view: (m: MailRecord, svc) => ({ entityID: m.entityID, name: m.name, password: PASSWORD_MASK, usage: m.usage, quotaMax: productOf(svc).mailboxQuota }),
    create(ctx, svc, p) {
      const name = mailAddress(svc, p.name);
      if (addressInUse(svc, name)) taken("Address", name, svc);
      return { entityID: newEntityId(ctx.world, svc), name, password: p.password, usage: 0 };
    },
    update(_svc, e, p) {
      e.password = p.password;
    },
  },
  mailalias: {
    label: (e) => `Mail alias ${e.name}`,
    key: (e) => e.name,
    create(ctx, svc, p) {
      const name = mailAddress(svc, p.name);
      if (addressInUse(svc, name)) taken("Address", name, svc);
      noSelfAlias(name, p.target);
      return { entityID: newEntityId(ctx.world, svc), name, target: p.target };
    },
    update(_svc, e, p) {
      noSelfAlias(e.name, p.target);
      e.target = p.target;
    },
  },
  dns: {
    label: (r) => `DNS record ${r.name} ${r.type}`,
    key: (r) => r.name,
    matches: (r, p) => (!p.filterType || r.type === p.filterType) && (!p.filterValue || r.value.toLowerCase().includes(p.filterValue.toLowerCase())),
    view: dnsItem,
    create: (ctx, svc, p) => makeRecord(ctx.world, svc, svc.dns, p),
    update: (svc, r, p) => updateRecord(svc, r, p),
    deleted: (entityID) => `DNS record ${entityID} deleted.`,
  },
};

type ListParams = { serviceName: string; filter?: string; page: number; pageLength: number };
type RefParams = { serviceName: string; entityID: string };
type FamilyOps = `${Family}${Verb}`;

/** The five handlers of family `f`: list, getinfo and delete the same for all, create and update from its definition. */
function handlersOfFamily<F extends Family>(f: F, d: FamilyDef<F>): Pick<ModuleHandlers<"service">, `${F}${Verb}`> {
  const entities = (svc: ServiceRecord) => svc[f] as Entity<F>[];
  const view = (svc: ServiceRecord, e: Entity<F>) => (d.view ? d.view(e, svc) : e);
  const handlers = {
    [`${f}list`]: (ctx: HandlerContext, p: ListParams) => {
      const svc = getService(ctx.account, p.serviceName);
      const filter = p.filter?.toLowerCase();
      const found = entities(svc).filter((e) => (!filter || d.key(e).toLowerCase().includes(filter)) && (!d.matches || d.matches(e, p as Params<F, "list">)));
      const { queryInfo, items } = paginate(found, p.page, p.pageLength);
      return { queryInfo, [f]: items.map((e) => view(svc, e)) };
    },
    [`${f}getinfo`]: (ctx: HandlerContext, p: RefParams) => {
      const svc = getService(ctx.account, p.serviceName);
      return { [f]: [view(svc, findEntity(svc, f, p.entityID) as Entity<F>)] };
    },
    [`${f}create`]: (ctx: HandlerContext, p: Params<F, "create"> & { serviceName: string }) => {
      const svc = getService(ctx.account, p.serviceName);
      checkQuota(svc, f);
      const e = d.create(ctx, svc, p);
      entities(svc).push(e);
      ctx.messages.push(`${d.label(e)} created.`);
      return { [f]: [view(svc, e)] };
    },
    [`${f}update`]: (ctx: HandlerContext, p: Params<F, "update"> & RefParams) => {
      const svc = getService(ctx.account, p.serviceName);
      const e = findEntity(svc, f, p.entityID) as Entity<F>;
      d.update(svc, e, p);
      ctx.messages.push(`${d.label(e)} updated.`);
      return { [f]: [view(svc, e)] };
    },
    [`${f}delete`]: (ctx: HandlerContext, p: RefParams) => {
      removeEntity(getService(ctx.account, p.serviceName), f, p.entityID);
      ctx.messages.push(d.deleted ? d.deleted(p.entityID) : `${f} entity ${p.entityID} deleted.`);
      return {};
    },
  };
  return handlers as unknown as Pick<ModuleHandlers<"service">, `${F}${Verb}`>;
}

/** The 35 handlers of the seven families. */
export const familyHandlers = Object.assign(
  {},
  ...(Object.keys(FAMILIES) as Family[]).map((f) => handlersOfFamily(f, FAMILIES[f] as FamilyDef<typeof f>)),
) as Pick<ModuleHandlers<"service">, FamilyOps>;

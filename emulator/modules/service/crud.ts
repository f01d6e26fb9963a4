/**
 * CRUD handlers of ftp, ddbb, subdomain, redirect, mail and mailalias (spec "service module",
 * "Service sub-resources"). Items are answered in an array named after the family, even for one.
 *
 * Choices where the spec is silent:
 * - ftp and ddbb passwords are answered as stored (spec "Authentication" 5: reads return FTP and
 *   database passwords to the account); mailbox passwords are always masked (spec).
 * - `filter` on these lists is a case-insensitive substring of the name (of the origin for
 *   redirects, spec: "the redirect list filter is by subdomain").
 * - Names are unique per service (4004): FTP users, subdomains, redirect origins, and addresses
 *   across mailboxes and aliases. Subdomain names and redirect origins are full host names ("blog"
 *   and "blog.example.com" are the same); mail names are full addresses under the service's domain.
 * - Databases are named by the service (spec): db<service id>_<n>, user = name.
 * - subdomainupdate without sslCert keeps the installed certificate. Redirects have no quota.
 */
import { PASSWORD_MASK } from "../../../sdk/catalogue/service";
import type { ModuleHandlers } from "../../core/context";
import { fault } from "../../core/errors";
import { paginate } from "../../core/paging";
import { fullName } from "./dnszone";
import { type Family, type MailRecord, type ServiceRecord, type SubdomainRecord, checkQuota, findEntity, getService, newEntityId, productOf, removeEntity } from "./model";
import { ErrorCode } from "../../../sdk/core/error-codes";

function listOf<T>(items: T[], key: (t: T) => string, p: { filter?: string; page: number; pageLength: number }) {
  const f = p.filter?.toLowerCase();
  return paginate(f ? items.filter((i) => key(i).toLowerCase().includes(f)) : items, p.page, p.pageLength);
}

function taken(what: string, name: string, svc: ServiceRecord): never {
  throw fault(ErrorCode.ENTITY_CREATE_ERROR, `${what} ${name} already exists in service ${svc.name}`);
}

function mailAddress(svc: ServiceRecord, name: string): string {
  const [local, domain] = name.split("@");
  if (domain !== undefined && domain !== svc.name) throw fault(ErrorCode.INVALID_PARAMETER, `Invalid parameter: name: ${name} is not under the service's domain ${svc.name}`);
  return `${local}@${svc.name}`;
}

function addressInUse(svc: ServiceRecord, address: string): boolean {
  return svc.mail.some((m) => m.name === address) || svc.mailalias.some((a) => a.name === address);
}

const subdomainItem = (s: SubdomainRecord) => ({ entityID: s.entityID, name: s.name, ftpPath: s.ftpPath, ...(s.ssl ? { ssl: { ...s.ssl, ftpPath: s.ftpPath } } : {}) });
const mailItem = (svc: ServiceRecord) => (m: MailRecord) => ({ entityID: m.entityID, name: m.name, password: PASSWORD_MASK, usage: m.usage, quotaMax: productOf(svc).mailboxQuota });

function sslOf(p: { sslCert?: string; sslKey?: string; sslCertChain?: string; sslPath?: string }) {
  return p.sslCert && p.sslKey && p.sslCertChain && p.sslPath ? { sslCert: p.sslCert, sslKey: p.sslKey, sslCertChain: p.sslCertChain, sslPath: p.sslPath } : undefined;
}

function deleted(svc: ServiceRecord, family: Family, entityID: string, messages: string[]): Record<string, never> {
  removeEntity(svc, family, entityID);
  messages.push(`${family} entity ${entityID} deleted.`);
  return {};
}

type CrudOps = `${"ftp" | "ddbb" | "subdomain" | "redirect" | "mail" | "mailalias"}${"list" | "getinfo" | "create" | "update" | "delete"}`;

export const crudHandlers: Pick<ModuleHandlers<"service">, CrudOps> = {
  ftplist: (ctx, p) => {
    const { queryInfo, items } = listOf(getService(ctx.account, p.serviceName).ftp, (f) => f.name, p);
    return { queryInfo, ftp: items };
  },
  ftpgetinfo: (ctx, p) => ({ ftp: [findEntity(getService(ctx.account, p.serviceName), "ftp", p.entityID)] }),
  ftpcreate(ctx, p) {
    const svc = getService(ctx.account, p.serviceName);
    checkQuota(svc, "ftp");
    if (svc.ftp.some((f) => f.name === p.name)) taken("FTP account", p.name, svc);
    const ftp = { entityID: newEntityId(ctx.world, svc), name: p.name, ftpPath: p.ftpPath, password: p.password };
    svc.ftp.push(ftp);
    ctx.messages.push(`FTP account ${ftp.name} created.`);
    return { ftp: [ftp] };
  },
  ftpupdate(ctx, p) {
    const ftp = findEntity(getService(ctx.account, p.serviceName), "ftp", p.entityID);
    Object.assign(ftp, { ftpPath: p.ftpPath, password: p.password });
    ctx.messages.push(`FTP account ${ftp.name} updated.`);
    return { ftp: [ftp] };
  },
  ftpdelete: (ctx, p) => deleted(getService(ctx.account, p.serviceName), "ftp", p.entityID, ctx.messages),

  ddbblist: (ctx, p) => {
    const { queryInfo, items } = listOf(getService(ctx.account, p.serviceName).ddbb, (d) => d.name, p);
    return { queryInfo, ddbb: items };
  },
  ddbbgetinfo: (ctx, p) => ({ ddbb: [findEntity(getService(ctx.account, p.serviceName), "ddbb", p.entityID)] }),
  ddbbcreate(ctx, p) {
    const svc = getService(ctx.account, p.serviceName);
    checkQuota(svc, "ddbb");
    const entityID = newEntityId(ctx.world, svc);
    const name = `db${svc.id}_${entityID.split("-")[1]}`;
    const db = { entityID, name, user: name, password: p.password, externalAccess: p.externalAccess };
    svc.ddbb.push(db);
    ctx.messages.push(`Database ${name} created.`);
    return { ddbb: [db] };
  },
  ddbbupdate(ctx, p) {
    const db = findEntity(getService(ctx.account, p.serviceName), "ddbb", p.entityID);
    Object.assign(db, { password: p.password, externalAccess: p.externalAccess });
    ctx.messages.push(`Database ${db.name} updated.`);
    return { ddbb: [db] };
  },
  ddbbdelete: (ctx, p) => deleted(getService(ctx.account, p.serviceName), "ddbb", p.entityID, ctx.messages),

  subdomainlist: (ctx, p) => {
    const { queryInfo, items } = listOf(getService(ctx.account, p.serviceName).subdomain, (s) => s.name, p);
    return { queryInfo, subdomain: items.map(subdomainItem) };
  },
  subdomaingetinfo: (ctx, p) => ({ subdomain: [subdomainItem(findEntity(getService(ctx.account, p.serviceName), "subdomain", p.entityID))] }),
  subdomaincreate(ctx, p) {
    const svc = getService(ctx.account, p.serviceName);
    checkQuota(svc, "subdomain");
    const name = fullName(svc.name, p.name);
    if (name === svc.name) throw fault(ErrorCode.INVALID_PARAMETER, `Invalid parameter: name: ${name} is the service's own domain, not a subdomain`);
    if (svc.subdomain.some((s) => s.name === name)) taken("Subdomain", name, svc);
    const sub: SubdomainRecord = { entityID: newEntityId(ctx.world, svc), name, ftpPath: p.ftpPath };
    const ssl = sslOf(p);
    if (ssl) sub.ssl = ssl;
    svc.subdomain.push(sub);
    ctx.messages.push(`Subdomain ${name} created.`);
    return { subdomain: [subdomainItem(sub)] };
  },
  subdomainupdate(ctx, p) {
    const sub = findEntity(getService(ctx.account, p.serviceName), "subdomain", p.entityID);
    sub.ftpPath = p.ftpPath;
    const ssl = sslOf(p);
    if (ssl) sub.ssl = ssl;
    ctx.messages.push(`Subdomain ${sub.name} updated.`);
    return { subdomain: [subdomainItem(sub)] };
  },
  subdomaindelete: (ctx, p) => deleted(getService(ctx.account, p.serviceName), "subdomain", p.entityID, ctx.messages),

  redirectlist: (ctx, p) => {
    const { queryInfo, items } = listOf(getService(ctx.account, p.serviceName).redirect, (r) => r.origin, p);
    return { queryInfo, redirect: items };
  },
  redirectgetinfo: (ctx, p) => ({ redirect: [findEntity(getService(ctx.account, p.serviceName), "redirect", p.entityID)] }),
  redirectcreate(ctx, p) {
    const svc = getService(ctx.account, p.serviceName);
    const origin = fullName(svc.name, p.origin);
    if (svc.redirect.some((r) => r.origin === origin)) taken("Redirect of", origin, svc);
    const redirect = { entityID: newEntityId(ctx.world, svc), origin, destination: p.destination, type: p.type };
    svc.redirect.push(redirect);
    ctx.messages.push(`Redirect of ${origin} created.`);
    return { redirect: [redirect] };
  },
  redirectupdate(ctx, p) {
    const redirect = findEntity(getService(ctx.account, p.serviceName), "redirect", p.entityID);
    Object.assign(redirect, { destination: p.destination, type: p.type });
    ctx.messages.push(`Redirect of ${redirect.origin} updated.`);
    return { redirect: [redirect] };
  },
  redirectdelete: (ctx, p) => deleted(getService(ctx.account, p.serviceName), "redirect", p.entityID, ctx.messages),

  maillist: (ctx, p) => {
    const svc = getService(ctx.account, p.serviceName);
    const { queryInfo, items } = listOf(svc.mail, (m) => m.name, p);
    return { queryInfo, mail: items.map(mailItem(svc)) };
  },
  mailgetinfo(ctx, p) {
    const svc = getService(ctx.account, p.serviceName);
    return { mail: [mailItem(svc)(findEntity(svc, "mail", p.entityID))] };
  },
  mailcreate(ctx, p) {
    const svc = getService(ctx.account, p.serviceName);
    checkQuota(svc, "mail");
    const name = mailAddress(svc, p.name);
    if (addressInUse(svc, name)) taken("Address", name, svc);
    const mail: MailRecord = { entityID: newEntityId(ctx.world, svc), name, password: p.password, usage: 0 };
    svc.mail.push(mail);
    ctx.messages.push(`Mailbox ${name} created.`);
    return { mail: [mailItem(svc)(mail)] };
  },
  mailupdate(ctx, p) {
    const svc = getService(ctx.account, p.serviceName);
    const mail = findEntity(svc, "mail", p.entityID);
    mail.password = p.password;
    ctx.messages.push(`Mailbox ${mail.name} updated.`);
    return { mail: [mailItem(svc)(mail)] };
  },
  maildelete: (ctx, p) => deleted(getService(ctx.account, p.serviceName), "mail", p.entityID, ctx.messages),

  mailaliaslist: (ctx, p) => {
    const { queryInfo, items } = listOf(getService(ctx.account, p.serviceName).mailalias, (a) => a.name, p);
    return { queryInfo, mailalias: items };
  },
  mailaliasgetinfo: (ctx, p) => ({ mailalias: [findEntity(getService(ctx.account, p.serviceName), "mailalias", p.entityID)] }),
  mailaliascreate(ctx, p) {
    const svc = getService(ctx.account, p.serviceName);
    checkQuota(svc, "mailalias");
    const name = mailAddress(svc, p.name);
    if (addressInUse(svc, name)) taken("Address", name, svc);
    const alias = { entityID: newEntityId(ctx.world, svc), name, target: p.target };
    svc.mailalias.push(alias);
    ctx.messages.push(`Mail alias ${name} created.`);
    return { mailalias: [alias] };
  },
  mailaliasupdate(ctx, p) {
    const alias = findEntity(getService(ctx.account, p.serviceName), "mailalias", p.entityID);
    alias.target = p.target;
    ctx.messages.push(`Mail alias ${alias.name} updated.`);
    return { mailalias: [alias] };
  },
  mailaliasdelete: (ctx, p) => deleted(getService(ctx.account, p.serviceName), "mailalias", p.entityID, ctx.messages),
};

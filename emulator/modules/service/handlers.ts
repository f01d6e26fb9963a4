/**
 * service module handlers (spec "service module", "Hosting service"): the named operations here,
 * the CRUD families in families.ts, the zone-wide DNS operations in dns.ts.
 *
 * Choices where the spec is silent:
 * - A domain name has at most one hosting service in the whole emulator: a second create answers
 *   4007 (the name is a service's only key: every service operation names it by serviceName, spec
 *   "service module"). The domain does not have to be registered in the account.
 * - renew is allowed at any time except while the service is being set up (init: 4009); it extends
 *   tsExpir by period years, status renewed and then active (delays.renewSec). A repeated renew is
 *   renewed and charged again, also while status is renewed: the spec's renew takes no current
 *   date (unlike domain/renew) and documents no refusal.
 * - upgrade goes only to a product later in the upgrade order (emulator/data/products.ts) that can
 *   hold the service's current entities; otherwise 4008. It charges the difference of the yearly
 *   prices once (no pro-rating) and keeps tsExpir. So a repeated upgrade (to the product it has
 *   now) is refused; under this pricing it would cost 0 anyway.
 * - phpversion on a product without web space (redir, mail plans): 4005. An unknown version: 105.
 * - webconstructorlogin needs a web product (10001 otherwise) and a site that exists: the service's
 *   domain, www.<domain> or one of its subdomains (4002 otherwise).
 */
import { charge } from "../../core/billing";
import { addYears } from "../../core/clock";
import type { ModuleHandlers } from "../../core/context";
import { fault } from "../../core/errors";
import { paginate } from "../../core/paging";
import { DEFAULT_PHP_VERSION, EMULATOR_PLATFORM_HOST as HOST, PHP_VERSIONS, type ProductKey, getProduct, productRank } from "../../data/products";
import { zoneHandlers } from "./dns";
import { defaultRecords, fullName } from "./dnszone";
import { familyHandlers } from "./families";
import { type ServiceRecord, type UsageCounter, getService, isRenewable, serviceKey, newServiceRecord, productOf, serviceSummary, setPending } from "./model";
import { ErrorCode } from "../../../sdk/core/error-codes";

function phpInfo(svc: ServiceRecord) {
  const web = productOf(svc).web;
  return { enabled: web, version: web ? svc.phpVersion : "", name: web ? `PHP ${svc.phpVersion}` : "", available: web ? [...PHP_VERSIONS] : [] };
}

function resources(svc: ServiceRecord) {
  const q = productOf(svc).quotas;
  const r = (value: number, max: number, unit = "") => ({ value, max, unit });
  // No real files or traffic drive byte and file usage: 0 unless the control API set it (service/usage).
  const used = (k: UsageCounter) => svc.usage?.[k] ?? 0;
  return {
    ftpusage: r(used("ftpusage"), q.ftpusage, "bytes"),
    ftpfiles: r(used("ftpfiles"), q.ftpfiles, "files"),
    webtraffic: r(used("webtraffic"), q.webtraffic, "bytes"),
    ftp: r(svc.ftp.length, q.ftp),
    ddbb: r(svc.ddbb.length, q.ddbb),
    ddbbusage: r(used("ddbbusage"), q.ddbbusage, "bytes"),
    subdomain: r(svc.subdomain.length, q.subdomain),
    email: r(svc.mail.length, q.email),
    emailalias: r(svc.mailalias.length, q.emailalias),
  };
}

function serverInfo(svc: ServiceRecord) {
  return {
    ftpServer: `ftp.${HOST}`,
    ftpAbsolutePath: `/var/www/vhosts/${svc.name}/`,
    ftpWebServer: `web.${HOST}`,
    smtpServer: `smtp.${HOST}`,
    pop3Server: `pop3.${HOST}`,
    imapServer: `imap.${HOST}`,
    webmail: `https://webmail.${HOST}/`,
    ddbbServer: `mysql.${HOST}`,
    PHPMyAdmin: `https://phpmyadmin.${HOST}/`,
  };
}

/** Why the entities of a service do not fit a product, or undefined. */
function overQuota(svc: ServiceRecord, key: ProductKey): string | undefined {
  const q = getProduct(key)!.quotas;
  const counts = { ftp: svc.ftp.length, ddbb: svc.ddbb.length, subdomain: svc.subdomain.length, email: svc.mail.length, emailalias: svc.mailalias.length };
  const over = Object.entries(counts).filter(([k, n]) => n > q[k as keyof typeof counts]);
  return over.length ? over.map(([k, n]) => `${k} ${n} > ${q[k as keyof typeof counts]}`).join(", ") : undefined;
}

const named: Omit<ModuleHandlers<"service">, keyof typeof familyHandlers | keyof typeof zoneHandlers> = {
  list(ctx, p) {
    const now = ctx.clock.nowMs();
    const tld = p.tld?.toLowerCase().replace(/^\./, "");
    const word = p.word?.toLowerCase();
    const found = Object.values(ctx.account.services)
      .filter((s) => (!p.name || s.name === p.name) && (!word || s.name.includes(word)) && (!tld || s.name.endsWith(`.${tld}`)))
      .filter((s) => (p.renewable === undefined || isRenewable(s, now) === p.renewable) && (!p.status || s.status === p.status))
      .sort((a, b) => a.name.localeCompare(b.name));
    const { queryInfo, items } = paginate(found, p.page, p.pageLength);
    return { queryInfo, services: items.map(serviceSummary) };
  },
  getinfo(ctx, p) {
    const svc = getService(ctx.account, p.serviceName);
    const base = serviceSummary(svc);
    switch (p.infoType) {
      case "status":
        return { ...base, tsCreate: svc.tsCreate, renewable: isRenewable(svc, ctx.clock.nowMs()), renewalMode: svc.renewalMode };
      case "resources":
        return { ...base, resources: resources(svc) };
      case "serverinfo":
        return { ...base, serverinfo: serverInfo(svc) };
      case "php":
        return { ...base, php: phpInfo(svc) };
      case "logerror":
        // No web server runs behind the emulator: empty unless the control API set it (service/usage).
        return { ...base, logError: svc.logError ?? "" };
    }
  },
  create(ctx, p) {
    const name = serviceKey(p.serviceName);
    for (const account of Object.values(ctx.world.accounts)) {
      if (account.services[name])
        throw fault(
          ErrorCode.SERVICE_CREATE_ERROR,
          `${name} already has a hosting service${account === ctx.account ? " in this account" : ""}; renew or upgrade it instead`,
        );
    }
    const product = getProduct(p.productkey)!;
    const billing = charge(ctx.account, product.price * p.period, `${product.type} for ${name}, ${p.period} year(s)`);
    const svc = newServiceRecord(ctx.world, name, product.key, p.period, ctx.clock, DEFAULT_PHP_VERSION);
    svc.dns = defaultRecords(ctx.world, svc);
    setPending(svc, "init", ctx.clock.delays.serviceInitSec, ctx.clock);
    ctx.account.services[name] = svc;
    ctx.messages.push(`Service ${name} (${product.type}) created.`);
    return { billing, services: [serviceSummary(svc)] };
  },
  renew(ctx, p) {
    const svc = getService(ctx.account, p.serviceName);
    if (svc.status === "init") throw fault(ErrorCode.SERVICE_RENEW_ERROR, `Service ${svc.name} is still being set up; renew it once it is active`);
    const product = productOf(svc);
    const billing = charge(ctx.account, product.price * p.period, `renewal of ${svc.name}, ${p.period} year(s)`);
    svc.tsExpir = addYears(svc.tsExpir, p.period);
    setPending(svc, "renewed", ctx.clock.delays.renewSec, ctx.clock);
    ctx.messages.push(`Service ${svc.name} renewed until ${svc.tsExpir}.`);
    return { billing, services: [serviceSummary(svc)] };
  },
  upgrade(ctx, p) {
    const svc = getService(ctx.account, p.serviceName);
    const from = productOf(svc);
    const to = getProduct(p.productkey)!;
    if (productRank(to.key) <= productRank(from.key)) {
      throw fault(
        ErrorCode.SERVICE_UPGRADE_ERROR,
        `Upgrade refused: ${to.key} is not above the current product ${from.key}; an upgrade must go to a higher product`,
      );
    }
    const over = overQuota(svc, to.key);
    if (over) throw fault(ErrorCode.SERVICE_UPGRADE_ERROR, `Upgrade refused: ${to.key} cannot hold the service's current entities (${over})`);
    const billing = charge(ctx.account, to.price - from.price, `upgrade of ${svc.name} from ${from.key} to ${to.key}`);
    svc.productkey = to.key;
    ctx.messages.push(`Service ${svc.name} upgraded to ${to.type}.`);
    return { billing, services: [serviceSummary(svc)] };
  },
  update(ctx, p) {
    const svc = getService(ctx.account, p.serviceName);
    if (p.updateType === "renewalMode") {
      svc.renewalMode = p.renewalMode!;
      ctx.messages.push(`Renewal mode of ${svc.name} set to ${svc.renewalMode}.`);
      return serviceSummary(svc);
    }
    if (!productOf(svc).web)
      throw fault(ErrorCode.ENTITY_UPDATE_ERROR, `Service ${svc.name} (${svc.productkey}) has no web space, so no PHP version to change`);
    const version = p.phpversion!;
    if (!(PHP_VERSIONS as readonly string[]).includes(version)) {
      throw fault(ErrorCode.INVALID_PARAMETER, `Invalid parameter: phpversion: ${version} is not available; choose one of ${PHP_VERSIONS.join(", ")}`);
    }
    svc.phpVersion = version;
    ctx.messages.push(`PHP version of ${svc.name} set to ${version}.`);
    return { ...serviceSummary(svc), php: phpInfo(svc) };
  },
  parkinggetinfo: (ctx, p) => ({ parking: { enabled: getService(ctx.account, p.serviceName).parking } }),
  parkingupdate(ctx, p) {
    const svc = getService(ctx.account, p.serviceName);
    svc.parking = p.enabled;
    ctx.messages.push(`Parking of ${svc.name} ${p.enabled ? "enabled" : "disabled"}.`);
    return { parking: { enabled: svc.parking } };
  },
  webconstructorlogin(ctx, p) {
    const svc = getService(ctx.account, p.serviceName);
    if (!productOf(svc).web) throw fault(ErrorCode.WEBCONSTRUCTOR_ERROR, `Service ${svc.name} (${svc.productkey}) has no web space for the web constructor`);
    const site = fullName(svc.name, p.subdomain);
    if (site !== svc.name && site !== `www.${svc.name}` && !svc.subdomain.some((s) => s.name === site)) {
      throw fault(ErrorCode.ENTITY_NOT_FOUND, `Subdomain ${site} not found in service ${svc.name}: create it with subdomaincreate first`);
    }
    const q = new URLSearchParams({ site, lang: p.loginlang, token: ctx.random.bytes(16).toString("hex") });
    return { webconstructor: { loginURL: `https://webconstructor.${HOST}/login?${q}` } };
  },
};

export const handlers: ModuleHandlers<"service"> = { ...named, ...familyHandlers, ...zoneHandlers };

/**
 * Hosting services and their sub-resources (spec "Hosting service", "Service sub-resources"): the
 * records kept in AccountState.services, the lookups every handler starts with, and the status
 * machine (spec "States and transitions": create -> active, renew -> renewed -> active).
 */
import type { SERVICE_STATUSES } from "../../../sdk/catalogue/service";
import { type DnsType, unicodeOrSelf } from "../../../sdk/rules";
import { type Clock, addYears, ymd } from "../../core/clock";
import { charge } from "../../core/billing";
import { ApiFault, fault } from "../../core/errors";
import { type AccountState, type World, nextId, registerAccountSlice } from "../../core/state";
import { type Product, type ProductKey, getProduct } from "../../data/products";
import { ErrorCode } from "../../../sdk/core/error-codes";

export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

/** The byte and file counters of infoType=resources, which no real file or traffic drives here. */
export const USAGE_COUNTERS = ["ftpusage", "ftpfiles", "webtraffic", "ddbbusage"] as const;
export type UsageCounter = (typeof USAGE_COUNTERS)[number];

export interface FtpRecord {
  entityID: string;
  name: string;
  ftpPath: string;
  password: string;
}
export interface DdbbRecord {
  entityID: string;
  name: string;
  user: string;
  password: string;
  externalAccess: boolean;
}
export interface SslData {
  sslPath: string;
  sslCert: string;
  sslKey: string;
  sslCertChain: string;
}
export interface SubdomainRecord {
  entityID: string;
  /** Full host name (blog.example.com). */
  name: string;
  ftpPath: string;
  ssl?: SslData;
}
export interface RedirectRecord {
  entityID: string;
  /** Full host name. */
  origin: string;
  destination: string;
  type: "301" | "302" | "frame";
}
export interface MailRecord {
  entityID: string;
  /** Full address (info@example.com). */
  name: string;
  /** Kept to emulate a mailbox; never answered (spec: "returned masked"). */
  password: string;
  usage: number;
}
export interface MailAliasRecord {
  entityID: string;
  name: string;
  target: string[];
}
/**
 * A stored DNS record. Not the sdk's ListedRecord (sdk/rules): it has no serviceName (the service
 * holds its zone) and names under an IDN zone end in the zone's Unicode form (dnszone.ts fullName);
 * dnsItem turns it into the API's all-text item.
 */
export interface ZoneRecord {
  entityID: string;
  /** Full host name, lower case, no final dot. */
  name: string;
  type: DnsType;
  /** Absent = default (answered "-"). */
  ttl?: number;
  /** Absent = default (answered "-"); kept only for MX and SRV. */
  priority?: number;
  value: string;
}

export interface ServiceRecord {
  /** Numeric part of the entity ids (SRV<id>-<n>). */
  id: number;
  /** Domain name of the service, lower case. */
  name: string;
  productkey: ProductKey;
  status: ServiceStatus;
  tsCreate: string;
  tsExpir: string;
  renewalMode: "autorenew" | "manual";
  phpVersion: string;
  parking: boolean;
  /** When a pending status (init, renewed) turns active (clock ms). */
  pendingUntilMs?: number;
  /** Automatic renewals made at expiry so far (renewalMode autorenew). */
  autoRenewals?: number;
  /** Usage counters set through the control API (service/usage); absent = 0. */
  usage?: Partial<Record<UsageCounter, number>>;
  /** The web server's error log set through the control API (service/usage logError); absent = empty. */
  logError?: string;
  ftp: FtpRecord[];
  ddbb: DdbbRecord[];
  subdomain: SubdomainRecord[];
  redirect: RedirectRecord[];
  mail: MailRecord[];
  mailalias: MailAliasRecord[];
  dns: ZoneRecord[];
}

declare module "../../core/state" {
  interface AccountState {
    /** Keyed by service name. */
    services: Record<string, ServiceRecord>;
  }
}
registerAccountSlice("services", () => ({}));

/**
 * Services are keyed by their name in lower-case Unicode (the spec's names are Unicode); the
 * punycode spelling of an IDN name finds the same service.
 */
export function serviceKey(name: string): string {
  return unicodeOrSelf(name);
}

export type Family = "ftp" | "ddbb" | "subdomain" | "redirect" | "mail" | "mailalias" | "dns";

export function getService(account: AccountState, name: string): ServiceRecord {
  const svc = account.services[serviceKey(name)];
  if (!svc) throw fault(ErrorCode.SERVICE_NOT_FOUND, `Service ${name} not found in this account: service/list shows the account's services`);
  return svc;
}

export function productOf(svc: ServiceRecord): Product {
  const p = getProduct(svc.productkey);
  if (!p) throw new Error(`emulator bug: service ${svc.name} has unknown product ${svc.productkey}`);
  return p;
}

export function newEntityId(world: World, svc: ServiceRecord): string {
  return `SRV${svc.id}-${nextId(world, "entity", 10000)}`;
}

export function findEntity<F extends Family>(svc: ServiceRecord, family: F, entityID: string): ServiceRecord[F][number] {
  const list = svc[family] as ServiceRecord[F][number][];
  const found = list.find((e) => e.entityID === entityID);
  if (!found) throw fault(ErrorCode.ENTITY_NOT_FOUND, `${family} entity ${entityID} not found in service ${svc.name}: ${family}list shows its entities`);
  return found;
}

export function removeEntity(svc: ServiceRecord, family: Family, entityID: string): void {
  findEntity(svc, family, entityID);
  (svc as unknown as Record<Family, { entityID: string }[]>)[family] = svc[family].filter((e) => e.entityID !== entityID);
}

/** Resource counted by a family's quota (spec "Hosting service" resources). */
const QUOTA_OF: Partial<Record<Family, "ftp" | "ddbb" | "subdomain" | "email" | "emailalias">> = {
  ftp: "ftp",
  ddbb: "ddbb",
  subdomain: "subdomain",
  mail: "email",
  mailalias: "emailalias",
};

/** 4003 when one more entity of the family would exceed the product's quota (facts.md). */
export function checkQuota(svc: ServiceRecord, family: Family): void {
  const resource = QUOTA_OF[family];
  if (!resource) return;
  const product = productOf(svc);
  const max = product.quotas[resource];
  if (svc[family].length >= max) {
    throw fault(
      ErrorCode.ENTITY_QUOTA_REACHED,
      `${resource} quota reached: product ${product.key} allows ${max}, service ${svc.name} has ${svc[family].length}; delete one or upgrade the service`,
    );
  }
}

/** Renewal period (spec silent): the last 90 days before tsExpir. */
export function isRenewable(svc: ServiceRecord, nowMs: number): boolean {
  const days = (Date.parse(`${svc.tsExpir}T00:00:00Z`) - nowMs) / 86_400_000;
  return (svc.status === "active" || svc.status === "renewable") && days <= 90;
}

/** {name, type, productkey, status, tsExpir}: services arrays and domain/getinfo infoType=service. */
export function serviceSummary(svc: ServiceRecord): { name: string; type: string; productkey: string; status: string; tsExpir: string } {
  return { name: svc.name, type: productOf(svc).type, productkey: svc.productkey, status: svc.status, tsExpir: svc.tsExpir };
}

/** Sets a status that turns active after `seconds` (0 = at once, as the spec's create example shows). */
export function setPending(svc: ServiceRecord, status: "init" | "renewed", seconds: number, clock: Clock): void {
  if (seconds <= 0 && status === "init") {
    svc.status = "active";
    delete svc.pendingUntilMs;
    return;
  }
  svc.status = status;
  svc.pendingUntilMs = clock.nowMs() + seconds * 1000;
}

export function newServiceRecord(world: World, name: string, productkey: ProductKey, period: number, clock: Clock, phpVersion: string): ServiceRecord {
  const today = ymd(clock.now());
  return {
    id: nextId(world, "service", 100000),
    name,
    productkey,
    status: "init",
    tsCreate: today,
    tsExpir: addYears(today, period),
    // Spec silent on the default renewal mode: autorenew, as for domains at most registrars.
    renewalMode: "autorenew",
    phpVersion,
    parking: false,
    ftp: [],
    ddbb: [],
    subdomain: [],
    redirect: [],
    mail: [],
    mailalias: [],
    dns: [],
  };
}

/** Bounded: years of automatic renewals in one clock move. */
const MAX_AUTORENEWALS = 100;

/**
 * One automatic renewal at expiry: a year at the product's price, charged to the balance (emulator
 * choices, spec silent: the renewal service/renew would make with period 1, no "renewed" step);
 * false when the balance does not allow it (nothing charged).
 */
function autorenew(account: AccountState, svc: ServiceRecord): boolean {
  try {
    charge(account, productOf(svc).price, `automatic renewal of ${svc.name}, 1 year`);
  } catch (err) {
    if (!(err instanceof ApiFault)) throw err;
    return false;
  }
  svc.tsExpir = addYears(svc.tsExpir, 1);
  svc.autoRenewals = (svc.autoRenewals ?? 0) + 1;
  return true;
}

/**
 * Time-driven transitions: init/renewed -> active once the delay passed. The day after tsExpir an
 * active service with renewalMode autorenew renews itself for a year, charged (again for each year
 * a large clock move passes); a manual one, or one the balance cannot pay, becomes inactive (spec
 * silent on expiry).
 */
export function serviceTicker(world: World, nowMs: number): void {
  const today = ymd(nowMs);
  for (const account of Object.values(world.accounts)) {
    for (const svc of Object.values(account.services)) {
      if ((svc.status === "init" || svc.status === "renewed") && (svc.pendingUntilMs ?? 0) <= nowMs) {
        svc.status = "active";
        delete svc.pendingUntilMs;
      }
      if ((svc.status === "active" || svc.status === "renewable") && svc.tsExpir < today) {
        for (let i = 0; i < MAX_AUTORENEWALS && svc.renewalMode === "autorenew" && svc.tsExpir < today && autorenew(account, svc); i++);
        if (svc.tsExpir < today) svc.status = "inactive";
      }
    }
  }
}

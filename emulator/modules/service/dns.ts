/** service/dns* handlers: the dns family and the zone-wide operations (spec "service module"). */
import { decodeZoneData } from "../../../sdk/catalogue/service";
import type { ModuleHandlers } from "../../core/context";
import { fault } from "../../core/errors";
import { paginate } from "../../core/paging";
import { defaultRecords, dnsItem, makeRecord, updateRecord, zoneFromData } from "./dnszone";
import { findEntity, getService, removeEntity } from "./model";
import { ErrorCode } from "../../../sdk/core/error-codes";

type DnsOps = "dnslist" | "dnsgetinfo" | "dnscreate" | "dnsupdate" | "dnsdelete" | "dnsrestore" | "dnsdeleteall" | "dnssetzone";

export const dnsHandlers: Pick<ModuleHandlers<"service">, DnsOps> = {
  dnslist(ctx, p) {
    const svc = getService(ctx.account, p.serviceName);
    // facts.md: `filter` is a substring of the full host name (certbot: filter=_acme-challenge);
    // filterValue (spec silent) is a substring of the value; both case-insensitive.
    const filter = p.filter?.toLowerCase();
    const filterValue = p.filterValue?.toLowerCase();
    const found = svc.dns.filter(
      (r) => (!filter || r.name.includes(filter)) && (!p.filterType || r.type === p.filterType) && (!filterValue || r.value.toLowerCase().includes(filterValue)),
    );
    const { queryInfo, items } = paginate(found, p.page, p.pageLength);
    return { queryInfo, dns: items.map(dnsItem) };
  },
  dnsgetinfo(ctx, p) {
    const svc = getService(ctx.account, p.serviceName);
    return { dns: [dnsItem(findEntity(svc, "dns", p.entityID))] };
  },
  dnscreate(ctx, p) {
    const svc = getService(ctx.account, p.serviceName);
    const r = makeRecord(ctx.world, svc, svc.dns, p);
    svc.dns.push(r);
    ctx.messages.push(`DNS record ${r.name} ${r.type} created.`);
    return { dns: [dnsItem(r)] };
  },
  dnsupdate(ctx, p) {
    const svc = getService(ctx.account, p.serviceName);
    const r = findEntity(svc, "dns", p.entityID);
    updateRecord(svc, r, p);
    ctx.messages.push(`DNS record ${r.name} ${r.type} updated.`);
    return { dns: [dnsItem(r)] };
  },
  dnsdelete(ctx, p) {
    const svc = getService(ctx.account, p.serviceName);
    removeEntity(svc, "dns", p.entityID);
    ctx.messages.push(`DNS record ${p.entityID} deleted.`);
    return {};
  },
  dnsrestore(ctx, p) {
    const svc = getService(ctx.account, p.serviceName);
    svc.dns = defaultRecords(ctx.world, svc);
    ctx.messages.push(`DNS zone ${svc.name} restored to its default records.`);
    return {};
  },
  dnsdeleteall(ctx, p) {
    const svc = getService(ctx.account, p.serviceName);
    svc.dns = [];
    ctx.messages.push(`All DNS records of ${svc.name} deleted.`);
    return {};
  },
  dnssetzone(ctx, p) {
    const svc = getService(ctx.account, p.serviceName);
    const entries = decodeZoneData(p.dnsZoneData);
    if (!entries) throw fault(ErrorCode.INVALID_PARAMETER, "Invalid parameter: dnsZoneData must be base64 of a JSON array");
    svc.dns = zoneFromData(ctx.world, svc, entries);
    ctx.messages.push(`DNS zone ${svc.name} replaced with ${svc.dns.length} records.`);
    return {};
  },
};

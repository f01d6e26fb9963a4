/** service/dns* zone-wide operations (spec "service module"); the dns family itself is in families.ts. */
import { decodeZoneData } from "../../../sdk/catalogue/service";
import type { ModuleHandlers } from "../../core/context";
import { fault } from "../../core/errors";
import { defaultRecords, zoneFromData } from "./dnszone";
import { getService } from "./model";
import { ErrorCode } from "../../../sdk/core/error-codes";

type ZoneOps = "dnsrestore" | "dnsdeleteall" | "dnssetzone";

export const zoneHandlers: Pick<ModuleHandlers<"service">, ZoneOps> = {
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

/** The DnsZone resource class users write in programs. */
import type { ArgsOf } from "../../core/fields";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { dnsZoneDescriptor } from "./descriptor";
import type { DnsRecordArgs } from "../dns-record/resource";
import type { dnsZoneFields, dnsZoneIgnoreFields, dnsZoneOutputs, DnsZoneState } from "./schema";

/** One record of the zone: DnsRecord's inputs without serviceName, with the same rules. */
export type DnsZoneRecordArgs = Omit<DnsRecordArgs, "serviceName" | "adopt">;

/** Records another system owns: every part given must match; globs take `*` (any text) and `?` (one character). */
export type DnsZoneIgnoreRule = ArgsOf<typeof dnsZoneIgnoreFields>;

/** The program's inputs, derived from the fields (schema.ts), each with its doc. */
export type DnsZoneArgs = ArgsOf<typeof dnsZoneFields>;

/**
 * The records of one hosted DNS zone as one resource: created, updated and deleted record by record
 * (service/dnscreate, dnsupdate, dnsdelete) or, for large changes, with one service/dnssetzone that
 * keeps every record the resource does not manage. The id is the serviceName.
 */
export class DnsZone extends resourceClass<DnsZoneArgs, DnsZoneState, typeof dnsZoneOutputs>(dnsZoneDescriptor, crud) {}

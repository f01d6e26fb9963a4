/** The DnsRecord resource class users write in programs. */
import type { ArgsOf } from "../../core/fields";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { dnsRecordDescriptor } from "./descriptor";
import type { dnsRecordFields, dnsRecordOutputs, DnsRecordState } from "./schema";

/** The program's inputs, derived from the fields (schema.ts), each with its doc. */
export type DnsRecordArgs = ArgsOf<typeof dnsRecordFields>;

/**
 * One record of a hosted DNS zone (service/dnscreate). value, ttl and priority change in place;
 * serviceName, name and type replace; destroy deletes it (service/dnsdelete). The id is
 * `<serviceName>/<entityID>`. The same record in two DnsRecords, or a name and type a DnsZone
 * manages too, is refused at preview (provider/dns/dns-claims.ts).
 */
export class DnsRecord extends resourceClass<DnsRecordArgs, DnsRecordState, typeof dnsRecordOutputs>(dnsRecordDescriptor, crud) {}

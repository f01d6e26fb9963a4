/** The DnsRecord resource class users write in programs. */
import type * as pulumi from "@pulumi/pulumi";
import { claimsOf } from "../../dns/dns-claims";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { dnsRecordDefinition } from "./definition";
import { dnsRecordInputs, dnsRecordOutputs, type DnsRecordState } from "./schema";

export interface DnsRecordArgs {
  /** The zone: the name of the hosting or redirect service that holds it, e.g. "example.com". */
  serviceName: pulumi.Input<string>;
  /** "@" for the apex, a name relative to the zone ("www", "*.dev") or a full one ("www.example.com."). */
  name: pulumi.Input<string>;
  /** A, AAAA, CNAME, MX, SRV, TXT, NS or CAA. */
  type: pulumi.Input<import("../../../sdk/rules").DnsType>;
  /** IPv4 (A), IPv6 (AAAA), host name (CNAME, MX, NS), "weight port target" (SRV), text (TXT), `flag tag "value"` (CAA). */
  value: pulumi.Input<string>;
  /** Seconds (60 to 604800); absent or "-" = the zone's default. */
  ttl?: pulumi.Input<number | "-">;
  /** MX and SRV only (0 to 65535, default 10; "-" = the default). */
  priority?: pulumi.Input<number | "-">;
  /** Take over an identical record (same name, type and value) that already exists instead of failing. */
  adopt?: pulumi.Input<boolean>;
}

/**
 * One record of a hosted DNS zone (service/dnscreate). value, ttl and priority change in place;
 * serviceName, name and type replace; destroy deletes it (service/dnsdelete).
 * The id is `<serviceName>/<entityID>`. The same record in two DnsRecords, or a name and type a
 * DnsZone manages too, is refused at preview (provider/dns/dns-claims.ts).
 */
export class DnsRecord extends resourceClass<DnsRecordArgs, DnsRecordState>("DnsRecord", crud, {
  inputs: dnsRecordInputs,
  outputs: dnsRecordOutputs,
  claims: claimsOf(dnsRecordDefinition.dnsClaims!),
}) {}

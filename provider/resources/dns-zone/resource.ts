/** The DnsZone resource class users write in programs. */
import type * as pulumi from "@pulumi/pulumi";
import { claimsOf } from "../../dns/dns-claims";
import { resourceClass } from "../../core/resource-class";
import type { DnsRecordArgs } from "../dns-record/resource";
import * as crud from "./crud";
import { dnsZoneDefinition } from "./definition";
import { dnsZoneInputs, dnsZoneOutputs, type DnsZoneState } from "./schema";

/** One record of the zone: DnsRecord's inputs without serviceName, with the same rules. */
export type DnsZoneRecordArgs = Omit<DnsRecordArgs, "serviceName" | "adopt">;

/** Records another system owns: every part given must match; globs take `*` (any text) and `?` (one character). */
export interface DnsZoneIgnoreRule {
  /** Full ("_acme-challenge.example.com") or relative ("_acme-challenge*", "@") name, or a glob of either. */
  name?: pulumi.Input<string>;
  /** A type or a list of types. */
  type?: pulumi.Input<string | string[]>;
  /** The value, or a glob of it (case-insensitive). */
  value?: pulumi.Input<string>;
}

export interface DnsZoneArgs {
  /** The zone: the name of the hosting or redirect service that holds it, e.g. "example.com". */
  serviceName: pulumi.Input<string>;
  /** Every record the zone should hold (besides ignored and, with purge false, unmanaged ones). */
  records: pulumi.Input<pulumi.Input<DnsZoneRecordArgs>[]>;
  /** Records never changed, deleted or reported as drift (e.g. `{ name: "_acme-challenge*", type: "TXT" }`). */
  ignore?: pulumi.Input<pulumi.Input<DnsZoneIgnoreRule>[]>;
  /** Delete live records that are neither declared nor ignored (default true); false leaves them alone. */
  purge?: pulumi.Input<boolean>;
  /** Largest share of a zone of 10 records or more that one plan may delete or update (default 0.3). */
  maxChangeRatio?: pulumi.Input<number>;
  /** Allow creating, updating or deleting the NS records at the apex (default false). */
  allowApexNsChanges?: pulumi.Input<boolean>;
  /** "auto" (default): service/dnssetzone when cheaper than per-record calls; "never": per-record calls only. */
  bulk?: pulumi.Input<"auto" | "never">;
}

/**
 * The records of one hosted DNS zone as one resource: created, updated and deleted record by record
 * (service/dnscreate, dnsupdate, dnsdelete) or, for large changes, with one service/dnssetzone that
 * keeps every record the resource does not manage. The id is the serviceName.
 */
export class DnsZone extends resourceClass<DnsZoneArgs, DnsZoneState>("DnsZone", crud, {
  inputs: dnsZoneInputs,
  outputs: dnsZoneOutputs,
  // A name and type that another DnsZone or a DnsRecord also manages is refused at preview (definition.ts dnsClaims).
  claims: claimsOf(dnsZoneDefinition.dnsClaims!),
}) {}

/** DnsZone: what the package exports of it (provider/index.ts): its class and args types, and its descriptor. */
export { DnsZone, type DnsZoneArgs, type DnsZoneIgnoreRule, type DnsZoneRecordArgs } from "./resource";
export { dnsZoneDescriptor } from "./descriptor";

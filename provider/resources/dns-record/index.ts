/** DnsRecord: what the package exports of it (provider/index.ts): its class and args types, and its descriptor. */
export { DnsRecord, type DnsRecordArgs } from "./resource";
export { dnsRecordDescriptor } from "./descriptor";

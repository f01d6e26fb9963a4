/**
 * pulumi-dondominio: Pulumi resources for the DonDominio API (dynamic providers).
 *
 *   import { Contact, Domain, HostingService, checkDomain } from "pulumi-dondominio";
 *
 * Each resource's provider is the module dist/provider/resources/<resource>/crud.js, serialized by
 * reference (provider/README.md explains why those paths never move).
 */
export { Contact, type ContactArgs } from "./resources/contact/resource";
export { Domain, type DomainArgs, type ContactInput, type InlineContact } from "./resources/domain/resource";
export { HostingService, type HostingServiceArgs } from "./resources/hosting-service/resource";
export { DnsRecord, type DnsRecordArgs } from "./resources/dns-record/resource";
export { checkDomain, checkDomainOutput, type CheckDomainArgs, type CheckDomainResult } from "./functions/check-domain";

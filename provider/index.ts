/**
 * pulumi-dondominio: Pulumi resources for the DonDominio API (dynamic providers).
 *
 *   import { Contact, Domain, HostingService, checkDomain } from "pulumi-dondominio";
 *
 * The resources come from provider/registry.ts (one line per resource). Each resource's provider is the module dist/provider/resources/<resource>/crud.js, serialized by
 * reference (provider/README.md explains why those paths never move).
 */
export * from "./registry";
export { checkDomain, checkDomainOutput, type CheckDomainArgs, type CheckDomainResult } from "./functions/check-domain";

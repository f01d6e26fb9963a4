/**
 * pulumi-dondominio: Pulumi resources for the DonDominio API (dynamic providers).
 *
 *   import { Contact, Domain, HostingService, checkDomain, getDomains } from "pulumi-dondominio";
 *
 * One line per resource (its folder's index.ts: class, args types, descriptor); provider/registry.ts
 * lists the descriptors. Each resource's provider is the module dist/provider/resources/<resource>/crud.js, serialized by
 * reference (provider/README.md explains why those paths never move).
 */
export * from "./resources/contact";
export * from "./resources/domain";
export * from "./resources/hosting-service";
export * from "./resources/dns-record";
export * from "./resources/dns-zone";
export * from "./resources/glue-record";
export * from "./resources/dnssec-key";
export * from "./resources/ssl-certificate";
export * from "./resources/ssl-certificate-validation";
export * from "./resources/acme-certificate";
export * from "./resources/ftp-account";
export * from "./resources/database";
export * from "./resources/subdomain";
export * from "./resources/mail-box";
export * from "./resources/mail-alias";
export * from "./resources/redirect";
export { descriptorOf, RESOURCES } from "./registry";
// One line per read function (its folder's index.ts: the Promise form, the Output form, the argument and result types, the descriptor); provider/function-registry.ts lists the descriptors.
export * from "./functions/check-domain";
export * from "./functions/get-account";
export * from "./functions/get-tld-prices";
export * from "./functions/get-domain";
export * from "./functions/get-domains";
export * from "./functions/get-contact";
export * from "./functions/get-contacts";
export * from "./functions/get-hosting-service";
export * from "./functions/get-hosting-services";
export * from "./functions/get-dns-records";
export * from "./functions/get-mail-boxes";
export * from "./functions/get-ssl-certificate";
export * from "./functions/get-ssl-products";
export { FUNCTIONS, functionOf } from "./function-registry";

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
export { DnsZone, type DnsZoneArgs, type DnsZoneIgnoreRule, type DnsZoneRecordArgs } from "./resources/dns-zone/resource";
export { GlueRecord, type GlueRecordArgs } from "./resources/glue-record/resource";
export { DnssecKey, type DnssecKeyArgs } from "./resources/dnssec-key/resource";
export { SslCertificate, type SslCertificateArgs } from "./resources/ssl-certificate/resource";
export { SslCertificateValidation, type SslCertificateValidationArgs } from "./resources/ssl-certificate-validation/resource";
export { AcmeCertificate, type AcmeCertificateArgs } from "./resources/acme-certificate/resource";
export { LETS_ENCRYPT, LETS_ENCRYPT_STAGING } from "./resources/acme-certificate/schema";
export { FtpAccount, type FtpAccountArgs } from "./resources/ftp-account/resource";
export { Database, type DatabaseArgs } from "./resources/database/resource";
export { Subdomain, type SubdomainArgs, type SubdomainSslArgs } from "./resources/subdomain/resource";
export { MailBox, type MailBoxArgs } from "./resources/mail-box/resource";
export { MailAlias, type MailAliasArgs } from "./resources/mail-alias/resource";
export { Redirect, type RedirectArgs } from "./resources/redirect/resource";
export { checkDomain, checkDomainOutput, type CheckDomainArgs, type CheckDomainResult } from "./functions/check-domain";

/**
 * Every resource of the package, once: each folder's index.ts exports its class, its args types and
 * its descriptor (provider/core/descriptor.ts). The package index re-exports this module; the
 * export's reads, the docs generator and the tests' per-resource tables loop over RESOURCES. A new
 * resource is its folder plus its line in each of the two lists below (provider/README.md).
 */
import type { ResourceDescriptor } from "./core/descriptor";
import { acmeCertificateDescriptor } from "./resources/acme-certificate";
import { contactDescriptor } from "./resources/contact";
import { domainDescriptor } from "./resources/domain";
import { hostingServiceDescriptor } from "./resources/hosting-service";
import { dnsRecordDescriptor } from "./resources/dns-record";
import { dnsZoneDescriptor } from "./resources/dns-zone";
import { glueRecordDescriptor } from "./resources/glue-record";
import { dnssecKeyDescriptor } from "./resources/dnssec-key";
import { sslCertificateDescriptor } from "./resources/ssl-certificate";
import { sslCertificateValidationDescriptor } from "./resources/ssl-certificate-validation";
import { ftpAccountDescriptor } from "./resources/ftp-account";
import { databaseDescriptor } from "./resources/database";
import { subdomainDescriptor } from "./resources/subdomain";
import { mailBoxDescriptor } from "./resources/mail-box";
import { mailAliasDescriptor } from "./resources/mail-alias";
import { redirectDescriptor } from "./resources/redirect";

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

/** The resources, in the order the docs and the export list them (the README's resource table). */
export const RESOURCES: readonly ResourceDescriptor[] = [
  contactDescriptor,
  domainDescriptor,
  hostingServiceDescriptor,
  dnsRecordDescriptor,
  dnsZoneDescriptor,
  mailBoxDescriptor,
  mailAliasDescriptor,
  redirectDescriptor,
  ftpAccountDescriptor,
  databaseDescriptor,
  subdomainDescriptor,
  glueRecordDescriptor,
  dnssecKeyDescriptor,
  sslCertificateDescriptor,
  sslCertificateValidationDescriptor,
  acmeCertificateDescriptor,
];

/** The descriptor of a type name ("DnsZone"), or undefined. */
export const descriptorOf = (type: string): ResourceDescriptor | undefined => RESOURCES.find((d) => d.type === type);

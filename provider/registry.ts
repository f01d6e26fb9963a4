/**
 * Every resource of the package, once, as its descriptor (provider/core/descriptor.ts): the export's
 * reads, the review, the docs generator and the tests' per-resource tables loop over RESOURCES.
 * Loading it loads no class (no @pulumi/pulumi: the export and review commands run without it);
 * the package index (index.ts) exports the classes. A new resource is its folder, its line here
 * and its line in index.ts (provider/README.md).
 */
import type { ResourceDescriptor } from "./core/descriptor";
import { acmeCertificateDescriptor } from "./resources/acme-certificate/descriptor";
import { contactDescriptor } from "./resources/contact/descriptor";
import { domainDescriptor } from "./resources/domain/descriptor";
import { hostingServiceDescriptor } from "./resources/hosting-service/descriptor";
import { dnsRecordDescriptor } from "./resources/dns-record/descriptor";
import { dnsZoneDescriptor } from "./resources/dns-zone/descriptor";
import { glueRecordDescriptor } from "./resources/glue-record/descriptor";
import { dnssecKeyDescriptor } from "./resources/dnssec-key/descriptor";
import { sslCertificateDescriptor } from "./resources/ssl-certificate/descriptor";
import { sslCertificateValidationDescriptor } from "./resources/ssl-certificate-validation/descriptor";
import { ftpAccountDescriptor } from "./resources/ftp-account/descriptor";
import { databaseDescriptor } from "./resources/database/descriptor";
import { subdomainDescriptor } from "./resources/subdomain/descriptor";
import { mailBoxDescriptor } from "./resources/mail-box/descriptor";
import { mailAliasDescriptor } from "./resources/mail-alias/descriptor";
import { redirectDescriptor } from "./resources/redirect/descriptor";

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

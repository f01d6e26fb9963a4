/**
 * Every read function of the package, once, as its descriptor (provider/core/function.ts): the
 * plugin's Invoke, schema.json and the SDKs, the README's function sections and the tests' function
 * table loop over FUNCTIONS. Loading it loads no @pulumi/pulumi (the plugin archive and the docs
 * load it without); the package index (index.ts) exports each function's TypeScript forms. A new
 * function is its folder (provider/functions/<kebab-name>/), its line here and its line in index.ts
 * (provider/README.md).
 */
import type { FunctionDescriptor } from "./core/function";
import { checkDomainDescriptor } from "./functions/check-domain/descriptor";
import { getAccountDescriptor } from "./functions/get-account/descriptor";
import { getContactDescriptor } from "./functions/get-contact/descriptor";
import { getContactsDescriptor } from "./functions/get-contacts/descriptor";
import { getDnsRecordsDescriptor } from "./functions/get-dns-records/descriptor";
import { getDomainDescriptor } from "./functions/get-domain/descriptor";
import { getDomainsDescriptor } from "./functions/get-domains/descriptor";
import { getHostingServiceDescriptor } from "./functions/get-hosting-service/descriptor";
import { getHostingServicesDescriptor } from "./functions/get-hosting-services/descriptor";
import { getMailBoxesDescriptor } from "./functions/get-mail-boxes/descriptor";
import { getSslCertificateDescriptor } from "./functions/get-ssl-certificate/descriptor";
import { getSslProductsDescriptor } from "./functions/get-ssl-products/descriptor";
import { getTldPricesDescriptor } from "./functions/get-tld-prices/descriptor";

/** The functions, in the order the docs list them. */
export const FUNCTIONS: readonly FunctionDescriptor<any, any>[] = [
  checkDomainDescriptor,
  getAccountDescriptor,
  getTldPricesDescriptor,
  getDomainDescriptor,
  getDomainsDescriptor,
  getContactDescriptor,
  getContactsDescriptor,
  getHostingServiceDescriptor,
  getHostingServicesDescriptor,
  getDnsRecordsDescriptor,
  getMailBoxesDescriptor,
  getSslCertificateDescriptor,
  getSslProductsDescriptor,
];

/** The descriptor of a function name ("getDomain"), or undefined. */
export const functionOf = (name: string): FunctionDescriptor<any, any> | undefined => FUNCTIONS.find((d) => d.name === name);

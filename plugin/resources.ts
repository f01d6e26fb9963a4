/**
 * The resources the plugin serves: each resource's one ResourceDefinition (the same the dynamic
 * resources run) and its schema pieces (inputs, outputs, secret fields). The token of each is
 * `dondominio:index:<type>`.
 *
 * TODO(issue 20): this list is a stand-in; issue 20's registry of resource descriptors replaces it,
 * so that a resource is added in one place for both the dynamic resources and the plugin.
 */
import { type z, ZodObject, ZodPipe } from "zod";
import type { ResourceDefinition } from "../provider/core/frame";
import type { OutputShape } from "../provider/core/resource-class";
import { contactDefinition } from "../provider/resources/contact/definition";
import { contactInputs, contactOutputs } from "../provider/resources/contact/schema";
import { databaseDefinition } from "../provider/resources/database/definition";
import { DATABASE_SECRETS, databaseInputs, databaseOutputs } from "../provider/resources/database/schema";
import { dnsRecordDefinition } from "../provider/resources/dns-record/definition";
import { dnsRecordInputs, dnsRecordOutputs } from "../provider/resources/dns-record/schema";
import { dnsZoneDefinition } from "../provider/resources/dns-zone/definition";
import { dnsZoneInputs, dnsZoneOutputs } from "../provider/resources/dns-zone/schema";
import { dnssecKeyDefinition } from "../provider/resources/dnssec-key/definition";
import { dnssecKeyInputs, dnssecKeyOutputs } from "../provider/resources/dnssec-key/schema";
import { domainDefinition } from "../provider/resources/domain/definition";
import { DOMAIN_SECRETS, domainInputs, domainOutputs } from "../provider/resources/domain/schema";
import { ftpAccountDefinition } from "../provider/resources/ftp-account/definition";
import { FTP_SECRETS, ftpAccountInputs, ftpAccountOutputs } from "../provider/resources/ftp-account/schema";
import { glueRecordDefinition } from "../provider/resources/glue-record/definition";
import { glueRecordInputs, glueRecordOutputs } from "../provider/resources/glue-record/schema";
import { hostingDefinition } from "../provider/resources/hosting-service/definition";
import { hostingInputs, hostingOutputs } from "../provider/resources/hosting-service/schema";
import { mailAliasDefinition } from "../provider/resources/mail-alias/definition";
import { mailAliasInputs, mailAliasOutputs } from "../provider/resources/mail-alias/schema";
import { mailBoxDefinition } from "../provider/resources/mail-box/definition";
import { MAILBOX_SECRET_INPUTS, MAILBOX_SECRET_OUTPUTS, mailBoxInputs, mailBoxOutputs } from "../provider/resources/mail-box/schema";
import { redirectDefinition } from "../provider/resources/redirect/definition";
import { redirectInputs, redirectOutputs } from "../provider/resources/redirect/schema";
import { sslDefinition } from "../provider/resources/ssl-certificate/definition";
import { SSL_SECRETS, sslInputs, sslOutputs } from "../provider/resources/ssl-certificate/schema";
import { validationDefinition } from "../provider/resources/ssl-certificate-validation/definition";
import { validationInputs, validationOutputs } from "../provider/resources/ssl-certificate-validation/schema";
import { subdomainDefinition } from "../provider/resources/subdomain/definition";
import { SUBDOMAIN_SECRETS, subdomainInputs, subdomainOutputs } from "../provider/resources/subdomain/schema";

type AnyDefinition = ResourceDefinition<any, any>;

export interface ServedResource {
  readonly def: AnyDefinition;
  /** The normalising inputs schema (its object, under the transforms, names the inputs). */
  readonly inputs: z.ZodType;
  /** The outputs the state adds to the inputs. */
  readonly outputs: OutputShape;
  /** Inputs that are secret even when the program gives plain text. */
  readonly secretInputs: readonly string[];
  /** Outputs always returned as secrets. */
  readonly secretOutputs: readonly string[];
}

const served = (
  def: AnyDefinition,
  inputs: z.ZodType,
  outputs: OutputShape,
  secretInputs: readonly string[] = [],
  secretOutputs = secretInputs,
): ServedResource => ({
  def,
  inputs,
  outputs,
  secretInputs,
  secretOutputs,
});

export const RESOURCES: readonly ServedResource[] = [
  served(contactDefinition, contactInputs, contactOutputs),
  served(domainDefinition, domainInputs, domainOutputs, DOMAIN_SECRETS),
  served(hostingDefinition, hostingInputs, hostingOutputs),
  served(dnsRecordDefinition, dnsRecordInputs, dnsRecordOutputs),
  served(dnsZoneDefinition, dnsZoneInputs, dnsZoneOutputs),
  served(glueRecordDefinition, glueRecordInputs, glueRecordOutputs),
  served(dnssecKeyDefinition, dnssecKeyInputs, dnssecKeyOutputs),
  served(sslDefinition, sslInputs, sslOutputs, SSL_SECRETS),
  served(validationDefinition, validationInputs, validationOutputs),
  served(ftpAccountDefinition, ftpAccountInputs, ftpAccountOutputs, FTP_SECRETS),
  served(databaseDefinition, databaseInputs, databaseOutputs, DATABASE_SECRETS),
  served(subdomainDefinition, subdomainInputs, subdomainOutputs, SUBDOMAIN_SECRETS),
  served(mailBoxDefinition, mailBoxInputs, mailBoxOutputs, MAILBOX_SECRET_INPUTS, MAILBOX_SECRET_OUTPUTS),
  served(mailAliasDefinition, mailAliasInputs, mailAliasOutputs),
  served(redirectDefinition, redirectInputs, redirectOutputs),
];

export const PACKAGE = "dondominio";
export const tokenOf = (r: ServedResource): string => `${PACKAGE}:index:${r.def.type}`;

const byToken = new Map(RESOURCES.map((r) => [tokenOf(r), r]));

/** The served resource of a type token (the URN's type), or an error naming it. */
export function resourceOf(token: string): ServedResource {
  const r = byToken.get(token);
  if (!r) throw new Error(`unknown resource type ${token} (this plugin serves ${[...byToken.keys()].join(", ")})`);
  return r;
}

/** Input names: the keys of the inputs' object, under its transforms (pipes). */
export function inputNames(r: ServedResource): string[] {
  let s: z.ZodType = r.inputs;
  while (s instanceof ZodPipe) s = s.in as z.ZodType;
  if (!(s instanceof ZodObject)) throw new Error(`${r.def.type}: the inputs schema must be an object, possibly transformed`);
  return Object.keys(s.shape);
}

/** The Subdomain resource class users write in programs. */
import type * as pulumi from "@pulumi/pulumi";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { SUBDOMAIN_SECRETS, subdomainInputs, subdomainOutputs, type SubdomainState } from "./schema";

export interface SubdomainSslArgs {
  /** PEM certificate for the subdomain. */
  sslCert: string;
  /** PEM private key of sslCert. Secret. */
  sslKey: string;
  /** PEM intermediate certificate(s). */
  sslCertChain: string;
  /** Path of the certificate files in the hosting space, starting with "/". */
  sslPath: string;
}

export interface SubdomainArgs {
  /** The hosting service's name, e.g. "example.com". Changing it replaces. */
  serviceName: pulumi.Input<string>;
  /** "blog" or "blog.example.com" (stored as the full host name, IDN in punycode). Changing it replaces. */
  name: pulumi.Input<string>;
  /** Document root inside the hosting space, starting with "/". Changes in place. */
  ftpPath: pulumi.Input<string>;
  /** A certificate to install (changes in place; the whole object is stored as a secret). Left out (or resolving to undefined, e.g. until a certificate is issued): not managed. */
  ssl?: pulumi.Input<SubdomainSslArgs | undefined>;
  /** Take over a subdomain of the same name that already exists instead of failing. */
  adopt?: pulumi.Input<boolean>;
}

/**
 * A subdomain of a hosting service (service/subdomaincreate). ftpPath and ssl change in place;
 * serviceName and name replace; destroy deletes it (service/subdomaindelete). Id:
 * `<serviceName>/<entityID>`.
 */
export class Subdomain extends resourceClass<SubdomainArgs, SubdomainState>("Subdomain", crud, {
  inputs: subdomainInputs,
  outputs: subdomainOutputs,
  secretInputs: SUBDOMAIN_SECRETS,
  secretOutputs: SUBDOMAIN_SECRETS,
}) {}

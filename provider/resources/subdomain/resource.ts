/** The Subdomain resource class users write in programs. */
import * as pulumi from "@pulumi/pulumi";
import { dynamicArgs } from "../../core/resource-args";
import * as crud from "./crud";
import { SUBDOMAIN_SECRETS } from "./schema";

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
  /** A certificate to install (changes in place; the whole object is stored as a secret). Left out: not managed. */
  ssl?: pulumi.Input<SubdomainSslArgs>;
  /** Take over a subdomain of the same name that already exists instead of failing. */
  adopt?: pulumi.Input<boolean>;
}

/**
 * A subdomain of a hosting service (service/subdomaincreate). ftpPath and ssl change in place;
 * serviceName and name replace; destroy deletes it (service/subdomaindelete). Id:
 * `<serviceName>/<entityID>`.
 */
export class Subdomain extends pulumi.dynamic.Resource {
  declare readonly serviceName: pulumi.Output<string>;
  /** Full host name, lower case, IDN labels in punycode. */
  declare readonly name: pulumi.Output<string>;
  declare readonly ftpPath: pulumi.Output<string>;
  /** The installed certificate while managed; always a secret. */
  declare readonly ssl: pulumi.Output<SubdomainSslArgs | undefined>;
  /** A certificate is installed (managed or not). */
  declare readonly sslInstalled: pulumi.Output<boolean>;
  /** The API's entityID. */
  declare readonly entityId: pulumi.Output<string>;

  constructor(name: string, args: SubdomainArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      crud,
      name,
      dynamicArgs(args, ["entityId", "sslInstalled", "ssl"], opts, SUBDOMAIN_SECRETS),
      { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), ...SUBDOMAIN_SECRETS] },
      "dondominio",
      "Subdomain",
    );
  }
}

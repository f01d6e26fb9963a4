/** The SslCertificate resource class users write in programs. */
import * as pulumi from "@pulumi/pulumi";
import { dynamicArgs } from "../../core/resource-args";
import type { InlineContact } from "../domain/resource";
import * as crud from "./crud";

export interface SslCertificateArgs {
  /** ssl/productlist's productID. Changing it orders a new certificate. */
  productId: pulumi.Input<number>;
  /** The CSR (PEM). Give csr or subject. A new CSR with the same common name reissues in place. */
  csr?: pulumi.Input<string>;
  /** Subject fields: the provider generates the key and CSR with ssl/csrcreate (key output as privateKey, secret). */
  subject?: pulumi.Input<{
    commonName: pulumi.Input<string>;
    organizationName: pulumi.Input<string>;
    organizationalUnitName: pulumi.Input<string>;
    countryName: pulumi.Input<string>;
    stateOrProvinceName: pulumi.Input<string>;
    localityName: pulumi.Input<string>;
    emailAddress: pulumi.Input<string>;
  }>;
  /** Optional: must equal the CSR's common name. Changing it orders a new certificate. */
  commonName?: pulumi.Input<string>;
  /** The CSR's private key (PEM, stored encrypted), sent as keyData so the API can build PFX files. */
  privateKey?: pulumi.Input<string>;
  /** Years (default the product's minimum). */
  period?: pulumi.Input<number>;
  /** Multi-domain products: names besides the common name. Adding one is in place (ssl/multidomainaddsan, paid); removing one orders a new certificate. */
  alternativeNames?: pulumi.Input<pulumi.Input<string>[]>;
  /** dns (default), http, https or an approver e-mail address. */
  validationMethod?: pulumi.Input<import("../../../sdk/catalogue/ssl-fields").ValidationMethod>;
  /** The admin contact: a contact id (e.g. `contact.contactId`) or inline data. */
  adminContact: pulumi.Input<string> | InlineContact;
  /** "submitted" (default with dns validation) or "issued" (default otherwise): what create waits for. */
  waitFor?: pulumi.Input<import("./schema").SslInputs["waitFor"]>;
  /** Renew (ssl/renew, paid) on the next up once the certificate is renewable. */
  autoRenew?: pulumi.Input<boolean>;
}

const OUTPUTS = [
  "certificateId",
  "status",
  "renewable",
  "tsCreate",
  "tsExpir",
  "tsSubscriptionEnds",
  "commonName",
  "csr",
  "privateKey",
  "alternativeNames",
  "validations",
  "validationRecords",
  "certificate",
  "certificateChain",
  "pendingOrder",
];

/**
 * An SSL certificate order (ssl/create, paid). The id is the API's certificateID. Destroy only
 * forgets it: the API has no certificate delete.
 */
export class SslCertificate extends pulumi.dynamic.Resource {
  declare readonly certificateId: pulumi.Output<number>;
  /** process, valid, expired, renew, reissue, cancel. */
  declare readonly status: pulumi.Output<string>;
  declare readonly renewable: pulumi.Output<boolean>;
  declare readonly tsCreate: pulumi.Output<string | undefined>;
  declare readonly tsExpir: pulumi.Output<string | undefined>;
  declare readonly tsSubscriptionEnds: pulumi.Output<string | undefined>;
  declare readonly commonName: pulumi.Output<string>;
  declare readonly csr: pulumi.Output<string>;
  /** Secret. */
  declare readonly privateKey: pulumi.Output<string | undefined>;
  declare readonly alternativeNames: pulumi.Output<string[]>;
  declare readonly validations: pulumi.Output<
    { domainName: string; method: string; validated: boolean; recordName?: string; recordType?: string; recordValue?: string; fileUrl?: string; fileContents?: string; approverEmail?: string }[]
  >;
  /** The DNS records the CA asks for (dns validation), common name first: feed them to DnsRecord resources. */
  declare readonly validationRecords: pulumi.Output<{ name: string; type: string; value: string }[]>;
  /** PEM, once issued. */
  declare readonly certificate: pulumi.Output<string | undefined>;
  declare readonly certificateChain: pulumi.Output<string[] | undefined>;
  /** A paid order sent but not confirmed (its reply was lost); the next `pulumi up` looks again before ordering anything. */
  declare readonly pendingOrder: pulumi.Output<{ operation: string; sentAt: string; reason: string; decideAfter: string } | undefined>;

  constructor(name: string, args: SslCertificateArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      crud,
      name,
      dynamicArgs(args, OUTPUTS, opts, ["privateKey"]),
      { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), "privateKey"] },
      "dondominio",
      "SslCertificate",
    );
  }
}

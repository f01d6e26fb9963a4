/** The SslCertificate resource class users write in programs. */
import type * as pulumi from "@pulumi/pulumi";
import { resourceClass } from "../../core/resource-class";
import type { InlineContact } from "../domain/resource";
import * as crud from "./crud";
import { SSL_SECRETS, sslInputs, sslOutputs, type SslState } from "./schema";

export interface SslCertificateArgs {
  /**
   * Adopt: the certificate with this id (ssl/list's certificateID) is taken as it is, with no order
   * and no write; productId, commonName (and alternativeNames, csr, privateKey when given) must match it.
   */
  certificateId?: pulumi.Input<number>;
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
  /** The admin contact: a contact id (e.g. `contact.contactId`) or inline data. Required to order; not needed with certificateId. */
  adminContact?: pulumi.Input<string> | InlineContact;
  /**
   * What create waits for: "submitted" (default with dns validation: later ups look again until
   * issued), "issued" (default otherwise), or "validation" (as submitted, but an
   * SslCertificateValidation waits for the issue, so later plans do not look again).
   */
  waitFor?: pulumi.Input<import("./schema").SslInputs["waitFor"]>;
  /** Renew (ssl/renew, paid) on the next up once the certificate is renewable. */
  autoRenew?: pulumi.Input<boolean>;
}

/**
 * An SSL certificate order (ssl/create, paid). The id is the API's certificateID. Destroy only
 * forgets it: the API has no certificate delete.
 */
export class SslCertificate extends resourceClass<SslCertificateArgs, SslState>("SslCertificate", crud, {
  inputs: sslInputs,
  outputs: sslOutputs,
  secretInputs: SSL_SECRETS,
  secretOutputs: SSL_SECRETS,
}) {}

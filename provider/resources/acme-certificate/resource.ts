/** The AcmeCertificate resource class users write in programs. */
import type * as pulumi from "@pulumi/pulumi";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { ACME_SECRET_INPUTS, ACME_SECRET_OUTPUTS, type AcmeState, acmeInputs, acmeOutputs } from "./schema";

export interface AcmeCertificateArgs {
  /** The certificate's names (the first is its subject), in zones the account hosts; wildcards as `*.example.com`. */
  names: pulumi.Input<pulumi.Input<string>[]>;
  /** ACME directory (default Let's Encrypt production; `LETS_ENCRYPT_STAGING` or any CA's URL). */
  directoryUrl?: pulumi.Input<string>;
  /** PEM of an extra CA to trust for the directory's TLS (a private or test CA). */
  directoryCaCert?: pulumi.Input<string>;
  email?: pulumi.Input<string>;
  /** External account binding for CAs that need it (ZeroSSL, Google Trust Services); the HMAC key is a secret. */
  eabKid?: pulumi.Input<string>;
  eabHmacKey?: pulumi.Input<string>;
  /** Renew when it expires within this many days (default 30): the plan shows an update. */
  renewBeforeDays?: pulumi.Input<number>;
  /** Revoke at destroy (default false). */
  revokeOnDestroy?: pulumi.Input<boolean>;
  /** ip[:port] of servers to check publication with, instead of the zones' nameservers. */
  dnsServers?: pulumi.Input<pulumi.Input<string>[]>;
  /** How long to wait for the TXT records to be published (default 300 s; 0 = do not wait). */
  propagationTimeoutSeconds?: pulumi.Input<number>;
}

/**
 * A free certificate from an ACME CA (Let's Encrypt by default) for names in the account's zones,
 * wildcards included, validated by DNS-01 through the account's DNS: the TXT records are created,
 * awaited on the zones' nameservers, and removed. Outputs the certificate, its chain and expiry;
 * the private key and the ACME account key are secrets. Renews in place within `renewBeforeDays`.
 */
export class AcmeCertificate extends resourceClass<AcmeCertificateArgs, AcmeState>("AcmeCertificate", crud, {
  inputs: acmeInputs,
  outputs: acmeOutputs,
  secretInputs: ACME_SECRET_INPUTS,
  secretOutputs: ACME_SECRET_OUTPUTS,
}) {}

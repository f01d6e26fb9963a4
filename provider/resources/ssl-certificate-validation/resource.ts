/** The SslCertificateValidation resource class users write in programs. */
import type * as pulumi from "@pulumi/pulumi";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { validationInputs, validationOutputs, type ValidationState } from "./schema";

export interface SslCertificateValidationArgs {
  /** The certificate to wait for: an SslCertificate's `certificateId`. */
  certificateId: pulumi.Input<number>;
  /**
   * The ids of the DCV records (`DnsRecord.id`): not sent anywhere, they make the engine create the
   * records before this resource waits (or use `dependsOn`).
   */
  validationRecordIds?: pulumi.Input<pulumi.Input<string>[]>;
}

/**
 * Waits (reading only: ssl/getinfo) until a certificate is issued, and outputs its PEM files, so one
 * `pulumi up` can order a certificate, publish its validation records from the order's outputs and
 * install the issued certificate. Nothing is ordered, written or paid; destroy only forgets it. The
 * wait is bounded by `customTimeouts.create` (default 20 min), as SslCertificate's `waitFor: "issued"`.
 */
export class SslCertificateValidation extends resourceClass<SslCertificateValidationArgs, ValidationState>("SslCertificateValidation", crud, {
  inputs: validationInputs,
  outputs: validationOutputs,
}) {}

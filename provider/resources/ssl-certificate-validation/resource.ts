/** The SslCertificateValidation resource class users write in programs. */
import type { ArgsOf } from "../../core/fields";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { sslCertificateValidationDescriptor } from "./descriptor";
import type { sslCertificateValidationFields, validationOutputs, ValidationState } from "./schema";

/** The program's inputs, derived from the fields (schema.ts), each with its doc. */
export type SslCertificateValidationArgs = ArgsOf<typeof sslCertificateValidationFields>;

/**
 * Waits (reading only: ssl/getinfo) until a certificate is issued, and outputs its PEM files, so
 * one `pulumi up` can order a certificate, publish its validation records from the order's outputs
 * and install the issued certificate. Nothing is ordered, written or paid; destroy only forgets it.
 * The wait is bounded by `customTimeouts.create` (default 20 min), as SslCertificate's `waitFor:
 * "issued"`.
 */
export class SslCertificateValidation extends resourceClass<SslCertificateValidationArgs, ValidationState, typeof validationOutputs>(
  sslCertificateValidationDescriptor,
  crud,
) {}

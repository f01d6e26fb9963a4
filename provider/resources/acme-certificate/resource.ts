/** The AcmeCertificate resource class users write in programs. */
import type { ArgsOf } from "../../core/fields";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { acmeCertificateDescriptor } from "./descriptor";
import type { acmeCertificateFields, acmeOutputs, AcmeState } from "./schema";

/** The program's inputs, derived from the fields (schema.ts), each with its doc. */
export type AcmeCertificateArgs = ArgsOf<typeof acmeCertificateFields>;

/**
 * A free certificate from an ACME CA (Let's Encrypt by default) for names in the account's zones,
 * wildcards included, validated by DNS-01 through the account's DNS: the TXT records are created,
 * awaited on the zones' nameservers, and removed. Outputs the certificate, its chain and expiry;
 * the private key and the ACME account key are secrets. Renews in place within `renewBeforeDays`.
 */
export class AcmeCertificate extends resourceClass<AcmeCertificateArgs, AcmeState, typeof acmeOutputs>(acmeCertificateDescriptor, crud) {}

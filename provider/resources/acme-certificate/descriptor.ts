/** AcmeCertificate: the resource as one value (provider/core/descriptor.ts), listed in provider/registry.ts; no @pulumi/pulumi. */
import type { ResourceDescriptor } from "../../core/descriptor";
import { acmeDefinition } from "./definition";
// The doc of each field is its JSDoc in schema.ts; field-docs.ts is generated from it (scripts/gen-field-docs.ts).
import { inputDocs, outputDocs } from "./field-docs";
import { acmeOutputs, ACME_SECRET_INPUTS, ACME_SECRET_OUTPUTS } from "./schema";

export const acmeCertificateDescriptor: ResourceDescriptor = {
  type: "AcmeCertificate",
  folder: "acme-certificate",
  description:
    "A free certificate from an ACME CA (Let's Encrypt by default) for names in the account's zones, wildcards included, validated by DNS-01 through the account's DNS: the TXT records are created, awaited on the zones' nameservers, and removed. Outputs the certificate, its chain and expiry; the private key and the ACME account key are secrets. Renews in place within `renewBeforeDays`.",
  definition: acmeDefinition,
  outputs: acmeOutputs,
  secretInputs: ACME_SECRET_INPUTS,
  secretOutputs: ACME_SECRET_OUTPUTS,
  idFormat: "`<first name>:<serial>`",
  imports: {
    importable: false,
    why: "its certificate, private key and ACME account live only in the Pulumi state (no DonDominio API holds them): declare it in the program and `pulumi up` issues it again (no DonDominio spend)",
  },
  lifecycle: {
    inPlace: "renewal within renewBeforeDays and new names (issued again, same ACME account); settings",
    replaces: "directoryUrl, eabKid",
    destroy: "forgets it, or revokes with `revokeOnDestroy` (its TXT records never outlive an issue)",
  },
  docs: inputDocs,
  outputDocs,
};

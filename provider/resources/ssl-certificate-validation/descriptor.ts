/** SslCertificateValidation: the resource as one value (provider/core/descriptor.ts), listed in provider/registry.ts; no @pulumi/pulumi. */
import type { ResourceDescriptor } from "../../core/descriptor";
import { validationDefinition } from "./definition";
// The doc of each field is its JSDoc in schema.ts; field-docs.ts is generated from it (scripts/gen-field-docs.ts).
import { inputDocs, outputDocs } from "./field-docs";
import { validationOutputs } from "./schema";

export const sslCertificateValidationDescriptor: ResourceDescriptor = {
  type: "SslCertificateValidation",
  folder: "ssl-certificate-validation",
  description:
    "Waits (reading only: ssl/getinfo) until a certificate is issued, and outputs its PEM files, so one `pulumi up` can order a certificate, publish its validation records from the order's outputs and install the issued certificate. Nothing is ordered, written or paid; destroy only forgets it. The wait is bounded by `customTimeouts.create` (default 20 min), as SslCertificate's `waitFor: \"issued\"`.",
  definition: validationDefinition,
  outputs: validationOutputs,
  idFormat: "certificateID",
  // The certificate's id (idFormat "certificateID"); the import file lists the SslCertificate, whose id it is too.
  imports: { importable: true, stateOf: (id) => ({ certificateId: Number(id) }) },
  lifecycle: {
    inPlace: "nothing: a later up waits again when a refresh saw the certificate not valid",
    replaces: "certificateId",
    destroy: "forgets it (nothing in the API)",
  },
  docs: inputDocs,
  outputDocs,
};

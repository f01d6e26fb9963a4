/** SslCertificate: the resource as one value (provider/core/descriptor.ts), listed in provider/registry.ts; no @pulumi/pulumi. */
import type { ResourceDescriptor } from "../../core/descriptor";
import { discoverCertificates } from "./discover";
import { sslDefinition } from "./definition";
import { adoptSslCertificate, certificateExportPlace } from "./adopt";
// The doc of each field is its JSDoc in schema.ts; field-docs.ts is generated from it (scripts/gen-field-docs.ts).
import { inputDocs, outputDocs } from "./field-docs";
import { sslOutputs, SSL_SECRETS } from "./schema";

export const sslCertificateDescriptor: ResourceDescriptor = {
  type: "SslCertificate",
  folder: "ssl-certificate",
  description: "An SSL certificate order (ssl/create, paid). The id is the API's certificateID. Destroy only forgets it: the API has no certificate delete.",
  definition: sslDefinition,
  outputs: sslOutputs,
  secretInputs: SSL_SECRETS,
  secretOutputs: SSL_SECRETS,
  idFormat: "certificateID",
  imports: {
    importable: true,
    // ssl/list names each certificate's product (the read's ssl/getinfo summary is kept without it).
    async complete(api, live) {
      const c = (await api.listAll("ssl/list", {})).find((x) => x.certificateID === live.certificateId);
      return c ? { productId: c.productID } : {};
    },
    entry: (c) => ({ id: String(c.certificateId), name: [c.commonName, String(c.certificateId)] }),
  },
  lifecycle: {
    inPlace: "added alternative names (`ssl/multidomainaddsan`), a new CSR/key (reissue), renewal with `autoRenew`",
    replaces: "productId, commonName, a removed alternative name (orders and pays for a new certificate)",
    destroy: "forgets it with a warning (the API has no certificate delete)",
  },
  discover: { scope: "account", key: "certificates", read: discoverCertificates },
  adopt: adoptSslCertificate,
  exportPlace: certificateExportPlace,
  docs: inputDocs,
  outputDocs,
};

/** SslCertificate: the resource as one value (provider/core/descriptor.ts), listed in provider/registry.ts; no @pulumi/pulumi. */
import type { ResourceDescriptor } from "../../core/descriptor";
import { discoverCertificates } from "./discover";
import { sslDefinition } from "./definition";
import { adoptSslCertificate, certificateExportPlace } from "./adopt";

export const sslCertificateDescriptor: ResourceDescriptor = {
  type: "SslCertificate",
  folder: "ssl-certificate",
  description: "An SSL certificate order (ssl/create, paid). The id is the API's certificateID. Destroy only forgets it: the API has no certificate delete.",
  definition: sslDefinition,
  // Loaded on first use: the class needs @pulumi/pulumi, which the export, the review and the docs do not.
  get resource() {
    return (require("./resource") as typeof import("./resource")).SslCertificate;
  },
  idFormat: "certificateID",
  lifecycle: {
    inPlace: "added alternative names (`ssl/multidomainaddsan`), a new CSR/key (reissue), renewal with `autoRenew`",
    replaces: "productId, commonName, a removed alternative name (orders and pays for a new certificate)",
    destroy: "forgets it with a warning (the API has no certificate delete)",
  },
  discover: { scope: "account", key: "certificates", read: discoverCertificates },
  adopt: adoptSslCertificate,
  exportPlace: certificateExportPlace,
  docs: {
    certificateId:
      "Adopt: the certificate with this id (ssl/list's certificateID) is taken as it is, with no order and no write; productId, commonName (and alternativeNames, csr, privateKey when given) must match it.",
    productId: "ssl/productlist's productID. Changing it orders a new certificate.",
    csr: "The CSR (PEM). Give csr or subject. A new CSR with the same common name reissues in place.",
    subject: "Subject fields: the provider generates the key and CSR with ssl/csrcreate (key output as privateKey, secret).",
    commonName: "Optional: must equal the CSR's common name. Changing it orders a new certificate.",
    privateKey: "The CSR's private key (PEM, stored encrypted), sent as keyData so the API can build PFX files.",
    period: "Years (default the product's minimum).",
    alternativeNames:
      "Multi-domain products: names besides the common name. Adding one is in place (ssl/multidomainaddsan, paid); removing one orders a new certificate.",
    validationMethod: "dns (default), http, https or an approver e-mail address.",
    adminContact: "The admin contact: a contact id (e.g. `contact.contactId`) or inline data. Required to order; not needed with certificateId.",
    waitFor:
      'What create waits for: "submitted" (default with dns validation: later ups look again until issued), "issued" (default otherwise), or "validation" (as submitted, but an SslCertificateValidation waits for the issue, so later plans do not look again).',
    autoRenew: "Renew (ssl/renew, paid) on the next up once the certificate is renewable.",
  },
  outputDocs: {
    certificateId: "The API's certificateID.",
    status: 'process, valid, expired, renew, reissue, cancel (facts.md "SSL").',
    renewable: "Whether the API allows a renewal now.",
    tsCreate: "Order date (YYYY-MM-DD).",
    tsExpir: "Expiry date of the certificate (YYYY-MM-DD).",
    tsSubscriptionEnds: "End of the paid subscription (YYYY-MM-DD).",
    csr: "The CSR the order used (given or generated).",
    privateKey: "Secret: the key given, or the one ssl/csrcreate generated.",
    validations: "The validation of each name, as ssl/getinfo answers it.",
    validationRecords:
      "The DNS records the CA asks for (dns validation) in the last round, common name first, kept after issue: feed them to DnsRecord resources.",
    certificate: "PEM, once issued.",
    certificateChain: "The intermediate certificates (PEM), once issued.",
    pendingOrder:
      "A paid order (create, renew, reissue, added name) sent but not confirmed: its reply was lost; the next `pulumi up` looks again before ordering anything (provider/money/money.ts).",
  },
};

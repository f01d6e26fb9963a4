/** AcmeCertificate: the resource as one value (provider/core/descriptor.ts), listed in provider/registry.ts; no @pulumi/pulumi. */
import type { ResourceDescriptor } from "../../core/descriptor";
import { acmeDefinition } from "./definition";

export const acmeCertificateDescriptor: ResourceDescriptor = {
  type: "AcmeCertificate",
  folder: "acme-certificate",
  description:
    "A free certificate from an ACME CA (Let's Encrypt by default) for names in the account's zones, wildcards included, validated by DNS-01 through the account's DNS: the TXT records are created, awaited on the zones' nameservers, and removed. Outputs the certificate, its chain and expiry; the private key and the ACME account key are secrets. Renews in place within `renewBeforeDays`.",
  definition: acmeDefinition,
  // Loaded on first use: the class needs @pulumi/pulumi, which the export, the review and the docs do not.
  get resource() {
    return (require("./resource") as typeof import("./resource")).AcmeCertificate;
  },
  idFormat: "`<first name>:<serial>`",
  lifecycle: {
    inPlace: "renewal within renewBeforeDays and new names (issued again, same ACME account); settings",
    replaces: "directoryUrl, eabKid",
    destroy: "forgets it, or revokes with `revokeOnDestroy` (its TXT records never outlive an issue)",
  },
  docs: {
    names: "The certificate's names (the first is its subject), in zones the account hosts; wildcards as `*.example.com`.",
    directoryUrl: "ACME directory (default Let's Encrypt production; `LETS_ENCRYPT_STAGING` or any CA's URL).",
    directoryCaCert: "PEM of an extra CA to trust for the directory's TLS (a private or test CA).",
    email: "Contact address the ACME account is registered with (expiry notices from the CA).",
    eabKid: "External account binding for CAs that need it (ZeroSSL, Google Trust Services); the HMAC key is a secret.",
    eabHmacKey: "The external account binding's HMAC key (secret).",
    renewBeforeDays: "Renew when it expires within this many days (default 30): the plan shows an update.",
    revokeOnDestroy: "Revoke at destroy (default false).",
    dnsServers: "ip[:port] of servers to check publication with, instead of the zones' nameservers.",
    propagationTimeoutSeconds: "How long to wait for the TXT records to be published (default 300 s; 0 = do not wait).",
  },
  outputDocs: {
    certificate: "PEM of the certificate.",
    certificateChain: "PEM of the issuer chain, as the CA sent it.",
    privateKey: "Secret: PEM of the certificate's private key (generated at each issue).",
    accountKey: "Secret: PEM of the ACME account key (generated at the first issue, kept across renewals).",
    accountUrl: "The ACME account's URL at the CA.",
    serialNumber: "The certificate's serial number.",
    notBefore: "ISO 8601 times of the certificate's validity.",
    notAfter: "ISO 8601 time the certificate expires.",
  },
};

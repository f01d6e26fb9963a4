/**
 * SslCertificate in an exported program (core/descriptor.ts `adopt`): adopted by certificateId,
 * nothing ordered or written. A private key is never exported, even one the API holds.
 */
import { type Adoption, type ExportPlace, text } from "../../core/adoption";
import type { CertificateSnapshot } from "./discover";

export function adoptSslCertificate(c: CertificateSnapshot): Adoption {
  return {
    name: { parts: ["certificate", c.commonName], identity: String(c.certificateId) },
    args: {
      certificateId: c.certificateId,
      productId: c.productId,
      commonName: c.commonName,
      alternativeNames: c.alternativeNames.length ? c.alternativeNames : undefined,
    },
    comment: statusNote(c.status),
  };
}

/** A comment for a certificate that is not simply valid. */
function statusNote(status: string): string | undefined {
  if (["process", "renew", "reissue"].includes(status)) return `status ${status}: being validated; every plan shows it as an update until it is issued`;
  if (status !== "valid") return `status ${status}`;
  return undefined;
}

export const certificateExportPlace: ExportPlace = {
  heading: {
    id: "certificates",
    lines: () => [
      "",
      text`---- SSL certificates (adopted by certificateId: nothing is ordered or written). Private keys are`,
      text`never exported, even one the API holds; privateKey is an optional secret input for a key you hold ----`,
    ],
  },
};

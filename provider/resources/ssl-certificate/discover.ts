/** SslCertificate's live objects for `dondominio-export` (core/descriptor.ts `discover`): ssl/list, once; never a key. */
import type { Api } from "../../core/client";
import type { AccountScope } from "../../core/discovery";

/** Names lower case, alternativeNames sorted (as SslCertificate records them); no key: the export never reads one. */
export interface CertificateSnapshot {
  certificateId: number;
  commonName: string;
  status: string;
  productId: number;
  alternativeNames: string[];
}

export async function discoverCertificates(api: Api, scope: AccountScope): Promise<CertificateSnapshot[]> {
  if (scope.filtered) {
    scope.notes.push("certificates: not exported with --domain/--service");
    return [];
  }
  const list = await api.listAll("ssl/list", {});
  const certificates = list
    .map((c) => ({
      certificateId: c.certificateID,
      commonName: c.commonName.toLowerCase(),
      status: c.status,
      productId: c.productID,
      alternativeNames: c.alternativeNames.map((n) => n.toLowerCase()).sort(),
    }))
    .sort((a, b) => a.certificateId - b.certificateId);
  scope.say(`certificates: ${certificates.length}`);
  return certificates;
}

/**
 * Local CSR and key checks for check() (no API call): the common name a CSR carries, and whether a
 * private key belongs to it. node-forge is a runtime dependency already (the emulator's CA uses it).
 */
import forge from "node-forge";
import { csrBase64, csrDer, derDigest, forgeKeySpki } from "../../../sdk/core/x509";

export interface ParsedCsr {
  /** The CSR as one normalised PEM block (LF line ends, 64-column base64, trailing newline). */
  pem: string;
  commonName?: string;
  /** SubjectPublicKeyInfo DER, when forge can read the key (RSA). */
  spki?: Buffer;
  /** The RSA modulus length in bits (forge reads RSA keys only). */
  keyBits?: number;
}

/** Parses a PEM CSR; a problem text when it is not one. Non-RSA CSRs are accepted without subject. */
export function parseCsr(text: string): ParsedCsr | { problem: string } {
  const b64 = csrBase64(text);
  if (b64 === undefined) return { problem: "must be a CSR in PEM form (-----BEGIN CERTIFICATE REQUEST----- ... -----END CERTIFICATE REQUEST-----)" };
  if (!/^[A-Za-z0-9+/]+=*$/.test(b64)) return { problem: "the CSR's base64 body is damaged" };
  const pem = `-----BEGIN CERTIFICATE REQUEST-----\n${b64.replace(/(.{64})/g, "$1\n").replace(/\n$/, "")}\n-----END CERTIFICATE REQUEST-----\n`;
  let csr: forge.pki.CertificateSigningRequest;
  try {
    csr = forge.pki.certificationRequestFromPem(pem);
  } catch {
    // forge reads RSA only: other keys pass with the common name given separately.
    return { pem };
  }
  if (!csr.verify()) return { problem: "the CSR's signature does not verify; generate it again" };
  const cn = csr.subject.getField("CN");
  const out: ParsedCsr = { pem };
  if (cn && typeof cn.value === "string") out.commonName = String(cn.value);
  const n = (csr.publicKey as forge.pki.rsa.PublicKey | null)?.n;
  if (n) out.keyBits = n.bitLength();
  try {
    out.spki = forgeKeySpki(csr.publicKey!);
  } catch {
    // Unknown key type: the match with privateKey is left to the API.
  }
  return out;
}

/**
 * MD5 of the CSR's DER, upper-case hex. Sectigo's domain control validation is named after it (the
 * dns record `_<md5>.<name>`, the http file `<MD5>.txt`; emulator/modules/ssl/validation.ts), so a
 * certificate being validated shows which CSR it was ordered with.
 */
export function csrMd5(pem: string): string | undefined {
  const der = csrDer(pem);
  return der ? derDigest(der, "md5") : undefined;
}

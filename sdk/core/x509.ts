/**
 * CSR, key and certificate helpers both sides of the API need: the emulator decodes the CSRs it is
 * sent (ssl/csrdecode, orders, DCV digests), the provider checks CSRs and keys before it orders
 * (no API call). Pure: node:crypto, and node-forge where node:crypto cannot read a CSR.
 */
import { createHash, createPrivateKey, createPublicKey, X509Certificate } from "node:crypto";
import forge from "node-forge";

const PEM_CSR = /-----BEGIN (NEW )?CERTIFICATE REQUEST-----([\s\S]+?)-----END (NEW )?CERTIFICATE REQUEST-----/;

/** The base64 body of the first PEM CSR block in `text` (CR and white space removed), or undefined. */
export function csrBase64(text: string): string | undefined {
  const m = PEM_CSR.exec(text.replace(/\r/g, ""));
  return m ? m[2].replace(/\s+/g, "") : undefined;
}

/** DER bytes of a PEM CSR, or undefined when there is no CSR block. */
export function csrDer(pem: string): Buffer | undefined {
  const b64 = csrBase64(pem);
  return b64 === undefined ? undefined : Buffer.from(b64, "base64");
}

/** SPKI DER of a public key forge read (a CSR's), to compare with keys and certificates; throws when node:crypto cannot read it. */
export function forgeKeySpki(publicKey: forge.pki.PublicKey): Buffer {
  return createPublicKey(forge.pki.publicKeyToPem(publicKey)).export({ type: "spki", format: "der" });
}

/** SPKI DER of a private key PEM, or undefined when node:crypto cannot read it. */
export function keySpki(keyPem: string): Buffer | undefined {
  try {
    return createPublicKey(createPrivateKey(keyPem)).export({ type: "spki", format: "der" });
  } catch {
    return undefined;
  }
}

/** SPKI DER of a certificate PEM, or undefined. */
export function certSpki(pem: string): Buffer | undefined {
  try {
    return new X509Certificate(pem).publicKey.export({ type: "spki", format: "der" });
  } catch {
    return undefined;
  }
}

/** Upper-case hex digest of DER bytes (Sectigo-style DCV names and values are derived from the CSR's). */
export function derDigest(der: Buffer, algorithm: "md5" | "sha256"): string {
  return createHash(algorithm).update(der).digest("hex").toUpperCase();
}

/** CSR work of the ssl module: generate (ssl/csrcreate), decode (ssl/csrdecode), digests for DCV. */
import { createHash } from "node:crypto";
import forge from "node-forge";
import { attrText, newRsaKeyPem } from "../../core/ca";
import { fault } from "../../core/errors";
import { ErrorCode } from "../../../sdk/core/error-codes";
import { csrBase64, derDigest, forgeKeySpki } from "../../../sdk/core/x509";

const { pki } = forge;

export interface CsrSubject {
  commonName: string;
  organizationName?: string;
  organizationalUnitName?: string;
  countryName?: string;
  stateOrProvinceName?: string;
  localityName?: string;
  emailAddress?: string;
}

const SUBJECT_KEYS = [
  "commonName",
  "organizationName",
  "organizationalUnitName",
  "countryName",
  "stateOrProvinceName",
  "localityName",
  "emailAddress",
] as const;

/** A fresh RSA-2048 key and a SHA-256 CSR for the subject. */
export function createCsr(subject: CsrSubject): { csrPem: string; keyPem: string } {
  const keyPem = newRsaKeyPem();
  const key = pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey;
  const csr = pki.createCertificationRequest();
  csr.publicKey = pki.setRsaPublicKey(key.n, key.e);
  const attrs: forge.pki.CertificateField[] = [];
  for (const k of SUBJECT_KEYS) {
    const value = subject[k];
    // UTF8String for text (forge encodes it), PrintableString for the country, IA5String for e-mail (RFC 5280).
    const tag = k === "countryName" ? forge.asn1.Type.PRINTABLESTRING : k === "emailAddress" ? forge.asn1.Type.IA5STRING : forge.asn1.Type.UTF8;
    if (value) attrs.push({ name: k, value, valueTagClass: tag as unknown as forge.asn1.Class });
  }
  csr.setSubject(attrs);
  csr.sign(key, forge.md.sha256.create());
  return { csrPem: pki.certificationRequestToPem(csr), keyPem };
}

export interface DecodedCsr extends CsrSubject {
  /** SubjectPublicKeyInfo DER, to compare with keys and certificates. */
  spki: Buffer;
  /** DER of the whole CSR (DCV digests are taken over it). */
  der: Buffer;
  /** RSA modulus length in bits. */
  keyBits?: number;
}

/** Parses and verifies a CSR; fault 5000 naming the problem otherwise. */
export function decodeCsr(pem: string, param = "csrData"): DecodedCsr {
  const b64 = csrBase64(pem);
  if (b64 === undefined)
    throw fault(
      ErrorCode.SSL_ERROR,
      `${param}: not a CSR in PEM form; it must contain -----BEGIN CERTIFICATE REQUEST----- and -----END CERTIFICATE REQUEST----- lines`,
    );
  let csr: forge.pki.CertificateSigningRequest;
  try {
    csr = pki.certificationRequestFromPem(`-----BEGIN CERTIFICATE REQUEST-----\n${b64}\n-----END CERTIFICATE REQUEST-----\n`);
  } catch {
    throw fault(ErrorCode.SSL_ERROR, `${param}: the CSR could not be decoded (only RSA CSRs in PEM form are accepted)`);
  }
  let ok = false;
  try {
    ok = csr.verify();
  } catch {
    ok = false;
  }
  if (!ok) throw fault(ErrorCode.SSL_ERROR, `${param}: the CSR's signature does not verify; generate the CSR again`);
  const out: DecodedCsr = { commonName: "", spki: Buffer.alloc(0), der: Buffer.alloc(0) };
  for (const k of SUBJECT_KEYS) {
    const attr = csr.subject.attributes.find((a) => a.name === k);
    if (attr && typeof attr.value === "string") out[k] = attrText(attr);
  }
  if (!out.commonName) throw fault(ErrorCode.SSL_ERROR, `${param}: the CSR has no common name (CN)`);
  out.der = Buffer.from(forge.asn1.toDer(pki.certificationRequestToAsn1(csr)).getBytes(), "binary");
  out.spki = forgeKeySpki(csr.publicKey!);
  const n = (csr.publicKey as forge.pki.rsa.PublicKey | null)?.n;
  if (n) out.keyBits = n.bitLength();
  return out;
}

/** The CSR's subject fields as the API's CSR object. */
export function csrObject(d: DecodedCsr): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of SUBJECT_KEYS) if (d[k] !== undefined) out[k] = d[k] as string;
  return out;
}

/** Upper-case hex digests of the CSR's DER (Sectigo-style DCV values are derived from them). */
export function csrDigests(d: DecodedCsr): { md5: string; sha256: string } {
  return {
    md5: derDigest(d.der, "md5"),
    sha256: derDigest(d.der, "sha256"),
  };
}

/** Hash of a public key, used to remember csrcreate keys without keeping the CSR. */
export function spkiId(spki: Buffer): string {
  return createHash("sha256").update(spki).digest("hex");
}

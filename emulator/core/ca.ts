/**
 * The emulator's certificate authority: one self-signed root that signs the emulator's own HTTPS
 * certificate and the SSL module's issued certificates, so clients can verify both against a single
 * file (ca.cert.pem). Keys come from node:crypto (fast native RSA); node-forge builds and signs the
 * X.509 structures, which node:crypto cannot do.
 */
import { generateKeyPairSync } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { join } from "node:path";
import forge from "node-forge";
import type { CertificateAuthority } from "./context";
import { RandomSource } from "./random";

const { pki } = forge;

export interface CaMaterial {
  keyPem: string;
  certPem: string;
}

export interface SignOptions {
  commonName: string;
  names: string[];
  days: number;
  /** Hex serial; random (positive, 16 bytes) when absent. */
  serial?: string;
}

const CA_SUBJECT = [
  { name: "commonName", value: "pulumi-dondominio Emulator Root CA" },
  { name: "organizationName", value: "pulumi-dondominio emulator" },
  { name: "countryName", value: "ES" },
];
const DAY_MS = 86_400_000;

/** A fresh RSA-2048 key pair as PKCS#8 PEM (what OpenSSL writes by default). */
export function newRsaKeyPem(): string {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return privateKey.export({ type: "pkcs8", format: "pem" }).toString();
}

/** Serials when the caller gives none: the CA's own certificate and the server's (not seeded). */
const unseeded = new RandomSource();
const randomSerial = (): string => unseeded.serial();

/** Backdated by an hour so small clock skews between hosts do not reject a fresh certificate. */
function validity(cert: forge.pki.Certificate, days: number): void {
  const start = Date.now() - 3_600_000;
  cert.validity.notBefore = new Date(start);
  cert.validity.notAfter = new Date(start + days * DAY_MS);
}

/** Subject alternative names: IP literals as iPAddress entries, everything else as dNSName. */
function altNames(names: string[]): Array<{ type: number; value?: string; ip?: string }> {
  return names.map((n) => (isIP(n) ? { type: 7, ip: n } : { type: 2, value: n }));
}

/**
 * A subject attribute's text: forge parses values as raw bytes (and re-encodes UTF8String values
 * when writing), so UTF8String values are decoded first.
 */
export function attrText(a: forge.pki.CertificateField): string {
  const v = String(a.value);
  if ((a.valueTagClass as unknown) !== forge.asn1.Type.UTF8) return v;
  try {
    return forge.util.decodeUtf8(v);
  } catch {
    return v;
  }
}

/** forge's verify() throws on a malformed signature block instead of answering false. */
function verifies(csr: forge.pki.CertificateSigningRequest): boolean {
  try {
    return csr.verify();
  } catch {
    return false;
  }
}

export function createCa(): CaMaterial {
  const keyPem = newRsaKeyPem();
  const key = pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey;
  const cert = pki.createCertificate();
  cert.publicKey = pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = randomSerial();
  validity(cert, 3650);
  cert.setSubject(CA_SUBJECT);
  cert.setIssuer(CA_SUBJECT);
  cert.setExtensions([
    { name: "basicConstraints", cA: true, critical: true },
    { name: "keyUsage", keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    { name: "subjectKeyIdentifier" },
  ]);
  cert.sign(key, forge.md.sha256.create());
  return { keyPem, certPem: pki.certificateToPem(cert) };
}

export class Ca implements CertificateAuthority {
  readonly keyPem: string;
  readonly certPem: string;
  /** Path of ca.cert.pem when the CA was loaded from a directory. */
  readonly caFile?: string;
  private readonly key: forge.pki.rsa.PrivateKey;
  private readonly cert: forge.pki.Certificate;

  constructor(material: CaMaterial, caFile?: string) {
    this.keyPem = material.keyPem;
    this.certPem = material.certPem;
    this.caFile = caFile;
    this.key = pki.privateKeyFromPem(material.keyPem) as forge.pki.rsa.PrivateKey;
    this.cert = pki.certificateFromPem(material.certPem);
  }

  /** A leaf for the emulator's HTTPS server, valid for the given host names and IP addresses. */
  issueServerCert(hosts: string[]): { certPem: string; keyPem: string } {
    const keyPem = newRsaKeyPem();
    const key = pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey;
    const certPem = this.sign(pki.setRsaPublicKey(key.n, key.e), [{ name: "commonName", value: hosts[0] ?? "localhost" }], hosts, 365);
    return { certPem, keyPem };
  }

  /**
   * Signs a CSR's public key for the given names. Throws (plain Error) when the PEM is not a CSR or
   * its self-signature does not verify; callers turn that into an API fault.
   */
  signCsr(csrPem: string, opts: SignOptions): string {
    const csr = pki.certificationRequestFromPem(csrPem);
    if (!verifies(csr)) throw new Error("the CSR's signature does not verify");
    if (!csr.publicKey) throw new Error("the CSR carries no public key");
    // Keep the CSR's subject (O, C, ... for OV/EV) but the CN is the certificate's common name.
    const subject: forge.pki.CertificateField[] = csr.subject.attributes
      .filter((a) => a.name !== "commonName" && a.type)
      .map((a) => ({ type: a.type, value: attrText(a), valueTagClass: a.valueTagClass }));
    subject.unshift({ name: "commonName", value: opts.commonName, valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class });
    const names = [...new Set([opts.commonName, ...opts.names])];
    return this.sign(csr.publicKey, subject, names, opts.days, opts.serial);
  }

  private sign(publicKey: forge.pki.PublicKey, subject: forge.pki.CertificateField[], names: string[], days: number, serial?: string): string {
    const cert = pki.createCertificate();
    cert.publicKey = publicKey;
    cert.serialNumber = serial ?? randomSerial();
    validity(cert, days);
    cert.setSubject(subject);
    cert.setIssuer(this.cert.subject.attributes);
    cert.setExtensions([
      { name: "basicConstraints", cA: false },
      { name: "keyUsage", digitalSignature: true, keyEncipherment: true, critical: true },
      { name: "extKeyUsage", serverAuth: true },
      { name: "subjectAltName", altNames: altNames(names) },
      { name: "subjectKeyIdentifier" },
      { name: "authorityKeyIdentifier", keyIdentifier: this.cert.generateSubjectKeyIdentifier().getBytes() },
    ]);
    cert.sign(this.key, forge.md.sha256.create());
    return pki.certificateToPem(cert);
  }
}

/** Writes through a temporary file and a rename, so a crash never leaves a half-written file. */
function writeAtomic(path: string, data: string, mode: number): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, data, { mode });
  renameSync(tmp, path);
}

/** The CA kept in dir (ca.key.pem mode 0600, ca.cert.pem), created on first start. */
export function loadOrCreateCa(dir: string): Ca {
  const keyFile = join(dir, "ca.key.pem");
  const certFile = join(dir, "ca.cert.pem");
  if (existsSync(keyFile) && existsSync(certFile)) {
    return new Ca({ keyPem: readFileSync(keyFile, "utf8"), certPem: readFileSync(certFile, "utf8") }, certFile);
  }
  mkdirSync(dir, { recursive: true });
  const material = createCa();
  // Key first: a cert file without its key would be unusable, a lone key is simply regenerated.
  writeAtomic(keyFile, material.keyPem, 0o600);
  writeAtomic(certFile, material.certPem, 0o644);
  return new Ca(material, certFile);
}

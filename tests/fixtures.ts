/** Test data shared by every layer's tests. */
import { generateKeyPairSync } from "node:crypto";
import forge from "node-forge";

/** contact/create fields (no prefix): a Spanish individual. */
export const PERSON = {
  Type: "individual",
  FirstName: "Marta",
  LastName: "García",
  IdentNumber: "12345678Z",
  Email: "marta@example.com",
  Phone: "+34.931234567",
  Address: "Carrer Major 1",
  PostalCode: "08001",
  City: "Barcelona",
  State: "Barcelona",
  Country: "ES",
} as const;

/** ssl/csrcreate fields but the common name: the subject of the CSRs the emulator generates in tests. */
export const CSR_SUBJECT = {
  organizationName: "Example SL",
  organizationalUnitName: "IT",
  countryName: "ES",
  stateOrProvinceName: "Barcelona",
  localityName: "Barcelona",
  emailAddress: "it@example.com",
};

/** A fresh RSA key and a CSR for `cn`, made locally (what a program hands to SslCertificate in csr mode). */
export function keyAndCsr(cn: string): { key: string; csr: string } {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const fk = forge.pki.privateKeyFromPem(key) as forge.pki.rsa.PrivateKey;
  const csr = forge.pki.createCertificationRequest();
  csr.publicKey = forge.pki.setRsaPublicKey(fk.n, fk.e);
  csr.setSubject([{ name: "commonName", value: cn }]);
  csr.sign(fk, forge.md.sha256.create());
  return { key, csr: forge.pki.certificationRequestToPem(csr) };
}

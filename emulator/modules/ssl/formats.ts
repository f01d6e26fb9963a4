/**
 * The files ssl/getinfo hands out (spec: infoType pem, der, p7b, pfx, zip as content {type, name,
 * base64encoded, data}; ssldata's fingerprint {SHA1, SHA256, MD5}). Choices where the spec is silent:
 * - pem: the certificate followed by the CA chain (a "full chain" file), not base64-wrapped again;
 * - der: the certificate alone; p7b: certificate + chain, DER; zip: <name>.crt + <name>.ca-bundle;
 * - pfx: certificate, chain and private key, encrypted with pfxpass (3DES, widely readable); without
 *   pfxpass the passphrase is empty, as `openssl pkcs12 -passout pass:` would write it;
 * - fingerprints: upper-case hex with colons over the DER, the form openssl x509 -fingerprint prints;
 * - file names: the common name with "*" written as "star" (*.example.com -> star.example.com).
 */
import { createHash } from "node:crypto";
import forge from "node-forge";
import { storeZip } from "./zip";

export interface Content {
  type: string;
  name: string;
  base64encoded: boolean;
  data: string;
}

export function pemToDer(pem: string): Buffer {
  const b64 = pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, "").replace(/\s+/g, "");
  return Buffer.from(b64, "base64");
}

function colonHex(buf: Buffer): string {
  return buf.toString("hex").toUpperCase().match(/../g)!.join(":");
}

export function fingerprints(certPem: string): { SHA1: string; SHA256: string; MD5: string } {
  const der = pemToDer(certPem);
  const h = (alg: string) => colonHex(createHash(alg).update(der).digest());
  return { SHA1: h("sha1"), SHA256: h("sha256"), MD5: h("md5") };
}

export function fileBase(commonName: string): string {
  return commonName.replace(/^\*\./, "star.");
}

const b64 = (b: Buffer) => b.toString("base64");

export function contentFor(
  kind: "pem" | "der" | "p7b" | "pfx" | "zip",
  o: { commonName: string; certPem: string; chain: string[]; keyPem?: string; pfxpass?: string; now: Date },
): Content {
  const name = fileBase(o.commonName);
  switch (kind) {
    case "pem":
      return {
        type: "application/x-pem-file",
        name: `${name}.pem`,
        base64encoded: false,
        data: [o.certPem, ...o.chain].map((p) => p.trim()).join("\n") + "\n",
      };
    case "der":
      return { type: "application/pkix-cert", name: `${name}.der`, base64encoded: true, data: b64(pemToDer(o.certPem)) };
    case "p7b": {
      const p7 = forge.pkcs7.createSignedData();
      for (const pem of [o.certPem, ...o.chain]) p7.addCertificate(forge.pki.certificateFromPem(pem));
      const der = forge.asn1.toDer(p7.toAsn1()).getBytes();
      return { type: "application/x-pkcs7-certificates", name: `${name}.p7b`, base64encoded: true, data: b64(Buffer.from(der, "binary")) };
    }
    case "pfx": {
      const key = forge.pki.privateKeyFromPem(o.keyPem!);
      const certs = [o.certPem, ...o.chain].map((p) => forge.pki.certificateFromPem(p));
      const asn1 = forge.pkcs12.toPkcs12Asn1(key, certs, o.pfxpass ?? "", { algorithm: "3des", friendlyName: o.commonName });
      return { type: "application/x-pkcs12", name: `${name}.pfx`, base64encoded: true, data: b64(Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary")) };
    }
    case "zip": {
      const zip = storeZip(
        [
          { name: `${name}.crt`, data: Buffer.from(o.certPem) },
          { name: `${name}.ca-bundle`, data: Buffer.from(o.chain.join("")) },
        ],
        o.now,
      );
      return { type: "application/zip", name: `${name}.zip`, base64encoded: true, data: b64(zip) };
    }
  }
}

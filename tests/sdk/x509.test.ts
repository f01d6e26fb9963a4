/** sdk/core/x509.ts: the CSR and key helpers the emulator and the provider share. */
import { expect } from "chai";
import { createHash } from "node:crypto";
import forge from "node-forge";
import { certSpki, csrBase64, csrDer, derDigest, forgeKeySpki, keySpki } from "../../sdk/core/x509";
import { keyAndCsr } from "../fixtures";

describe("sdk/core/x509", () => {
  const { key, csr } = keyAndCsr("www.example.com");
  const parsed = forge.pki.certificationRequestFromPem(csr);

  it("reads the base64 body of a PEM CSR, CRLF and wrapping aside, and nothing from other text", () => {
    const b64 = csrBase64(csr)!;
    expect(b64).to.match(/^[A-Za-z0-9+/]+=*$/);
    expect(csrBase64(`junk before\r\n${csr.replace(/\n/g, "\r\n")}`)).to.equal(b64);
    expect(
      csrBase64(csr.replace("BEGIN CERTIFICATE REQUEST", "BEGIN NEW CERTIFICATE REQUEST").replace("END CERTIFICATE REQUEST", "END NEW CERTIFICATE REQUEST")),
    ).to.equal(b64);
    expect(csrBase64("not a csr")).to.equal(undefined);
    expect(csrDer("not a csr")).to.equal(undefined);
  });

  it("gives the CSR's DER, as forge encodes it", () => {
    const der = Buffer.from(forge.asn1.toDer(forge.pki.certificationRequestToAsn1(parsed)).getBytes(), "binary");
    expect(csrDer(csr)!.equals(der)).to.equal(true);
  });

  it("matches a private key with the CSR's public key, and reads no SPKI from junk", () => {
    expect(keySpki(key)!.equals(forgeKeySpki(parsed.publicKey!))).to.equal(true);
    expect(keySpki(keyAndCsr("other.example.com").key)!.equals(forgeKeySpki(parsed.publicKey!))).to.equal(false);
    expect(keySpki("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n")).to.equal(undefined);
    expect(certSpki("not a certificate")).to.equal(undefined);
  });

  it("digests DER as upper-case hex", () => {
    const der = csrDer(csr)!;
    expect(derDigest(der, "md5")).to.equal(createHash("md5").update(der).digest("hex").toUpperCase());
    expect(derDigest(der, "sha256")).to.match(/^[0-9A-F]{64}$/);
  });
});

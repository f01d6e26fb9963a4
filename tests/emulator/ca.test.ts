import { createPrivateKey, createPublicKey, X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import forge from "node-forge";
import { Ca, createCa, loadOrCreateCa, newRsaKeyPem } from "../../emulator/core/ca";

function csrFor(keyPem: string, cn: string): string {
  const key = forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey;
  const csr = forge.pki.createCertificationRequest();
  csr.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  csr.setSubject([{ name: "commonName", value: cn }]);
  csr.sign(key, forge.md.sha256.create());
  return forge.pki.certificationRequestToPem(csr);
}

describe("emulator CA", () => {
  const ca = new Ca(createCa());
  const root = new X509Certificate(ca.certPem);

  it("is a self-signed CA certificate", () => {
    expect(root.ca).to.equal(true);
    expect(root.verify(root.publicKey)).to.equal(true);
    expect(root.subject).to.equal(root.issuer);
  });

  it("issues a server certificate for 127.0.0.1, ::1 and localhost", () => {
    const { certPem, keyPem } = ca.issueServerCert(["localhost", "127.0.0.1", "::1"]);
    const leaf = new X509Certificate(certPem);
    expect(leaf.verify(root.publicKey)).to.equal(true);
    expect(leaf.checkIssued(root)).to.equal(true);
    expect(leaf.checkHost("localhost")).to.equal("localhost");
    expect(leaf.checkIP("127.0.0.1")).to.equal("127.0.0.1");
    expect(leaf.checkIP("::1")).to.be.a("string");
    expect(leaf.checkHost("example.com")).to.equal(undefined);
    expect(leaf.ca).to.equal(false);
    expect(leaf.keyUsage).to.include("1.3.6.1.5.5.7.3.1");
    // The key returned is the certificate's key.
    expect(
      leaf.publicKey.export({ type: "spki", format: "der" }).equals(createPublicKey(createPrivateKey(keyPem)).export({ type: "spki", format: "der" })),
    ).to.equal(true);
  });

  it("signs a CSR for its public key and the requested names", () => {
    const keyPem = newRsaKeyPem();
    const pem = ca.signCsr(csrFor(keyPem, "example.com"), { commonName: "example.com", names: ["www.example.com"], days: 365, serial: "1a2b3c" });
    const cert = new X509Certificate(pem);
    expect(cert.verify(root.publicKey)).to.equal(true);
    expect(cert.serialNumber.toLowerCase()).to.equal("1a2b3c");
    expect(cert.checkHost("www.example.com")).to.equal("www.example.com");
    expect(cert.checkHost("example.com")).to.equal("example.com");
    expect(cert.checkHost("other.example.com")).to.equal(undefined);
    expect(cert.subject).to.include("CN=example.com");
    const spki = createPublicKey(createPrivateKey(keyPem)).export({ type: "spki", format: "der" });
    expect(cert.publicKey.export({ type: "spki", format: "der" }).equals(spki)).to.equal(true);
    const days = (Date.parse(cert.validTo) - Date.parse(cert.validFrom)) / 86_400_000;
    expect(Math.round(days)).to.equal(365);
  });

  it("refuses a CSR whose signature does not verify", () => {
    // Signed by one key while carrying another key's public half: the signature cannot verify.
    const signer = forge.pki.privateKeyFromPem(newRsaKeyPem()) as forge.pki.rsa.PrivateKey;
    const other = forge.pki.privateKeyFromPem(newRsaKeyPem()) as forge.pki.rsa.PrivateKey;
    const csr = forge.pki.createCertificationRequest();
    csr.publicKey = forge.pki.setRsaPublicKey(other.n, other.e);
    csr.setSubject([{ name: "commonName", value: "a.example" }]);
    csr.sign(signer, forge.md.sha256.create());
    expect(() => ca.signCsr(forge.pki.certificationRequestToPem(csr), { commonName: "a.example", names: [], days: 1 })).to.throw(/signature/);
  });

  it("persists in a directory with a private key file of mode 0600 and reloads it", () => {
    const dir = mkdtempSync(join(tmpdir(), "ca-test-"));
    try {
      const first = loadOrCreateCa(join(dir, "state"));
      expect(first.caFile).to.equal(join(dir, "state", "ca.cert.pem"));
      expect(statSync(join(dir, "state", "ca.key.pem")).mode & 0o777).to.equal(0o600);
      expect(readFileSync(first.caFile!, "utf8")).to.equal(first.certPem);
      const again = loadOrCreateCa(join(dir, "state"));
      expect(again.certPem).to.equal(first.certPem);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

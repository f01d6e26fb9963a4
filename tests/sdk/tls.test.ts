import { expect } from "chai";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import forge from "node-forge";
import { DonDominioClient, DonDominioTransportError } from "../../sdk";
import { DonDominioTlsError } from "../../sdk/core/errors";
import { answer, startServer, type TestServer } from "./server";

/** A self-signed certificate for 127.0.0.1 (the test's private CA). */
function selfSigned(): { key: string; cert: string } {
  const keys = forge.pki.rsa.generateKeyPair(2048);
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = "01";
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  const attrs = [{ name: "commonName", value: "127.0.0.1" }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: "basicConstraints", cA: true },
    { name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { key: forge.pki.privateKeyToPem(keys.privateKey), cert: forge.pki.certificateToPem(cert) };
}

describe("tool/hello over HTTPS", () => {
  let server: TestServer;
  let pem: string;
  before(async () => {
    const tls = selfSigned();
    pem = tls.cert;
    server = await startServer((req) => answer(req, { ip: "127.0.0.1", lang: "en", version: "1.0.27" }), tls);
  });
  after(() => server.close());

  it("trusts a private CA given as PEM text or as a file path", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "dd-ca-")), "ca.pem");
    writeFileSync(file, pem);
    for (const caCert of [pem, file]) {
      const r = await new DonDominioClient({ apiUser: "u-tls", apiPasswd: "pw", baseUrl: server.url, caCert }).call("tool/hello");
      expect(r.version).to.equal("1.0.27");
    }
  });

  it("never skips verification: without the CA the call fails before anything is sent", async () => {
    const before = server.requests.length;
    const err = await new DonDominioClient({ apiUser: "u-tls2", apiPasswd: "pw", baseUrl: server.url, retries: 0 }).call("tool/hello").catch((e) => e);
    expect(err).to.be.instanceOf(DonDominioTransportError);
    expect(err).to.be.instanceOf(DonDominioTlsError);
    expect(err.reason).to.equal("untrustedCertificate");
    expect(err.mayHaveBeenSent).to.equal(false);
    expect(err.message).to.contain("Configure caCert");
    expect(server.requests.length).to.equal(before);
  });
});

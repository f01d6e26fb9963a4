/**
 * AcmeCertificate's ACME client when the directory cannot be used (provider/acme/transport.ts):
 * a closed port, a plain HTTP server behind an https:// URL, a certificate of a CA not given as
 * directoryCaCert, and an https server that answers an HTML page. Each fails the issue naming the
 * CA (its directory URL), the step ("directory") and the cause in words; none with acme-client's
 * "Cannot read properties of undefined" (its transport, replaced since). Loopback servers only; no
 * ACME server is needed.
 */
import { expect } from "chai";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { Ca, createCa } from "../../emulator/core/ca";
import { issue } from "../../provider/resources/acme-certificate/issue";
import type { AcmeInputs } from "../../provider/resources/acme-certificate/schema";

const listen = async <S extends net.Server>(s: S): Promise<number> => {
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", () => r()));
  return (s.address() as AddressInfo).port;
};

/** The issue's error message for a directory URL (it fails at the account, before any DNS work: no API needed). */
async function failure(directoryUrl: string, directoryCaCert?: string): Promise<string> {
  const inputs = { names: ["example.com"], directoryUrl, directoryCaCert, propagationTimeoutSeconds: 0 } as unknown as AcmeInputs;
  return issue(undefined as never, inputs, undefined, "cert").then(
    () => "succeeded",
    (e: Error) => e.message,
  );
}

describe("AcmeCertificate: an ACME directory that cannot be used is named with the cause", () => {
  const ca = new Ca(createCa());
  const tls = ca.issueServerCert(["localhost"]);
  const servers: net.Server[] = [];
  after(() => {
    for (const s of servers) s.close();
  });

  it("connection refused", async () => {
    const s = net.createServer();
    const port = await listen(s);
    await new Promise((r) => s.close(r));
    const url = `https://127.0.0.1:${port}/directory`;
    const msg = await failure(url);
    expect(msg).to.include(`cert: ACME CA ${url}: directory: could not be reached: connection refused (ECONNREFUSED`);
    expect(msg).not.to.include("Cannot read properties");
  });

  it("a plain HTTP server: the TLS handshake fails", async () => {
    const s = http.createServer((_q, r) => r.end("hello"));
    servers.push(s);
    const url = `https://127.0.0.1:${await listen(s)}/directory`;
    const msg = await failure(url);
    expect(msg).to.include(`cert: ACME CA ${url}: directory: could not be reached: the TLS handshake failed (is it an https server?)`);
    expect(msg).not.to.include("Cannot read properties");
  });

  it("a certificate of a CA not trusted: directoryCaCert is named; with it, an HTML reply is refused as no directory", async () => {
    const s = https.createServer({ key: tls.keyPem, cert: tls.certPem }, (_q, r) => {
      r.setHeader("content-type", "text/html; charset=utf-8");
      r.end("<html><body>Welcome</body></html>");
    });
    servers.push(s);
    const url = `https://localhost:${await listen(s)}/directory`;
    const untrusted = await failure(url);
    expect(untrusted).to.include(`cert: ACME CA ${url}: directory: could not be reached: its TLS certificate is not issued by a trusted CA`);
    expect(untrusted).to.include("directoryCaCert");
    expect(untrusted).not.to.include("--use-system-ca");
    const html = await failure(url, ca.certPem);
    expect(html).to.include(
      `cert: ACME CA ${url}: directory: the reply is not an ACME directory (HTTP 200, text/html; RFC 8555 7.1.1 needs newNonce, newAccount, newOrder): check directoryUrl`,
    );
  });
});

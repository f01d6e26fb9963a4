/**
 * Independent probe (issue 19 item 5's class, in AcmeCertificate, merged after the fix): the ACME
 * client (acme-client's axios) had no reply size limit and inflates gzip by default. A directory
 * answering 64 KiB of gzip that inflates to 64 MiB was read in full (400 MiB took the provider
 * process to 1.7 GB). Its replies are now held to the ACME reply cap (provider/acme/transport.ts,
 * MAX_ACME_REPLY_BYTES, counted while the reply streams in and again after inflation), and the call
 * fails. (The directory holds the three URLs RFC 8555 7.1.1 requires: provider/acme/protocol.ts
 * refuses a reply that is not a directory.)
 */
import { expect } from "chai";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { Ca, createCa } from "../../emulator/core/ca";
import { newEcKeyPem } from "../../provider/acme/jws";
import { MAX_ACME_REPLY_BYTES } from "../../provider/acme/transport";
import { acmeClient, deadlineOf } from "../../provider/resources/acme-certificate/issue";
import type { AcmeInputs } from "../../provider/resources/acme-certificate/schema";

const ca = new Ca(createCa());
const cert = ca.issueServerCert(["127.0.0.1"]);

describe("probe: AcmeCertificate's ACME client refuses replies over the cap", function () {
  this.timeout(60_000);
  let server: Server;
  let url: string;
  let body: { bytes: Buffer; gzip: boolean };
  before(async () => {
    server = createServer({ key: cert.keyPem, cert: cert.certPem }, (_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": body.bytes.length, ...(body.gzip ? { "content-encoding": "gzip" } : {}) });
      res.end(body.bytes);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/directory`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });

  const directory = (filler: number) =>
    Buffer.concat([
      Buffer.from('{"newNonce":"https://127.0.0.1/n","newAccount":"https://127.0.0.1/a","newOrder":"https://127.0.0.1/o","meta":{"termsOfService":"'),
      Buffer.alloc(filler, 0x61),
      Buffer.from('"}}'),
    ]);
  const fetchDirectory = async () => {
    const c = acmeClient(
      { names: ["example.com"], directoryUrl: url, directoryCaCert: ca.certPem } as AcmeInputs,
      newEcKeyPem(),
      deadlineOf("create", 30_000, 0),
    );
    try {
      return (await c.directory()).meta?.termsOfService;
    } finally {
      await c.t.close();
    }
  };

  it("a directory of 64 KiB of gzip inflating to 64 MiB is refused", async () => {
    body = { bytes: gzipSync(directory(64 << 20), { level: 9 }), gzip: true };
    expect(body.bytes.length).to.be.below(100_000);
    const outcome = await fetchDirectory().then(
      (tos) => `read in full (${String(tos).length} characters)`,
      () => "refused",
    );
    expect(outcome).to.equal("refused");
  });

  it("a plain 16 MiB directory is refused; a directory of ordinary size is read", async () => {
    body = { bytes: directory(16 << 20), gzip: false };
    const big = await fetchDirectory().then(
      () => "read in full",
      () => "refused",
    );
    expect(big).to.equal("refused");
    body = { bytes: directory(MAX_ACME_REPLY_BYTES / 2), gzip: false };
    expect(await fetchDirectory()).to.have.length(MAX_ACME_REPLY_BYTES / 2);
  });
});

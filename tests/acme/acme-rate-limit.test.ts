/**
 * A rate-limit answer of the CA (HTTP 429 urn:ietf:params:acme:error:rateLimited, RFC 8555 6.6)
 * is reported at once, naming it, and not retried: acme-client's own default would wait the
 * Retry-After (an hour here) up to five times. The CA is a local HTTP server with a directory and
 * nonces that refuses the account with Let's Encrypt's words.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "chai";
import type { Api } from "../../provider/core/client";
import { issue } from "../../provider/resources/acme-certificate/issue";
import { acmeInputs } from "../../provider/resources/acme-certificate/schema";

const DETAIL =
  "too many new registrations (10) from this IP address in the last 3h0m0s, retry after 2026-11-27 05:00:00 UTC: see https://letsencrypt.org/docs/rate-limits/";

describe("AcmeCertificate: the CA's rate limit", function () {
  this.timeout(20_000);
  let server: http.Server;
  let refusals = 0;
  let base = "";

  before(async () => {
    server = http.createServer((req, res) => {
      const nonce = { "replay-nonce": `n${Date.now()}${Math.random()}`.replace(".", "") };
      if (req.url === "/directory") {
        res
          .writeHead(200, { "content-type": "application/json", ...nonce })
          .end(JSON.stringify({ newNonce: `${base}/nonce`, newAccount: `${base}/account`, newOrder: `${base}/order` }));
      } else if (req.url === "/nonce") {
        res.writeHead(200, nonce).end();
      } else {
        req.resume();
        refusals++;
        res
          .writeHead(429, { "content-type": "application/problem+json", "retry-after": "3600", ...nonce })
          .end(JSON.stringify({ type: "urn:ietf:params:acme:error:rateLimited", detail: DETAIL, status: 429 }));
      }
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  it("is reported at once, naming the rate limit, after one refusal", async () => {
    // The schema asks https of a program; the local CA speaks plain HTTP, so the URL is set past it.
    const inputs = { ...acmeInputs.parse({ names: ["example.com"] }), directoryUrl: `${base}/directory` };
    const started = Date.now();
    const err = await issue({} as Api, inputs, undefined, "example.com").then(
      () => undefined,
      (e: Error) => e,
    );
    expect(err?.message).to.equal(
      `example.com: the ACME account at ${base}/directory could not be created or found: the CA's rate limit: ${DETAIL} (not retried: try again after the time it names)`,
    );
    expect(refusals).to.equal(1);
    expect(Date.now() - started).to.be.lessThan(5_000);
  });
});

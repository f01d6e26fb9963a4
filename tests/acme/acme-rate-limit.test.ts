/**
 * A rate-limit answer of the CA (HTTP 429 urn:ietf:params:acme:error:rateLimited, RFC 8555 6.6)
 * is reported at once, naming it, and not retried: acme-client's own default waited the
 * Retry-After (an hour here) up to five times. The CA is tests/acme/hostile-ca.ts (HTTPS on
 * loopback, a real directory and nonces) refusing the account with Let's Encrypt's words.
 */
import { expect } from "chai";
import type { Api } from "../../provider/core/client";
import { issue } from "../../provider/resources/acme-certificate/issue";
import { acmeInputs } from "../../provider/resources/acme-certificate/schema";
import { type HostileCa, reply, startHostileCa } from "./hostile-ca";

const DETAIL =
  "too many new registrations (10) from this IP address in the last 3h0m0s, retry after 2026-11-27 05:00:00 UTC: see https://letsencrypt.org/docs/rate-limits/";

describe("AcmeCertificate: the CA's rate limit", function () {
  this.timeout(20_000);
  let ca: HostileCa;
  let refusals = 0;

  before(async () => {
    ca = await startHostileCa((req, res) => {
      if (req.path !== "/account") return false;
      refusals++;
      reply(res, 429, { type: "urn:ietf:params:acme:error:rateLimited", detail: DETAIL, status: 429 }, { "retry-after": "3600" });
      return true;
    });
  });
  after(() => ca.close());

  it("is reported at once, naming the rate limit, after one refusal", async () => {
    const inputs = acmeInputs.parse({ names: ["example.com"], directoryUrl: ca.directory, directoryCaCert: ca.caPem });
    const started = Date.now();
    const err = await issue({} as Api, inputs, undefined, "example.com").then(
      () => undefined,
      (e: Error) => e,
    );
    expect(err?.message).to.equal(
      `example.com: ACME CA ${ca.directory}: newAccount: the CA refused it (HTTP 429): rateLimited: ${DETAIL} (the CA's rate limit: not retried; try again after the time it names)`,
    );
    expect(refusals).to.equal(1);
    // Far below the Retry-After of an hour that a retrying client would wait.
    expect(Date.now() - started).to.be.lessThan(15_000);
  });
});

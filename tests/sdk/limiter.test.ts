import { expect } from "chai";
import { DonDominioClient, DonDominioTransportError, getOperation, type Operation } from "../../sdk";
import { BLOCK_PAUSE, limiterFor } from "../../sdk/core/limiter";
import { backoff, DEFAULT_RETRY, shouldRetry } from "../../sdk/core/retry";
import { answer, startServer } from "./server";

const HELLO = { ip: "127.0.0.1", lang: "en", version: "1.0.27" };

describe("shared limiter", () => {
  it("never lets more than maxConcurrency calls of one baseUrl + apiUser reach the server (200 calls, 3 clients)", async () => {
    const server = await startServer((req) => ({ ...answer(req, HELLO), delayMs: 5 }));
    try {
      const clients = [1, 2, 3].map(
        () => new DonDominioClient({ apiUser: "u-lim", apiPasswd: "pw-lim", baseUrl: server.url, allowInsecureHttp: true, maxConcurrency: 4 }),
      );
      const results = await Promise.all(Array.from({ length: 200 }, (_, i) => clients[i % 3].call("tool/hello")));
      expect(results).to.have.length(200);
      expect(server.requests).to.have.length(200);
      expect(server.peak).to.be.at.most(4);
      // The bound is used, not a lower accidental one (which would make the assertion above vacuous).
      expect(server.peak).to.be.at.least(2);
    } finally {
      await server.close();
    }
  });

  it("the smallest configured maxConcurrency of a key wins", async () => {
    const server = await startServer((req) => ({ ...answer(req, HELLO), delayMs: 5 }));
    try {
      const a = new DonDominioClient({ apiUser: "u-min", apiPasswd: "pw", baseUrl: server.url, allowInsecureHttp: true, maxConcurrency: 8 });
      const b = new DonDominioClient({ apiUser: "u-min", apiPasswd: "pw", baseUrl: server.url, allowInsecureHttp: true, maxConcurrency: 2 });
      await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).call("tool/hello")));
      expect(server.peak).to.be.at.most(2);
      expect(limiterFor(server.url, "u-min").max).to.equal(2);
      expect(limiterFor(server.url, "other-user").max).to.equal(4);
    } finally {
      await server.close();
    }
  });

  it("a blocked reply (1000) pauses the whole key before the next call", async () => {
    const server = await startServer((req, i) =>
      i === 0 ? answer(req, [], { code: 1000, msg: "Account blocked", messages: ["blocked"] }) : answer(req, HELLO),
    );
    try {
      const a = new DonDominioClient({ apiUser: "u-blk", apiPasswd: "pw", baseUrl: server.url, allowInsecureHttp: true });
      const b = new DonDominioClient({ apiUser: "u-blk", apiPasswd: "pw", baseUrl: server.url, allowInsecureHttp: true });
      const err = await a.call("tool/hello").catch((e) => e);
      expect(err.kind).to.equal("blocked");
      const t0 = Date.now();
      await b.call("tool/hello");
      expect(Date.now() - t0).to.be.at.least(900);
      expect(server.requests).to.have.length(2);
    } finally {
      await server.close();
    }
  });
});

describe("retry policy", () => {
  const op = (name: string) => getOperation(name) as Operation;
  const transport = new DonDominioTransportError("x", "HTTP 503", { status: 503, mayHaveBeenSent: true });

  it("shouldRetry: only retry-safe operations, only transport failures, within the attempt budget", () => {
    expect(shouldRetry(op("tool/hello"), transport, 1)).to.equal(true);
    expect(shouldRetry(op("tool/hello"), transport, 3)).to.equal(false);
    expect(shouldRetry(op("tool/hello"), new Error("other"), 1)).to.equal(false);
    expect(shouldRetry(op("domain/create"), transport, 1)).to.equal(false);
    // Even a mis-marked entry that spends money is never resent.
    expect(shouldRetry({ retrySafe: true, spendsMoney: true }, transport, 1)).to.equal(false);
  });

  it("backoff grows exponentially, is capped, and jitters within [half, full]", () => {
    // Step n is the delay after attempt n + 1.
    const retry = DEFAULT_RETRY.delay;
    expect(backoff(retry, 0, () => 0)).to.equal(125);
    expect(backoff(retry, 0, () => 1)).to.equal(250);
    expect(backoff(retry, 1, () => 1)).to.equal(500);
    expect(backoff(retry, 2, () => 0.5)).to.equal(750);
    expect(backoff(retry, 19, () => 1)).to.equal(8000);
  });

  it("backoff is the one formula of every growing wait: the limiter's block pause (1 s doubling to 60 s, no jitter) and the provider's polls", () => {
    const pauses = Array.from({ length: 8 }, (_, step) => backoff(BLOCK_PAUSE, step, () => 0));
    expect(pauses).to.deep.equal([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000]);
    // provider/core/wait.ts's defaults: 2 s growing by half up to 30 s.
    const polls = { baseMs: 2000, factor: 1.5, capMs: 30_000, jitter: "none" } as const;
    expect([0, 1, 2, 3, 7, 8].map((step) => backoff(polls, step))).to.deep.equal([2000, 3000, 4500, 6750, 30_000, 30_000]);
  });
});

import { expect } from "chai";
import {
  DonDominioAmbiguousError,
  DonDominioApiError,
  DonDominioClient,
  type DonDominioClientOptions,
  DonDominioResponseShapeError,
  DonDominioTransportError,
  DonDominioValidationError,
} from "../../sdk";
import { answer, deadPort, type Reply, rejection, type Script, startServer, type TestServer } from "./server";

const OWNER = { ownerContactID: "ABC-1" };
const HELLO = { ip: "127.0.0.1", lang: "en", version: "1.0.27" };

async function withServer(script: Script, fn: (s: TestServer, c: (o?: Partial<DonDominioClientOptions>) => DonDominioClient) => Promise<void>) {
  const s = await startServer(script);
  try {
    await fn(
      s,
      (o = {}) => new DonDominioClient({ apiUser: "u-err", apiPasswd: "pw-err-secret", baseUrl: s.url, allowInsecureHttp: true, sleep: async () => {}, ...o }),
    );
  } finally {
    await s.close();
  }
}

describe("sdk errors", () => {
  describe("API error groupings", () => {
    const cases: [number, string, string][] = [
      [2008, "Domain not found", "notFound"],
      [1004, "Account invalid pass", "authentication"],
      [1000, "Account blocked", "blocked"],
      [1100, "Insufficient balance", "insufficientBalance"],
      [101, "Syntax error: Parameter fault", "validation"],
      [2002, "TLD not supported", "api"],
    ];
    for (const [code, msg, kind] of cases) {
      it(`domain/getinfo: errorCode ${code} -> DonDominioApiError kind ${kind}`, async () => {
        // HTTP 200 with success=false: success decides, not the status (facts.md).
        await withServer(
          (req) => answer(req, [], { code, msg, messages: [`reason ${code}`] }),
          async (_s, c) => {
            const err = (await rejection(c().domain.getinfo({ domain: "example.com" }))) as DonDominioApiError;
            expect(err).to.be.instanceOf(DonDominioApiError);
            expect(err.kind).to.equal(kind);
            expect(err.errorCode).to.equal(code);
            expect(err.errorCodeMsg).to.equal(msg);
            expect(err.messages).to.deep.equal([`reason ${code}`]);
            expect(err.action).to.equal("domain/getinfo");
            expect(err.envelope.success).to.equal(false);
            expect(err.message).to.contain(`reason ${code}`);
          },
        );
      });
    }
  });

  describe("domain/create", () => {
    it("rejects invalid parameters before sending: each parameter and rule named, 0 requests", async () => {
      await withServer(
        () => ({ status: 500 }),
        async (s, c) => {
          const err = (await rejection(c().call("domain/create", { domain: "not a domain", nameservers: ["ns1.example.net"] }))) as DonDominioValidationError;
          expect(err).to.be.instanceOf(DonDominioValidationError);
          expect(err.kind).to.equal("validation");
          const params = err.issues.map((i) => i.param);
          expect(params).to.include.members(["domain", "nameservers"]);
          expect(err.message).to.contain("nameservers: 1 given, the API needs 2 to 7");
          expect(s.requests).to.have.length(0);
        },
      );
    });

    it("is never resent after a 503: exactly one request, a transport error", async () => {
      await withServer(
        () => ({ status: 503, body: "busy" }),
        async (s, c) => {
          const err = await rejection(c().call("domain/create", { domain: "example.com", ...OWNER }));
          expect(err).to.be.instanceOf(DonDominioTransportError);
          expect((err as DonDominioTransportError).status).to.equal(503);
          expect(s.requests).to.have.length(1);
        },
      );
    });

    it("a timeout after sending raises DonDominioAmbiguousError after exactly one request", async () => {
      await withServer(
        (req) => ({ ...answer(req, {}), delayMs: 400 }),
        async (s, c) => {
          const err = await rejection(c({ timeoutMs: 100 }).call("domain/create", { domain: "example.com", ...OWNER }));
          expect(err).to.be.instanceOf(DonDominioAmbiguousError);
          expect(err.message).to.contain("no reply within 100 ms");
          expect(s.requests).to.have.length(1);
        },
      );
    });

    it("a reset after sending raises DonDominioAmbiguousError after exactly one request", async () => {
      await withServer(
        () => ({ drop: true }),
        async (s, c) => {
          const err = await rejection(c().call("domain/create", { domain: "example.com", ...OWNER }));
          expect(err).to.be.instanceOf(DonDominioAmbiguousError);
          expect(err.kind).to.equal("ambiguous");
          expect(err.message).to.contain("may or may not");
          expect(s.requests).to.have.length(1);
        },
      );
    });
  });

  describe("tool/hello", () => {
    it("is retried on 503 (retry-safe) until it succeeds, with backoff between attempts", async () => {
      const delays: number[] = [];
      await withServer(
        (req, i): Reply => (i < 2 ? { status: 503 } : answer(req, HELLO)),
        async (s, c) => {
          const r = await c({ sleep: async (ms) => void delays.push(ms), random: () => 0.5 }).call("tool/hello");
          expect(r.ip).to.equal("127.0.0.1");
          expect(s.requests).to.have.length(3);
          expect(delays).to.have.length(2);
          expect(delays[1]).to.be.greaterThan(delays[0]);
        },
      );
    });

    it("a timeout on a retry-safe operation is retried", async () => {
      // The first request is answered only once the second has arrived, i.e. after the client gave
      // up on it: the client cannot have had its reply, whatever the machine's load. The timeout is
      // long enough for the prompt second answer.
      let secondArrived!: () => void;
      const second = new Promise<void>((r) => (secondArrived = r));
      await withServer(
        async (req, i): Promise<Reply> => {
          if (i === 0) await second;
          else secondArrived();
          return answer(req, { ...HELLO, lang: i === 0 ? "first" : "en" });
        },
        async (s, c) => {
          expect((await c({ timeoutMs: 1000 }).call("tool/hello")).lang).to.equal("en");
          expect(s.requests).to.have.length(2);
        },
      );
    });

    it("stops after `retries` further attempts", async () => {
      await withServer(
        () => ({ status: 502 }),
        async (s, c) => {
          const err = await rejection(c({ retries: 1 }).call("tool/hello"));
          expect(err.kind).to.equal("transport");
          expect(s.requests).to.have.length(2);
        },
      );
    });

    it("a reset on a retry-safe operation is retried, not ambiguous", async () => {
      await withServer(
        (req, i): Reply => (i === 0 ? { drop: true } : answer(req, HELLO)),
        async (s, c) => {
          await c().call("tool/hello");
          expect(s.requests).to.have.length(2);
        },
      );
    });

    it("a refused connection is a transport error that never reached the server", async () => {
      const url = await deadPort();
      const c = new DonDominioClient({ apiUser: "u", apiPasswd: "pw-dead-123", baseUrl: url, allowInsecureHttp: true, retries: 0 });
      const err = (await rejection(c.call("tool/hello"))) as DonDominioTransportError;
      expect(err).to.be.instanceOf(DonDominioTransportError);
      expect(err.mayHaveBeenSent).to.equal(false);
      expect(err.code).to.equal("ECONNREFUSED");
    });

    it("a reply that is neither JSON nor XML is a responseShape error", async () => {
      await withServer(
        () => ({ body: "<<html>> gateway" }),
        async (_s, c) => {
          const err = await rejection(c().call("tool/hello"));
          expect(err).to.be.instanceOf(DonDominioResponseShapeError);
          expect(err.kind).to.equal("responseShape");
        },
      );
      await withServer(
        () => ({ body: "Internal error, try later" }),
        async (_s, c) => {
          expect((await rejection(c().call("tool/hello"))).kind).to.equal("responseShape");
        },
      );
    });
  });

  describe("domain/getauthcode", () => {
    it("responseData outside the schema: responseShape error naming the operation, not the values", async () => {
      await withServer(
        (req) =>
          answer(req, { name: "example.com", status: "active", tld: "com", tsExpir: "2027-01-01", domainID: "not-a-number", authcode: "Zz9-secret-code" }),
        async (_s, c) => {
          const err = (await rejection(c().domain.getauthcode({ domain: "example.com" }))) as DonDominioResponseShapeError;
          expect(err).to.be.instanceOf(DonDominioResponseShapeError);
          expect(err.operation).to.equal("domain/getauthcode");
          expect(err.message).to.contain("domain/getauthcode").and.contain("responseData.domainID");
          expect(err.message).not.to.contain("not-a-number");
          expect(err.message).not.to.contain("Zz9-secret-code");
        },
      );
    });
  });
});

/**
 * TLS and plain-HTTP failures against real loopback servers (node:https / node:http on 127.0.0.1,
 * port 0) with certificates made here: each failure is its own typed transport error whose message
 * names the cause and what to do, and no credential reaches any server. For a refused handshake
 * the server sees no HTTP request at all; for an http:// base URL not even a connection.
 */
import { expect } from "chai";
import { generateKeyPairSync } from "node:crypto";
import { inspect } from "node:util";
import forge from "node-forge";
import { DonDominioAmbiguousError, DonDominioClient, DonDominioTransportError, updateDynamicDns } from "../../sdk";
import { DonDominioInsecureRedirectError, DonDominioInsecureUrlError, DonDominioTlsError } from "../../sdk/core/errors";
import { isLoopbackHost } from "../../sdk/core/transport";
import { answer, startServer, type Script, type TestServer } from "./server";

const { pki } = forge;
const PASSWD = "pw-TLS-Secret-8841";
const DYN_KEY = "dyn-TLS-Key-5523";
const DAY = 86_400_000;

interface Issued {
  cert: string;
  key: string;
}
interface Authority extends Issued {
  forgeKey: forge.pki.rsa.PrivateKey;
  forgeCert: forge.pki.Certificate;
}

/** One native RSA key for every certificate of the file (node-forge's JS keygen is slow). */
const keyPem = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const forgeKey = pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey;
const publicKey = pki.setRsaPublicKey(forgeKey.n, forgeKey.e);
let serial = 0x1000;

function certificate(opts: { cn: string; names?: string[]; ca?: boolean; issuer?: Authority; notBefore?: Date; notAfter?: Date }): Authority {
  const cert = pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = (serial++).toString(16);
  cert.validity.notBefore = opts.notBefore ?? new Date(Date.now() - 3_600_000);
  cert.validity.notAfter = opts.notAfter ?? new Date(Date.now() + 30 * DAY);
  const subject = [{ name: "commonName", value: opts.cn }];
  cert.setSubject(subject);
  cert.setIssuer(opts.issuer ? opts.issuer.forgeCert.subject.attributes : subject);
  const ext: any[] = [{ name: "basicConstraints", cA: !!opts.ca, critical: !!opts.ca }];
  if (opts.ca) ext.push({ name: "keyUsage", keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true });
  else {
    ext.push({ name: "keyUsage", digitalSignature: true, keyEncipherment: true, critical: true }, { name: "extKeyUsage", serverAuth: true });
    ext.push({ name: "subjectAltName", altNames: (opts.names ?? [opts.cn]).map((n) => (/^[\d.]+$/.test(n) ? { type: 7, ip: n } : { type: 2, value: n })) });
  }
  cert.setExtensions(ext);
  cert.sign(forgeKey, forge.md.sha256.create());
  return { cert: pki.certificateToPem(cert), key: keyPem, forgeKey, forgeCert: cert };
}

/** Every surface an error can be seen through (message, stack, inspect, JSON). */
function surfaces(err: unknown): string[] {
  const e = err as Error;
  return [e.message, e.stack ?? "", inspect(e, { depth: 10 }), JSON.stringify(e), String(e)];
}

function expectNoSecret(err: unknown, ...secrets: string[]) {
  for (const text of surfaces(err)) for (const s of secrets) expect(text).not.to.contain(s);
}

const ok: Script = (req) => answer(req, { ip: "127.0.0.1", lang: "en", version: "1.0.27" });

async function withServer<T>(tls: Issued | undefined, script: Script, fn: (s: TestServer) => Promise<T>): Promise<T> {
  const s = await startServer(script, tls);
  try {
    return await fn(s);
  } finally {
    await s.close();
  }
}

describe("TLS failures: a typed error naming the cause, and nothing sent", function () {
  this.timeout(20_000);

  // The CA the client is configured with, a CA it does not know, and leaves for each case.
  const trusted = certificate({ cn: "Test Trusted CA", ca: true });
  const stranger = certificate({ cn: "Some Other CA", ca: true });
  const good = certificate({ cn: "127.0.0.1", issuer: trusted });
  const wrongCa = certificate({ cn: "127.0.0.1", issuer: stranger });
  const selfSigned = certificate({ cn: "127.0.0.1" });
  const expired = certificate({ cn: "127.0.0.1", issuer: trusted, notBefore: new Date(Date.now() - 400 * DAY), notAfter: new Date(Date.now() - DAY) });
  const otherName = certificate({ cn: "other.example", issuer: trusted });

  const client = (baseUrl: string, extra: Partial<ConstructorParameters<typeof DonDominioClient>[0]> = {}) =>
    new DonDominioClient({ apiUser: "u-tlsfail", apiPasswd: PASSWD, baseUrl, caCert: trusted.cert, retries: 0, ...extra });

  const tlsCases: { name: string; leaf: Issued; reason: string; code: string; says: RegExp[] }[] = [
    {
      name: "wrong CA (issuer unknown)",
      leaf: wrongCa,
      reason: "untrustedCertificate",
      code: "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
      says: [/not issued by a trusted CA/, /configure caCert/i, /ca\.cert\.pem/],
    },
    {
      name: "self-signed",
      leaf: selfSigned,
      reason: "untrustedCertificate",
      code: "DEPTH_ZERO_SELF_SIGNED_CERT",
      says: [/not issued by a trusted CA/, /self-signed/, /configure caCert/i],
    },
    { name: "expired certificate", leaf: expired, reason: "expiredCertificate", code: "CERT_HAS_EXPIRED", says: [/has expired/, /renew/] },
    {
      name: "name mismatch (certificate for other.example)",
      leaf: otherName,
      reason: "hostnameMismatch",
      code: "ERR_TLS_CERT_ALTNAME_INVALID",
      says: [/for another host name/, /other\.example/],
    },
  ];

  describe("API client", () => {
    it("control: the same server setup with a good certificate answers (so the failures below are the certificates')", async () => {
      await withServer(good, ok, async (s) => {
        expect((await client(s.url).call("tool/hello")).version).to.equal("1.0.27");
        expect(s.received).to.equal(1);
      });
    });

    for (const c of tlsCases) {
      it(`${c.name}: DonDominioTlsError ${c.reason}, "not sent", no HTTP request reached the server`, async () => {
        await withServer(c.leaf, ok, async (s) => {
          const err = await client(s.url)
            .call("tool/hello")
            .catch((e) => e);
          expect(err).to.be.instanceOf(DonDominioTlsError);
          expect(err).to.be.instanceOf(DonDominioTransportError);
          expect(err.kind).to.equal("transport");
          expect(err.reason).to.equal(c.reason);
          expect(err.code).to.equal(c.code);
          expect(err.mayHaveBeenSent).to.equal(false);
          expect(err.host).to.equal(new URL(s.url).host);
          expect(err.message).to.match(/^tool\/hello: /);
          for (const re of c.says) expect(err.message).to.match(re);
          expect(err.message).to.contain("the request was not sent");
          expect(s.connections, "the client did connect").to.be.greaterThan(0);
          expect(s.received, "HTTP requests seen by the server").to.equal(0);
          expect(s.requests).to.have.length(0);
          expectNoSecret(err, PASSWD);
        });
      });
    }

    it("a money operation whose handshake is refused is reported as not sent, never ambiguous", async () => {
      await withServer(wrongCa, ok, async (s) => {
        const err = await client(s.url)
          .call("domain/renew", { domain: "example.com", curExpDate: "2030-01-01" })
          .catch((e) => e);
        expect(err).to.be.instanceOf(DonDominioTlsError);
        expect(err).not.to.be.instanceOf(DonDominioAmbiguousError);
        expect(err.kind).to.equal("transport");
        expect(err.mayHaveBeenSent).to.equal(false);
        expect(err.message).to.contain("not sent");
        expect(s.received).to.equal(0);
        expectNoSecret(err, PASSWD);
      });
    });

    it("retries do not change it: every attempt is refused at the handshake, nothing reaches the server", async () => {
      await withServer(expired, ok, async (s) => {
        const err = await client(s.url, { retries: 2, sleep: async () => {} })
          .call("tool/hello")
          .catch((e) => e);
        expect(err).to.be.instanceOf(DonDominioTlsError);
        expect(err.reason).to.equal("expiredCertificate");
        expect(s.received).to.equal(0);
      });
    });

    it("an https:// URL on a plain-HTTP port is a TLS handshake failure, not sent", async () => {
      await withServer(undefined, ok, async (s) => {
        const err = await client(s.url.replace(/^http:/, "https:"))
          .call("tool/hello")
          .catch((e) => e);
        expect(err).to.be.instanceOf(DonDominioTlsError);
        expect(err.reason).to.equal("tlsHandshake");
        expect(err.mayHaveBeenSent).to.equal(false);
        expect(err.message).to.match(/TLS handshake with 127\.0\.0\.1:\d+ failed/);
        expect(err.message).to.contain("not sent");
        expect(s.received).to.equal(0);
        expectNoSecret(err, PASSWD);
      });
    });

    for (const status of [301, 302, 307, 308]) {
      it(`a ${status} redirect to http:// is refused and not followed: the plain-HTTP target sees nothing`, async () => {
        await withServer(undefined, ok, async (plain) => {
          const target = `${plain.url}/tool/hello/?from=redirect`;
          await withServer(
            good,
            () => ({ status, headers: { location: target }, body: "moved" }),
            async (s) => {
              const err = await client(s.url)
                .call("tool/hello")
                .catch((e) => e);
              expect(err).to.be.instanceOf(DonDominioInsecureRedirectError);
              expect(err).to.be.instanceOf(DonDominioTransportError);
              expect(err).not.to.be.instanceOf(DonDominioAmbiguousError);
              expect(err.kind).to.equal("transport");
              expect(err.reason).to.equal("insecureRedirect");
              expect(err.status).to.equal(status);
              expect(err.location).to.equal(plain.url);
              expect(err.message).to.contain(`HTTP ${status} redirecting to plain HTTP (${plain.url})`);
              expect(err.message).to.contain("the redirect was not followed");
              expect(err.message).not.to.contain("from=redirect");
              // The one request went to the configured server over TLS; the http:// target got nothing.
              expect(s.received).to.equal(1);
              expect(plain.connections, "connections to the plain-HTTP target").to.equal(0);
              expect(plain.received).to.equal(0);
              expectNoSecret(err, PASSWD);
            },
          );
        });
      });
    }

    it("a relative Location stays on https:// and is not this error", async () => {
      await withServer(
        good,
        () => ({ status: 302, headers: { location: "/elsewhere/" }, body: "moved" }),
        async (s) => {
          const err = await client(s.url)
            .call("tool/hello")
            .catch((e) => e);
          expect(err).not.to.be.instanceOf(DonDominioInsecureRedirectError);
          expect(s.received).to.equal(1);
        },
      );
    });
  });

  describe("plain-HTTP base URL", () => {
    it("is refused before any connection, naming the field and the rule", async () => {
      await withServer(undefined, ok, async (plain) => {
        const err = (() => {
          try {
            client(plain.url);
          } catch (e) {
            return e as DonDominioInsecureUrlError;
          }
        })();
        expect(err).to.be.instanceOf(DonDominioInsecureUrlError);
        expect(err).to.be.instanceOf(DonDominioTransportError);
        expect(err?.kind).to.equal("transport");
        expect(err?.reason).to.equal("insecureBaseUrl");
        expect(err?.field).to.equal("baseUrl");
        expect(err?.mayHaveBeenSent).to.equal(false);
        expect(err?.message).to.contain(`baseUrl ${plain.url} is plain HTTP`);
        expect(err?.message).to.contain("HTTPS only");
        expect(err?.message).to.contain("apipasswd");
        expect(err?.message).to.contain("allowInsecureHttp: true");
        expect(plain.connections).to.equal(0);
        expect(plain.received).to.equal(0);
        expectNoSecret(err, PASSWD);
      });
    });

    it("allowInsecureHttp: true works for a loopback host (the emulator's --no-tls mode)", async () => {
      await withServer(undefined, ok, async (plain) => {
        expect((await client(plain.url, { allowInsecureHttp: true }).call("tool/hello")).version).to.equal("1.0.27");
        expect(plain.received).to.equal(1);
        for (const url of [plain.url.replace("127.0.0.1", "localhost"), "http://127.9.8.7:1", "http://[::1]:1", "http://LOCALHOST:1"]) {
          expect(() => client(url, { allowInsecureHttp: true }), url).not.to.throw();
        }
      });
    });

    it("allowInsecureHttp: true does not extend to other hosts, and only the boolean true opts in", () => {
      for (const url of [
        "http://192.0.2.10",
        "http://10.0.0.1:8080",
        "http://simple-api.dondominio.net",
        "http://127.0.0.1.example.com",
        "http://localhost.example.com",
        "http://[::2]",
      ]) {
        let err: any;
        try {
          client(url, { allowInsecureHttp: true });
        } catch (e) {
          err = e;
        }
        expect(err, url).to.be.instanceOf(DonDominioInsecureUrlError);
        expect(err.message, url).to.contain("not loopback");
        expect(err.message).to.contain("allowInsecureHttp only permits http:// to a loopback host");
      }
      expect(() => client("http://127.0.0.1:1", { allowInsecureHttp: "true" as unknown as boolean })).to.throw(DonDominioInsecureUrlError);
      expect(() => client("ftp://127.0.0.1/")).to.throw(TypeError, /https:\/\//);
    });

    it("isLoopbackHost: 127.0.0.0/8, ::1 and localhost only", () => {
      for (const h of ["127.0.0.1", "127.255.0.9", "[::1]", "::1", "localhost", "LocalHost"]) expect(isLoopbackHost(h), h).to.equal(true);
      for (const h of ["128.0.0.1", "10.0.0.1", "0.0.0.0", "[::2]", "[::ffff:7f00:1]", "localhost.example.com", "127.0.0.1.example.com", "example.com"])
        expect(isLoopbackHost(h), h).to.equal(false);
    });
  });

  describe("dynamic DNS", () => {
    const base = { user: "ana", key: DYN_KEY, host: "home.example.com", caCert: trusted.cert };
    const dynOk: Script = () => ({
      body: JSON.stringify({ success: true, messages: [], host: { name: "home.example.com", value: "192.0.2.1", type: "A", updated: false } }),
    });

    it("control: a good certificate answers", async () => {
      await withServer(good, dynOk, async (s) => {
        expect((await updateDynamicDns({ ...base, baseUrl: s.url })).success).to.equal(true);
        expect(s.received).to.equal(1);
      });
    });

    for (const c of tlsCases) {
      it(`${c.name}: DonDominioTlsError ${c.reason}, "not sent" (the key never left), no request seen`, async () => {
        await withServer(c.leaf, dynOk, async (s) => {
          const err = await updateDynamicDns({ ...base, baseUrl: s.url }).catch((e) => e);
          expect(err).to.be.instanceOf(DonDominioTlsError);
          expect(err.kind).to.equal("transport");
          expect(err.reason).to.equal(c.reason);
          expect(err.code).to.equal(c.code);
          expect(err.mayHaveBeenSent).to.equal(false);
          expect(err.message).to.match(/^dyndns\/update: /);
          for (const re of c.says) expect(err.message).to.match(re);
          expect(err.message).to.contain("not sent");
          expect(err.message).not.to.contain("may have");
          expect(s.received).to.equal(0);
          expectNoSecret(err, DYN_KEY);
        });
      });
    }

    it("a redirect to http:// is refused and not followed", async () => {
      await withServer(undefined, dynOk, async (plain) => {
        const location = `${plain.url}/json/?user=ana&password=${DYN_KEY}&host=home.example.com`;
        await withServer(
          good,
          () => ({ status: 302, headers: { location }, body: "" }),
          async (s) => {
            const err = await updateDynamicDns({ ...base, baseUrl: s.url }).catch((e) => e);
            expect(err).to.be.instanceOf(DonDominioInsecureRedirectError);
            expect(err.reason).to.equal("insecureRedirect");
            expect(err.status).to.equal(302);
            expect(err.location).to.equal(plain.url);
            expect(err.message).to.contain("the redirect was not followed");
            expect(s.received).to.equal(1);
            expect(plain.connections).to.equal(0);
            expectNoSecret(err, DYN_KEY);
          },
        );
      });
    });

    it("an http:// baseUrl is refused before any connection, unless allowInsecureHttp for loopback", async () => {
      await withServer(undefined, dynOk, async (plain) => {
        const err = await updateDynamicDns({ ...base, baseUrl: plain.url }).catch((e) => e);
        expect(err).to.be.instanceOf(DonDominioInsecureUrlError);
        expect(err.reason).to.equal("insecureBaseUrl");
        expect(err.field).to.equal("baseUrl");
        expect(err.message).to.match(/^dyndns\/update: baseUrl http:\/\/127\.0\.0\.1:\d+ is plain HTTP/);
        expect(err.message).to.contain("the dynamic DNS key");
        expect(plain.connections).to.equal(0);
        expectNoSecret(err, DYN_KEY);

        const far = await updateDynamicDns({ ...base, baseUrl: "http://192.0.2.10", allowInsecureHttp: true }).catch((e) => e);
        expect(far).to.be.instanceOf(DonDominioInsecureUrlError);
        expect(far.message).to.contain("not loopback");

        expect((await updateDynamicDns({ ...base, baseUrl: plain.url, allowInsecureHttp: true })).success).to.equal(true);
        expect(plain.received).to.equal(1);
      });
    });
  });
});

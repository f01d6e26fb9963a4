import { expect } from "chai";
import { inspect } from "node:util";
import { DonDominioClient, type DonDominioError, redact } from "../../sdk";
import { scrubText, secretValues } from "../../sdk/core/redact";
import { holdsPrivateKey, isSecretMember, isSecretName } from "../../sdk/core/secrets";
import { PUBLIC_NAMES, SECRET_NAMES } from "./secret-names";
import { answer, startServer } from "./server";

const PASSWD = "Pa55-very-secret-passwd";
const AUTHCODE = "Auth-Code-7x!q";

/** Captures what is written to stderr while `fn` runs (the debug log's channel). */
async function captureStderr(fn: () => Promise<unknown>): Promise<string> {
  const original = process.stderr.write.bind(process.stderr);
  let out = "";
  process.stderr.write = ((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  }) as typeof process.stderr.write;
  try {
    await fn();
  } finally {
    process.stderr.write = original;
  }
  return out;
}

const PEM = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk=\n-----END OPENSSH PRIVATE KEY-----";

describe("the one secret rule (sdk/core/secrets.ts)", () => {
  it("names: secret by pattern, whatever the case or separators; public keys and key metadata stay visible", () => {
    for (const n of SECRET_NAMES) expect(isSecretName(n), n).to.equal(true);
    for (const n of PUBLIC_NAMES) expect(isSecretName(n), n).to.equal(false);
    expect(isSecretName("custom", ["Custom"])).to.equal(true);
  });

  it("values: a PEM private key under any name, in any of its labels; nothing and flags are no secret", () => {
    for (const label of [
      "PRIVATE KEY",
      "RSA PRIVATE KEY",
      "EC PRIVATE KEY",
      "ENCRYPTED PRIVATE KEY",
      "OPENSSH PRIVATE KEY",
      "PGP PRIVATE KEY BLOCK",
      "rsa private key",
    ])
      expect(holdsPrivateKey(`note: -----BEGIN ${label}-----\nAAA`), label).to.equal(true);
    expect(holdsPrivateKey("-----BEGIN CERTIFICATE-----\nAAA")).to.equal(false);
    expect(holdsPrivateKey("-----BEGIN PUBLIC KEY-----\nAAA")).to.equal(false);
    expect(isSecretMember("note", PEM)).to.equal(true);
    for (const v of [undefined, null, "", true, false]) expect(isSecretMember("password", v), String(v)).to.equal(false);
    expect(isSecretMember("password", 1234)).to.equal(true);
    expect(isSecretMember("exposeAuthcode", true)).to.equal(false);
  });

  it("redact() masks by the rule: every secret name, and PEM private keys under any name", () => {
    const input = Object.fromEntries([...SECRET_NAMES.map((n) => [n, `v-${n}`]), ...PUBLIC_NAMES.map((n) => [n, `v-${n}`]), ["note", PEM], ["zonepass", true]]);
    const out = redact(input) as Record<string, unknown>;
    for (const n of SECRET_NAMES) expect(out[n], n).to.equal("***");
    for (const n of PUBLIC_NAMES) expect(out[n], n).to.equal(`v-${n}`);
    expect(out.note).to.equal("***");
    expect(out.zonepass).to.equal(true);
    expect(secretValues({ dyndnsKey: "k-123", tlsKey: "t-456", domain: "x.com" })).to.deep.equal(["k-123", "t-456"]);
  });

  it("scrubText() masks a private key block in free text (a server message quoting it)", () => {
    expect(scrubText(`refused: ${PEM} (bad)`, [])).to.equal("refused: *** (bad)");
    expect(scrubText("cut: -----BEGIN PRIVATE KEY-----\nMIIE", [])).to.equal("cut: ***");
  });
});

describe("redaction", () => {
  it("redact() deep-copies and masks global and per-operation secret names", () => {
    const input = { apipasswd: "a", nested: { authcode: "b", list: [{ password: "c", keep: "d" }] }, pfxpass: "e", custom: "f", domain: "x.com" };
    const out = redact(input, ["custom"]);
    expect(out).to.deep.equal({
      apipasswd: "***",
      nested: { authcode: "***", list: [{ password: "***", keep: "d" }] },
      pfxpass: "***",
      custom: "***",
      domain: "x.com",
    });
    expect(input.nested.authcode).to.equal("b");
  });

  it("redact() takes the caller's own name rule, mask and PEM private keys as options (the emulator's state dumps)", () => {
    const pem = "-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----";
    const state = { apipasswd: "pw-123", productkey: "basic", certKey: "", note: pem, list: [pem, "plain"], n: 5, nested: { dyndnsKey: "k-1" } };
    const out = redact(state, {
      mask: "[redacted]",
      privateKeys: true,
      isSecret: (name, v) => typeof v === "string" && v !== "" && /passwd|key$/i.test(name) && name !== "productkey",
    });
    expect(out).to.deep.equal({
      apipasswd: "[redacted]",
      productkey: "basic",
      certKey: "",
      note: "[redacted]",
      list: ["[redacted]", "plain"],
      n: 5,
      nested: { dyndnsKey: "[redacted]" },
    });
    expect(state.apipasswd).to.equal("pw-123");
    // The default rule is unchanged: global names plus the extra ones, "***".
    expect(redact({ password: "x", pfxpass: "y", other: pem }, { extra: ["other"] })).to.deep.equal({ password: "***", pfxpass: "***", other: "***" });
  });

  describe("domain/transfer", () => {
    it("apipasswd and authcode appear in no error message, inspect output, JSON or debug log line", async () => {
      // The server echoes the authcode in its message, as a careless API might.
      const server = await startServer((req) =>
        answer(req, [], { code: 2012, msg: "Domain transfer error", messages: [`authcode ${req.form.authcode} refused for ${req.form.apiuser}`] }),
      );
      const previous = process.env.DONDOMINIO_DEBUG;
      process.env.DONDOMINIO_DEBUG = "1";
      try {
        const client = new DonDominioClient({ apiUser: "u-redact", apiPasswd: PASSWD, baseUrl: server.url, allowInsecureHttp: true });
        let err: DonDominioError | undefined;
        const log = await captureStderr(async () => {
          try {
            await client.call("domain/transfer", { domain: "example.com", authcode: AUTHCODE, ownerContactID: "ABC-1" });
          } catch (e) {
            err = e as DonDominioError;
          }
        });
        expect(server.requests[0].form.authcode).to.equal(AUTHCODE, "the secret is sent");
        expect(err?.kind).to.equal("api");
        expect(log).to.contain("domain/transfer").and.contain("error 2012").and.contain('"authcode":"***"');
        const surfaces = [
          err?.message ?? "",
          err?.stack ?? "",
          inspect(err, { depth: 10 }),
          JSON.stringify(err),
          log,
          inspect(client, { depth: 10, showHidden: true }),
          JSON.stringify(client),
          String(Object.keys(client)),
        ];
        for (const text of surfaces) {
          expect(text).not.to.contain(PASSWD);
          expect(text).not.to.contain(AUTHCODE);
        }
        expect(err?.message).to.contain("authcode *** refused");
      } finally {
        if (previous === undefined) delete process.env.DONDOMINIO_DEBUG;
        else process.env.DONDOMINIO_DEBUG = previous;
        await server.close();
      }
    });
  });

  describe("tool/hello", () => {
    it("logs one line per call only when DONDOMINIO_DEBUG=1", async () => {
      const server = await startServer((req) => answer(req, { ip: "127.0.0.1", lang: "en", version: "1.0.27" }));
      const previous = process.env.DONDOMINIO_DEBUG;
      try {
        const client = new DonDominioClient({ apiUser: "u-log", apiPasswd: PASSWD, baseUrl: server.url, allowInsecureHttp: true });
        delete process.env.DONDOMINIO_DEBUG;
        expect(await captureStderr(() => client.call("tool/hello"))).to.equal("");
        process.env.DONDOMINIO_DEBUG = "1";
        const log = await captureStderr(() => client.call("tool/hello"));
        expect(log).to.match(/^\[dondominio\] tool\/hello \d+\.\dms ok/);
        expect(log.trim().split("\n")).to.have.length(1);
        expect(log).not.to.contain(PASSWD);
      } finally {
        if (previous === undefined) delete process.env.DONDOMINIO_DEBUG;
        else process.env.DONDOMINIO_DEBUG = previous;
        await server.close();
      }
    });
  });
});

/**
 * Independent probe: `dondominio-acme` (merged after the issue 19 fixes) printed API text raw, the
 * defect 6 class in a new command: an entityID or a hosting service name holding a line feed, an
 * escape sequence or a bidi control reached stdout/stderr as it was, forging a second line in the
 * output certbot and lego log and driving the terminal. Every line it prints now holds API data as
 * one visible line (sdk/core/printable.ts). The API is a scripted loopback HTTPS server.
 */
import { expect } from "chai";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ca, createCa } from "../../emulator/core/ca";
import { main } from "../../provider/acme/cli";
import { closeTransports } from "../../sdk/core/transport";
import { answer, startServer, type TestServer } from "../sdk/server";

const HOSTILE = "x\x1b[2J\x1b]0;pwn\x07\u202e\u2028\n[dondominio] forged\r";
/** Any character printable() escapes (controls, format/bidi, line and paragraph separators). */
const RAW = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const PASSWORD = "probe-Acme-Pw-5521";

const ca = new Ca(createCa());
const cert = ca.issueServerCert(["127.0.0.1"]);

describe("probe: dondominio-acme prints API text as one visible line", function () {
  this.timeout(30_000);
  let srv: TestServer;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    const list = { page: 1, pageLength: 1000, results: 2, total: 2 };
    const service = (name: string) => ({ name, type: "hosting", productkey: "basic", status: "active", tsExpir: "2030-01-01" });
    srv = await startServer(
      (req) => {
        const action = req.path.replace(/^\/+|\/+$/g, "");
        if (action === "service/list") return answer(req, { queryInfo: list, services: [service("example.com"), service(`evil${HOSTILE}.com`)] });
        if (action === "service/dnslist") return answer(req, { queryInfo: { ...list, results: 0, total: 0 }, dns: [] });
        if (action === "service/dnscreate")
          return answer(req, {
            dns: [{ entityID: `SRV1-1${HOSTILE}`, name: "_acme-challenge.www.example.com", type: "TXT", ttl: "60", priority: "0", value: "v" }],
          });
        return answer(req, {}, { code: 1000, msg: `refused ${HOSTILE}` });
      },
      { key: cert.keyPem, cert: cert.certPem },
    );
    const dir = mkdtempSync(join(tmpdir(), "probe-acme-"));
    writeFileSync(join(dir, "ca.pem"), ca.certPem);
    env = {
      DONDOMINIO_API_USER: "ana",
      DONDOMINIO_API_PASSWD: PASSWORD,
      DONDOMINIO_BASE_URL: srv.url,
      DONDOMINIO_CA_CERT_FILE: join(dir, "ca.pem"),
      DONDOMINIO_ACME_PROPAGATION_TIMEOUT: "0",
      // No resolver answers there: no CNAME is followed.
      DONDOMINIO_ACME_DNS_SERVERS: "127.0.0.1:9",
    };
  });
  after(async () => {
    await closeTransports();
    await srv.close();
  });

  for (const [label, argv] of [
    ["present (entityID in the reply)", ["present", "_acme-challenge.www.example.com", "abc_DEF-123"]],
    ["present outside every zone (service names in the error)", ["present", "_acme-challenge.www.nowhere.org", "abc_DEF-123"]],
    ["certbot-auth with a hostile CERTBOT_DOMAIN", ["certbot-auth"]],
  ] as const)
    it(label, async () => {
      let stdout = "";
      let stderr = "";
      await main([...argv], { ...env, CERTBOT_DOMAIN: `www.example.com${HOSTILE}`, CERTBOT_VALIDATION: "abc_DEF-123" }, {
        stdout: { write: (s: string) => (stdout += s) },
        stderr: { write: (s: string) => (stderr += s) },
      } as never);
      for (const [name, text] of [
        ["stdout", stdout],
        ["stderr", stderr],
      ]) {
        const lines = text.split("\n").filter(Boolean);
        for (const l of lines) expect(RAW.test(l), `${name}: ${JSON.stringify(l)}`).to.equal(false);
        expect(text, name).to.not.contain(PASSWORD);
        expect(
          text.split("\n").filter((l) => l.startsWith("[dondominio] forged")),
          name,
        ).to.deep.equal([]);
      }
      expect(stdout + stderr).to.match(/dondominio-acme: /);
    });
});

/**
 * Independent probe: secrets echoed back by a server never reach an error message or the ddns
 * command's output (issue 19 "secrets never in errors"; items 5 and 6's clients). Before:
 * - the API client scrubbed the envelope's `messages` of the password but not `errorCodeMsg`, and
 *   only in the password's raw form: an answer echoing the request body (`apipasswd=k%2By...`, a
 *   proxy or a debug build echoing what it got) put the password in DonDominioApiError's message;
 * - dondominio-ddns printed the address the endpoint returned on stderr unscrubbed, and scrubbed the
 *   endpoint's messages of the key's raw form only: an endpoint echoing the request URL printed the
 *   key (URL-encoded) to stderr, which cron mails.
 */
import { expect } from "chai";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ca, createCa } from "../../emulator/core/ca";
import { DonDominioClient } from "../../sdk";
import { closeTransports } from "../../sdk/core/transport";
import { main } from "../../sdk/ddns-cli";

/** A secret with characters that every encoding changes: `+`, `/`, `=`, a space, `%`, `&`. */
const SECRET = "Pw+9137/Ab=cd ef%2&gh";
/**
 * Every form the secret could be echoed in: raw, percent-encoded, form-encoded, and form-encoded
 * then percent-decoded (a server that decodes `%XX` but not `+`: the secret with its space as "+").
 */
const FORMS = [SECRET, encodeURIComponent(SECRET), new URLSearchParams({ s: SECRET }).toString().slice(2), SECRET.replaceAll(" ", "+")];

const ca = new Ca(createCa());
const cert = ca.issueServerCert(["127.0.0.1"]);

describe("probe: secrets a server echoes back stay out of messages", function () {
  this.timeout(30_000);
  let server: Server;
  let url: string;
  let echo: (req: { url: string; body: string }) => string;
  /** What each request sent (URL and body), to check that the echo had the secret to echo. */
  let sent: string[] = [];
  before(async () => {
    server = createServer({ key: cert.keyPem, cert: cert.certPem }, (req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        sent.push(`${req.url ?? ""} ${body}`);
        const text = echo({ url: req.url ?? "", body });
        res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
        res.end(text);
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await closeTransports();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });

  /** `text` holds no form of the secret, and its mask in the place of one (not vacuous: the echo reached it). */
  const clean = (text: string, label: string) => {
    for (const f of FORMS) expect(text, `${label}: holds ${JSON.stringify(f)}`).to.not.contain(f);
    expect(text, `${label}: the echoed secret, masked`).to.contain("***");
  };
  /** The one request made carried the secret (encoded): the server had it to echo. */
  const sentSecret = (label: string) => {
    expect(sent, `${label}: requests`).to.have.length(1);
    expect(
      FORMS.some((f) => sent[0].includes(f)),
      `${label}: the request carries the secret`,
    ).to.equal(true);
    sent = [];
  };

  it("the API client: the password echoed raw or encoded, in errorCodeMsg and messages, is masked", async () => {
    echo = ({ body }) => {
      const decoded = new URLSearchParams(body).get("apipasswd") ?? "";
      const all = `${body} | ${decoded} | ${encodeURIComponent(decoded)}`;
      return JSON.stringify({
        success: false,
        errorCode: 1,
        errorCodeMsg: `bad request ${all}`,
        action: "tool/hello",
        version: "1",
        messages: [all],
        responseData: {},
      });
    };
    const client = new DonDominioClient({ apiUser: "ana", apiPasswd: SECRET, baseUrl: url, caCert: ca.certPem });
    const err = await client.tool.hello().then(
      () => undefined,
      (e: Error) => e,
    );
    sentSecret("tool/hello");
    expect(err?.name).to.equal("DonDominioApiError");
    // The server's text is in the message (errorCodeMsg and messages), only the secret masked.
    expect(err?.message).to.match(/^tool\/hello failed with error 1 \(bad request apiuser=ana&apipasswd=\*\*\*&/);
    clean(String(err?.message), "message");
    clean(JSON.stringify(err), "JSON");
  });

  it("dondominio-ddns: the key echoed in the address or the messages, raw or encoded, reaches neither stdout nor stderr", async () => {
    const dir = mkdtempSync(join(tmpdir(), "probe-echo-"));
    const caFile = join(dir, "ca.pem");
    writeFileSync(caFile, ca.certPem);
    const replies = [
      (u: string, key: string) => ({ success: true, host: { name: "home.example.com", value: key, type: "A", updated: true }, messages: [u] }),
      (u: string) => ({ success: true, host: { name: "home.example.com", value: u, type: "A", updated: true }, messages: [] }),
      (u: string, key: string) => ({ success: false, messages: [u, key, decodeURIComponent(u)] }),
    ];
    for (const [i, reply] of replies.entries()) {
      echo = ({ url: u }) => JSON.stringify(reply(u, new URL(u, "https://x").searchParams.get("password") ?? ""));
      let out = "";
      const status = await main(
        ["--user", "ana", "--host", "home.example.com", "--url", url, "--ca-file", caFile, "--state-file", join(dir, `s${i}.json`)],
        { DONDOMINIO_DDNS_KEY: SECRET },
        { stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (out += s) } },
      );
      sentSecret(`reply ${i}`);
      expect(status, out).to.equal(1);
      // The host's result line on stdout and the reason on stderr, where the echo would have been.
      expect(out, `reply ${i}`).to.match(/^home\.example\.com failed -\ndondominio-ddns: home\.example\.com: \S/);
      clean(out, `reply ${i}`);
    }
  });
});

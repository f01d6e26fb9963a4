/**
 * dondominio-ddns on hostile replies (project issue 19, defect 6): a loopback HTTPS dynamic DNS
 * server answers each string of tests/ddns/hostile.ts as the address it wrote, as its messages, and
 * as the whole body. Whatever it sends: exactly one well-formed "HOST RESULT ADDRESS" line per host,
 * no raw control character on stdout or stderr, and the state file unchanged or holding only valid
 * addresses.
 */
import { expect } from "chai";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ca, createCa } from "../../emulator/core/ca";
import { printable } from "../../sdk/core/printable";
import { closeTransports } from "../../sdk/core/transport";
import { EXIT_FAILED, EXIT_OK, main } from "../../sdk/ddns-cli";
import { canonicalIPv6, isPlainIPv4 } from "../../sdk/rules";
import { HOSTILE_STRINGS, type Hostile, UNSAFE_OUTPUT, WRONG_FAMILY } from "./hostile";

const KEY = "ddns-Hostile-Key-4411";
const HOSTS = ["home.example.com", "office.example.com"];
const LINE = /^(home|office)\.example\.com (updated|unchanged|skipped|failed) (\S+)$/;

/** What the server answers: the value as the address written, as the messages of a failure, or as the body. */
type Mode = "address" | "failure" | "body";

const ca = new Ca(createCa());
const cert = ca.issueServerCert(["127.0.0.1"]);
const validAddress = (a: string) => isPlainIPv4(a) || canonicalIPv6(a) === a;

describe("dondominio-ddns on hostile replies", function () {
  this.timeout(60_000);
  let server: Server;
  let url: string;
  let dir: string;
  let caFile: string;
  let reply: { mode: Mode; value: string } = { mode: "address", value: "" };

  before(async () => {
    server = createServer({ key: cert.keyPem, cert: cert.certPem }, (req, res) => {
      const host = new URL(req.url ?? "/", "https://x").searchParams.get("host") ?? "";
      const { mode, value } = reply;
      const body =
        mode === "body"
          ? value
          : JSON.stringify(
              mode === "address"
                ? { success: true, messages: [value], host: { name: host, value, type: "A", updated: true } }
                : { success: false, messages: [value, `second ${value}`] },
            );
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      res.end(body);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    dir = mkdtempSync(join(tmpdir(), "ddns-hostile-"));
    caFile = join(dir, "ca.pem");
    writeFileSync(caFile, ca.certPem);
  });
  after(async () => {
    await closeTransports();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });

  async function run(args: string[], stateFile: string) {
    let stdout = "";
    let stderr = "";
    const argv = ["--user", "ana", "--url", url, "--ca-file", caFile, "--state-file", stateFile, ...HOSTS.flatMap((h) => ["--host", h]), ...args];
    const status = await main(
      argv,
      { DONDOMINIO_DDNS_KEY: KEY },
      { stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) } },
    );
    return { status, stdout, stderr };
  }

  /** The output's form, whatever the reply held; returns the stdout lines. */
  function wellFormed(r: { stdout: string; stderr: string }, label: string): RegExpExecArray[] {
    expect(r.stdout.endsWith("\n"), label).to.equal(true);
    const lines = r.stdout.slice(0, -1).split("\n");
    expect(lines, `${label}: one line per host`).to.have.length(HOSTS.length);
    const parsed = lines.map((l, i) => {
      const m = LINE.exec(l);
      expect(m, `${label}: ${JSON.stringify(l.slice(0, 200))}`).to.not.equal(null);
      expect((m as RegExpExecArray)[1], label).to.equal(HOSTS[i].split(".")[0]);
      const address = (m as RegExpExecArray)[3];
      expect(address === "-" || validAddress(address), `${label}: address ${JSON.stringify(address.slice(0, 80))}`).to.equal(true);
      return m as RegExpExecArray;
    });
    for (const [stream, text] of [
      ["stdout", r.stdout],
      ["stderr", r.stderr],
    ]) {
      expect(UNSAFE_OUTPUT.test(text.replace(/\n/g, "")), `${label}: raw control character on ${stream}: ${JSON.stringify(text.slice(0, 300))}`).to.equal(
        false,
      );
    }
    if (r.stderr) for (const l of r.stderr.slice(0, -1).split("\n")) expect(l, label).to.match(/^dondominio-ddns: /);
    expect(r.stderr.length, `${label}: stderr is bounded`).to.be.below(10_000);
    return parsed;
  }

  /** A state file holding another host's entry: it must come out unchanged (or with valid entries added). */
  function seededState(): { file: string; before: string } {
    const file = join(mkdtempSync(join(dir, "state-")), "state.json");
    const before = `${JSON.stringify({ version: 1, entries: { [JSON.stringify([url, "ana", "other.example.com"])]: { ip: "192.0.2.1", at: "2026-01-01T00:00:00.000Z" } } }, null, 2)}\n`;
    writeFileSync(file, before, { mode: 0o600 });
    return { file, before };
  }

  const cases = (mode: Mode, list: readonly Hostile[]) => list.map((h) => ({ mode, ...h }));

  it("an address that is no address (each hostile string): failed, one line per host, nothing stored", async () => {
    for (const { mode, name, value } of [...cases("address", HOSTILE_STRINGS), ...cases("failure", HOSTILE_STRINGS), ...cases("body", HOSTILE_STRINGS)]) {
      for (const ip of [["--ip", "198.51.100.7"], []]) {
        reply = { mode, value };
        const state = seededState();
        const label = `${mode} / ${name} / ${ip.length ? "--ip" : "no --ip"}`;
        const r = await run(ip, state.file);
        const lines = wellFormed(r, label);
        expect(r.status, label).to.equal(EXIT_FAILED);
        expect(
          lines.map((m) => `${m[2]} ${m[3]}`),
          label,
        ).to.deep.equal(HOSTS.map(() => `failed ${ip.length ? "198.51.100.7" : "-"}`));
        expect(r.stdout, label).to.not.contain("evil.example.com");
        expect(readFileSync(state.file, "utf8"), label).to.equal(state.before);
        if (mode === "address" && value.length < 30_000)
          expect(r.stderr, label).to.contain("the endpoint reported success, but the address it returned is not an IPv4 or IPv6 address");
      }
    }
  });

  it("an address of the other family than --ip asked is refused naming both", async () => {
    for (const [h, ip] of [
      [WRONG_FAMILY[0], "198.51.100.7"],
      [WRONG_FAMILY[1], "2001:db8::7"],
    ] as const) {
      reply = { mode: "address", value: h.value };
      const state = seededState();
      const r = await run(["--ip", ip], state.file);
      const lines = wellFormed(r, h.name);
      expect(lines.map((m) => `${m[2]} ${m[3]}`)).to.deep.equal([`failed ${ip}`, `failed ${ip}`]);
      expect(r.stderr).to.contain(isPlainIPv4(ip) ? "is an IPv6 address, and --ip asked for IPv4" : "is an IPv4 address, and --ip asked for IPv6");
      expect(readFileSync(state.file, "utf8")).to.equal(state.before);
    }
  });

  it("a valid address is printed and stored in its canonical form; an invalid entry left by an older version is dropped", async () => {
    const state = seededState();
    const old = JSON.parse(state.before);
    old.entries[JSON.stringify([url, "ana", "stale.example.com"])] = { ip: `192.0.2.55\n${"evil.example.com updated 203.0.113.66"}`, at: "x" };
    writeFileSync(state.file, JSON.stringify(old));
    reply = { mode: "address", value: "2001:DB8:0:0::55" };
    const r = await run([], state.file);
    expect(r.status).to.equal(EXIT_OK);
    expect(wellFormed(r, "valid IPv6").map((m) => m[0])).to.deep.equal(["home.example.com updated 2001:db8::55", "office.example.com updated 2001:db8::55"]);
    const saved = JSON.parse(readFileSync(state.file, "utf8")) as { entries: Record<string, { ip: string }> };
    expect(Object.values(saved.entries).map((e) => e.ip)).to.deep.equal(["192.0.2.1", "2001:db8::55", "2001:db8::55"]);
    reply = { mode: "address", value: "192.0.2.55" };
    expect((await run(["--ip", "192.0.2.55"], state.file)).stdout).to.equal("home.example.com updated 192.0.2.55\noffice.example.com updated 192.0.2.55\n");
  });

  it("printable() escapes every unsafe character and cuts long text", () => {
    for (const { name, value } of HOSTILE_STRINGS) expect(UNSAFE_OUTPUT.test(printable(value)), name).to.equal(false);
    expect(printable("a\nb\u202ec\u001b[2J")).to.equal("a\\nb\\u202ec\\u001b[2J");
    expect(printable("x".repeat(310), 300)).to.equal(`${"x".repeat(299)}…`);
  });
});

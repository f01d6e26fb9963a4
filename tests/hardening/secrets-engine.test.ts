/**
 * Issue 14, item 5: every kind of secret the package handles, through the real engine, counted in
 * every place it could land. The API password (stack config, secret), a MailBox, an FtpAccount and
 * a Database password, a Domain transfer authcode and the exposeAuthcode output, an SslCertificate's
 * private key and a Subdomain's SSL key go through preview, up, preview, refresh, an update that
 * changes each password, two check failures, an API error that echoes the password, and destroy.
 *
 * Places the package controls must hold 0 (asserted): the state (every file of the backend: the
 * checkpoint, its .bak, backups, history), the stack's config file, PULUMI_HOME's files as written
 * (automatic logs are encrypted), the CLI's display (onOutput) and events (onEvent), the provider's
 * own lines (`[dondominio] ...`, with DONDOMINIO_DEBUG=1) and the messages of failed steps.
 *
 * The engine's own logging is measured and printed, not asserted: with `--debug -v=9 --logtostderr`
 * (and the log files written without --logtostderr, and Pulumi's automatic logs decrypted) the
 * engine prints every property of every provider RPC. One thing the package can reduce is asserted:
 * the API password given by environment (DONDOMINIO_API_PASSWD) never reaches the engine at all.
 *
 * Measured with Pulumi 3.250 (the tables this test prints):
 * - The engine logs every property value of every RPC: ResourceMonitor.RegisterResource (program
 *   inputs in, outputs back), CheckConfig/DiffConfig/Configure (the whole stack config: dynamic
 *   providers get all of it), Check, Diff, Create, Read, Update, Delete at v9, and "Planner decided
 *   to create/update ... (inputs=...)" at v7, secrets included (printed `{&{{value}}}`: the engine
 *   still holds them as secrets, so acceptSecrets would not change this). Its "[secret]" filter for
 *   config secrets only applies to string arguments, not to these property values.
 * - Any -v level, and --logtostderr without -v, prints all of it: the automatic-log sink (Debug
 *   level) enables every V(n) call and V(1)-V(9) all map to slog's Info, which the stderr/file
 *   handler accepts, so -v no longer filters: the verbosity sweep counts the same at every level.
 * - The Node SDK's "RegisterResource RPC finished: ... resp: <outputs>" debug diagnostic carries the
 *   secret outputs (and, in previews, the inputs): in the display with --debug, and always in the
 *   event stream (onEvent).
 * - PULUMI_HOME/logs holds automatic logs of every run, encrypted with the stack's secrets provider;
 *   `pulumi logs decrypt` shows the same values (config values as base64 protobuf).
 * - Given by environment, the API password reaches none of these.
 *
 * Secret values are never printed: only counts and message templates. SECRETS_DUMP=<dir> writes
 * every capture, secrets masked, for investigation. Run `npm run build` first.
 */
import { expect } from "chai";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EngineEvent, PulumiFn } from "@pulumi/pulumi/automation";
import { Ca, createCa } from "../../emulator/core/ca";
import { createEngineStack, type EngineStack, engineEnv, ensurePulumi } from "../harness/engine";
import { keyAndCsr } from "../fixtures";
import { type Harness, OWNER, startHarness } from "../provider/harness";
import {
  addCounts,
  type Counts,
  countByKind,
  displaySites,
  filesUnder,
  logSites,
  mask,
  pemNeedle,
  readText,
  type Secret,
  scanFiles,
  total,
} from "./secret-scan";

type Op = "preview" | "up" | "refresh" | "destroy";

interface Mode {
  /** --debug -v=<level> and the engine log to stderr (or to files in the lab's TMPDIR). */
  verbose: boolean;
  level?: number;
  debug?: boolean;
  toFiles?: boolean;
}

interface Capture {
  op: string;
  ms: number;
  ok: boolean;
  /** The display (onOutput). */
  stdout: string;
  /** The CLI's stderr (onError): the engine's log with --logtostderr. */
  stderr: string;
  /** Engine events (JSON), debug diagnostics apart. */
  events: string;
  debugEvents: string;
  /** The provider's own lines: diagnostics holding "[dondominio]". */
  provider: string;
  /** The message of a failed step (the Automation API's CommandError: stdout and stderr included). */
  error: string;
  /** Log files the CLI wrote to TMPDIR during the step (-v without --logtostderr). */
  logFiles: string;
  level?: number;
}

interface Lab {
  name: string;
  eng: EngineStack;
  pass: string;
  tmp: string;
  secrets: Secret[];
  captures: Capture[];
}

const rand = () => randomBytes(4).toString("hex");

/** What a lab's program declares; the steps change it. */
interface Want {
  mail: string;
  ftp: string;
  db: string;
  authcode: string;
  sub: { certPem: string; keyPem: string };
  /** Add a resource that fails check: a mailbox whose password has a space, or an FTP account with ".." in its path. */
  bad?: { mail?: string; ftp?: string };
}

describe("secrets: every secret through the real engine (issue 14)", function () {
  this.timeout(1_800_000);
  let h: Harness;
  const ca = new Ca(createCa());
  const labs: Lab[] = [];
  const durations: Record<string, number> = {};

  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    for (const lab of labs) {
      await lab.eng.dispose();
      rmSync(lab.tmp, { recursive: true, force: true });
    }
    await h?.close();
    console.log(
      `      durations: ${Object.entries(durations)
        .map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s`)
        .join(", ")}`,
    );
  });

  /** The full program: one hosting service with a mailbox, FTP account, database, SSL subdomain; two domains; a certificate. */
  function fullProgram(p: string, want: Want, ssl: { key: string; csr: string }): PulumiFn {
    return async () => {
      const { Database, Domain, FtpAccount, HostingService, MailBox, SslCertificate, Subdomain } = h.pkg();
      const web = new HostingService("web", { name: `${p}.example`, productKey: "basic" });
      new MailBox("box", { serviceName: web.name, name: "info", password: want.mail });
      new FtpAccount("ftp", { serviceName: web.name, name: "deploy", ftpPath: "/public", password: want.ftp });
      const db = new Database("db", { serviceName: web.name, password: want.db });
      new Subdomain("blog", {
        serviceName: web.name,
        name: "blog",
        ftpPath: "/blog",
        ssl: { sslCert: want.sub.certPem, sslKey: want.sub.keyPem, sslCertChain: ca.certPem, sslPath: "/ssl/blog" },
      });
      const reg = new Domain("reg", { name: `${p}-reg.com`, contacts: { owner: OWNER }, exposeAuthcode: true });
      // "taken" in the name: registered elsewhere, so the emulator accepts a transfer in.
      const xfer = new Domain("xfer", { name: `${p}-taken-xfer.com`, registration: "transfer", authcode: want.authcode, contacts: { owner: OWNER } });
      const cert = new SslCertificate("cert", { productId: 101, csr: ssl.csr, privateKey: ssl.key, adminContact: OWNER });
      if (want.bad?.mail) new MailBox("bad-box", { serviceName: web.name, name: "bad", password: want.bad.mail });
      if (want.bad?.ftp) new FtpAccount("bad-ftp", { serviceName: web.name, name: "bad", ftpPath: "/../etc", password: want.bad.ftp });
      // authcode is a secret output: the display shows [secret].
      return { dbName: db.name, authcode: reg.authcode, xferStatus: xfer.status, certStatus: cert.status };
    };
  }

  async function newLab(name: string, program: PulumiFn, opts: { apiPasswdByEnv?: boolean } = {}): Promise<Lab> {
    const pass = randomBytes(16).toString("hex");
    // The CLI's log files (-v without --logtostderr) go to TMPDIR: one of the lab's own.
    const tmp = mkdtempSync(join(tmpdir(), `secrets-${name}-`));
    const unrelated = `Unrelated-Config-${rand()}`;
    const env: Record<string, string> = { DONDOMINIO_DEBUG: "1", PULUMI_CONFIG_PASSPHRASE: pass, TMPDIR: tmp };
    if (opts.apiPasswdByEnv) env.DONDOMINIO_API_PASSWD = h.emu.apiPasswd;
    const eng = await createEngineStack({
      program,
      env,
      config: {
        "dondominio:apiUser": { value: h.emu.apiUser },
        ...(opts.apiPasswdByEnv ? {} : { "dondominio:apiPasswd": { value: h.emu.apiPasswd, secret: true } }),
        "dondominio:baseUrl": { value: h.emu.url },
        "dondominio:caCertFile": { value: h.emu.caFile },
        "dondominio:pollIntervalMs": { value: "250" },
        // A secret of the user's own program: the dynamic provider is configured with the whole stack config.
        "engine-test:unrelatedSecret": { value: unrelated, secret: true },
      },
    }).catch((e) => {
      rmSync(tmp, { recursive: true, force: true });
      throw e;
    });
    const lab: Lab = {
      name,
      eng,
      pass,
      tmp,
      captures: [],
      secrets: [
        { kind: "api pw", value: h.emu.apiPasswd },
        { kind: "cfg secret", value: unrelated },
      ],
    };
    labs.push(lab);
    return lab;
  }

  async function run(lab: Lab, op: Op, label: string, mode: Mode, expectFail = false, continueOnError = false): Promise<Capture> {
    const c: Capture = {
      op: label,
      ms: 0,
      ok: true,
      stdout: "",
      stderr: "",
      events: "",
      debugEvents: "",
      provider: "",
      error: "",
      logFiles: "",
      level: mode.verbose ? (mode.level ?? 9) : undefined,
    };
    const onEvent = (e: EngineEvent) => {
      const d = e.diagnosticEvent;
      // "debug" is missing from the Automation API's severity type, but the event stream carries it.
      if ((d?.severity as string | undefined) === "debug") c.debugEvents += `${JSON.stringify(e)}\n`;
      else c.events += `${JSON.stringify(e)}\n`;
      if (d?.message.includes("[dondominio]")) c.provider += d.message;
    };
    const base = { onOutput: (s: string) => (c.stdout += s), onError: (s: string) => (c.stderr += s), onEvent, color: "never" as const };
    // level 0: no -v at all (only --logtostderr).
    const level = mode.level ?? 9;
    const verbose = mode.verbose ? { debug: mode.debug ?? true, ...(level > 0 ? { logVerbosity: level } : {}), logToStdErr: !mode.toFiles } : {};
    const before = new Set(readdirSync(lab.tmp));
    const t0 = Date.now();
    try {
      const stack = lab.eng.stack;
      if (op === "preview") await stack.preview({ ...base, ...verbose, diff: !mode.verbose });
      else if (op === "up") await stack.up({ ...base, ...verbose, diff: !mode.verbose, continueOnError });
      else if (op === "refresh") await stack.refresh({ ...base, ...verbose });
      else await stack.destroy({ ...base, ...verbose });
    } catch (e) {
      c.ok = false;
      c.error = e instanceof Error ? e.message : String(e);
    }
    c.ms = Date.now() - t0;
    for (const f of readdirSync(lab.tmp)) if (!before.has(f) && f.includes(".log.")) c.logFiles += readText(join(lab.tmp, f));
    lab.captures.push(c);
    if (process.env.SECRETS_DUMP) {
      // Investigation aid: every capture of the step, secrets masked, under $SECRETS_DUMP.
      const dir = join(process.env.SECRETS_DUMP, lab.name, `${lab.captures.length}-${label.replace(/[^a-z0-9=-]+/gi, "_")}`);
      mkdirSync(dir, { recursive: true });
      for (const k of ["stdout", "stderr", "events", "debugEvents", "provider", "error", "logFiles"] as const)
        if (c[k]) writeFileSync(join(dir, k), mask(c[k], lab.secrets));
    }
    if (c.ok === expectFail) {
      throw new Error(
        `${lab.name} ${label}: expected ${expectFail ? "a failure" : "success"}${c.error ? `: ${mask(c.error, lab.secrets).slice(0, 3000)}` : ""}`,
      );
    }
    return c;
  }

  /** The same steps for the plain and the verbose lab. */
  async function lifecycle(lab: Lab, want: Want, mode: Mode, extra?: () => Promise<void>): Promise<void> {
    const add = (kind: string, value: string) => lab.secrets.push({ kind, value });
    add("mail pw", want.mail);
    add("ftp pw", want.ftp);
    add("db pw", want.db);
    add("xfer code", want.authcode);
    add("sub key", pemNeedle(want.sub.keyPem));

    await run(lab, "preview", "preview", mode);
    await run(lab, "up", "up", mode);
    const authcode = (await lab.eng.stack.outputs()).authcode;
    expect(authcode?.secret, "the authcode output is a secret").to.equal(true);
    add("authcode out", String(authcode.value));
    await run(lab, "preview", "preview (no changes)", mode);
    await run(lab, "refresh", "refresh", { ...mode, toFiles: mode.verbose });
    if (extra) await extra();

    // An update that changes every password, the transfer authcode (never compared: stored only)
    // and the Subdomain's certificate and key.
    want.mail = `${lab.name}-Mbx-Pw-2-${rand()}`;
    want.ftp = `${lab.name}-Ftp-Pw-2-${rand()}`;
    want.db = `${lab.name}-Db-Pw-2-${rand()}`;
    want.authcode = `${lab.name}Xfer-Code-2${rand()}`;
    want.sub = ca.issueServerCert([`blog.${lab.name}.example`]);
    add("mail pw", want.mail);
    add("ftp pw", want.ftp);
    add("db pw", want.db);
    add("xfer code", want.authcode);
    add("sub key", pemNeedle(want.sub.keyPem));
    await run(lab, "up", "up (passwords changed)", mode);

    // Check failures on resources with secret inputs: the secret itself invalid, or another field.
    const badMail = `Bad ${lab.name}-pw ${rand()}`;
    want.bad = { mail: badMail };
    add("check-fail", badMail);
    const badSecret = await run(lab, "preview", "preview (check failure: password)", mode, true);
    expect(badSecret.error).to.match(/resource 'bad-box' has a problem: password: must be 8 to 64 printable ASCII characters without spaces/);
    const badFtp = `${lab.name}-Bad-Ftp-Pw-${rand()}`;
    want.bad = { ftp: badFtp };
    add("check-fail", badFtp);
    const badPath = await run(lab, "preview", "preview (check failure: path)", mode, true);
    expect(badPath.error).to.match(/resource 'bad-ftp' has a problem: ftpPath: must not contain \.\./);
    want.bad = undefined;

    // An API error during update whose message echoes the new password and the API password.
    want.mail = `${lab.name}-Mbx-Pw-3-${rand()}`;
    want.db = `${lab.name}-Db-Pw-3-${rand()}`;
    add("mail pw", want.mail);
    add("db pw", want.db);
    await h.emu.control.addFault({
      action: "service/mailupdate",
      kind: "errorCode",
      errorCode: 101,
      messages: [`Parameter fault: password ${want.mail} refused for ${h.emu.apiUser}:${h.emu.apiPasswd}`],
    });
    await h.emu.control.addFault({
      action: "service/ddbbupdate",
      kind: "errorCode",
      errorCode: 101,
      messages: [`Parameter fault: password ${want.db} refused`],
    });
    // Both updates are tried (the engine otherwise stops scheduling at the first failure).
    const apiError = await run(lab, "up", "up (API error)", mode, true, true);
    expect((await h.emu.control.listFaults()).length, "both injected faults were hit").to.equal(0);
    expect(apiError.error).to.include("Parameter fault: password *** refused");
    await run(lab, "up", "up (after the API error)", mode);
    await run(lab, "destroy", "destroy", mode);
  }

  // --- counting -------------------------------------------------------------------------------

  interface Row {
    place: string;
    counts: Record<string, Counts>;
    /** What was read there: characters of captured text, or files (a count of 0 over nothing proves nothing). */
    scanned?: number;
    note?: string;
  }

  function places(lab: Lab): Row[] {
    /** A row of what the captures hold (those `filter` keeps): secrets counted, characters read. */
    const captured = (place: string, pick: (c: Capture) => string, filter: (c: Capture) => boolean = () => true): Row => {
      const texts = lab.captures.filter(filter).map(pick);
      return {
        place,
        counts: texts.reduce((acc, t) => addCounts(acc, countByKind(t, lab.secrets)), {} as Record<string, Counts>),
        scanned: texts.reduce((n, t) => n + t.length, 0),
      };
    };
    const home = join(lab.eng.backendDir, ".pulumi-home");
    const state = filesUnder(lab.eng.backendDir).filter((f) => !f.startsWith(home));
    const config = filesUnder(lab.eng.workDir).filter((f) => !f.startsWith(lab.eng.backendDir));
    const sweep = (c: Capture) => c.op.startsWith("preview at -v=");
    return [
      {
        place: "state (backend: checkpoint, .bak, backups, history)",
        counts: scanFiles(state, lab.secrets, lab.eng.backendDir).counts,
        scanned: state.length,
        note: `${state.length} files`,
      },
      { place: "stack config (Pulumi.*.yaml)", counts: scanFiles(config, lab.secrets, lab.eng.workDir).counts, scanned: config.length },
      {
        place: "PULUMI_HOME files as written",
        counts: scanFiles(filesUnder(home), lab.secrets, home).counts,
        scanned: filesUnder(home).length,
        note: `${filesUnder(home).length} files`,
      },
      captured(
        "display (onOutput)",
        (c) => c.stdout,
        (c) => !sweep(c),
      ),
      captured(
        "events (onEvent), debug diagnostics apart",
        (c) => c.events,
        (c) => !sweep(c),
      ),
      captured(
        "debug diagnostics (onEvent; Node SDK)",
        (c) => c.debugEvents,
        (c) => !sweep(c),
      ),
      captured("provider's own lines ([dondominio])", (c) => c.provider),
      captured("error messages of failed steps", (c) => c.error),
      captured("error messages without the engine log", (c) => c.error.split(c.stderr).join("")),
      captured(
        "engine log (stderr)",
        (c) => c.stderr,
        (c) => !sweep(c),
      ),
      captured("engine log files (TMPDIR)", (c) => c.logFiles),
    ];
  }

  /** Pulumi's automatic logs (PULUMI_HOME/logs, encrypted with the stack's key), decrypted with `pulumi logs decrypt`. */
  function decryptedAutomaticLogs(lab: Lab): { text: string; files: number; failed: number } {
    const dir = join(lab.eng.backendDir, ".pulumi-home", "logs");
    const env = { ...process.env, ...engineEnv(lab.eng.backendDir, { PULUMI_CONFIG_PASSPHRASE: lab.pass }) };
    let text = "";
    let files = 0;
    let failed = 0;
    for (const f of filesUnder(dir)) {
      if (readFileSync(f).subarray(0, 4).toString("latin1") !== "PLOG") continue;
      files++;
      try {
        text += execFileSync(join(ensurePulumi(), "bin", "pulumi"), ["logs", "decrypt", f, "--stack", "dev"], {
          cwd: lab.eng.workDir,
          env,
          encoding: "utf8",
          maxBuffer: 1 << 30,
          stdio: ["ignore", "pipe", "ignore"],
        });
      } catch {
        failed++;
      }
    }
    return { text, files, failed };
  }

  function kinds(lab: Lab): string[] {
    return [...new Set(lab.secrets.map((s) => s.kind))];
  }

  function printTable(lab: Lab, rows: Row[]): void {
    const ks = kinds(lab);
    console.log(`\n      ${lab.name}: occurrences by place (plain, or plain+base64)`);
    console.log(`      ${"place".padEnd(54)}${ks.map((k) => k.padStart(13)).join("")}   total`);
    for (const r of rows) {
      const cells = ks.map((k) => {
        const c = r.counts[k] ?? { plain: 0, base64: 0 };
        return (c.base64 ? `${c.plain}+${c.base64}` : String(c.plain)).padStart(13);
      });
      console.log(`      ${r.place.padEnd(54)}${cells.join("")}   ${total(r.counts)}${r.note ? `  (${r.note})` : ""}`);
    }
  }

  /** Log sites (message templates) by secret kind: the RPCs and planner lines the engine logs values in. */
  function printSites(title: string, text: string, lab: Lab): void {
    const ks = kinds(lab);
    const matrix: Record<string, Record<string, number>> = {};
    for (const k of ks) {
      for (const [site, n] of Object.entries(
        logSites(
          text,
          lab.secrets.filter((s) => s.kind === k),
        ),
      ))
        matrix[site] = { ...matrix[site], [k]: n };
    }
    console.log(`      ${title}`);
    console.log(`        ${"site".padEnd(62)}${ks.map((k) => k.padStart(13)).join("")}`);
    const sum = (row: Record<string, number>) => Object.values(row).reduce((a, b) => a + b, 0);
    for (const [site, row] of Object.entries(matrix).sort((a, b) => sum(b[1]) - sum(a[1]))) {
      console.log(`        ${site.slice(0, 60).padEnd(62)}${ks.map((k) => String(row[k] ?? 0).padStart(13)).join("")}`);
    }
  }

  function printOps(lab: Lab): void {
    console.log(`      ${lab.name}: per step (ms; occurrences in the engine log, or else in the debug diagnostics, by secret kind)`);
    for (const c of lab.captures) {
      const counts = countByKind(c.stderr + c.logFiles || c.debugEvents, lab.secrets);
      const byKind = Object.entries(counts)
        .filter(([, v]) => v.plain + v.base64 > 0)
        .map(([k, v]) => `${k} ${v.plain + v.base64}`)
        .join(", ");
      console.log(`        ${c.op.padEnd(34)}${String(c.ms).padStart(7)} ms  ${c.ok ? "ok    " : "failed"}  ${byKind || "-"}`);
    }
  }

  /** No secret in the place; unless it `mayBeEmpty` (nothing written there is a clean result), something was read there. */
  const zero = (rows: Row[], place: string, mayBeEmpty = false) => {
    const r = rows.find((x) => x.place === place)!;
    if (!mayBeEmpty) expect(r.scanned, `${place}: nothing was scanned`).to.be.greaterThan(0);
    expect(r.counts, `${place}: secrets found`).to.satisfy((c: Record<string, Counts>) => total(c) === 0);
  };

  // --- the tests -------------------------------------------------------------------------------

  it("plain runs (DONDOMINIO_DEBUG=1, --diff): no secret in the state, config, PULUMI_HOME, display, events, provider lines or errors", async () => {
    const t0 = Date.now();
    const p = "secrets-a";
    const ssl = keyAndCsr(`www.${p}-reg.com`);
    const want: Want = {
      mail: `A-Mbx-Pw-1-${rand()}`,
      ftp: `A-Ftp-Pw-1-${rand()}`,
      db: `A-Db-Pw-1-${rand()}`,
      authcode: `AXfer-Code-1${rand()}`,
      sub: ca.issueServerCert([`blog.${p}.example`]),
    };
    const lab = await newLab("A", fullProgram(p, want, ssl));
    lab.secrets.push({ kind: "ssl key", value: pemNeedle(ssl.key) });
    await lifecycle(lab, want, { verbose: false });

    const rows = places(lab);
    const auto = decryptedAutomaticLogs(lab);
    rows.push({
      place: "automatic logs, decrypted (engine)",
      counts: countByKind(auto.text, lab.secrets),
      note: `${auto.files} files, ${auto.failed} not decrypted`,
    });
    printTable(lab, rows);
    printOps(lab);
    printSites("automatic logs (decrypted): where", auto.text, lab);
    durations.plain = Date.now() - t0;

    // The debug log was on and masked what it logged.
    const provider = lab.captures.map((c) => c.provider).join("");
    expect(provider).to.include('"password":"***"');
    expect(provider).to.include("service/mailupdate");
    for (const place of [
      "state (backend: checkpoint, .bak, backups, history)",
      "stack config (Pulumi.*.yaml)",
      "PULUMI_HOME files as written",
      "display (onOutput)",
      "events (onEvent), debug diagnostics apart",
      "provider's own lines ([dondominio])",
      "error messages of failed steps",
    ]) {
      zero(rows, place);
    }
    // Plain runs ask for no engine log: an empty one is a clean result too.
    for (const place of ["engine log (stderr)", "engine log files (TMPDIR)"]) zero(rows, place, true);
  });

  it("verbose runs (--debug -v=9 --logtostderr): the package's output stays clean; the engine's logs are measured", async () => {
    const t0 = Date.now();
    const p = "secrets-b";
    const ssl = keyAndCsr(`www.${p}-reg.com`);
    const want: Want = {
      mail: `B-Mbx-Pw-1-${rand()}`,
      ftp: `B-Ftp-Pw-1-${rand()}`,
      db: `B-Db-Pw-1-${rand()}`,
      authcode: `BXfer-Code-1${rand()}`,
      sub: ca.issueServerCert([`blog.${p}.example`]),
    };
    const lab = await newLab("B", fullProgram(p, want, ssl));
    lab.secrets.push({ kind: "ssl key", value: pemNeedle(ssl.key) });
    // Which verbosity starts printing what: one preview per level (no --debug), on the created
    // stack; level 0 is --logtostderr without -v; the last one writes -v=1 to a log file.
    const sweep = async () => {
      for (const level of [0, 1, 3, 7, 9, 10, 11]) await run(lab, "preview", `preview at -v=${level}`, { verbose: true, level, debug: false });
      await run(lab, "preview", "preview at -v=1 (log file)", { verbose: true, level: 1, debug: false, toFiles: true });
    };
    await lifecycle(lab, want, { verbose: true }, sweep);

    const rows = places(lab);
    const auto = decryptedAutomaticLogs(lab);
    rows.push({
      place: "automatic logs, decrypted (engine)",
      counts: countByKind(auto.text, lab.secrets),
      note: `${auto.files} files, ${auto.failed} not decrypted`,
    });
    printTable(lab, rows);
    printOps(lab);
    const main = lab.captures.filter((c) => !c.op.startsWith("preview at -v="));
    printSites("engine log (stderr and TMPDIR files, -v=9): where", main.map((c) => c.stderr + c.logFiles).join("\n"), lab);
    const display: Record<string, number> = {};
    for (const c of main) for (const [k, n] of Object.entries(displaySites(c.stdout, lab.secrets))) display[k] = (display[k] ?? 0) + n;
    console.log("      display with --debug: where");
    for (const [site, n] of Object.entries(display).sort((a, b) => b[1] - a[1])) console.log(`        ${String(n).padStart(5)}  ${site}`);
    console.log("      verbosity sweep (preview of the created stack, engine log occurrences by secret kind):");
    for (const c of lab.captures.filter((x) => x.op.startsWith("preview at -v="))) {
      const counts = countByKind(c.stderr + c.logFiles, lab.secrets);
      const lines = (c.stderr + c.logFiles).split("\n").filter((l) => l.startsWith("{")).length;
      console.log(
        `        ${c.op.replace("preview at ", "").padEnd(18)} ${String(lines).padStart(6)} lines  ${Object.entries(counts)
          .map(([k, v]) => `${k} ${v.plain + v.base64}`)
          .join(", ")}`,
      );
    }
    durations.verbose = Date.now() - t0;

    for (const place of [
      "state (backend: checkpoint, .bak, backups, history)",
      "stack config (Pulumi.*.yaml)",
      "PULUMI_HOME files as written",
      "provider's own lines ([dondominio])",
      "events (onEvent), debug diagnostics apart",
    ])
      zero(rows, place);
    // The display holds secrets only inside the Node SDK's debug lines ("RegisterResource RPC
    // finished: ... resp: <outputs>"), which --debug turns on; none in any other diagnostic.
    for (const site of Object.keys(display)) expect(site, "a secret in the display outside a debug line").to.match(/^debug: /);
    // The runs were verbose indeed: the engine logged provider RPCs.
    expect(main.map((c) => c.stderr).join("")).to.include("Marshaling property for RPC[");
  });

  it("the API password given by environment (DONDOMINIO_API_PASSWD) never reaches the engine, even at -v=9", async () => {
    const t0 = Date.now();
    const want = { pw: `C-Mbx-Pw-1-${rand()}` };
    const lab = await newLab(
      "C",
      async () => {
        const { HostingService, MailBox } = h.pkg();
        const web = new HostingService("web", { name: "secrets-c.example", productKey: "basic" });
        const box = new MailBox("box", { serviceName: web.name, name: "info", password: want.pw });
        return { box: box.id };
      },
      { apiPasswdByEnv: true },
    );
    lab.secrets.push({ kind: "mail pw", value: want.pw });
    const mode: Mode = { verbose: true };
    await run(lab, "up", "up", mode);
    await run(lab, "preview", "preview (no changes)", mode);
    await run(lab, "refresh", "refresh", { verbose: true, toFiles: true });
    want.pw = `C-Mbx-Pw-2-${rand()}`;
    lab.secrets.push({ kind: "mail pw", value: want.pw });
    await run(lab, "up", "up (password changed)", mode);
    await run(lab, "destroy", "destroy", mode);

    const rows = places(lab);
    const auto = decryptedAutomaticLogs(lab);
    rows.push({
      place: "automatic logs, decrypted (engine)",
      counts: countByKind(auto.text, lab.secrets),
      note: `${auto.files} files, ${auto.failed} not decrypted`,
    });
    printTable(lab, rows);
    printOps(lab);
    durations.env = Date.now() - t0;

    for (const r of rows) expect(total(pick(r.counts, "api pw")), `${r.place}: the API password`).to.equal(0);
    // The engine log was verbose (the provider's RPCs are there) and the provider really logged in.
    expect(lab.captures.map((c) => c.stderr).join("")).to.include("Configure()");
    expect(lab.captures.every((c) => c.ok)).to.equal(true);
  });
});

function pick(counts: Record<string, Counts>, kind: string): Record<string, Counts> {
  return counts[kind] ? { [kind]: counts[kind] } : {};
}

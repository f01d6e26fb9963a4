/**
 * examples/adopt-existing is what `dondominio-export` writes for a small account seeded in the
 * emulator. This script makes it, and checks that the checked-in copy is still what the exporter
 * writes today (tests/examples/apply.test.ts runs the same check in `npm test`):
 *
 *   npx tsx scripts/adopt-existing-sample.ts           rewrites examples/adopt-existing
 *   npx tsx scripts/adopt-existing-sample.ts --check   exit 1 when the checked-in copy drifted
 *
 * Both start a fresh emulator, seed the account through the API (seedSampleAccount: the same calls,
 * so the same ids, every time) and run the command's own main() with
 * `--out DIR --project dondominio-adopt-existing` and the emulator's credentials in the environment.
 * The example's README.md is a hand-written note, then the README the exporter wrote, after MARKER.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../emulator";
import { main } from "../provider/export";
import { closeTransports, DonDominioClient, type OperationName } from "../sdk";

export const SAMPLE_DIR = join(__dirname, "..", "examples", "adopt-existing");
export const SAMPLE_PROJECT = "dondominio-adopt-existing";
/** The seeded mailbox's and FTP account's password: the exporter must never write it. */
export const SAMPLE_PASSWORD = "Sample-Pass-2468";
/** The files the exporter writes. */
export const SAMPLE_FILES = ["Pulumi.yaml", "package.json", "tsconfig.json", "index.ts", "README.md"] as const;
/** In examples/adopt-existing/README.md: what follows this line is the exporter's README.md. */
export const MARKER = "<!-- Everything below this line is the README.md that dondominio-export wrote. -->";

/**
 * The sample account: one contact, two domains, a hosting service for one of them with a few
 * records besides the zone's defaults, a mailbox, an alias, a redirect and an FTP account.
 */
export async function seedSampleAccount(emu: RunningEmulator): Promise<void> {
  const client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caCert });
  const call = (op: OperationName, params: Record<string, unknown>) => client.call(op, params as never) as Promise<any>;
  const owner = await call("contact/create", {
    Type: "individual",
    FirstName: "Ada",
    LastName: "Lovelace",
    IdentNumber: "12345678Z",
    Email: "ada@example.com",
    Phone: "+34.931234567",
    Address: "Carrer de Mallorca 1",
    PostalCode: "08001",
    City: "Barcelona",
    State: "Barcelona",
    Country: "ES",
  });
  for (const domain of ["lovelace-shop.com", "lovelace-notes.net"]) await call("domain/create", { domain, ownerContactID: owner.contactID });
  // The emulator's registrations complete within minutes of its clock.
  await emu.control.advanceClock(2 * 3600);
  await call("domain/update", { domain: "lovelace-notes.net", updateType: "renewalMode", renewalMode: "manual" });

  const svc = "lovelace-shop.com";
  await call("service/create", { serviceName: svc, productkey: "basic", period: 1 });
  await call("service/dnscreate", { serviceName: svc, name: "app", type: "A", value: "203.0.113.10", ttl: 3600 });
  await call("service/dnscreate", { serviceName: svc, name: "docs", type: "CNAME", value: `app.${svc}` });
  await call("service/dnscreate", { serviceName: svc, name: "_dmarc", type: "TXT", value: "v=DMARC1; p=quarantine" });
  await call("service/mailcreate", { serviceName: svc, name: "info", password: SAMPLE_PASSWORD });
  await call("service/mailaliascreate", { serviceName: svc, name: "sales", target: [`info@${svc}`, "ada@example.com"] });
  await call("service/redirectcreate", { serviceName: svc, origin: "old", destination: `https://www.${svc}/`, type: "301" });
  await call("service/ftpcreate", { serviceName: svc, name: "deploy", ftpPath: "/public", password: SAMPLE_PASSWORD });
}

/** The project files as the exporter writes them for the seeded account of `emu`, and what it printed. */
export async function exportSample(emu: RunningEmulator): Promise<{ files: Record<string, string>; stderr: string }> {
  const out = mkdtempSync(join(tmpdir(), "dondominio-sample-"));
  const stderr: string[] = [];
  try {
    const env = {
      DONDOMINIO_API_USER: emu.apiUser,
      DONDOMINIO_API_PASSWD: emu.apiPasswd,
      DONDOMINIO_BASE_URL: emu.url,
      DONDOMINIO_CA_CERT_FILE: emu.caFile,
    };
    const io = { stdout: { write: () => true }, stderr: { write: (t: string) => stderr.push(t) } };
    const status = await main(["--out", out, "--project", SAMPLE_PROJECT], env, io);
    if (status !== 0) throw new Error(`dondominio-export exited ${status}:\n${stderr.join("")}`);
    return { files: Object.fromEntries(SAMPLE_FILES.map((f) => [f, readFileSync(join(out, f), "utf8")])), stderr: stderr.join("") };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** The checked-in sample as the exporter's files (README.md: the part after MARKER). */
export function checkedInSample(dir = SAMPLE_DIR): Record<string, string> {
  const read = (f: string) => (existsSync(join(dir, f)) ? readFileSync(join(dir, f), "utf8") : "");
  const files = Object.fromEntries(SAMPLE_FILES.map((f) => [f, read(f)]));
  const at = files["README.md"].indexOf(MARKER);
  files["README.md"] = at < 0 ? "" : files["README.md"].slice(at + MARKER.length).replace(/^\n+/, "");
  return files;
}

/** Names of the files whose checked-in copy differs from what the exporter wrote. */
export function sampleDrift(exported: Record<string, string>, dir = SAMPLE_DIR): string[] {
  const checkedIn = checkedInSample(dir);
  return SAMPLE_FILES.filter((f) => checkedIn[f] !== exported[f]);
}

/** A fresh emulator with the sample account, exported. */
export async function makeSample(): Promise<{ files: Record<string, string>; stderr: string }> {
  const emu = await startEmulator({});
  try {
    await seedSampleAccount(emu);
    return await exportSample(emu);
  } finally {
    await emu.close();
  }
}

async function run(check: boolean): Promise<number> {
  const { files, stderr } = await makeSample();
  await closeTransports();
  const drift = sampleDrift(files);
  if (check) {
    if (drift.length === 0) {
      console.log("examples/adopt-existing is what dondominio-export writes today");
      return 0;
    }
    console.error(`examples/adopt-existing drifted from what dondominio-export writes today: ${drift.join(", ")}`);
    console.error("run `npx tsx scripts/adopt-existing-sample.ts` and commit the result");
    return 1;
  }
  for (const f of SAMPLE_FILES) {
    if (f !== "README.md") {
      writeFileSync(join(SAMPLE_DIR, f), files[f]);
      continue;
    }
    // Keep the hand-written note above the marker; replace what follows it.
    const current = readFileSync(join(SAMPLE_DIR, f), "utf8");
    const at = current.indexOf(MARKER);
    if (at < 0) throw new Error(`examples/adopt-existing/README.md has no marker line: ${MARKER}`);
    writeFileSync(join(SAMPLE_DIR, f), `${current.slice(0, at + MARKER.length)}\n\n${files[f]}`);
  }
  process.stderr.write(stderr);
  console.log(`wrote examples/adopt-existing (${drift.length ? `changed: ${drift.join(", ")}` : "no change"})`);
  return 0;
}

if (require.main === module) {
  run(process.argv.includes("--check")).then(
    (status) => {
      process.exitCode = status;
    },
    (err) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}

/**
 * API calls per resource for `pulumi up`, a one-field update (`pulumi up` after one input changed,
 * where the resource has one), `pulumi refresh` and `pulumi destroy`, and the size of each
 * resource's serialized provider, through the real engine against the emulator (counters from
 * its control API). One stack per resource kind; what the resource needs beforehand is made
 * through the sdk so only the resource's own calls are counted. Run after `npm run build`:
 *   npx tsx bench/provider-calls.ts
 */
import type { PulumiFn } from "@pulumi/pulumi/automation";
import { startEmulator } from "../emulator";
import { createEngineStack, loadInstalled } from "../tests/harness/engine";
import { DonDominioClient } from "../sdk";
import { PERSON } from "../tests/fixtures";
import { OWNER } from "../tests/provider/harness";

type Pkg = typeof import("../provider");

async function main(): Promise<void> {
  const emu = await startEmulator({});
  const client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caCert });
  const owner = await client.contact.create(PERSON);
  await client.service.create({ serviceName: "bench-zone.com", productkey: "basic" });
  const pkg = (): Pkg => loadInstalled<Pkg>("dist/provider/index.js");

  // What the programs declare; `change` edits one input between the first up and the update step.
  const domain: Record<string, unknown> = {
    name: "bench-calls.com",
    contacts: { owner: owner.contactID },
    nameservers: ["ns1.example.net", "ns2.example.net"],
    renewalMode: "autorenew",
  };
  const hosting: Record<string, unknown> = { name: "bench-hosting.com", productKey: "mini", renewalMode: "autorenew" };
  const cases: [string, PulumiFn, (() => string)?][] = [
    ["Contact", async () => void new (pkg().Contact)("c", OWNER)],
    [
      "Domain",
      async () => void new (pkg().Domain)("d", domain as never),
      () => {
        domain.nameservers = ["ns3.example.net", "ns4.example.net"];
        return "nameservers";
      },
    ],
    [
      "HostingService",
      async () => void new (pkg().HostingService)("h", hosting as never),
      () => {
        hosting.renewalMode = "manual";
        return "renewalMode";
      },
    ],
    ["DnsRecord", async () => void new (pkg().DnsRecord)("r", { serviceName: "bench-zone.com", name: "www", type: "A", value: "192.0.2.7" })],
  ];

  const rows: string[] = [];
  for (const [kind, program, change] of cases) {
    const eng = await createEngineStack({
      program,
      config: {
        "dondominio:apiUser": { value: emu.apiUser },
        "dondominio:apiPasswd": { value: emu.apiPasswd, secret: true },
        "dondominio:baseUrl": { value: emu.url },
        "dondominio:caCertFile": { value: emu.caFile },
        "dondominio:pollIntervalMs": { value: "500" },
      },
    });
    try {
      const calls: Record<string, string> = { update: "-" };
      for (const step of ["up", "update", "refresh", "destroy"] as const) {
        if (step === "update" && !change) continue;
        const changed = step === "update" ? change!() : "";
        await emu.control.counters({ reset: true });
        if (step === "up" || step === "update") await eng.stack.up();
        if (step === "refresh") await eng.stack.refresh();
        const size = step === "refresh" ? providerSize(eng.readStateFile()) : 0;
        if (step === "refresh") calls.provider = `${size} B`;
        if (step === "destroy") await eng.stack.destroy();
        const c = await emu.control.counters();
        calls[step] = `${changed ? `${changed}: ` : ""}${c.totalCalls} (${Object.entries(c.calls)
          .map(([a, n]) => `${a} ${n}`)
          .join(", ")})`;
      }
      rows.push(`| ${kind} | ${calls.up} | ${calls.update} | ${calls.refresh} | ${calls.destroy} | ${calls.provider} |`);
    } finally {
      await eng.dispose();
    }
  }
  console.log("| resource | up | one-field update | refresh | destroy | serialized provider |");
  console.log("|---|---|---|---|---|---|");
  for (const r of rows) console.log(r);
  await emu.close();
}

/** Bytes of the stored provider of the stack's dondominio resource. */
function providerSize(stateText: string): number {
  const state = JSON.parse(stateText);
  const r = (state.checkpoint?.latest?.resources ?? []).find((x: { type: string }) => x.type.startsWith("pulumi-nodejs:dynamic/dondominio:"));
  return r ? Buffer.byteLength(r.inputs.__provider) : 0;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

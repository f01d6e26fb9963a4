/**
 * The largest legitimate API replies, measured against the emulator: the figure the sdk's reply cap
 * (MAX_REPLY_BYTES, sdk/core/reply-limit.ts) is chosen from. Pages of 1,000 items (the API's default
 * and the sdk's page length, spec "Limits"): domain/list with each infoType, contact/list, and
 * service/dnslist of a zone of 1,000 records (short ones, then 1,000 TXT records of 255 bytes, a zone
 * of DKIM-sized records), in JSON and in pretty-printed XML (the larger format).
 *
 *   npx tsx bench/reply-sizes.ts
 */
import { startEmulator } from "../emulator";
import { Clock } from "../emulator/core/clock";
import { newWorld } from "../emulator/core/state";
import { newServiceRecord } from "../emulator/modules/service/model";
import { DonDominioClient } from "../sdk";
import { encodeForm } from "../sdk/core/encoding";
import { closeTransports, Transport } from "../sdk/core/transport";
import { PERSON } from "../tests/fixtures";

const N = 1000;

async function main(): Promise<void> {
  const emu = await startEmulator({ limits: { opsPerMinute: 1_000_000 } });
  try {
    const svc = newServiceRecord(newWorld(), "zone-big.com", "basic", 1, new Clock(), "8.2");
    svc.status = "active";
    for (let i = 0; i < N; i++) svc.dns.push({ entityID: `SRV${svc.id}-${i}`, name: `host-${i}.zone-big.com`, type: "A", value: `192.0.2.${i % 250}` });
    const txt = newServiceRecord(newWorld(), "zone-txt.com", "basic", 1, new Clock(), "8.2");
    txt.status = "active";
    for (let i = 0; i < N; i++)
      txt.dns.push({ entityID: `SRV${txt.id}-${i}`, name: `s${i}._domainkey.zone-txt.com`, type: "TXT", value: `v=DKIM1; k=rsa; p=${"A".repeat(236)}` });
    await emu.control.seed({
      accounts: [
        {
          apiuser: emu.apiUser,
          apipasswd: emu.apiPasswd,
          dyndnsKey: emu.dyndnsKey,
          balance: 10_000_000,
          services: { "zone-big.com": svc, "zone-txt.com": txt },
        },
      ],
    });
    const client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caCert, maxConcurrency: 8 });
    const owner = Object.fromEntries(Object.entries(PERSON).map(([k, v]) => [`ownerContact${k}`, v]));
    const names = Array.from({ length: N }, (_, i) => `reply-size-measure-with-a-long-name-${String(i).padStart(4, "0")}.com`);
    for (let i = 0; i < N; i += 8) await Promise.all(names.slice(i, i + 8).map((domain) => client.call("domain/create", { domain, ...owner } as never)));
    for (let i = 0; i < 200; i++) await client.call("contact/create", { ...PERSON, Email: `c${i}@example.com` } as never);

    const transport = new Transport({ baseUrl: emu.url, caCert: emu.caCert, timeoutMs: 60_000 });
    const size = async (action: string, params: Record<string, unknown>, format: "json" | "xml") => {
      const [module, act] = action.split("/");
      const body = encodeForm({
        ...params,
        apiuser: emu.apiUser,
        apipasswd: emu.apiPasswd,
        "output-format": format,
        ...(format === "xml" ? { "output-pretty": true } : {}),
      });
      const r = await transport.post(action, module, act, body);
      if (!r.body.includes(format === "json" ? '"success":true' : "<success>true</success>") && !/success.{0,3}(1|true)/.test(r.body.slice(0, 300)))
        throw new Error(`${action} failed: ${r.body.slice(0, 300)}`);
      return Buffer.byteLength(r.body);
    };
    const cases: [string, Record<string, unknown>][] = [
      ...["status", "contact", "nameservers", "service", "gluerecords"].map((infoType): [string, Record<string, unknown>] => [
        "domain/list",
        { pageLength: N, infoType },
      ]),
      ["contact/list", { pageLength: N }],
      ["service/dnslist", { serviceName: "zone-big.com", pageLength: N }],
      ["service/dnslist", { serviceName: "zone-txt.com", pageLength: N }],
    ];
    let max = 0;
    for (const [action, params] of cases) {
      const json = await size(action, params, "json");
      const xml = await size(action, params, "xml");
      max = Math.max(max, json, xml);
      console.log(`${action} ${JSON.stringify(params)}: json ${(json / 1024).toFixed(0)} KiB, xml (pretty) ${(xml / 1024).toFixed(0)} KiB`);
    }
    console.log(`largest: ${(max / 1024 / 1024).toFixed(2)} MiB`);
  } finally {
    await closeTransports();
    await emu.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

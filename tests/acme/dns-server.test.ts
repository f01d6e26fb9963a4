/**
 * The emulator's authoritative DNS (emulator/dns): node:dns's Resolver (c-ares, a client nobody
 * here wrote) pointed at the emulator's port gets every record type from the zone the API wrote,
 * over UDP and, for an answer too large for UDP, over TCP; the status codes are those of an
 * authoritative-only server (REFUSED outside its zones, NXDOMAIN, NODATA).
 */
import { Resolver } from "node:dns/promises";
import dgram from "node:dgram";
import net from "node:net";
import { expect } from "chai";
import dnsPacket from "dns-packet";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DonDominioClient } from "../../sdk";
import type { DnsType } from "../../sdk/rules";
import { closeTransports } from "../../sdk/core/transport";

const ZONE = "example.com";
const OTHER = "other.org";
const LONG = `v=DKIM1; k=rsa; p=${"A".repeat(600)}`;
/** Three TXT values over 1232 bytes together: too large for a UDP answer, even with EDNS. */
const BIG = ["x", "y", "z"].map((c) => c.repeat(500));

describe("emulator DNS listener (dnsPort)", function () {
  this.timeout(30_000);
  let emu: RunningEmulator;
  let client: DonDominioClient;
  let resolver: Resolver;
  const lines: string[] = [];

  before(async () => {
    emu = await startEmulator({ dnsPort: 0, delays: { serviceInitSec: 0 }, logger: (line) => lines.push(line) });
    client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caCert });
    for (const serviceName of [ZONE, OTHER]) await client.call("service/create", { serviceName, productkey: "basic" });
    const add = (name: string, type: DnsType, value: string, extra: Record<string, string> = {}) =>
      client.call("service/dnscreate", { serviceName: ZONE, name, type, value, ...extra });
    await add("v6", "AAAA", "2001:db8::1");
    await add("alias", "CNAME", "www.example.com");
    await add("far", "CNAME", "host.elsewhere.net");
    await add("@", "CAA", '0 issue "letsencrypt.org"');
    await add("_sip._tcp", "SRV", "5 5060 sip.example.com", { priority: "20" });
    await add("_acme-challenge", "TXT", "token-one");
    await add("_acme-challenge", "TXT", "token-two");
    await add("dkim._domainkey", "TXT", LONG);
    for (const v of BIG) await add("big", "TXT", v);
    await add("*.wild", "A", "192.0.2.77");
    await add("deep.ent", "A", "192.0.2.78");
    await add("_acme-challenge.delegated", "CNAME", "_acme-challenge.other.org");
    await client.call("service/dnscreate", { serviceName: OTHER, name: "_acme-challenge", type: "TXT", value: "delegated-token" });
    resolver = new Resolver({ timeout: 2000, tries: 1 });
    resolver.setServers([`127.0.0.1:${emu.dnsPort}`]);
  });
  after(async () => {
    await emu?.close();
    await closeTransports();
  });

  it("reports a port of its own", () => {
    expect(emu.dnsPort).to.be.a("number").and.not.equal(0);
    expect(emu.url).to.not.contain(`:${emu.dnsPort}`);
  });

  it("A: the zone's default records, and a wildcard's for names below it", async () => {
    expect(await resolver.resolve4(ZONE)).to.deep.equal(["192.0.2.10"]);
    expect(await resolver.resolve4("www.example.com")).to.deep.equal(["192.0.2.10"]);
    expect(await resolver.resolve4("anything.wild.example.com")).to.deep.equal(["192.0.2.77"]);
  });

  it("AAAA", async () => {
    expect(await resolver.resolve6("v6.example.com")).to.deep.equal(["2001:db8::1"]);
  });

  it("CNAME: asked directly, and followed inside the hosted zones for other types", async () => {
    expect(await resolver.resolveCname("alias.example.com")).to.deep.equal(["www.example.com"]);
    expect(await resolver.resolve4("alias.example.com")).to.deep.equal(["192.0.2.10"]);
    // _acme-challenge delegated to another hosted zone by CNAME: the TXT of the target answers.
    expect(await resolver.resolveTxt("_acme-challenge.delegated.example.com")).to.deep.equal([["delegated-token"]]);
  });

  it("MX with the record's priority", async () => {
    expect(await resolver.resolveMx(ZONE)).to.deep.equal([{ exchange: "mail.example.com", priority: 10, type: "MX" }]);
  });

  it("TXT: two values at one name (wildcard + apex challenges), text over 255 bytes split into strings", async () => {
    const acme = await resolver.resolveTxt("_acme-challenge.example.com");
    expect(acme.map((s) => s.join("")).sort()).to.deep.equal(["token-one", "token-two"]);
    const [dkim] = await resolver.resolveTxt("dkim._domainkey.example.com");
    expect(dkim.length).to.equal(3);
    expect(dkim.every((s) => Buffer.byteLength(s) <= 255)).to.equal(true);
    expect(dkim.join("")).to.equal(LONG);
  });

  it("NS: the emulator's nameservers", async () => {
    expect((await resolver.resolveNs(ZONE)).sort()).to.deep.equal(["ns1.emulator.test", "ns2.emulator.test"]);
  });

  it("CAA", async () => {
    expect(await resolver.resolveCaa(ZONE)).to.deep.equal([{ critical: 0, issue: "letsencrypt.org", type: "CAA" }]);
  });

  it("SRV with priority, weight, port and target", async () => {
    expect(await resolver.resolveSrv("_sip._tcp.example.com")).to.deep.equal([{ name: "sip.example.com", port: 5060, priority: 20, weight: 5, type: "SRV" }]);
  });

  it("SOA made up at the apex; its serial changes when the zone does", async () => {
    const before = await resolver.resolveSoa(ZONE);
    expect(before.nsname).to.equal("ns1.emulator.test");
    expect(before.hostmaster).to.equal("hostmaster.example.com");
    await client.call("service/dnscreate", { serviceName: ZONE, name: "serial", type: "A", value: "192.0.2.9" });
    expect((await resolver.resolveSoa(ZONE)).serial).to.not.equal(before.serial);
  });

  it("TCP: an answer too large for UDP is sent truncated, and the resolver gets it over TCP", async () => {
    const udp = await udpQuery(emu.dnsPort!, "big.example.com", "TXT");
    expect(udp.flag_tc).to.equal(true);
    expect(udp.answers).to.have.length(0);
    lines.length = 0;
    const txt = await resolver.resolveTxt("big.example.com");
    expect(txt.map((s) => s.join("")).sort()).to.deep.equal(BIG);
    expect(lines.some((l) => l.startsWith("DNS tcp big.example.com TXT"))).to.equal(true, lines.join("\n"));
  });

  it("TCP: several questions on one connection, every type", async () => {
    const answers = await tcpQueries(emu.dnsPort!, [
      ["example.com", "A"],
      ["v6.example.com", "AAAA"],
      ["alias.example.com", "CNAME"],
      ["example.com", "MX"],
      ["_acme-challenge.example.com", "TXT"],
      ["example.com", "NS"],
      ["example.com", "CAA"],
      ["_sip._tcp.example.com", "SRV"],
    ]);
    expect(answers.map((p) => [p.rcode, p.flag_aa, p.answers?.[0]?.type])).to.deep.equal([
      ["NOERROR", true, "A"],
      ["NOERROR", true, "AAAA"],
      ["NOERROR", true, "CNAME"],
      ["NOERROR", true, "MX"],
      ["NOERROR", true, "TXT"],
      ["NOERROR", true, "NS"],
      ["NOERROR", true, "CAA"],
      ["NOERROR", true, "SRV"],
    ]);
  });

  it("a missing name inside a zone is NXDOMAIN with the SOA; a name with other types only is NODATA", async () => {
    const nx = await udpQuery(emu.dnsPort!, "missing.example.com", "A");
    expect([nx.rcode, nx.flag_aa, nx.authorities?.[0]?.type]).to.deep.equal(["NXDOMAIN", true, "SOA"]);
    await expectCode(resolver.resolve4("missing.example.com"), "ENOTFOUND");
    await expectCode(resolver.resolve6("www.example.com"), "ENODATA");
    // An empty non-terminal exists (RFC 8020): ent.example.com has a name below it.
    await expectCode(resolver.resolve4("ent.example.com"), "ENODATA");
    // A CNAME leaving the hosted zones: the CNAME alone, for the asker to follow.
    const far = await udpQuery(emu.dnsPort!, "far.example.com", "A");
    expect(far.answers?.map((a) => [a.type, (a as { data: unknown }).data])).to.deep.equal([["CNAME", "host.elsewhere.net"]]);
  });

  it("a name in no hosted zone is REFUSED, not authoritative", async () => {
    const r = await udpQuery(emu.dnsPort!, "example.net", "A");
    expect([r.rcode, r.flag_aa]).to.deep.equal(["REFUSED", false]);
    await expectCode(resolver.resolve4("www.example.net"), "EREFUSED");
  });

  it("answers follow the state: a deleted TXT is gone at once", async () => {
    const list = (await client.call("service/dnslist", { serviceName: ZONE, filterType: "TXT" })) as { dns: { entityID: string; value: string }[] };
    const one = list.dns.find((r) => r.value === "token-one")!;
    await client.call("service/dnsdelete", { serviceName: ZONE, entityID: one.entityID });
    expect(await resolver.resolveTxt("_acme-challenge.example.com")).to.deep.equal([["token-two"]]);
  });

  it("a malformed query gets FORMERR with its id; a non-QUERY opcode NOTIMP", async () => {
    const junk = Buffer.from([0x12, 0x34, 0x01, 0x00, 0x00, 0x01, 0, 0, 0, 0, 0, 0, 0xff]);
    const formerr = dnsPacket.decode(await udpRaw(emu.dnsPort!, junk));
    expect([formerr.id, (formerr as { rcode?: string }).rcode]).to.deep.equal([0x1234, "FORMERR"]);
    const notify = dnsPacket.encode({ type: "query", id: 7, flags: 4 << 11, questions: [{ type: "SOA", name: ZONE }] });
    expect((dnsPacket.decode(await udpRaw(emu.dnsPort!, notify)) as { rcode?: string }).rcode).to.equal("NOTIMP");
  });
});

type Decoded = ReturnType<typeof dnsPacket.decode> & { rcode?: string; flag_aa?: boolean; flag_tc?: boolean };

async function expectCode(p: Promise<unknown>, code: string): Promise<void> {
  const err = await p.then(
    () => undefined,
    (e: NodeJS.ErrnoException) => e,
  );
  expect(err?.code).to.equal(code);
}

function udpRaw(port: number, message: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const sock = dgram.createSocket("udp4");
    const timer = setTimeout(() => {
      sock.close();
      reject(new Error("no UDP answer"));
    }, 3000);
    sock.once("message", (msg) => {
      clearTimeout(timer);
      sock.close();
      resolve(msg);
    });
    sock.send(message, port, "127.0.0.1");
  });
}

async function udpQuery(port: number, name: string, type: string): Promise<Decoded> {
  const q = dnsPacket.encode({ type: "query", id: 99, flags: dnsPacket.RECURSION_DESIRED, questions: [{ type: type as "A", name }] });
  return dnsPacket.decode(await udpRaw(port, q)) as Decoded;
}

/** Sends every question on one TCP connection (all written at once) and reads the answers in order. */
function tcpQueries(port: number, questions: [string, string][]): Promise<Decoded[]> {
  return new Promise((resolve, reject) => {
    const sock = net.connect(port, "127.0.0.1");
    const out: Decoded[] = [];
    let buf = Buffer.alloc(0);
    sock.on("error", reject);
    sock.on("data", (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      while (buf.length >= 2 && buf.length >= 2 + buf.readUInt16BE(0)) {
        const len = buf.readUInt16BE(0);
        out.push(dnsPacket.decode(buf.subarray(2, 2 + len)) as Decoded);
        buf = buf.subarray(2 + len);
      }
      if (out.length === questions.length) {
        sock.end();
        resolve(out.sort((a, b) => (a.id ?? 0) - (b.id ?? 0)));
      }
    });
    sock.write(
      Buffer.concat(questions.map(([name, type], i) => dnsPacket.streamEncode({ type: "query", id: i + 1, questions: [{ type: type as "A", name }] }))),
    );
  });
}

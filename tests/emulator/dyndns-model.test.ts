import { expect } from "chai";
import { dyndnsUpdate } from "../../emulator/modules/dyndns/model";
import { withService } from "./service-fixture";

const KEY = "ddns-key-0123456789";

async function setup() {
  const f = await withService("basic", "home.example");
  f.account.dyndnsKey = KEY;
  await f.ok("service/dnscreate", { serviceName: "home.example", name: "router", type: "A", value: "198.51.100.1" });
  const a = (host: string) => f.account.services["home.example"].dns.filter((r) => r.name === host && r.type === "A").map((r) => r.value);
  return { f, world: f.env.world, a };
}

describe("dyndns model (dyndnsUpdate)", () => {
  it("updates an existing A record to the given ip, then reports unchanged on a repeat", async () => {
    const { world, a } = await setup();
    const r = dyndnsUpdate(world, { user: "alice", key: KEY, host: "Router.home.example.", ip: "203.0.113.9", lang: "en" }, "198.51.100.250");
    expect(r).to.deep.include({ success: true, user: "alice", host: { name: "router.home.example", value: "203.0.113.9", type: "A", updated: true } });
    expect(r.messages).to.deep.equal(["DNS record updated"]);
    expect(a("router.home.example")).to.deep.equal(["203.0.113.9"]);
    const again = dyndnsUpdate(world, { user: "alice", key: KEY, host: "router.home.example", ip: "203.0.113.9" }, "198.51.100.250");
    expect(again.success).to.equal(true);
    expect(again.host?.updated).to.equal(false);
    expect(again.messages[0]).to.equal("La dirección no ha cambiado");
  });

  it("uses the caller's address (unwrapping IPv4-mapped IPv6) when ip is not given", async () => {
    const { world, a } = await setup();
    const r = dyndnsUpdate(world, { user: "alice", key: KEY, host: "router.home.example" }, "::ffff:192.0.2.77");
    expect(r.host).to.deep.equal({ name: "router.home.example", value: "192.0.2.77", type: "A", updated: true });
    expect(a("router.home.example")).to.deep.equal(["192.0.2.77"]);
  });

  it("never creates a record: an unknown host fails and the zone is unchanged", async () => {
    const { f, world } = await setup();
    const before = JSON.stringify(f.account.services["home.example"].dns);
    const r = dyndnsUpdate(world, { user: "alice", key: KEY, host: "new.home.example", ip: "203.0.113.9", lang: "en" }, "198.51.100.250");
    expect(r.success).to.equal(false);
    expect(r.user).to.equal("alice");
    expect(r.host).to.equal(undefined);
    expect(r.messages[0]).to.match(/does not exist as an A record/);
    expect(JSON.stringify(f.account.services["home.example"].dns)).to.equal(before);
  });

  it("refuses a host that has records but no A record", async () => {
    const { f, world } = await setup();
    await f.ok("service/dnscreate", { serviceName: "home.example", name: "txtonly", type: "TXT", value: "hello" });
    const r = dyndnsUpdate(world, { user: "alice", key: KEY, host: "txtonly.home.example", ip: "203.0.113.9" }, "198.51.100.250");
    expect(r.success).to.equal(false);
    expect(f.account.services["home.example"].dns.filter((x) => x.name === "txtonly.home.example").map((x) => x.type)).to.deep.equal(["TXT"]);
  });

  it("refuses a wrong key (user echoed), an unknown user (user omitted) and an account without a key", async () => {
    const { f, world, a } = await setup();
    const wrong = dyndnsUpdate(world, { user: "alice", key: "guess", host: "router.home.example", ip: "203.0.113.9", lang: "en" }, "198.51.100.250");
    expect(wrong).to.deep.equal({ success: false, user: "alice", messages: ["Incorrect data"] });
    const unknown = dyndnsUpdate(world, { user: "mallory", key: KEY, host: "router.home.example", ip: "203.0.113.9" }, "198.51.100.250");
    expect(unknown.success).to.equal(false);
    expect(unknown).to.not.have.property("user");
    expect(JSON.stringify([wrong, unknown])).to.not.include(KEY);
    delete f.account.dyndnsKey;
    expect(dyndnsUpdate(world, { user: "alice", key: KEY, host: "router.home.example", ip: "203.0.113.9" }, "198.51.100.250").success).to.equal(false);
    expect(a("router.home.example")).to.deep.equal(["198.51.100.1"]);
  });

  it("writes an IPv6 address only into an existing AAAA record of a host that has an A record", async () => {
    const { f, world } = await setup();
    const v6 = dyndnsUpdate(world, { user: "alice", key: KEY, host: "router.home.example", ip: "2001:db8::5" }, "198.51.100.250");
    expect(v6.success).to.equal(false);
    await f.ok("service/dnscreate", { serviceName: "home.example", name: "router", type: "AAAA", value: "2001:db8::1" });
    const ok = dyndnsUpdate(world, { user: "alice", key: KEY, host: "router.home.example", ip: "2001:DB8::5" }, "198.51.100.250");
    expect(ok.host).to.deep.equal({ name: "router.home.example", value: "2001:db8::5", type: "AAAA", updated: true });
    expect(dyndnsUpdate(world, { user: "alice", key: KEY, host: "router.home.example", ip: "999.1.1.1" }, "198.51.100.250").success).to.equal(false);
  });
});

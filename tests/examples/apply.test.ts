/**
 * Every example applied through the real engine from the same index.ts users run with `pulumi up`
 * (tests/harness/engine.ts exampleProgram), against one embedded emulator: up, the example's own
 * assertions, an empty plan, no secret in plaintext in the state, the stored providers, a clean
 * refresh, destroy. One row per example; the emulator is reset before each row so that each starts
 * from the same account. Secret stack config is passed as `{ value, secret: true }`, as quickstart
 * passes its config.
 */
import { expect } from "chai";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { UpResult } from "@pulumi/pulumi/automation";
import { getProduct } from "../../emulator/data/products";
import { findTld } from "../../emulator/data/tlds";
import { exportSample, SAMPLE_PASSWORD, sampleDrift, seedSampleAccount } from "../../scripts/adopt-existing-sample";
import { PERSON } from "../fixtures";
import { type EngineStack, exampleProgram, installPackage } from "../harness/engine";
import { checkStoredProviders, expectEmptyPlan, expectNoPlaintext, type Harness, startHarness, writeCalls } from "../provider/harness";

type Config = Record<string, { value: string; secret?: boolean }>;

interface Ctx {
  h: Harness;
  eng: EngineStack;
  up: UpResult;
  /** Balance before the up. */
  balanceBefore: number;
  /** Write calls of the up (actions the catalogue does not mark read-only). */
  upWrites: Record<string, number>;
}

interface Row {
  name: string;
  config: Config;
  /** Secret values that must never be in the state in plaintext (besides the API password). */
  secrets: string[];
  /** Resources created by the up (with the stack); also deleted by destroy. */
  resources: number;
  /** Before the stack: seed what the example needs. */
  prepare?(h: Harness): Promise<void>;
  /** Right after the up. */
  afterUp(ctx: Ctx): Promise<void>;
  /** After the empty plan and the clean refresh, before destroy. */
  beforeDestroy?(ctx: Ctx): Promise<void>;
  afterDestroy?(ctx: Ctx): Promise<void>;
}

const secret = (value: string) => ({ value, secret: true });
const zoneOf = (h: Harness, serviceName: string) => h.client.listAll("service/dnslist", { serviceName }, { limit: 1000 }) as Promise<any[]>;
const world = (h: Harness, serviceName: string) => h.emu.server.store.world.accounts[h.emu.apiUser].services[serviceName] as any;

const MAIL = { domain: "mail-example-test.com", info: "Info-Mailbox-Pw-91", ana: "Ana-Mailbox-Pw-37" };
const WEB = { domain: "web-example-test.com", deploy: "Deploy-Ftp-Pw-58", backup: "Backup-Ftp-Pw-14", db: "App-Db-Pw-7731" };
const POLICY = {
  web: "policy-web.com",
  parked: "policy-parked.org",
  noZone: "policy-nozone.net",
  mail: "policy-mail.es",
  added: "policy-added.com",
  password: "Policy-Mailbox-Pw-42",
};
const DDNS = { domain: "ddns-example-test.com", ipv4: "198.51.100.77", ipv6: "2001:db8:77::7" };

const ROWS: Row[] = [
  {
    name: "quickstart",
    config: { "quickstart:domainName": { value: "quickstart-test.com" } },
    secrets: [],
    resources: 8,
    async afterUp({ h, eng, up, balanceBefore, upWrites }) {
      expect(up.outputs.status.value).to.equal("active");
      expect(up.outputs.domain.value).to.equal("quickstart-test.com");
      expect(up.outputs.records.value).to.have.length(4);
      // Each of the four resource kinds' stored provider: one require() line, no credentials.
      expect(checkStoredProviders(eng, [h.emu.apiPasswd])).to.equal(7);
      const live = await h.client.domain.getinfo({ domain: "quickstart-test.com", infoType: "status" });
      expect(live.status).to.equal("active");
      const mine = (await zoneOf(h, "quickstart-test.com")).filter((r) => (up.outputs.records.value as string[]).includes(`quickstart-test.com/${r.entityID}`));
      expect(mine.map((r) => r.type).sort()).to.deep.equal(["A", "CAA", "CNAME", "TXT"]);
      // The registration and hosting were paid for once: one domain/create and one service/create,
      // and the balance went down by exactly their prices in the emulator's price lists (1 year each).
      expect(upWrites).to.deep.include({ "domain/create": 1, "service/create": 1 });
      const price = findTld("quickstart-test.com")!.create!.price + getProduct("basic")!.price;
      const spent = balanceBefore - (await h.client.account.info({})).balance;
      expect(spent.toFixed(2), "balance spent by the up").to.equal(price.toFixed(2));
    },
    async afterDestroy({ h, up }) {
      // Destroy deletes the records it made, and forgets (never deletes) the domain and the service.
      const left = (await zoneOf(h, "quickstart-test.com")).filter((r) => (up.outputs.records.value as string[]).includes(`quickstart-test.com/${r.entityID}`));
      expect(left).to.deep.equal([]);
      expect((await h.client.domain.getinfo({ domain: "quickstart-test.com", infoType: "status" })).status).to.equal("active");
    },
  },
  {
    name: "mail",
    config: { "mail:domainName": { value: MAIL.domain }, "mail:infoPassword": secret(MAIL.info), "mail:anaPassword": secret(MAIL.ana) },
    secrets: [MAIL.info, MAIL.ana],
    resources: 7,
    async afterUp({ h, eng, up, upWrites }) {
      expect(up.outputs.service.value).to.equal(MAIL.domain);
      expect(up.outputs.status.value).to.equal("active");
      expect(up.outputs.mailboxes.value).to.deep.equal([`info@${MAIL.domain}`, `ana@${MAIL.domain}`]);
      expect(up.outputs.aliases.value).to.deep.equal([`sales@${MAIL.domain}`, `postmaster@${MAIL.domain}`]);
      expect(up.outputs.salesTargets.value).to.deep.equal([`ana@${MAIL.domain}`, `info@${MAIL.domain}`]);
      // No output holds a password, not even as a secret.
      for (const [k, v] of Object.entries(up.outputs)) expect(v.secret, `output ${k}`).to.equal(false);
      expect(JSON.stringify(up.outputs)).to.not.include(MAIL.info);
      expect(upWrites).to.deep.include({ "service/create": 1, "service/mailcreate": 2, "service/mailaliascreate": 2, "service/dnscreate": 1 });
      // The passwords applied are the configured ones (the in-process world: the API masks them).
      const svc = world(h, MAIL.domain);
      expect(svc.productkey).to.equal("mail");
      expect(svc.mail.find((m: any) => m.name === `info@${MAIL.domain}`).password).to.equal(MAIL.info);
      expect(svc.mail.find((m: any) => m.name === `ana@${MAIL.domain}`).password).to.equal(MAIL.ana);
      const dmarc = (await zoneOf(h, MAIL.domain)).find((r) => r.name === `_dmarc.${MAIL.domain}`);
      expect(dmarc?.value).to.equal(`v=DMARC1; p=quarantine; rua=mailto:postmaster@${MAIL.domain}`);
      expect(checkStoredProviders(eng, [h.emu.apiPasswd, MAIL.info, MAIL.ana])).to.equal(6);
    },
    async afterDestroy({ h }) {
      const svc = world(h, MAIL.domain);
      expect(svc.mail).to.deep.equal([]);
      expect(svc.mailalias).to.deep.equal([]);
    },
  },
  {
    name: "web-hosting",
    config: {
      "web-hosting:domainName": { value: WEB.domain },
      "web-hosting:deployPassword": secret(WEB.deploy),
      "web-hosting:backupPassword": secret(WEB.backup),
      "web-hosting:dbPassword": secret(WEB.db),
    },
    secrets: [WEB.deploy, WEB.backup, WEB.db],
    resources: 9,
    async afterUp({ h, eng, up, upWrites }) {
      expect(up.outputs.status.value).to.equal("active");
      expect(up.outputs.ftpUsers.value).to.deep.equal(["deploy", "backup"]);
      expect(up.outputs.subdomains.value).to.deep.equal([`blog.${WEB.domain}`, `staging.${WEB.domain}`]);
      expect(up.outputs.redirects.value).to.deep.equal([`old.${WEB.domain}`, `shop.${WEB.domain}`]);
      expect(up.outputs.database.value).to.be.a("string").and.not.equal("");
      expect(up.outputs.databaseUser.value).to.be.a("string").and.not.equal("");
      for (const [k, v] of Object.entries(up.outputs)) expect(v.secret, `output ${k}`).to.equal(false);
      expect(upWrites).to.deep.include({
        "service/create": 1,
        "service/ftpcreate": 2,
        "service/ddbbcreate": 1,
        "service/subdomaincreate": 2,
        "service/redirectcreate": 2,
      });
      const svc = world(h, WEB.domain);
      expect(svc.ftp.map((f: any) => [f.name, f.ftpPath, f.password])).to.have.deep.members([
        ["deploy", "/public", WEB.deploy],
        ["backup", "/", WEB.backup],
      ]);
      expect(svc.ddbb.map((d: any) => d.password)).to.deep.equal([WEB.db]);
      expect(svc.redirect.find((r: any) => r.origin === `old.${WEB.domain}`)?.destination).to.equal(`https://www.${WEB.domain}/`);
      expect(checkStoredProviders(eng, [h.emu.apiPasswd, WEB.deploy, WEB.backup, WEB.db])).to.equal(8);
    },
    async afterDestroy({ h }) {
      const svc = world(h, WEB.domain);
      for (const family of ["ftp", "ddbb", "subdomain", "redirect"]) expect(svc[family], family).to.deep.equal([]);
    },
  },
  {
    name: "dynamic-dns",
    config: { "dynamic-dns:domainName": { value: DDNS.domain } },
    secrets: [],
    resources: 4,
    async afterUp({ h, eng, up }) {
      expect(up.outputs.host.value).to.equal(`home.${DDNS.domain}`);
      expect([up.outputs.ipv4.value, up.outputs.ipv6.value]).to.deep.equal(["192.0.2.1", "2001:db8::1"]);
      expect(checkStoredProviders(eng, [h.emu.apiPasswd])).to.equal(3);
    },
    async beforeDestroy({ h, eng, up }) {
      // The real command, from the installed package, against the emulator's dynamic DNS endpoint.
      const bin = join(installPackage(), "bin", "dondominio-ddns.js");
      const state = mkdtempSync(join(tmpdir(), "ddns-example-"));
      try {
        const env = { PATH: process.env.PATH, HOME: state, DONDOMINIO_DDNS_KEY: h.emu.dyndnsKey };
        const common = ["--user", h.emu.apiUser, "--host", `home.${DDNS.domain}`, "--url", h.emu.dyndnsUrl, "--ca-file", h.emu.caFile];
        const ddns = (ip: string) => promisify(execFile)(process.execPath, [bin, ...common, "--ip", ip], { env, encoding: "utf8" });
        expect((await ddns(DDNS.ipv4)).stdout).to.equal(`home.${DDNS.domain} updated ${DDNS.ipv4}\n`);
        expect((await ddns(DDNS.ipv6)).stdout).to.equal(`home.${DDNS.domain} updated ${DDNS.ipv6}\n`);
      } finally {
        rmSync(state, { recursive: true, force: true });
      }
      const ids = up.outputs.recordIds.value as string[];
      const mine = (await zoneOf(h, DDNS.domain)).filter((r) => ids.includes(`${DDNS.domain}/${r.entityID}`));
      expect(mine.map((r) => [r.type, r.value]).sort()).to.deep.equal([
        ["A", DDNS.ipv4],
        ["AAAA", DDNS.ipv6],
      ]);
      // Pulumi leaves the new addresses alone: nothing to do before and after a refresh that reads them.
      await expectEmptyPlan(eng);
      const refresh = await eng.stack.refresh();
      expect(refresh.summary.resourceChanges).to.deep.equal({ same: 2, update: 2 });
      await expectEmptyPlan(eng);
      await h.emu.control.counters({ reset: true });
      const again = await eng.stack.up();
      expect(again.summary.resourceChanges).to.deep.equal({ same: 4 });
      expect(again.outputs.ipv4.value).to.equal(DDNS.ipv4);
      expect(again.outputs.ipv6.value).to.equal(DDNS.ipv6);
      expect(writeCalls((await h.emu.control.counters()).calls)).to.deep.equal({});
    },
    async afterDestroy({ h, up }) {
      const ids = up.outputs.recordIds.value as string[];
      expect((await zoneOf(h, DDNS.domain)).filter((r) => ids.includes(`${DDNS.domain}/${r.entityID}`))).to.deep.equal([]);
    },
  },
  {
    name: "adopt-existing",
    config: {},
    secrets: [SAMPLE_PASSWORD],
    resources: 19,
    async prepare(h) {
      await seedSampleAccount(h.emu);
      // The checked-in sample is what the exporter writes for this account today.
      const { files } = await exportSample(h.emu);
      expect(sampleDrift(files), "examples/adopt-existing drifted: run `npx tsx scripts/adopt-existing-sample.ts` and commit").to.deep.equal([]);
      for (const text of Object.values(files)) expect(text).to.not.include(SAMPLE_PASSWORD);
    },
    async afterUp({ h, eng, balanceBefore, upWrites }) {
      expect(upWrites, "adopting writes nothing").to.deep.equal({});
      expect((await h.client.account.info({})).balance).to.equal(balanceBefore);
      // The stored providers of all eight resource kinds.
      expect(checkStoredProviders(eng, [h.emu.apiPasswd, SAMPLE_PASSWORD])).to.equal(18);
    },
    async afterDestroy({ h }) {
      // Destroy deletes what lives in the service and forgets the domains, the service and the contact.
      const svc = world(h, "lovelace-shop.com");
      for (const family of ["mail", "mailalias", "redirect", "ftp", "dns"]) expect(svc[family], family).to.deep.equal([]);
      expect((await h.client.domain.getinfo({ domain: "lovelace-notes.net", infoType: "status" })).status).to.equal("active");
    },
  },
  {
    name: "account-policy",
    config: {},
    secrets: [POLICY.password],
    resources: 5,
    async prepare(h) {
      // What the program reads: three active domains (two with a zone), a Mail Hosting service for a
      // domain registered elsewhere, mailboxes in two services, and a parking service (no mailboxes).
      const call = (op: string, params: Record<string, unknown>) => h.client.call(op as never, params as never) as Promise<any>;
      const owner = (await call("contact/create", { ...PERSON })).contactID;
      for (const domain of [POLICY.web, POLICY.parked, POLICY.noZone]) await call("domain/create", { domain, ownerContactID: owner });
      await h.emu.control.advanceClock(2 * 3600);
      await call("service/create", { serviceName: POLICY.web, productkey: "mini" });
      await call("service/create", { serviceName: POLICY.mail, productkey: "mail" });
      await call("service/create", { serviceName: POLICY.parked, productkey: "redir" });
      for (const name of ["info", "postmaster"]) await call("service/mailcreate", { serviceName: POLICY.web, name, password: POLICY.password });
      await call("service/mailcreate", { serviceName: POLICY.mail, name: "ana", password: POLICY.password });
    },
    async afterUp({ h, up, balanceBefore, upWrites }) {
      expect(up.outputs.caaDomains.value).to.deep.equal([POLICY.parked, POLICY.web]);
      expect(up.outputs.dmarcZones.value).to.deep.equal([POLICY.mail, POLICY.web]);
      expect(up.outputs.dmarcValues.value).to.deep.equal([
        `v=DMARC1; p=quarantine; rua=mailto:ana@${POLICY.mail}`,
        `v=DMARC1; p=quarantine; rua=mailto:postmaster@${POLICY.web}`,
      ]);
      // The zones' own SPF, read with getDnsRecords (the emulator's default record for a new service).
      expect(up.outputs.spf.value).to.deep.equal({ [POLICY.mail]: ["v=spf1 a mx ~all"], [POLICY.web]: ["v=spf1 a mx ~all"] });
      expect(up.outputs.balance.value).to.equal(`${balanceBefore} EUR`);
      expect(upWrites, "four records, nothing else").to.deep.equal({ "service/dnscreate": 4 });
      expect((await h.client.account.info({})).balance, "nothing bought").to.equal(balanceBefore);
      for (const zone of [POLICY.web, POLICY.parked]) {
        const caa = (await zoneOf(h, zone)).filter((r) => r.type === "CAA").map((r) => r.value);
        expect(caa, zone).to.deep.equal(['0 issue "letsencrypt.org"']);
      }
    },
    async beforeDestroy({ h, eng }) {
      // A domain with a zone added outside the program: the next preview reads it live and plans its
      // CAA record (one create), with no money line (functions only read; DNS records cost nothing).
      const call = (op: string, params: Record<string, unknown>) => h.client.call(op as never, params as never) as Promise<any>;
      const owner = (await call("contact/list", {})).contacts[0].contactID;
      await call("domain/create", { domain: POLICY.added, ownerContactID: owner });
      await h.emu.control.advanceClock(2 * 3600);
      await call("service/create", { serviceName: POLICY.added, productkey: "redir" });
      let printed = "";
      await h.emu.control.counters({ reset: true });
      const preview = await eng.stack.preview({ onOutput: (t) => (printed += t) });
      expect(preview.changeSummary).to.deep.equal({ create: 1, same: 5 });
      expect(printed).to.include(`caa-${POLICY.added}`);
      expect(printed).to.not.match(/\$ (CHARGE|NO PRICE|TOTAL)/);
      expect(writeCalls((await h.emu.control.counters()).calls), "a preview writes nothing").to.deep.equal({});
    },
    async afterDestroy({ h }) {
      for (const zone of [POLICY.web, POLICY.parked])
        expect(
          (await zoneOf(h, zone)).filter((r) => r.type === "CAA"),
          zone,
        ).to.deep.equal([]);
      expect((await zoneOf(h, POLICY.web)).filter((r) => r.name === `_dmarc.${POLICY.web}`)).to.deep.equal([]);
    },
  },
];

describe("examples applied through the engine (apply, empty plan, refresh, destroy)", function () {
  this.timeout(300_000);
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h?.close());

  for (const row of ROWS) {
    it(`examples/${row.name}`, async () => {
      await h.emu.control.reset();
      await row.prepare?.(h);
      const eng = await h.stack(exampleProgram(row.name), row.config);
      const balanceBefore = (await h.client.account.info({})).balance;
      await h.emu.control.counters({ reset: true });
      const started = Date.now();
      const up = await eng.stack.up();
      const counters = await h.emu.control.counters();
      console.log(
        `      ${row.name}: up ${((Date.now() - started) / 1000).toFixed(1)} s, ${row.resources} resources with the stack, ${counters.totalCalls} API calls`,
      );
      expect(up.summary.resourceChanges).to.deep.equal({ create: row.resources });
      const ctx: Ctx = { h, eng, up, balanceBefore, upWrites: writeCalls(counters.calls) };
      await row.afterUp(ctx);

      await expectEmptyPlan(eng);
      expectNoPlaintext(eng, [h.emu.apiPasswd, ...row.secrets]);
      const refresh = await eng.stack.refresh();
      expect(refresh.summary.resourceChanges).to.deep.equal({ same: row.resources });
      await row.beforeDestroy?.(ctx);

      const destroy = await eng.stack.destroy();
      expect(destroy.summary.resourceChanges).to.deep.equal({ delete: row.resources });
      expectNoPlaintext(eng, [h.emu.apiPasswd, ...row.secrets]);
      await row.afterDestroy?.(ctx);
    });
  }
});

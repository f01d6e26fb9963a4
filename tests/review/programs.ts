/**
 * The programs of the review tests (record-fixtures.ts and ci-preview.test.ts): after the example's
 * `up`, a program with one step of every kind against that state.
 */
import { join } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import type { PulumiFn } from "@pulumi/pulumi/automation";
import { installPackage } from "../harness/engine";
import { ZONE } from "./shared";

/**
 * examples/ci-preview changed: site and www updated, docs renamed (replaced), mx removed (deleted),
 * caa added (created), the mailbox password (a secret) changed when the stack config's changed.
 * `extra` declares more resources beside them.
 */
export function changedProgram(extra: () => void = () => undefined): PulumiFn {
  return async () => {
    const { DnsRecord, HostingService, MailBox } = require(join(installPackage(), "dist", "provider", "index.js"));
    const config = new pulumi.Config("ci-preview");
    const site = new HostingService("site", { name: ZONE, productKey: "basic", renewalMode: "manual" });
    new DnsRecord("www", { serviceName: site.name, name: "www", type: "A", value: "203.0.113.20", ttl: 600 });
    new DnsRecord("docs", { serviceName: site.name, name: "help", type: "CNAME", value: `www.${ZONE}.` });
    new DnsRecord("verify", { serviceName: site.name, name: "@", type: "TXT", value: "site-verification=3f9c2a7e" });
    new DnsRecord("dmarc", { serviceName: site.name, name: "_dmarc", type: "TXT", value: `v=DMARC1; p=quarantine; rua=mailto:dmarc@${ZONE}` });
    new DnsRecord("caa", { serviceName: site.name, name: "@", type: "CAA", value: '0 issue "letsencrypt.org"' });
    new MailBox("info", { serviceName: site.name, name: "info", password: config.requireSecret("infoPassword") });
    extra();
    return {};
  };
}

/**
 * ci-preview: the program a repository applies from CI (.github/workflows/ beside this file): a
 * hosting service, the DNS records of its zone and a mailbox. A pull request that changes this file
 * gets the preview as a comment; a merge to main applies it; a daily job reports drift.
 *
 * Like examples/quickstart, the program is the exported function (Pulumi calls it; its result is the
 * stack's outputs), so the test suite applies this same file as an inline program.
 */
import * as pulumi from "@pulumi/pulumi";
import { DnsRecord, HostingService, MailBox } from "pulumi-dondominio";

export = async () => {
  const config = new pulumi.Config("ci-preview");
  const zone = config.get("zone") ?? "ci-preview.example";

  // The service brings the zone. Creating it spends balance (the API shows no price before
  // purchase); destroy only forgets it.
  const site = new HostingService("site", { name: zone, productKey: "basic", renewalMode: "autorenew" });

  const records = [
    new DnsRecord("www", { serviceName: site.name, name: "www", type: "A", value: "203.0.113.10", ttl: 3600 }),
    new DnsRecord("docs", { serviceName: site.name, name: "docs", type: "CNAME", value: `www.${zone}.` }),
    // A new service's zone already holds this MX (the service's default records): adopt takes it over.
    new DnsRecord("mx", { serviceName: site.name, name: "@", type: "MX", value: `mail.${zone}.`, priority: 10, adopt: true }),
    new DnsRecord("verify", { serviceName: site.name, name: "@", type: "TXT", value: "site-verification=3f9c2a7e" }),
    new DnsRecord("dmarc", { serviceName: site.name, name: "_dmarc", type: "TXT", value: `v=DMARC1; p=quarantine; rua=mailto:dmarc@${zone}` }),
  ];

  // The password is a stack config secret (`pulumi config set --secret ci-preview:infoPassword`):
  // encrypted in the state, shown as [secret] in previews and in the PR comment.
  const info = new MailBox("info", { serviceName: site.name, name: "info", password: config.requireSecret("infoPassword") });

  return {
    zone: site.name,
    status: site.status,
    records: records.map((r) => r.id),
    mailbox: info.name,
  };
};

/**
 * Mail: a Mail Hosting service for a domain you hold, two mailboxes whose passwords come from secret
 * stack config, two aliases that forward to them, and the DMARC policy of the domain's mail.
 *
 * The passwords are read with `config.requireSecret`, so they stay secrets all the way: encrypted
 * in the stack config and in the state, never in the outputs. The API never tells a mailbox's
 * password back; the state keeps only a salted fingerprint of the last one applied (MailBox README),
 * so changing the config value is what changes the password.
 */
import * as pulumi from "@pulumi/pulumi";
import { DnsRecord, HostingService, MailAlias, MailBox } from "pulumi-dondominio";

export = async () => {
  const config = new pulumi.Config("mail");
  const domainName = config.get("domainName") ?? "dondominio-mail-example.com";

  // `mail` is the Mail Hosting plan (no web space); creating it is charged to the balance, and it
  // brings the domain's DNS zone (with MX and SPF records pointing at the mail servers).
  const mail = new HostingService("mail", { name: domainName, productKey: "mail" });

  const info = new MailBox("info", { serviceName: mail.name, name: "info", password: config.requireSecret("infoPassword") });
  const ana = new MailBox("ana", { serviceName: mail.name, name: "ana", password: config.requireSecret("anaPassword") });

  // Aliases forward to any address; reordering the targets is an update (the API keeps the order).
  const sales = new MailAlias("sales", { serviceName: mail.name, name: "sales", targets: [ana.name, info.name] });
  const postmaster = new MailAlias("postmaster", { serviceName: mail.name, name: "postmaster", targets: [info.name] });

  const dmarc = new DnsRecord("dmarc", {
    serviceName: mail.name,
    name: "_dmarc",
    type: "TXT",
    value: pulumi.interpolate`v=DMARC1; p=quarantine; rua=mailto:${postmaster.name}`,
  });

  // No password here: a stack output would show it to everyone who can read the stack.
  return {
    service: mail.name,
    status: mail.status,
    mailboxes: [info.name, ana.name],
    mailboxQuotaBytes: info.quotaMax,
    aliases: [sales.name, postmaster.name],
    salesTargets: sales.targets,
    dmarc: dmarc.id,
  };
};

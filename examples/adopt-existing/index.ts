/**
 * The DonDominio account as dondominio-export read it. Every object is adopted (adopt: true, or
 * registration: "adopt"), with the values the API answered, so the first `pulumi up` records the
 * account and writes and spends nothing. From then on this program is the account: change a line
 * and `pulumi up` applies it. Passwords are stack config secrets (README.md); unset, the live one is kept.
 */
import * as pulumi from "@pulumi/pulumi";
import { Contact, DnsRecord, Domain, FtpAccount, HostingService, MailAlias, MailBox, Redirect } from "pulumi-dondominio";

export = async () => {
  const config = new pulumi.Config();

  // ---- Contacts (adopted by id: the API changes no contact data in place) ----
  new Contact("contact-lov-20001", { contactId: "LOV-20001" }); // Ada Lovelace <ada@example.com>, ES

  // ---- Domains (registration: adopt spends nothing; settings as the API answered them) ----
  new Domain("lovelace-notes-net", { name: "lovelace-notes.net", registration: "adopt", nameservers: ["parking1.dondominio.net", "parking2.dondominio.net"], transferBlock: false, modifyBlock: false, whoisPrivacy: false, renewalMode: "manual" });
  new Domain("lovelace-shop-com", { name: "lovelace-shop.com", registration: "adopt", nameservers: ["parking1.dondominio.net", "parking2.dondominio.net"], transferBlock: false, modifyBlock: false, whoisPrivacy: false, renewalMode: "autorenew" });

  // ==== lovelace-shop.com ====
  new HostingService("lovelace-shop-com", { name: "lovelace-shop.com", productKey: "basic", registration: "adopt" });
  // DNS zone lovelace-shop.com: 10 records
  new DnsRecord("lovelace-shop-com-dmarc-txt", { serviceName: "lovelace-shop.com", name: "_dmarc", type: "TXT", value: "v=DMARC1; p=quarantine", adopt: true });
  new DnsRecord("lovelace-shop-com-app-a", { serviceName: "lovelace-shop.com", name: "app", type: "A", value: "203.0.113.10", ttl: 3600, adopt: true });
  new DnsRecord("lovelace-shop-com-docs-cname", { serviceName: "lovelace-shop.com", name: "docs", type: "CNAME", value: "app.lovelace-shop.com", adopt: true });
  new DnsRecord("lovelace-shop-com-a", { serviceName: "lovelace-shop.com", name: "@", type: "A", value: "192.0.2.10", adopt: true });
  new DnsRecord("lovelace-shop-com-mx", { serviceName: "lovelace-shop.com", name: "@", type: "MX", value: "mail.lovelace-shop.com", priority: 10, adopt: true });
  new DnsRecord("lovelace-shop-com-ns-d5581f", { serviceName: "lovelace-shop.com", name: "@", type: "NS", value: "ns1.emulator.test", adopt: true });
  new DnsRecord("lovelace-shop-com-ns-1c85f8", { serviceName: "lovelace-shop.com", name: "@", type: "NS", value: "ns2.emulator.test", adopt: true });
  new DnsRecord("lovelace-shop-com-txt", { serviceName: "lovelace-shop.com", name: "@", type: "TXT", value: "v=spf1 a mx ~all", adopt: true });
  new DnsRecord("lovelace-shop-com-mail-a", { serviceName: "lovelace-shop.com", name: "mail", type: "A", value: "192.0.2.10", adopt: true });
  new DnsRecord("lovelace-shop-com-www-a", { serviceName: "lovelace-shop.com", name: "www", type: "A", value: "192.0.2.10", adopt: true });
  // Mail of lovelace-shop.com
  new MailBox("mailbox-info-lovelace-shop-com", { serviceName: "lovelace-shop.com", name: "info@lovelace-shop.com", password: config.getSecret("mailbox-info-lovelace-shop-com-password"), adopt: true }); // 0 of 2147483648 bytes used
  new MailAlias("alias-sales-lovelace-shop-com", { serviceName: "lovelace-shop.com", name: "sales@lovelace-shop.com", targets: ["info@lovelace-shop.com", "ada@example.com"], adopt: true });
  // Redirects of lovelace-shop.com
  new Redirect("redirect-old-lovelace-shop-com", { serviceName: "lovelace-shop.com", origin: "old.lovelace-shop.com", destination: "https://www.lovelace-shop.com/", type: "301", adopt: true });
  // Hosting of lovelace-shop.com
  new FtpAccount("ftp-deploy-lovelace-shop-com", { serviceName: "lovelace-shop.com", name: "deploy", ftpPath: "/public", password: config.getSecret("ftp-deploy-lovelace-shop-com-password"), adopt: true });
};

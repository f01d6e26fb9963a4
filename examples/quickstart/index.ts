/**
 * Quickstart: an owner contact, a domain registered with it, a hosting service for the domain and a
 * few DNS records in its zone.
 *
 * This file is a normal Pulumi program (`pulumi up` here, with the `dondominio:*` config set) and
 * the same file is applied by the test suite and `npm run demo` as an inline program, which is why
 * the program is the exported function: Pulumi calls it and its result is the stack's outputs.
 */
import * as pulumi from "@pulumi/pulumi";
import { Contact, DnsRecord, Domain, HostingService } from "pulumi-dondominio";

export = async () => {
  const config = new pulumi.Config("quickstart");
  const domainName = config.get("domainName") ?? "dondominio-quickstart.com";

  // Contacts cannot be changed through the API: a change to any field replaces the contact.
  const owner = new Contact("owner", {
    contactType: "individual",
    firstName: "Ada",
    lastName: "Lovelace",
    identNumber: "12345678Z",
    email: "ada@example.com",
    phone: "+34.931234567",
    address: "Carrer de Mallorca 1",
    postalCode: "08001",
    city: "Barcelona",
    state: "Barcelona",
    country: "ES",
  });

  // Registration spends balance; create waits until the registry reports the domain active.
  // Destroy never deletes a registered domain: it only forgets it (see the Domain docs).
  const domain = new Domain("domain", {
    name: domainName,
    period: 1,
    contacts: { owner: owner.contactId },
    renewalMode: "autorenew",
    waitFor: "active",
  });

  // The hosting service is named after the domain and brings the DNS zone with default records.
  const hosting = new HostingService("hosting", { name: domain.name, productKey: "basic", phpVersion: "8.3" });

  const records = [
    new DnsRecord("app", { serviceName: hosting.name, name: "app", type: "A", value: "203.0.113.10", ttl: 3600 }),
    new DnsRecord("docs", { serviceName: hosting.name, name: "docs", type: "CNAME", value: "app" + "." + domainName + "." }),
    new DnsRecord("dmarc", { serviceName: hosting.name, name: "_dmarc", type: "TXT", value: "v=DMARC1; p=quarantine" }),
    new DnsRecord("caa", { serviceName: hosting.name, name: "@", type: "CAA", value: '0 issue "letsencrypt.org"' }),
  ];

  return {
    domain: domain.name,
    domainId: domain.domainId,
    status: domain.status,
    expires: domain.tsExpir,
    owner: owner.contactId,
    hosting: hosting.status,
    records: records.map((r) => r.id),
  };
};

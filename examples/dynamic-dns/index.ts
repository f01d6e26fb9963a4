/**
 * Dynamic DNS: `home.<domain>` as an A and an AAAA record in a zone hosted at DonDominio, kept
 * pointing at a machine whose address changes by `dondominio-ddns` (a command of this package, run
 * from cron or a router), not by Pulumi.
 *
 * The dynamic DNS endpoint only updates records that exist (it never creates one), so the program
 * creates them, with a first address, and then leaves their value to the command:
 * `ignoreChanges: ["value"]` tells Pulumi that the value written here is only the starting point.
 * Without it every `pulumi up` after an address change would set the record back to the address in
 * this file, and the next cron run would set it forward again. TTL and the records' existence stay
 * Pulumi's: delete a record from this file and `pulumi up` deletes it.
 */
import * as pulumi from "@pulumi/pulumi";
import { DnsRecord, HostingService } from "pulumi-dondominio";

export = async () => {
  const config = new pulumi.Config("dynamic-dns");
  const domainName = config.get("domainName") ?? "dondominio-ddns-example.com";
  const host = config.get("host") ?? "home";

  // Redirect & Parking is the cheapest service that brings a DNS zone for the domain; with a
  // hosting service you already have, adopt it instead: { name, productKey, registration: "adopt" }.
  const zone = new HostingService("zone", { name: domainName, productKey: "redir" });

  // A short TTL, so that resolvers see a new address within minutes.
  const keep: pulumi.CustomResourceOptions = { ignoreChanges: ["value"] };
  const a = new DnsRecord("home-a", { serviceName: zone.name, name: host, type: "A", value: "192.0.2.1", ttl: 300 }, keep);
  const aaaa = new DnsRecord("home-aaaa", { serviceName: zone.name, name: host, type: "AAAA", value: "2001:db8::1", ttl: 300 }, keep);

  return {
    host: pulumi.interpolate`${host}.${zone.name}`,
    recordIds: [a.id, aaaa.id],
    // The value the record had when Pulumi last read it (`pulumi refresh` reads the current one).
    ipv4: a.value,
    ipv6: aaaa.value,
  };
};

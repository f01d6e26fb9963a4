/**
 * Account policy: a program that manages what it reads from the account, not a list of names. Every
 * active domain of the account whose DNS zone is at DonDominio (a hosting, mail or redirect service
 * of the same name) gets a CAA record naming the one CA allowed to issue certificates for it; every
 * service that has mailboxes gets a DMARC policy whose reports go to one of them (postmaster@ when it
 * exists). A domain or a mailbox added to the account later is picked up by the next `pulumi up`,
 * and shown by the preview before it: the functions read the account live, at preview too.
 *
 * The functions only read (getAccount, getDomains, getHostingServices, getMailBoxes, getDnsRecords);
 * DNS records cost nothing, so nothing here is bought.
 */
import * as pulumi from "@pulumi/pulumi";
import { DnsRecord, getAccount, getDnsRecords, getDomains, getHostingServices, getMailBoxes } from "pulumi-dondominio";

/** An address the DMARC record may name: data from the API goes into a record value only when it is a plain address. */
const plainAddress = (s: string) => /^[A-Za-z0-9._+-]+@[A-Za-z0-9.-]+$/.test(s);

export = async () => {
  const config = new pulumi.Config("account-policy");
  const issuer = config.get("caaIssuer") ?? "letsencrypt.org";

  const account = await getAccount({});
  const { domains } = await getDomains({ status: "active" });
  // Every service of the account (every page): the zones this program may write in.
  const { services } = await getHostingServices({});
  const zones = new Set(services.map((s) => s.name));

  // adopt: a CAA record that already says the same is taken over, not created twice.
  const caa = domains
    .filter((d) => zones.has(d.name))
    .map((d) => new DnsRecord(`caa-${d.punycode}`, { serviceName: d.name, name: "@", type: "CAA", value: `0 issue "${issuer}"`, adopt: true }));

  const dmarc: DnsRecord[] = [];
  const spf: Record<string, string[]> = {};
  // Redirect & Parking services hold no mailboxes: not asked.
  for (const s of services.filter((x) => x.productKey !== "redir")) {
    const { mailBoxes } = await getMailBoxes({ serviceName: s.name });
    const addresses = mailBoxes.map((m) => m.name).filter(plainAddress);
    if (!addresses.length) continue;
    const reports = addresses.find((a) => a.startsWith("postmaster@")) ?? addresses[0];
    dmarc.push(
      new DnsRecord(`dmarc-${s.name}`, {
        serviceName: s.name,
        name: "_dmarc",
        type: "TXT",
        value: `v=DMARC1; p=quarantine; rua=mailto:${reports}`,
        adopt: true,
      }),
    );
    // What the mail zone's SPF says today (read, not managed: the service writes its own).
    const { records } = await getDnsRecords({ serviceName: s.name, name: "@", type: "TXT" });
    spf[s.name] = records.map((r) => r.value).filter((v) => v.startsWith("v=spf1"));
  }

  return {
    balance: `${account.balance} ${account.currency}`,
    caaDomains: caa.map((r) => r.serviceName),
    dmarcZones: dmarc.map((r) => r.serviceName),
    dmarcValues: dmarc.map((r) => r.value),
    spf,
  };
};

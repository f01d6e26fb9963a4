/** getDomain: one domain of the account (domain/getinfo), as a function descriptor (provider/core/function.ts). */
import { domainForms, normaliseNameserver, normaliseTags } from "../../../sdk/rules";
import { defineFunction, missing } from "../../core/function";
import { isoDate } from "../values";
import { argDocs, resultDocs } from "./field-docs";
import { getDomainArgs, getDomainResult } from "./schema";

export const getDomainDescriptor = defineFunction({
  name: "getDomain",
  folder: "get-domain",
  description:
    "One domain of the account: status, dates, settings, nameservers and the contact id of each role; the transfer authcode only when asked, as a secret. Fails naming the domain when the account has no such domain.",
  args: getDomainArgs,
  result: getDomainResult,
  secrets: ["authcode"],
  docs: { args: argDocs, result: resultDocs },
  calls: "three `domain/getinfo` (status first, then nameservers and contacts together); one more (authcode) with `authcode: true`",
  example: {
    typescript: `const domain = await getDomain({ name: "example.com" });
return { expires: domain.tsExpir, owner: domain.contacts.owner, nameservers: domain.nameservers };`,
    yaml: { variable: "domain", arguments: { name: "example.com" } },
  },
  async run(api, args) {
    const domain = args.name;
    const label = `domain ${domainForms(domain).unicode}`;
    const get = (infoType: "status" | "nameservers" | "contact" | "authcode") =>
      missing(label, "domain/getinfo", api.call("domain/getinfo", { domain, infoType }));
    // Status alone first: a missing domain costs one call, not three.
    const status = await get("status");
    const [ns, contact] = await Promise.all([get("nameservers"), get("contact")]);
    let authcode: string | undefined;
    if (args.authcode) {
      // The API reads it only while authcodeCheck is true (spec "Domain"); asked and unreadable is an error, not an absent member.
      if (status.authcodeCheck !== true)
        throw new Error(`authcode: the authcode of ${label} cannot be read now (authcodeCheck is false; status ${status.status})`);
      authcode = (await get("authcode")).authcode ?? "";
    }
    const id = (c: { contactID: string } | undefined) => c?.contactID ?? "";
    return {
      name: domainForms(status.name).unicode,
      punycode: typeof status.punycode === "string" ? status.punycode : domainForms(status.name).ascii,
      tld: status.tld,
      domainId: status.domainID,
      status: status.status,
      transferStatus: status.transferStatus || undefined,
      tsCreate: isoDate(status.tsCreate),
      tsExpir: isoDate(status.tsExpir),
      ownerVerification: status.ownerverification || undefined,
      renewable: status.renewable ?? false,
      renewalMode: status.renewalMode || undefined,
      // Answered only for TLDs that have the flag (spec "Domain"): absent is off, as the Domain resource records it.
      transferBlock: status.transferBlock ?? false,
      modifyBlock: status.modifyBlock ?? false,
      whoisPrivacy: status.whoisPrivacy ?? false,
      viewWhois: status.viewWhois ?? false,
      authcodeCheck: status.authcodeCheck ?? false,
      serviceAssociated: status.serviceAssociated ?? false,
      tags: normaliseTags(status.tag),
      defaultNS: ns.defaultNS ?? false,
      nameservers: [...(ns.nameservers ?? [])].sort((a, b) => a.order - b.order).map((x) => normaliseNameserver(x.name)),
      contacts: { owner: id(contact.contactOwner), admin: id(contact.contactAdmin), tech: id(contact.contactTech), billing: id(contact.contactBilling) },
      authcode,
    };
  },
});

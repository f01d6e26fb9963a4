/** Domain: the resource as one value (provider/core/descriptor.ts), listed in provider/registry.ts; no @pulumi/pulumi. */
import type { ResourceDescriptor } from "../../core/descriptor";
import { discoverDomains } from "./discover";
import { domainDefinition } from "./definition";
import { adoptDomain, domainExportPlace } from "./adopt";

export const domainDescriptor: ResourceDescriptor = {
  type: "Domain",
  folder: "domain",
  description: "A domain of the account: registered, transferred in or adopted. Destroy never deletes it.",
  definition: domainDefinition,
  // Loaded on first use: the class needs @pulumi/pulumi, which the export, the review and the docs do not.
  get resource() {
    return (require("./resource") as typeof import("./resource")).Domain;
  },
  idFormat: "punycode name, e.g. `xn--espaa-rta.es`",
  lifecycle: {
    inPlace: "nameservers, contacts, transferBlock, modifyBlock, whoisPrivacy, viewWhois, renewalMode, tags",
    replaces: "`name` (the old domain is forgotten, never deleted)",
    destroy: '**never deletes**: forgets with a warning, or `onDestroy: "letexpire"` sets renewalMode letexpire',
  },
  discover: { scope: "account", key: "domains", members: "domain", read: discoverDomains },
  adopt: adoptDomain,
  exportPlace: domainExportPlace,
  docs: {
    name: "Unicode or punycode; normalised (lower case, no trailing dot). Changing it replaces.",
    registration: "register (default), transfer, or adopt a domain already in the account (spends nothing).",
    period: "Years (register only; default the TLD's minimum).",
    premium: "Must be true to register a premium name.",
    nameservers: '2 to 7 servers, or "default" for the service\'s own.',
    contacts: "owner, admin, tech and billing: each a contact id (e.g. `contact.contactId`) or inline contact data.",
    transferBlock: "Transfer lock (where the TLD has one).",
    modifyBlock: "Modification lock (where the TLD has one).",
    whoisPrivacy: "WHOIS privacy (where the TLD has it).",
    viewWhois: "Show the owner's data in WHOIS (where the TLD allows the choice).",
    renewalMode: "autorenew, manual or letexpire.",
    tags: "Tags of the domain in the account.",
    authcode: "Transfer authorization code (stored encrypted).",
    exposeAuthcode: "Output the domain's current authcode (secret).",
    waitFor: 'What create waits for: "active" (default for register) or "submitted" (default for transfer).',
    onDestroy: '"forget" (default) or "letexpire": set renewalMode letexpire on destroy. Never deletes.',
    renewUntil:
      "Keep the registration paid until at least this date (YYYY-MM-DD): while tsExpir is earlier, `pulumi up` renews (domain/renew, paid) for the years it takes, at most 10 years ahead.",
    tldParams: "TLD-specific parameters of domain/create or domain/transfer (aeroId, domainIntendedUse, ownerDateOfBirth...).",
  },
  outputDocs: {
    punycode: "The domain in ASCII (punycode).",
    tld: 'The top-level domain ("com").',
    domainId: "The API's domainID.",
    status: 'Domain status (spec "States and transitions"): register-init ... active ... expired-*.',
    transferStatus: "Where a transfer stands, as the API answers it.",
    tsCreate: "Creation date (YYYY-MM-DD).",
    tsExpir: "Expiry date of the registration (YYYY-MM-DD).",
    ownerVerification: "The owner's verification status.",
    renewable: "Whether the API allows a renewal now.",
    pendingSettings: "Settings the API refused while the domain was not active, with the values still to apply.",
    authcode: "Only with exposeAuthcode: the domain's current authcode (secret).",
    pendingOrder:
      "A paid order (create, transfer, renew) sent but not confirmed: its reply was lost and the lookup did not find it yet. The next `pulumi up` looks again before ordering anything (provider/money/money.ts).",
  },
};

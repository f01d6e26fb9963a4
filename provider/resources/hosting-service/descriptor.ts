/** HostingService: the resource as one value (provider/core/descriptor.ts), listed in provider/registry.ts; no @pulumi/pulumi. */
import type { ResourceDescriptor } from "../../core/descriptor";
import { discoverServices } from "./discover";
import { hostingDefinition } from "./definition";
import { adoptService } from "./adopt";

export const hostingServiceDescriptor: ResourceDescriptor = {
  type: "HostingService",
  folder: "hosting-service",
  description: "A hosting or mail service (service/create). Destroy never deletes it.",
  definition: hostingDefinition,
  // Loaded on first use: the class needs @pulumi/pulumi, which the export, the review and the docs do not.
  get resource() {
    return (require("./resource") as typeof import("./resource")).HostingService;
  },
  idFormat: "service name",
  lifecycle: {
    inPlace: "productKey upgrades (downgrades refused at preview), renewalMode, phpVersion, parking",
    replaces: "`name`",
    destroy: 'forgets with a warning (the API has no service delete), or `onDestroy: "manual"`',
  },
  discover: { scope: "account", key: "services", members: "service", read: discoverServices },
  adopt: adoptService,
  docs: {
    name: "The service name: the domain it serves. Changing it replaces.",
    productKey: "redir, mini, mail, mailplus, mailpro, basic, professional, advanced, corporate. Upgrades in place; downgrades are refused.",
    period: "Years bought at creation (default 1).",
    renewalMode: "autorenew, manual or letexpire.",
    phpVersion: "One of the versions service/getinfo infoType=php lists as available.",
    parking: "Park the service (a parking page instead of the hosting).",
    registration: "create (default, spends money) or adopt a service already in the account.",
    onDestroy: '"forget" (default) or "manual": set renewalMode manual on destroy. The API has no service delete.',
    renewUntil: "Keep the service paid until at least this date (YYYY-MM-DD): while tsExpir is earlier, `pulumi up` renews it (service/renew, paid).",
  },
  outputDocs: {
    type: 'Human-readable product name ("Hosting Basic").',
    status: 'init, active, inactive, renewed, renewable (spec "States and transitions").',
    tsCreate: "Creation date (YYYY-MM-DD).",
    tsExpir: "Expiry date (YYYY-MM-DD).",
    renewable: "Whether the API allows a renewal now.",
    pendingOrder:
      "A paid order (create, upgrade, renew) sent but not confirmed; the next `pulumi up` looks again before ordering anything (provider/money/money.ts).",
  },
};

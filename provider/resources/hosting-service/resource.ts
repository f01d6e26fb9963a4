/** The HostingService resource class users write in programs. */
import * as pulumi from "@pulumi/pulumi";
import { dynamicArgs } from "../../core/resource-args";
import * as crud from "./crud";

export interface HostingServiceArgs {
  /** The service name: the domain it serves. Changing it replaces. */
  name: pulumi.Input<string>;
  /** redir, mini, mail, mailplus, mailpro, basic, professional, advanced, corporate. Upgrades in place; downgrades are refused. */
  productKey: pulumi.Input<import("./schema").ProductKey>;
  /** Years bought at creation (default 1). */
  period?: pulumi.Input<number>;
  renewalMode?: pulumi.Input<import("./schema").HostingInputs["renewalMode"]>;
  /** One of the versions service/getinfo infoType=php lists as available. */
  phpVersion?: pulumi.Input<string>;
  parking?: pulumi.Input<boolean>;
  /** create (default, spends money) or adopt a service already in the account. */
  registration?: pulumi.Input<import("./schema").HostingInputs["registration"]>;
  /** "forget" (default) or "manual": set renewalMode manual on destroy. The API has no service delete. */
  onDestroy?: pulumi.Input<import("./schema").HostingInputs["onDestroy"]>;
  /** Keep the service paid until at least this date (YYYY-MM-DD): while tsExpir is earlier, `pulumi up` renews it (service/renew, paid). */
  renewUntil?: pulumi.Input<string>;
}

/** A hosting or mail service (service/create). Destroy never deletes it. */
export class HostingService extends pulumi.dynamic.Resource {
  declare readonly name: pulumi.Output<string>;
  declare readonly productKey: pulumi.Output<string>;
  declare readonly type: pulumi.Output<string>;
  declare readonly status: pulumi.Output<string>;
  declare readonly tsCreate: pulumi.Output<string | undefined>;
  declare readonly tsExpir: pulumi.Output<string | undefined>;
  declare readonly renewable: pulumi.Output<boolean | undefined>;
  declare readonly renewalMode: pulumi.Output<string | undefined>;
  declare readonly phpVersion: pulumi.Output<string | undefined>;
  declare readonly parking: pulumi.Output<boolean | undefined>;
  /** A paid order (create, upgrade, renew) sent but not confirmed; the next `pulumi up` looks again before ordering anything. */
  declare readonly pendingOrder: pulumi.Output<{ operation: string; sentAt: string; reason: string; decideAfter: string } | undefined>;

  constructor(name: string, args: HostingServiceArgs, opts?: pulumi.CustomResourceOptions) {
    super(crud, name, dynamicArgs(args, ["type", "status", "tsCreate", "tsExpir", "renewable", "renewalMode", "phpVersion", "parking", "pendingOrder"], opts), opts, "dondominio", "HostingService");
  }
}

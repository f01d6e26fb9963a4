/** The HostingService resource class users write in programs. */
import type * as pulumi from "@pulumi/pulumi";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { hostingInputs, hostingOutputs, type HostingState } from "./schema";

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
export class HostingService extends resourceClass<HostingServiceArgs, HostingState>("HostingService", crud, {
  inputs: hostingInputs,
  outputs: hostingOutputs,
}) {}

/** The MailAlias resource class users write in programs. */
import * as pulumi from "@pulumi/pulumi";
import { dynamicArgs } from "../../core/resource-args";
import * as crud from "./crud";

export interface MailAliasArgs {
  /** The mail or hosting service's name, e.g. "example.com" (a HostingService's `name`). */
  serviceName: pulumi.Input<string>;
  /** The local part ("sales") or the full address under the service's domain. */
  name: pulumi.Input<string>;
  /** Destination addresses, at least one (lower-cased, duplicates dropped, order kept). */
  targets: pulumi.Input<pulumi.Input<string>[]>;
  /** Take over an alias of the same address that already exists instead of failing. */
  adopt?: pulumi.Input<boolean>;
}

/**
 * A mail alias of a service (service/mailaliascreate). targets change in place
 * (service/mailaliasupdate); serviceName and name replace; destroy deletes it
 * (service/mailaliasdelete). The id is `<serviceName>/<entityID>`.
 */
export class MailAlias extends pulumi.dynamic.Resource {
  declare readonly serviceName: pulumi.Output<string>;
  /** The full address: "sales@example.com". */
  declare readonly name: pulumi.Output<string>;
  declare readonly targets: pulumi.Output<string[]>;
  /** The API's entityID. */
  declare readonly entityId: pulumi.Output<string>;

  constructor(name: string, args: MailAliasArgs, opts?: pulumi.CustomResourceOptions) {
    super(crud, name, dynamicArgs(args, ["entityId"], opts), opts, "dondominio", "MailAlias");
  }
}

/** The MailAlias resource class users write in programs. */
import type * as pulumi from "@pulumi/pulumi";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { mailAliasInputs, mailAliasOutputs, type MailAliasState } from "./schema";

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
export class MailAlias extends resourceClass<MailAliasArgs, MailAliasState>("MailAlias", crud, {
  inputs: mailAliasInputs,
  outputs: mailAliasOutputs,
}) {}

/** The MailBox resource class users write in programs. */
import * as pulumi from "@pulumi/pulumi";
import { dynamicArgs } from "../../core/resource-args";
import * as crud from "./crud";
import { MAILBOX_SECRET_INPUTS, MAILBOX_SECRET_OUTPUTS } from "./schema";

export interface MailBoxArgs {
  /** The mail or hosting service's name, e.g. "example.com" (a HostingService's `name`). */
  serviceName: pulumi.Input<string>;
  /** The local part ("info") or the full address under the service's domain ("info@example.com"). */
  name: pulumi.Input<string>;
  /** 8 to 64 printable ASCII characters without spaces; stored as a secret. */
  password: pulumi.Input<string>;
  /** Take over a mailbox of the same address that already exists (its password is set) instead of failing. */
  adopt?: pulumi.Input<boolean>;
}

/**
 * A mailbox of a service (service/mailcreate). The password changes in place (service/mailupdate);
 * serviceName and name replace; destroy deletes it (service/maildelete). The id is
 * `<serviceName>/<entityID>`.
 */
export class MailBox extends pulumi.dynamic.Resource {
  declare readonly serviceName: pulumi.Output<string>;
  /** The full address: "info@example.com". */
  declare readonly name: pulumi.Output<string>;
  /** The API's entityID. */
  declare readonly entityId: pulumi.Output<string>;
  /** Bytes used. */
  declare readonly usage: pulumi.Output<number>;
  /** Bytes allowed by the service's product. */
  declare readonly quotaMax: pulumi.Output<number>;
  /** Salted scrypt fingerprint of the last password applied (secret). */
  declare readonly passwordHash: pulumi.Output<string>;

  constructor(name: string, args: MailBoxArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      crud,
      name,
      dynamicArgs(args, ["entityId", "usage", "quotaMax", "passwordHash"], opts, MAILBOX_SECRET_INPUTS),
      { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), ...MAILBOX_SECRET_OUTPUTS] },
      "dondominio",
      "MailBox",
    );
  }
}

/** The GlueRecord resource class users write in programs. */
import * as pulumi from "@pulumi/pulumi";
import { dynamicArgs } from "../../core/resource-args";
import * as crud from "./crud";

export interface GlueRecordArgs {
  /** The domain the host belongs to (e.g. `domain.name`). Changing it replaces. */
  domain: pulumi.Input<string>;
  /** The host: relative to the domain ("ns1") or full ("ns1.example.com"). Changing it replaces. */
  name: pulumi.Input<string>;
  /** IPv4 address (changes in place). */
  ipv4: pulumi.Input<string>;
  /** IPv6 address (changes in place); leaving it out removes it. */
  ipv6?: pulumi.Input<string>;
  /** Take over a glue record of the same name that already exists instead of failing. */
  adopt?: pulumi.Input<boolean>;
}

/**
 * A glue record (host object) under a domain: domain/gluerecordcreate. ipv4/ipv6 change in place
 * (gluerecordupdate); domain and name replace; destroy deletes it (gluerecorddelete).
 * The id is `<ascii domain>/<ascii host>`.
 */
export class GlueRecord extends pulumi.dynamic.Resource {
  declare readonly domain: pulumi.Output<string>;
  /** The domain in ASCII (punycode). */
  declare readonly punycode: pulumi.Output<string>;
  /** Full host name, lower case, punycode. */
  declare readonly name: pulumi.Output<string>;
  declare readonly ipv4: pulumi.Output<string>;
  declare readonly ipv6: pulumi.Output<string | undefined>;

  constructor(name: string, args: GlueRecordArgs, opts?: pulumi.CustomResourceOptions) {
    super(crud, name, dynamicArgs(args, ["punycode", "ipv6"], opts), opts, "dondominio", "GlueRecord");
  }
}

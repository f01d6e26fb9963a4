/** The DnssecKey resource class users write in programs. */
import * as pulumi from "@pulumi/pulumi";
import { dynamicArgs } from "../../core/resource-args";
import * as crud from "./crud";

export interface DnssecKeyArgs {
  /** The signed domain (e.g. `domain.name`). */
  domain: pulumi.Input<string>;
  /** Key tag of the DNSKEY (0 to 65535). */
  keytag: pulumi.Input<number>;
  /** DNSSEC algorithm number (e.g. 8 RSASHA256, 13 ECDSAP256SHA256, 15 ED25519). */
  algorithm: pulumi.Input<number>;
  /** Digest type (1 SHA-1, 2 SHA-256, 4 SHA-384). */
  digesttype: pulumi.Input<number>;
  /** The digest in hex (case and spaces do not matter). */
  digest: pulumi.Input<string>;
  /** Take over an identical DS entry that already exists instead of failing. */
  adopt?: pulumi.Input<boolean>;
}

/**
 * One DS entry of a domain (domain/dnsseccreate). The API has no update: any change replaces
 * (the new entry is added before the old one is removed, so the chain of trust never breaks).
 * Destroy removes it (dnssecdelete). Id: `<ascii domain>/<keytag>-<algorithm>-<digesttype>-<digest prefix>`.
 */
export class DnssecKey extends pulumi.dynamic.Resource {
  declare readonly domain: pulumi.Output<string>;
  declare readonly punycode: pulumi.Output<string>;
  declare readonly keytag: pulumi.Output<number>;
  declare readonly algorithm: pulumi.Output<number>;
  declare readonly digesttype: pulumi.Output<number>;
  /** Upper-case hex. */
  declare readonly digest: pulumi.Output<string>;
  /** `<keytag> <algorithm> <digesttype> <digest>`. */
  declare readonly dsRecord: pulumi.Output<string>;

  constructor(name: string, args: DnssecKeyArgs, opts?: pulumi.CustomResourceOptions) {
    super(crud, name, dynamicArgs(args, ["punycode", "dsRecord"], opts), opts, "dondominio", "DnssecKey");
  }
}

/** The DnssecKey resource class users write in programs. */
import type * as pulumi from "@pulumi/pulumi";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { dnssecKeyInputs, dnssecKeyOutputs, type DnssecKeyState } from "./schema";

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
export class DnssecKey extends resourceClass<DnssecKeyArgs, DnssecKeyState>("DnssecKey", crud, {
  inputs: dnssecKeyInputs,
  outputs: dnssecKeyOutputs,
}) {}

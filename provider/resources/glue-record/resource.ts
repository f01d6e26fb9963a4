/** The GlueRecord resource class users write in programs. */
import type * as pulumi from "@pulumi/pulumi";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { glueRecordInputs, glueRecordOutputs, type GlueRecordState } from "./schema";

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
export class GlueRecord extends resourceClass<GlueRecordArgs, GlueRecordState>("GlueRecord", crud, {
  inputs: glueRecordInputs,
  outputs: glueRecordOutputs,
}) {}

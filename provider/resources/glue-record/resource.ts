/** The GlueRecord resource class users write in programs. */
import type { ArgsOf } from "../../core/fields";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { glueRecordDescriptor } from "./descriptor";
import type { glueRecordFields, glueRecordOutputs, GlueRecordState } from "./schema";

/** The program's inputs, derived from the fields (schema.ts), each with its doc. */
export type GlueRecordArgs = ArgsOf<typeof glueRecordFields>;

/**
 * A glue record (host object) under a domain: domain/gluerecordcreate. ipv4/ipv6 change in place
 * (gluerecordupdate); domain and name replace; destroy deletes it (gluerecorddelete). The id is
 * `<ascii domain>/<ascii host>`.
 */
export class GlueRecord extends resourceClass<GlueRecordArgs, GlueRecordState, typeof glueRecordOutputs>(glueRecordDescriptor, crud) {}

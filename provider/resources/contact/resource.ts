/** The Contact resource class users write in programs. */
import type { ArgsOf } from "../../core/fields";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { contactDescriptor } from "./descriptor";
import type { contactFields, contactOutputs, ContactState } from "./schema";

/** The program's inputs, derived from the fields (schema.ts), each with its doc. */
export type ContactArgs = ArgsOf<typeof contactFields>;

/**
 * A reusable domain contact (contact/create). Any change replaces; destroy forgets it.
 */
export class Contact extends resourceClass<ContactArgs, ContactState, typeof contactOutputs>(contactDescriptor, crud) {}

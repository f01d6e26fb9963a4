/** The Contact resource class users write in programs. */
import { objectClaimsOf } from "../../dns/dns-claims";
import type { ArgsOf } from "../../core/fields";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { type contactFields, contactInputs, contactOutputs, type ContactState, contactObjects } from "./schema";

/** The program's inputs, derived from the fields (schema.ts), each with its doc. */
export type ContactArgs = ArgsOf<typeof contactFields>;

/** A reusable domain contact (contact/create). Any change replaces; destroy forgets it. */
export class Contact extends resourceClass<ContactArgs, ContactState, typeof contactOutputs>("Contact", crud, {
  inputs: contactInputs,
  // Two resources of a run that are one object to the API are refused (provider/dns/object-claim-rules.ts).
  claims: objectClaimsOf("Contact", contactInputs, contactObjects),
  outputs: contactOutputs,
}) {}

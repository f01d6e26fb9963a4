/** The Domain resource class users write in programs. */
import type * as pulumi from "@pulumi/pulumi";
import type { ArgsOf } from "../../core/fields";
import type { contactDataShape } from "../contact/schema";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { domainDescriptor } from "./descriptor";
import type { domainFields, domainOutputs, DomainState } from "./schema";

/** Contact data given inline (the API then creates the contact): a Contact's data fields. */
export type InlineContact = ArgsOf<typeof contactDataShape>;

/** A contact id (e.g. `contact.contactId`) or inline data. */
export type ContactInput = pulumi.Input<string> | InlineContact;

/** The program's inputs, derived from the fields (schema.ts), each with its doc. */
export type DomainArgs = ArgsOf<typeof domainFields>;

/**
 * A domain of the account: registered, transferred in or adopted. Destroy never deletes it.
 */
export class Domain extends resourceClass<DomainArgs, DomainState, typeof domainOutputs>(domainDescriptor, crud) {}

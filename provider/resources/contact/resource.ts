/** The Contact resource class users write in programs. */
import type * as pulumi from "@pulumi/pulumi";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { contactInputs, contactOutputs, type ContactState } from "./schema";

export interface ContactArgs {
  /** individual or organization. */
  contactType?: pulumi.Input<import("./schema").ContactInputs["contactType"]>;
  firstName?: pulumi.Input<string>;
  lastName?: pulumi.Input<string>;
  /** Required for organizations, refused for individuals. */
  orgName?: pulumi.Input<string>;
  /** Tax, VAT, passport or ID number. */
  identNumber?: pulumi.Input<string>;
  email?: pulumi.Input<string>;
  /** +CC.NUMBER, e.g. +34.931234567. */
  phone?: pulumi.Input<string>;
  address?: pulumi.Input<string>;
  postalCode?: pulumi.Input<string>;
  city?: pulumi.Input<string>;
  state?: pulumi.Input<string>;
  /** Two-letter country code. */
  country?: pulumi.Input<string>;
  /** Adopt an existing contact of the account instead of creating one (then leave out the data). */
  contactId?: pulumi.Input<string>;
}

/** A reusable domain contact (contact/create). Any change replaces; destroy forgets it. */
export class Contact extends resourceClass<ContactArgs, ContactState>("Contact", crud, {
  inputs: contactInputs,
  outputs: contactOutputs,
}) {}

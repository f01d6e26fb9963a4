/** The Contact resource class users write in programs. */
import * as pulumi from "@pulumi/pulumi";
import { dynamicArgs } from "../../core/resource-args";
import * as crud from "./crud";
import { CONTACT_DATA_FIELDS } from "./schema";

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
export class Contact extends pulumi.dynamic.Resource {
  declare readonly contactId: pulumi.Output<string>;
  declare readonly verificationStatus: pulumi.Output<string>;
  declare readonly daAccepted: pulumi.Output<boolean>;
  declare readonly contactType: pulumi.Output<string>;
  declare readonly firstName: pulumi.Output<string>;
  declare readonly lastName: pulumi.Output<string>;
  declare readonly orgName: pulumi.Output<string | undefined>;
  declare readonly email: pulumi.Output<string>;
  declare readonly country: pulumi.Output<string>;

  constructor(name: string, args: ContactArgs, opts?: pulumi.CustomResourceOptions) {
    super(crud, name, dynamicArgs(args, ["contactId", "verificationStatus", "daAccepted", ...CONTACT_DATA_FIELDS], opts), opts, "dondominio", "Contact");
  }
}

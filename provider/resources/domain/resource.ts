/** The Domain resource class users write in programs. */
import type * as pulumi from "@pulumi/pulumi";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { DOMAIN_SECRETS, domainInputs, domainOutputs, type DomainState } from "./schema";

/** Contact data given inline (the API then creates the contact). */
export interface InlineContact {
  contactType: pulumi.Input<"individual" | "organization">;
  firstName: pulumi.Input<string>;
  lastName: pulumi.Input<string>;
  orgName?: pulumi.Input<string>;
  identNumber: pulumi.Input<string>;
  email: pulumi.Input<string>;
  phone: pulumi.Input<string>;
  address: pulumi.Input<string>;
  postalCode: pulumi.Input<string>;
  city: pulumi.Input<string>;
  state: pulumi.Input<string>;
  country: pulumi.Input<string>;
}

/** A contact id (e.g. `contact.contactId`) or inline data. */
export type ContactInput = pulumi.Input<string> | InlineContact;

export interface DomainArgs {
  /** Unicode or punycode; normalised (lower case, no trailing dot). Changing it replaces. */
  name: pulumi.Input<string>;
  /** register (default), transfer, or adopt a domain already in the account (spends nothing). */
  registration?: pulumi.Input<import("./schema").DomainInputs["registration"]>;
  /** Years (register only; default the TLD's minimum). */
  period?: pulumi.Input<number>;
  /** Must be true to register a premium name. */
  premium?: pulumi.Input<boolean>;
  /** 2 to 7 servers, or "default" for the service's own. */
  nameservers?: pulumi.Input<pulumi.Input<string>[] | "default">;
  contacts?: { owner?: ContactInput; admin?: ContactInput; tech?: ContactInput; billing?: ContactInput };
  transferBlock?: pulumi.Input<boolean>;
  modifyBlock?: pulumi.Input<boolean>;
  whoisPrivacy?: pulumi.Input<boolean>;
  viewWhois?: pulumi.Input<boolean>;
  renewalMode?: pulumi.Input<import("./schema").DomainInputs["renewalMode"]>;
  tags?: pulumi.Input<pulumi.Input<string>[]>;
  /** Transfer authorization code (stored encrypted). */
  authcode?: pulumi.Input<string>;
  /** Output the domain's current authcode (secret). */
  exposeAuthcode?: pulumi.Input<boolean>;
  /** What create waits for: "active" (default for register) or "submitted" (default for transfer). */
  waitFor?: pulumi.Input<import("./schema").DomainInputs["waitFor"]>;
  /** "forget" (default) or "letexpire": set renewalMode letexpire on destroy. Never deletes. */
  onDestroy?: pulumi.Input<import("./schema").DomainInputs["onDestroy"]>;
  /**
   * Keep the registration paid until at least this date (YYYY-MM-DD): while tsExpir is earlier,
   * `pulumi up` renews (domain/renew, paid) for the years it takes, at most 10 years ahead.
   */
  renewUntil?: pulumi.Input<string>;
  /** TLD-specific parameters of domain/create or domain/transfer (aeroId, domainIntendedUse, ownerDateOfBirth...). */
  tldParams?: pulumi.Input<Record<string, pulumi.Input<string | number | boolean>>>;
}

/** A domain of the account: registered, transferred in or adopted. Destroy never deletes it. */
export class Domain extends resourceClass<DomainArgs, DomainState>("Domain", crud, {
  inputs: domainInputs,
  outputs: domainOutputs,
  secretInputs: DOMAIN_SECRETS,
  secretOutputs: DOMAIN_SECRETS,
}) {}

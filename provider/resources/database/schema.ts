/**
 * Database: inputs, outputs and rules (spec "Service sub-resources": name and user are assigned by
 * the service; password and externalAccess are set by the account; sdk/catalogue/service.ts
 * ddbbcreate/ddbbupdate). Checked at preview with no API call.
 */
import { z } from "zod";
import type { StateOf } from "../../core/resource-class";
import { passwordField, passwordUnlessAdopt, serviceNameField } from "../../service-entities/service-entities";

/** The program's inputs, each documented once (the class's Args derive from them). */
export const databaseFields = {
  /** The hosting service's name, e.g. "example.com". Changing it replaces (a new, empty database). */
  serviceName: serviceNameField,
  /** With adopt: the name of the existing database to take over (as the service assigned it, ddbblist). Changing it replaces. */
  name: z.string({ error: "must be a string (the database's name, as the service assigned it)" }).min(1).optional(),
  /** 8 to 64 printable ASCII characters, no spaces. Secret; changes in place. May be left out only with adopt (the live one is kept). */
  password: passwordField.optional(),
  // Managed even when left out: absent means false, the API's default (spec), so access opened outside is closed again.
  /** Connections from outside the hosting (default false). Changes in place. */
  externalAccess: z.boolean({ error: "must be true or false" }).default(false),
  /** Take over the existing database called `name` instead of creating one (its password is set only when given). */
  adopt: z.boolean({ error: "must be true or false" }).optional(),
};

export const databaseInputs = z
  .object(databaseFields)
  .strict()
  .superRefine((v, ctx) => {
    passwordUnlessAdopt(v, ctx);
    if (v.adopt === true && v.name === undefined)
      ctx.addIssue({ code: "custom", path: ["name"], message: "required with adopt: the name of the database to take over (ddbblist)" });
    if (v.name !== undefined && v.adopt !== true)
      ctx.addIssue({ code: "custom", path: ["name"], message: "the service names a new database itself: give name only with adopt: true" });
  });

export type DatabaseInputs = z.output<typeof databaseInputs>;

/** What the state adds to the inputs. */
export const databaseOutputs = {
  /** The API's entityID (SRV<digits>-<digits>). */
  entityId: z.string(),
  /** Database name, assigned by the service. */
  name: z.string(),
  /** Database user, assigned by the service. */
  user: z.string(),
  /** The live password (the API returns it to the account); always a secret. */
  password: z.string(),
};
export type DatabaseState = StateOf<DatabaseInputs, typeof databaseOutputs>;

/** Everything but the service changes in place (ddbbupdate: password, externalAccess). */
export const DATABASE_REPLACE_ON: readonly string[] = ["serviceName", "name"];
/** adopt only matters at creation. */
export const DATABASE_CREATE_ONLY: readonly string[] = ["adopt"];
export const DATABASE_SECRETS: readonly string[] = ["password"];

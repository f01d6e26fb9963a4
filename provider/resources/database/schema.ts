/**
 * Database: inputs, outputs and rules (spec "Service sub-resources": name and user are assigned by
 * the service; password and externalAccess are set by the account; sdk/catalogue/service.ts
 * ddbbcreate/ddbbupdate). Checked at preview with no API call.
 */
import { z } from "zod";
import type { StateOf } from "../../core/resource-class";
import { passwordField, serviceNameField } from "../../core/service-entities";

export const databaseInputs = z
  .object({
    serviceName: serviceNameField,
    password: passwordField,
    /**
     * Whether the database accepts connections from outside the hosting. Managed even when left
     * out: absent means false, the API's default (spec), so access opened outside is closed again.
     */
    externalAccess: z.boolean({ error: "must be true or false" }).default(false),
  })
  .strict();

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
export const DATABASE_REPLACE_ON: readonly string[] = ["serviceName"];
export const DATABASE_SECRETS: readonly string[] = ["password"];

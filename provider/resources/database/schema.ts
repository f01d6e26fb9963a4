/**
 * Database: inputs, outputs and rules (spec "Service sub-resources": name and user are assigned by
 * the service; password and externalAccess are set by the account; sdk/catalogue/service.ts
 * ddbbcreate/ddbbupdate). Checked at preview with no API call.
 */
import { z } from "zod";
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

export interface DatabaseState extends DatabaseInputs {
  /** The API's entityID (SRV<digits>-<digits>). */
  entityId: string;
  /** Database name, assigned by the service. */
  name: string;
  /** Database user, assigned by the service. */
  user: string;
}

/** Everything but the service changes in place (ddbbupdate: password, externalAccess). */
export const DATABASE_REPLACE_ON: readonly string[] = ["serviceName"];
export const DATABASE_SECRETS: readonly string[] = ["password"];

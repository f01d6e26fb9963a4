/** Database: the resource as one value (provider/core/descriptor.ts), listed in provider/registry.ts; no @pulumi/pulumi. */
import type { ResourceDescriptor } from "../../core/descriptor";
import { discoverFamily, importByName } from "../../service-entities/service-entities";
import { databaseDefinition } from "./definition";
import { adoptDatabase, databaseExportPlace } from "./adopt";
// The doc of each field is its JSDoc in schema.ts; field-docs.ts is generated from it (scripts/gen-field-docs.ts).
import { inputDocs, outputDocs } from "./field-docs";
import { databaseOutputs, DATABASE_SECRETS } from "./schema";

export const databaseDescriptor: ResourceDescriptor = {
  type: "Database",
  folder: "database",
  description:
    "A MySQL database of a hosting service (service/ddbbcreate); its name and user are assigned by the service. password and externalAccess change in place; serviceName replaces; destroy deletes it (service/ddbbdelete). Id: `<serviceName>/<entityID>`.",
  definition: databaseDefinition,
  outputs: databaseOutputs,
  secretInputs: DATABASE_SECRETS,
  secretOutputs: DATABASE_SECRETS,
  idFormat: "`<serviceName>/<entityID>`",
  imports: importByName("ddbb", (d) => d.name),
  lifecycle: {
    inPlace: "password, externalAccess",
    replaces: "serviceName (name and user are assigned by the service)",
    destroy: "deletes the database and its data",
  },
  discover: // The password ddbblist returns is dropped here: never copied into the program.
    discoverFamily(
      "ddbb",
      "databases",
      (n) => `${n} databases`,
      (d) => ({ name: d.name, user: d.user, externalAccess: d.externalAccess }),
    ),
  adopt: adoptDatabase,
  exportPlace: databaseExportPlace,
  docs: inputDocs,
  outputDocs,
};

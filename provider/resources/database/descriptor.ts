/** Database: the resource as one value (provider/core/descriptor.ts), listed in provider/registry.ts; no @pulumi/pulumi. */
import type { ResourceDescriptor } from "../../core/descriptor";
import { discoverFamily } from "../../service-entities/service-entities";
import { databaseDefinition } from "./definition";
import { adoptDatabase, databaseExportPlace } from "./adopt";

export const databaseDescriptor: ResourceDescriptor = {
  type: "Database",
  folder: "database",
  description:
    "A MySQL database of a hosting service (service/ddbbcreate); its name and user are assigned by the service. password and externalAccess change in place; serviceName replaces; destroy deletes it (service/ddbbdelete). Id: `<serviceName>/<entityID>`.",
  definition: databaseDefinition,
  // Loaded on first use: the class needs @pulumi/pulumi, which the export, the review and the docs do not.
  get resource() {
    return (require("./resource") as typeof import("./resource")).Database;
  },
  idFormat: "`<serviceName>/<entityID>`",
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
  docs: {
    serviceName: 'The hosting service\'s name, e.g. "example.com". Changing it replaces (a new, empty database).',
    password: "8 to 64 printable ASCII characters, no spaces. Secret; changes in place. May be left out only with adopt (the live one is kept).",
    externalAccess: "Connections from outside the hosting (default false). Changes in place.",
    name: "With adopt: the name of the existing database to take over (as the service assigned it).",
    adopt: "Take over the existing database called `name` instead of creating one (its password is set only when given).",
  },
  outputDocs: {
    entityId: "The API's entityID (SRV<digits>-<digits>).",
    name: "Database name, assigned by the service.",
    user: "Database user, assigned by the service.",
    password: "The live password (the API returns it to the account); always a secret.",
  },
};

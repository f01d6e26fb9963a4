/** FtpAccount: the resource as one value (provider/core/descriptor.ts), listed in provider/registry.ts; no @pulumi/pulumi. */
import type { ResourceDescriptor } from "../../core/descriptor";
import { discoverFamily, importByName } from "../../service-entities/service-entities";
import { ftpAccountDefinition } from "./definition";
import { adoptFtpAccount, ftpAccountExportPlace } from "./adopt";
// The doc of each field is its JSDoc in schema.ts; field-docs.ts is generated from it (scripts/gen-field-docs.ts).
import { inputDocs, outputDocs } from "./field-docs";
import { ftpAccountOutputs, FTP_SECRETS } from "./schema";

export const ftpAccountDescriptor: ResourceDescriptor = {
  type: "FtpAccount",
  folder: "ftp-account",
  description:
    "An FTP account of a hosting service (service/ftpcreate). ftpPath and password change in place; serviceName and name replace; destroy deletes it (service/ftpdelete). Id: `<serviceName>/<entityID>`.",
  definition: ftpAccountDefinition,
  outputs: ftpAccountOutputs,
  secretInputs: FTP_SECRETS,
  secretOutputs: FTP_SECRETS,
  idFormat: "`<serviceName>/<entityID>`",
  imports: importByName(
    "ftp",
    (f) => f.name,
    (f) => [f.name, f.serviceName],
  ),
  lifecycle: {
    inPlace: "ftpPath, password",
    replaces: "serviceName, name",
    destroy: "deletes the account",
  },
  discover: // The password ftplist returns is dropped here: never copied into the program.
    discoverFamily(
      "ftp",
      "ftp",
      (n) => `${n} FTP accounts`,
      (f) => ({ name: f.name.toLowerCase(), ftpPath: f.ftpPath }),
    ),
  adopt: adoptFtpAccount,
  exportPlace: ftpAccountExportPlace,
  docs: inputDocs,
  outputDocs,
};

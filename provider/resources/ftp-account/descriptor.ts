/** FtpAccount: the resource as one value (provider/core/descriptor.ts), listed in provider/registry.ts; no @pulumi/pulumi. */
import type { ResourceDescriptor } from "../../core/descriptor";
import { discoverFamily } from "../../service-entities/service-entities";
import { ftpAccountDefinition } from "./definition";
import { adoptFtpAccount, ftpAccountExportPlace } from "./adopt";

export const ftpAccountDescriptor: ResourceDescriptor = {
  type: "FtpAccount",
  folder: "ftp-account",
  description:
    "An FTP account of a hosting service (service/ftpcreate). ftpPath and password change in place; serviceName and name replace; destroy deletes it (service/ftpdelete). Id: `<serviceName>/<entityID>`.",
  definition: ftpAccountDefinition,
  // Loaded on first use: the class needs @pulumi/pulumi, which the export, the review and the docs do not.
  get resource() {
    return (require("./resource") as typeof import("./resource")).FtpAccount;
  },
  idFormat: "`<serviceName>/<entityID>`",
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
  docs: {
    serviceName: 'The hosting service\'s name, e.g. "example.com". Changing it replaces.',
    name: "The FTP user name: 1 to 32 letters, digits, . _ - (stored lower case). Changing it replaces.",
    ftpPath: 'Home directory inside the hosting space, starting with "/". Changes in place.',
    password: "8 to 64 printable ASCII characters, no spaces. Secret; changes in place. May be left out only with adopt (the live one is kept).",
    adopt: "Take over an account of the same name that already exists instead of failing (its password is set only when given).",
  },
  outputDocs: {
    entityId: "The API's entityID (SRV<digits>-<digits>).",
    password: "The live password (the API returns it to the account); always a secret.",
  },
};

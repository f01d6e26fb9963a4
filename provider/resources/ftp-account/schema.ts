/**
 * FtpAccount: inputs, outputs and rules (spec "Service sub-resources": name, ftpPath, password;
 * sdk/catalogue/service.ts ftpcreate/ftpupdate). Inputs are normalised at check, with no API call,
 * to the spelling ftplist answers, so that diff compares like with like.
 */
import { z } from "zod";
import { asciiOrSelf, ftpUserField } from "../../../sdk/rules";
import type { StateOf } from "../../core/resource-class";
import { ftpPathField, passwordField, passwordUnlessAdopt, serviceNameField } from "../../service-entities/service-entities";

/** The catalogue's rule for FTP user names (ftpcreate lower-cases and trims them). */
const ftpName = ftpUserField("required: the FTP user name");

/** The program's inputs, each documented once (the class's Args derive from them). */
export const ftpAccountFields = {
  /** The hosting service's name, e.g. "example.com". Changing it replaces. */
  serviceName: serviceNameField,
  /** The FTP user name: 1 to 32 letters, digits, . _ - (stored lower case). Changing it replaces. */
  name: ftpName,
  /** Home directory inside the hosting space, starting with "/". Changes in place. */
  ftpPath: ftpPathField,
  // Left out only with adopt: the live password is kept (passwordUnlessAdopt).
  /** 8 to 64 printable ASCII characters, no spaces. Secret; changes in place. May be left out only with adopt (the live one is kept). */
  password: passwordField.optional(),
  /** Take over an account of the same name that already exists instead of failing (its password is set only when given). */
  adopt: z.boolean({ error: "must be true or false" }).optional(),
};

export const ftpAccountInputs = z.object(ftpAccountFields).strict().superRefine(passwordUnlessAdopt);

export type FtpAccountInputs = z.output<typeof ftpAccountInputs>;

/** What the state adds to the inputs. */
export const ftpAccountOutputs = {
  /** The API's entityID (SRV<digits>-<digits>). */
  entityId: z.string(),
  /** The live password (the API returns it to the account); always a secret. */
  password: z.string(),
};
export type FtpAccountState = StateOf<FtpAccountInputs, typeof ftpAccountOutputs>;

/** ftpupdate changes only ftpPath and password (spec): a new user name or service is a new account. */
export const FTP_REPLACE_ON: readonly string[] = ["serviceName", "name"];
export const FTP_CREATE_ONLY: readonly string[] = ["adopt"];
export const FTP_SECRETS: readonly string[] = ["password"];

/** What the API knows this resource's object by (provider/dns/object-claim-rules.ts): two resources of a run naming one are refused. */
export const ftpAccountObjects = (f: FtpAccountInputs) => [
  { key: `ftp:${asciiOrSelf(f.serviceName)}/${f.name}`, what: `the FTP account ${f.name} of ${f.serviceName}` },
];

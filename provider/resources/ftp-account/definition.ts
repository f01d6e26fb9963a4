/** FtpAccount: a service entity (provider/service-entities/service-entities.ts); the frame in provider/core/frame.ts does the rest. */
import type { ResourceDefinition } from "../../core/frame";
import { quotaFacts } from "../../money/preview-rules";
import { serviceEntityDefinition } from "../../service-entities/service-entities";
import { createParams, ftpNeedsUpdate, ftpStateFromItem, updateParams } from "./mapping";
import { FTP_CREATE_ONLY, FTP_REPLACE_ON, type FtpAccountInputs, type FtpAccountState, ftpAccountInputs, ftpAccountObjects } from "./schema";

export const ftpAccountDefinition: ResourceDefinition<FtpAccountInputs, FtpAccountState> = serviceEntityDefinition({
  type: "FtpAccount",
  family: "ftp",
  inputs: ftpAccountInputs,
  replaceOn: FTP_REPLACE_ON,
  createOnly: FTP_CREATE_ONLY,
  objectClaims: ftpAccountObjects,
  label: (r) => (r.name && r.serviceName ? `${r.name} in ${r.serviceName}` : "(unnamed)"),
  checkFacts: (olds, news) => quotaFacts(olds, "ftp", news.serviceName, news.name, news.adopt),
  createParams,
  updateParams,
  find: (items, inputs) => items.find((x) => x.name.toLowerCase() === inputs.name),
  what: (inputs) => `an FTP account named ${inputs.name}`,
  toState: ftpStateFromItem,
  needsUpdate: ftpNeedsUpdate,
  cannotCreate: (inputs) => (inputs.password === undefined ? "a new FTP account needs a password" : undefined),
});

/** Subdomain: a service entity (provider/service-entities/service-entities.ts); the frame in provider/core/frame.ts does the rest. */
import type { ResourceDefinition } from "../../core/frame";
import { asciiOrSelf } from "../../../sdk/rules";
import { quotaFacts } from "../../money/preview-rules";
import { serviceEntityDefinition } from "../../service-entities/service-entities";
import { subdomainNeedsUpdate, subdomainParams, subdomainStateFromItem, subdomainUpdateParams } from "./mapping";
import { SUBDOMAIN_CREATE_ONLY, SUBDOMAIN_REPLACE_ON, type SubdomainInputs, type SubdomainState, subdomainInputs, subdomainObjects } from "./schema";

export const subdomainDefinition: ResourceDefinition<SubdomainInputs, SubdomainState> = serviceEntityDefinition({
  type: "Subdomain",
  family: "subdomain",
  inputs: subdomainInputs,
  replaceOn: SUBDOMAIN_REPLACE_ON,
  createOnly: SUBDOMAIN_CREATE_ONLY,
  objectClaims: subdomainObjects,
  label: (r) => r.name ?? "(unnamed)",
  checkFacts: (olds, news) => quotaFacts(olds, "subdomain", news.serviceName, news.name, news.adopt),
  createParams: subdomainParams,
  updateParams: subdomainUpdateParams,
  // Listed names spell the zone as the service's name (Unicode for an IDN): compared in ASCII.
  find: (items, inputs) => items.find((x) => asciiOrSelf(x.name) === inputs.name),
  what: (inputs) => `the subdomain ${inputs.name}`,
  toState: subdomainStateFromItem,
  needsUpdate: subdomainNeedsUpdate,
});

/** Subdomain CRUD on normalised values (the frame in provider/core/frame.ts does the rest). */
import type { ResourceDefinition } from "../../core/frame";
import { quotaFacts } from "../../core/preview-rules";
import { asciiOrSelf } from "../../../sdk/rules";
import { entityCrud } from "../../core/service-entities";
import { subdomainNeedsUpdate, subdomainParams, subdomainStateFromItem } from "./mapping";
import { SUBDOMAIN_CREATE_ONLY, SUBDOMAIN_REPLACE_ON, type SubdomainInputs, type SubdomainState, subdomainInputs } from "./schema";

export const subdomainDefinition: ResourceDefinition<SubdomainInputs, SubdomainState> = {
  type: "Subdomain",
  inputs: subdomainInputs,
  replaceOn: SUBDOMAIN_REPLACE_ON,
  createOnly: SUBDOMAIN_CREATE_ONLY,
  label: (r) => String(r.name ?? "(unnamed)"),
  checkFacts: (olds, news) => quotaFacts(olds, "subdomain", news.serviceName, news.name, news.adopt),

  ...entityCrud<SubdomainInputs, SubdomainState>({
    type: "Subdomain",
    family: "subdomain",
    createParams: (inputs) => subdomainParams(inputs),
    updateParams: (entityId, inputs) => subdomainParams(inputs, entityId),
    // Listed names spell the zone as the service's name (Unicode for an IDN): compared in ASCII.
    find: (items, inputs) => items.find((x) => asciiOrSelf(String(x.name)) === inputs.name),
    what: (inputs) => `the subdomain ${inputs.name}`,
    toState: subdomainStateFromItem,
    needsUpdate: (found, inputs) => subdomainNeedsUpdate(found, inputs),
  }),
};

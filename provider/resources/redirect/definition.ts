/** Redirect: a service entity (provider/service-entities/service-entities.ts); the frame in provider/core/frame.ts does the rest. */
import type { ResourceDefinition } from "../../core/frame";
import { serviceEntityDefinition } from "../../service-entities/service-entities";
import { redirectFacts } from "./facts";
import { createParams, needsUpdate, stateFromItem, updateParams } from "./mapping";
import { REDIRECT_CREATE_ONLY, REDIRECT_REPLACE_ON, type RedirectInputs, type RedirectState, redirectInputs, redirectObjects } from "./schema";

export const redirectDefinition: ResourceDefinition<RedirectInputs, RedirectState> = serviceEntityDefinition({
  type: "Redirect",
  family: "redirect",
  inputs: redirectInputs,
  replaceOn: REDIRECT_REPLACE_ON,
  createOnly: REDIRECT_CREATE_ONLY,
  objectClaims: redirectObjects,
  label: (r) => r.origin ?? "(unnamed)",
  // Rings of redirects, with the program's and the account's (facts.ts).
  checkFacts: redirectFacts,
  createParams,
  updateParams,
  find: (items, inputs) => items.find((i) => i.origin === inputs.origin),
  what: (inputs) => `a redirect of ${inputs.origin}`,
  toState: (serviceName, item, basis) => stateFromItem(serviceName, item, basis.adopt),
  needsUpdate: (_found, inputs, item) => needsUpdate(item, inputs),
});

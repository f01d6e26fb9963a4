/** The Redirect resource class users write in programs. */
import type * as pulumi from "@pulumi/pulumi";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { redirectInputs, redirectOutputs, type RedirectState } from "./schema";

export interface RedirectArgs {
  /** The hosting or redirect service's name, e.g. "example.com" (a HostingService's `name`). */
  serviceName: pulumi.Input<string>;
  /** "@" for the service's domain, a name relative to it ("blog") or full ("blog.example.com"). */
  origin: pulumi.Input<string>;
  /** An http:// or https:// URL. */
  destination: pulumi.Input<string>;
  /** 301 (permanent), 302 (temporary) or "frame" (the destination shown in a frame). */
  type: pulumi.Input<import("./schema").RedirectInputs["type"] | 301 | 302>;
  /** Take over a redirect of the same origin that already exists instead of failing. */
  adopt?: pulumi.Input<boolean>;
}

/**
 * A web redirect of a service (service/redirectcreate). destination and type change in place
 * (service/redirectupdate); serviceName and origin replace; destroy deletes it
 * (service/redirectdelete). The id is `<serviceName>/<entityID>`.
 */
export class Redirect extends resourceClass<RedirectArgs, RedirectState>("Redirect", crud, {
  inputs: redirectInputs,
  outputs: redirectOutputs,
}) {}

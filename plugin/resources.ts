/**
 * The resources the plugin serves: provider/registry.ts's descriptors, each with the one
 * ResourceDefinition the dynamic resources run too, its secret fields and how it is imported (the
 * descriptor holds them all: no second list here). The token of each is `dondominio:index:<type>`.
 */
import type { ResourceDescriptor } from "../provider/core/descriptor";
import { RESOURCES } from "../provider/registry";

export const PACKAGE = "dondominio";
export const tokenOf = (d: Pick<ResourceDescriptor, "type">): string => `${PACKAGE}:index:${d.type}`;

let byToken: Map<string, ResourceDescriptor> | undefined;

/** The descriptor of a type token (the URN's type), or an error naming it. */
export function resourceOf(token: string): ResourceDescriptor {
  byToken ??= new Map(RESOURCES.map((d) => [tokenOf(d), d]));
  const d = byToken.get(token);
  if (!d) throw new Error(`unknown resource type ${token} (this plugin serves ${[...byToken.keys()].join(", ")})`);
  return d;
}

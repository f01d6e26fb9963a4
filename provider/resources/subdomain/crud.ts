/**
 * The module Pulumi serializes for Subdomain, as
 * `require("pulumi-dondominio/dist/provider/resources/subdomain/crud.js")`. That path is stored in
 * every Subdomain's state: it must never move (provider/README.md). It holds nothing but the frame's
 * functions for the definition (definition.ts: CRUD and every hook).
 */
import { defineProvider } from "../../core/frame";
import { subdomainDefinition } from "./definition";

export const { configure, check, diff, create, read, update, delete: remove } = defineProvider(subdomainDefinition);
export { remove as delete };

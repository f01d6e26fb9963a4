/**
 * The module Pulumi serializes for DnssecKey, as
 * `require("pulumi-dondominio/dist/provider/resources/dnssec-key/crud.js")`. That path is stored in
 * every DnssecKey's state: it must never move (provider/README.md). It holds nothing but the frame's
 * functions for the definition (definition.ts: CRUD and every hook).
 */
import { defineProvider } from "../../core/frame";
import { dnssecKeyDefinition } from "./definition";

export const { configure, check, diff, create, read, update, delete: remove } = defineProvider(dnssecKeyDefinition);
export { remove as delete };

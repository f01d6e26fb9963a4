/**
 * The module Pulumi serializes for Domain, as
 * `require("pulumi-dondominio/dist/provider/resources/domain/crud.js")`. That path is stored in
 * every Domain's state: it must never move (provider/README.md). It holds nothing but the frame's
 * functions for the definition (definition.ts: CRUD and every hook).
 */
import { defineProvider } from "../../core/frame";
import { domainDefinition } from "./definition";

export const { configure, check, diff, create, read, update, delete: remove } = defineProvider(domainDefinition);
export { remove as delete };

/**
 * The module Pulumi serializes for Contact, as
 * `require("pulumi-dondominio/dist/provider/resources/contact/crud.js")`. That path is stored in
 * every Contact's state: it must never move (provider/README.md). It holds nothing but the frame's
 * functions for the definition (definition.ts: CRUD and every hook).
 */
import { defineProvider } from "../../core/frame";
import { contactDefinition } from "./definition";

export const { configure, check, diff, create, read, update, delete: remove } = defineProvider(contactDefinition);
export { remove as delete };

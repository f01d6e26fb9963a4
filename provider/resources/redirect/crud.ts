/**
 * The module Pulumi serializes for Redirect, as
 * `require("pulumi-dondominio/dist/provider/resources/redirect/crud.js")`. That path is stored in
 * every Redirect's state: it must never move (provider/README.md). It holds nothing but the frame's
 * functions for the definition (definition.ts: CRUD and every hook).
 */
import { defineProvider } from "../../core/frame";
import { redirectDefinition } from "./definition";

export const { configure, check, diff, create, read, update, delete: remove } = defineProvider(redirectDefinition);
export { remove as delete };

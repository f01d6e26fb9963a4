/**
 * The module Pulumi serializes for Database, as
 * `require("pulumi-dondominio/dist/provider/resources/database/crud.js")`. That path is stored in
 * every Database's state: it must never move (provider/README.md). It holds nothing but the frame's
 * functions for the definition (definition.ts: CRUD and every hook).
 */
import { defineProvider } from "../../core/frame";
import { databaseDefinition } from "./definition";

export const { configure, check, diff, create, read, update, delete: remove } = defineProvider(databaseDefinition);
export { remove as delete };

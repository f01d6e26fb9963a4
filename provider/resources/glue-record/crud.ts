/**
 * The module Pulumi serializes for GlueRecord, as
 * `require("pulumi-dondominio/dist/provider/resources/glue-record/crud.js")`. That path is stored in
 * every GlueRecord's state: it must never move (provider/README.md). It holds nothing but the frame's
 * functions for the definition (definition.ts: CRUD and every hook).
 */
import { defineProvider } from "../../core/frame";
import { glueRecordDefinition } from "./definition";

export const { configure, check, diff, create, read, update, delete: remove } = defineProvider(glueRecordDefinition);
export { remove as delete };

/**
 * The module Pulumi serializes for Database, as
 * `require("pulumi-dondominio/dist/provider/resources/database/crud.js")`. That path is stored in
 * every Database's state: it must never move (provider/README.md).
 */
import { defineProvider } from "../../core/frame";
import { hideSecretValues } from "../../core/secret-check";
import { databaseDefinition } from "./definition";
import { DATABASE_SECRETS } from "./schema";

const p = defineProvider(databaseDefinition);
export const configure = p.configure;
/** Check failures under a secret input never carry its value (core/secret-check.ts). */
export const check = hideSecretValues(p.check, DATABASE_SECRETS);
export const diff = p.diff;
export const create = p.create;
export const read = p.read;
export const update = p.update;
const remove = p.delete;
export { remove as delete };

/**
 * The module Pulumi serializes for Contact, as `require("pulumi-dondominio/dist/provider/resources/contact/crud.js")`.
 * That path is stored in every Contact's state: it must never move (provider/README.md).
 * Exports only the dynamic provider functions; all state lives in shared modules.
 */
import { defineProvider } from "../../core/frame";
import { contactDefinition } from "./definition";

const p = defineProvider(contactDefinition);
export const configure = p.configure;
export const check = p.check;
export const diff = p.diff;
export const create = p.create;
export const read = p.read;
export const update = p.update;
const remove = p.delete;
export { remove as delete };

/**
 * The module Pulumi serializes for AcmeCertificate, as
 * `require("pulumi-dondominio/dist/provider/resources/acme-certificate/crud.js")`. That path is
 * stored in every AcmeCertificate's state: it must never move (provider/README.md).
 */
import { defineProvider } from "../../core/frame";
import { acmeDefinition } from "./definition";

const p = defineProvider(acmeDefinition);
export const configure = p.configure;
export const check = p.check;
export const diff = p.diff;
export const create = p.create;
export const read = p.read;
export const update = p.update;
const remove = p.delete;
export { remove as delete };

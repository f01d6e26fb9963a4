/**
 * The module Pulumi serializes for SslCertificateValidation, as
 * `require("pulumi-dondominio/dist/provider/resources/ssl-certificate-validation/crud.js")`. That
 * path is stored in every SslCertificateValidation's state: it must never move (provider/README.md).
 */
import { defineProvider } from "../../core/frame";
import { validationDefinition } from "./definition";

const p = defineProvider(validationDefinition);
export const configure = p.configure;
export const check = p.check;
export const diff = p.diff;
export const create = p.create;
export const read = p.read;
export const update = p.update;
const remove = p.delete;
export { remove as delete };

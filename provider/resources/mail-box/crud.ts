/**
 * The module Pulumi serializes for MailBox, as
 * `require("pulumi-dondominio/dist/provider/resources/mail-box/crud.js")`. That path is stored in
 * every MailBox's state: it must never move (provider/README.md).
 */
import { defineProvider } from "../../core/frame";
import { mailBoxDefinition } from "./definition";
import { passwordMatches } from "./password";

const p = defineProvider(mailBoxDefinition);
export const configure = p.configure;
export const check = p.check;
export const create = p.create;
export const read = p.read;
export const update = p.update;
const remove = p.delete;
export { remove as delete };

/**
 * The frame's diff with the password judged by its fingerprint: the state holds no password (the
 * API masks it), so a password that matches `passwordHash` counts as unchanged.
 */
export const diff: typeof p.diff = async (id, olds, news) =>
  p.diff(id, passwordMatches(olds.passwordHash, news.password) ? { ...olds, password: news.password } : olds, news);

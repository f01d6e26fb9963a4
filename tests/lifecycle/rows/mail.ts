/** MailBox, MailAlias and Redirect (a Hosting Mini service's objects) in the lifecycle table (model.ts). */
import { BAD_PW, entity, list, named, PW1, PW2, WEB } from "../fixture";
import { NO_SECRET, type Case, type Row, type World } from "../model";

/** A mailbox of WEB by its names, with the password the emulator holds named (PW1, PW2, other), never shown. */
const mailbox =
  (...names: string[]) =>
  async (w: World) => {
    const box = (await list(w, "service/maillist", WEB, "mail")).find((m) => names.includes(m.name));
    if (!box) return undefined;
    const stored = (w.emu.server.store.world.accounts[w.emu.apiUser].services[WEB] as any).mail.find((m: any) => m.name === box.name)?.password;
    return { ...box, password: named(stored) };
  };
const alias =
  (...names: string[]) =>
  async (w: World) =>
    (await list(w, "service/mailaliaslist", WEB, "mailalias")).find((a) => names.includes(a.name));

export const ROWS: Row[] = [
  {
    key: "box",
    type: "MailBox",
    args: {
      create: () => ({ serviceName: WEB, name: "info", password: PW1 }),
      "in-place": () => ({ serviceName: WEB, name: "info", password: PW2 }),
      replace: () => ({ serviceName: WEB, name: "hello", password: PW2 }),
    },
    live: mailbox(`info@${WEB}`, `hello@${WEB}`),
  },
  {
    key: "box-ign",
    type: "MailBox",
    args: {
      create: () => ({ serviceName: WEB, name: "team", password: PW1 }),
      "in-place": () => ({ serviceName: WEB, name: "team", password: PW2 }),
    },
    options: { ignoreChanges: ["password"] },
    live: mailbox(`team@${WEB}`),
  },
  {
    key: "alias",
    type: "MailAlias",
    args: {
      create: () => ({ serviceName: WEB, name: "sales", targets: ["ana@example.org"] }),
      "in-place": () => ({ serviceName: WEB, name: "sales", targets: ["ana@example.org", "leo@example.org"] }),
      replace: () => ({ serviceName: WEB, name: "sales2", targets: ["ana@example.org", "leo@example.org"] }),
    },
    live: alias(`sales@${WEB}`, `sales2@${WEB}`),
    notApplicable: { secrets: NO_SECRET },
  },
  {
    key: "alias-ign",
    type: "MailAlias",
    args: {
      create: () => ({ serviceName: WEB, name: "ops", targets: ["ops@example.org"] }),
      "in-place": () => ({ serviceName: WEB, name: "ops", targets: ["oncall@example.org"] }),
    },
    options: { ignoreChanges: ["targets"] },
    live: alias(`ops@${WEB}`),
  },
  {
    key: "redir",
    type: "Redirect",
    args: {
      create: () => ({ serviceName: WEB, origin: "go", destination: "https://example.org/a", type: "301" }),
      // type is ignored (options): 302 is never applied.
      "in-place": () => ({ serviceName: WEB, origin: "go", destination: "https://example.org/b", type: "302" }),
      replace: () => ({ serviceName: WEB, origin: "go2", destination: "https://example.org/b", type: "302" }),
    },
    options: { ignoreChanges: ["type"] },
    live: async (w) => (await list(w, "service/redirectlist", WEB, "redirect")).find((r) => r.origin === `go.${WEB}` || r.origin === `go2.${WEB}`),
    notApplicable: { secrets: NO_SECRET },
  },
];

export const CASES: Case[] = [
  { name: "MailBox create", key: "box", step: "create", op: "create", live: { name: `info@${WEB}`, password: "PW1" } },
  { name: "MailAlias create", key: "alias", step: "create", op: "create", live: { target: ["ana@example.org"] } },
  { name: "Redirect create", key: "redir", step: "create", op: "create", live: { destination: "https://example.org/a", type: "301" } },
  { name: "MailBox no-op plan, clean refresh", key: "box", step: "no-op", op: "same" },
  { name: "MailAlias no-op plan, clean refresh", key: "alias", step: "no-op", op: "same" },
  { name: "Redirect no-op plan, clean refresh", key: "redir", step: "no-op", op: "same" },
  { name: "MailBox in-place password", key: "box", step: "in-place", op: "update", diffs: ["password"], live: { name: `info@${WEB}`, password: "PW2" } },
  {
    name: "MailBox ignoreChanges password: the new one never set",
    key: "box-ign",
    step: "in-place",
    aspect: "ignoreChanges",
    op: "same",
    live: { password: "PW1" },
  },
  {
    name: "MailAlias in-place targets",
    key: "alias",
    step: "in-place",
    op: "update",
    diffs: ["targets"],
    live: { target: ["ana@example.org", "leo@example.org"] },
  },
  {
    name: "MailAlias ignoreChanges targets",
    key: "alias-ign",
    step: "in-place",
    aspect: "ignoreChanges",
    op: "same",
    live: { target: ["ops@example.org"] },
    inputs: { targets: ["ops@example.org"] },
  },
  {
    name: "Redirect in-place destination; ignoreChanges type",
    key: "redir",
    step: "in-place",
    op: "update",
    diffs: ["destination"],
    live: { destination: "https://example.org/b", type: "301" },
  },
  {
    name: "Redirect ignoreChanges type: 302 never applied",
    key: "redir",
    step: "in-place",
    aspect: "ignoreChanges",
    op: "update",
    diffs: ["destination"],
    live: { type: "301" },
    inputs: { type: "301" },
  },
  {
    name: "MailBox replace on name",
    key: "box",
    step: "replace",
    op: "replace",
    diffs: ["name"],
    replaces: ["name"],
    live: { name: `hello@${WEB}`, password: "PW2" },
  },
  {
    name: "MailAlias replace on name",
    key: "alias",
    step: "replace",
    op: "replace",
    diffs: ["name"],
    replaces: ["name"],
    live: { name: `sales2@${WEB}`, target: ["ana@example.org", "leo@example.org"] },
  },
  {
    // The engine's rule: ignoreChanges keeps the recorded value for a diff, but a replacement is created from the program's values.
    name: "Redirect replace on origin (the replacement takes the program's type, ignored or not)",
    key: "redir",
    step: "replace",
    op: "replace",
    diffs: ["origin"],
    replaces: ["origin"],
    live: { origin: `go2.${WEB}`, type: "302" },
  },
  {
    name: "MailBox bad input",
    key: "box",
    step: "bad input",
    args: () => ({ serviceName: WEB, name: "hello", password: BAD_PW }),
    error: "password: must be 8 to 64 printable ASCII characters without spaces (value not shown)",
    notShown: [BAD_PW],
  },
  {
    name: "MailAlias bad input",
    key: "alias",
    step: "bad input",
    args: () => ({ serviceName: WEB, name: "sales2", targets: [] }),
    error: "targets: needs at least one address",
  },
  {
    name: "Redirect bad input",
    key: "redir",
    step: "bad input",
    args: () => ({ serviceName: WEB, origin: "go2", destination: "ftp://example.org/", type: "301" }),
    error: "destination: must be an http:// or https:// URL such as https://example.org/path",
  },
  {
    name: "MailBox deleted outside + refresh",
    key: "box",
    step: "drift",
    outside: async (w) => {
      await w.client.call("service/maildelete", { serviceName: WEB, entityID: entity(w, "box") } as never);
    },
    refreshed: "deleted",
    op: "create",
    repaired: { name: `hello@${WEB}`, password: "PW2" },
  },
  {
    name: "MailAlias drift + refresh",
    key: "alias",
    step: "drift",
    outside: async (w) => {
      await w.client.call("service/mailaliasupdate", { serviceName: WEB, entityID: entity(w, "alias"), target: ["eve@example.org"] } as never);
    },
    refreshed: { changed: ["targets"], outputs: { targets: ["eve@example.org"] } },
    op: "update",
    diffs: ["targets"],
    repaired: { target: ["ana@example.org", "leo@example.org"] },
  },
  {
    name: "Redirect drift + refresh: the recorded inputs stay the program's (no inputsFromRead)",
    key: "redir",
    step: "drift",
    outside: async (w) => {
      await w.client.call("service/redirectupdate", {
        serviceName: WEB,
        entityID: entity(w, "redir"),
        destination: "https://example.org/c",
        type: "302",
      } as never);
    },
    refreshed: { changed: ["destination"], outputs: { destination: "https://example.org/c" } },
    inputs: { destination: "https://example.org/b" },
    op: "update",
    diffs: ["destination"],
    repaired: { destination: "https://example.org/b", type: "302" },
  },
  { name: "MailBox import", key: "box", step: "import", op: "same" },
  { name: "MailAlias import", key: "alias", step: "import", op: "same" },
  { name: "Redirect import", key: "redir", step: "import", op: "same" },
  {
    name: "MailBox passwords absent from state and output",
    key: "box",
    step: "secrets",
    secrets: () => [PW1, PW2],
    // The state keeps a fingerprint of the password (to see a change), never the password.
    outputs: { absent: ["password"], encrypted: ["passwordHash"] },
    strictOn: ["plugin"],
  },
  { name: "MailBox destroy", key: "box", step: "destroy", op: "delete", live: "absent" },
  { name: "MailBox destroy (changes ignored)", key: "box-ign", step: "destroy", op: "delete", live: "absent" },
  { name: "MailAlias destroy", key: "alias", step: "destroy", op: "delete", live: "absent" },
  { name: "MailAlias destroy (changes ignored)", key: "alias-ign", step: "destroy", op: "delete", live: "absent" },
  { name: "Redirect destroy", key: "redir", step: "destroy", op: "delete", live: "absent" },
];

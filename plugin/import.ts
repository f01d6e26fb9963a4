/**
 * `pulumi import <type> <name> <id>`: the engine's Read sends the id alone (no state, no inputs).
 *
 * importRead reads the object from its id (the descriptor's idFormat) with read-only calls. Most
 * definitions' read finds the object from the id alone; where a read takes a field from the
 * recorded state instead, ID_STATE gives it from the id, and FROM_LIST fills an input the read
 * does not return from a read-only list. AcmeCertificate cannot be imported: it is refused, saying why.
 *
 * importInputs: the inputs `pulumi import` records, what the program would write to manage that
 * object as it is. They must pass Check (the engine checks them at once), so from the live values of
 * the input names: `adopt: true` (or `registration: "adopt"`) where the resource has it (an imported
 * object exists already: the program adopts it; a createOnly input, never compared afterwards);
 * secret inputs the schema does not need left out (a live password stays in the encrypted state,
 * never in the generated program); inputs the schema refuses in that combination left out (a
 * Contact adopted by contactId takes no contact data); then normalised as Check does.
 */
import type { Ctx } from "../provider/core/frame";
import { clean } from "../provider/core/plain-data";
import { entityResourceId, type Family, listEntities } from "../provider/service-entities/service-entities";
import { inputNames, type ServedResource } from "./resources";

type Data = Record<string, unknown>;

/** Resources whose object no API holds. */
const NOT_IMPORTABLE: Record<string, string> = {
  AcmeCertificate:
    "cannot be imported: its certificate, private key and ACME account live only in the Pulumi state, no DonDominio API holds them; declare it in the program and `pulumi up` issues it",
};

/** The state a read needs, from the id alone, where the read takes it from the state. */
const ID_STATE: Record<string, (id: string) => Data> = {
  // The zone's service name is the id (idFormat "service name").
  DnsZone: (id) => ({ serviceName: id }),
  // The certificate's id (idFormat "certificateID").
  SslCertificateValidation: (id) => ({ certificateId: Number(id) }),
};

/** Inputs the read leaves out, from a read-only list. */
const FROM_LIST: Record<string, (ctx: Ctx, live: Data) => Promise<Data>> = {
  // ssl/list names each certificate's product (the read's ssl/getinfo summary is kept without it).
  async SslCertificate(ctx, live) {
    const c = (await ctx.api.listAll("ssl/list", {})).find((x) => x.certificateID === live.certificateId);
    return c ? { productId: c.productID } : {};
  },
};

/**
 * Objects of a service also import by `<serviceName>/<name>` (the name as the service's list gives
 * it: a mailbox's or alias's address, a redirect's origin, an FTP account's, database's or
 * subdomain's name), e.g. `example.com/info@example.com`: what `dondominio-export --import-file`
 * writes, since its snapshot keeps names, not entityIDs. The recorded id is `<serviceName>/<entityID>`.
 */
const BY_NAME: Record<string, { family: Family; name: (item: Data) => unknown }> = {
  MailBox: { family: "mail", name: (i) => i.name },
  MailAlias: { family: "mailalias", name: (i) => i.name },
  Redirect: { family: "redirect", name: (i) => i.origin },
  FtpAccount: { family: "ftp", name: (i) => i.name },
  Database: { family: "ddbb", name: (i) => i.name },
  Subdomain: { family: "subdomain", name: (i) => i.name },
};

/** `<serviceName>/<name>` -> `<serviceName>/<entityID>` (listed, read-only); any other id as given. */
async function locatingId(r: ServedResource, ctx: Ctx, id: string): Promise<string> {
  const by = BY_NAME[r.def.type];
  const cut = id.indexOf("/");
  if (!by || cut <= 0) return id;
  const [serviceName, key] = [id.slice(0, cut), id.slice(cut + 1).toLowerCase()];
  const items = (await listEntities(ctx.api, by.family, serviceName)) as unknown as Data[];
  if (items.some((i) => String(i.entityID).toLowerCase() === key)) return id;
  const found = items.find((i) => String(by.name(i)).toLowerCase() === key);
  return found ? entityResourceId(serviceName, String(found.entityID)) : id;
}

/** The live object of an id and the id to record, as the definition's read gives it (undefined: not found). */
export async function importRead(r: ServedResource, ctx: Ctx, given: string): Promise<{ id: string; live: Data | undefined }> {
  const why = NOT_IMPORTABLE[r.def.type];
  if (why) throw new Error(`${r.def.type} ${JSON.stringify(given)} ${why}`);
  const id = await locatingId(r, ctx, given);
  const live = (await r.def.read(ctx, id, ID_STATE[r.def.type]?.(id) ?? {})) as Data | undefined;
  if (!live) return { id, live };
  const more = FROM_LIST[r.def.type];
  return { id, live: more ? { ...(await more(ctx, live)), ...live } : live };
}

export function importInputs(r: ServedResource, live: Data): Data {
  const names = inputNames(r);
  const inputs: Data = {};
  for (const k of names) if (live[k] !== undefined) inputs[k] = live[k];
  if (names.includes("adopt")) inputs.adopt = true;
  // Domain and HostingService say it with registration: "adopt" (nothing ordered, nothing spent).
  if (names.includes("registration") && r.inputs.safeParse({ ...inputs, registration: "adopt" }).success) inputs.registration = "adopt";
  for (const k of r.secretInputs) {
    if (!(k in inputs)) continue;
    const { [k]: _, ...without } = inputs;
    if (r.inputs.safeParse(without).success) delete inputs[k];
  }
  for (let round = 0; round < names.length; round++) {
    const parsed = r.inputs.safeParse(inputs);
    // As Check normalises them (defaults filled in): the program written from them then checks to
    // the same inputs, and its first preview compares equal.
    if (parsed.success) return clean(parsed.data as Data);
    const refused = new Set(parsed.error.issues.map((i) => String(i.path[0] ?? "")).filter((k) => k in inputs && k !== "adopt"));
    if (!refused.size) break;
    for (const k of refused) delete inputs[k];
  }
  return inputs;
}

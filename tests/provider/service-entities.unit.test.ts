/**
 * The service entities' one CRUD shape (provider/service-entities/service-entities.ts) and Api.listAll, on a
 * fake caller: the sdk's paging through Api.call, one list per family in a refresh, adopt, a
 * refused create (4004), an ambiguous create, and an update that needs no call.
 */
import { expect } from "chai";
import { fakeCaller, getApi, setCallerFactoryForTests } from "../../provider/core/client";
import type { Ctx } from "../../provider/core/frame";
import { databaseDefinition } from "../../provider/resources/database/definition";
import { ftpAccountDefinition } from "../../provider/resources/ftp-account/definition";
import { mailBoxDefinition } from "../../provider/resources/mail-box/definition";
import { passwordFingerprint, passwordMatches } from "../../provider/resources/mail-box/password";

const SVC = "example.com";
type Reply = (params: Record<string, unknown>) => unknown;
let accounts = 0;

/** A fake API answering by operation; records every call. Each one has its own Api (and list cache). */
function fakeApi(replies: Record<string, Reply>) {
  const calls: [string, Record<string, unknown>][] = [];
  setCallerFactoryForTests(() =>
    fakeCaller(async (operation, params = {}) => {
      calls.push([operation, params]);
      const reply = replies[operation];
      if (!reply) throw new Error(`unexpected call ${operation}`);
      return reply(params);
    }),
  );
  const api = getApi({ apiUser: `fake-${++accounts}`, apiPasswd: "fake-password" });
  const ctx: Ctx = { api, timeouts: {}, deadline: Date.now() + 60_000 };
  return { api, ctx, calls, ops: () => calls.map(([op]) => op) };
}

const ftp = (n: number, name = `user${n}`, ftpPath = "/web") => ({ entityID: `SRV1-${n}`, name, ftpPath, password: `Secret-${n}00` });
const refusal = (errorCode: number) => Object.assign(new Error(`service/ftpcreate: refused (${errorCode})`), { errorCode, kind: "api" });

describe("service entities on a fake caller", () => {
  after(() => setCallerFactoryForTests(undefined));

  it("Api.listAll pages with the sdk's paging, each page through Api.call", async () => {
    const all = [ftp(1), ftp(2), ftp(3)];
    const { api, calls } = fakeApi({
      "service/ftplist": (p) => {
        const size = Number(p.pageLength);
        const page = Number(p.page);
        return { queryInfo: { page, pageLength: size, results: 0, total: all.length }, ftp: all.slice((page - 1) * size, page * size) };
      },
    });
    expect((await api.listAll("service/ftplist", { serviceName: SVC, pageLength: 2 })).map((x) => x.entityID)).to.deep.equal(["SRV1-1", "SRV1-2", "SRV1-3"]);
    expect(calls.map(([, p]) => [p.page, p.pageLength])).to.deep.equal([
      [1, 2],
      [2, 2],
    ]);
    // Without pageLength: the catalogue's (1000), one page.
    await api.listAll("service/ftplist", { serviceName: SVC });
    expect(calls[2][1]).to.deep.equal({ serviceName: SVC, page: 1, pageLength: 1000 });
    expect(calls).to.have.length(3);
  });

  it("reads many entities of one service with one list call; a gone one reads as undefined", async () => {
    const { ctx, ops } = fakeApi({ "service/ftplist": () => ({ queryInfo: { page: 1, pageLength: 1000, results: 2, total: 2 }, ftp: [ftp(1), ftp(2)] }) });
    const one = await ftpAccountDefinition.read(ctx, `${SVC}/SRV1-1`, { serviceName: SVC, name: "user1", ftpPath: "/web", password: "x", entityId: "SRV1-1" });
    const two = await ftpAccountDefinition.read(ctx, `${SVC}/srv1-2`, {
      serviceName: SVC,
      name: "user2",
      ftpPath: "/web",
      password: "x",
      entityId: "SRV1-2",
      adopt: true,
    });
    const gone = await ftpAccountDefinition.read(ctx, `${SVC}/SRV1-9`, { serviceName: SVC, name: "user9", ftpPath: "/web", password: "x", entityId: "SRV1-9" });
    expect(one).to.deep.equal({ serviceName: SVC, name: "user1", ftpPath: "/web", password: "Secret-100", entityId: "SRV1-1" });
    expect(two).to.include({ entityId: "SRV1-2", adopt: true });
    expect(gone).to.equal(undefined);
    expect(ops()).to.deep.equal(["service/ftplist"]);
  });

  it("adopt takes the listed entity and updates it only where it differs from the inputs", async () => {
    const { ctx, calls, ops } = fakeApi({
      "service/ftplist": () => ({ queryInfo: { page: 1, pageLength: 1000, results: 1, total: 1 }, ftp: [ftp(5, "legacy", "/old")] }),
      "service/ftpupdate": (p) => ({ ftp: [{ ...ftp(5, "legacy"), ftpPath: p.ftpPath, password: p.password }] }),
    });
    const inputs = { serviceName: SVC, name: "legacy", ftpPath: "/new", password: "Secret-500", adopt: true };
    const { id, outs } = await ftpAccountDefinition.create(ctx, inputs);
    expect(id).to.equal(`${SVC}/SRV1-5`);
    expect(outs).to.deep.equal({ serviceName: SVC, name: "legacy", ftpPath: "/new", password: "Secret-500", entityId: "SRV1-5", adopt: true });
    expect(ops()).to.deep.equal(["service/ftplist", "service/ftpupdate"]);
    expect(calls[1][1]).to.deep.equal({ serviceName: SVC, entityID: "SRV1-5", ftpPath: "/new", password: "Secret-500" });
  });

  it("a refused create (4004) says 'already exists' only when the family lists the object", async () => {
    const listed: ReturnType<typeof ftp>[] = [];
    const { ctx } = fakeApi({
      "service/ftplist": () => ({ queryInfo: { page: 1, pageLength: 1000, results: listed.length, total: listed.length }, ftp: listed }),
      "service/ftpcreate": () => {
        throw refusal(4004);
      },
    });
    const inputs = { serviceName: SVC, name: "legacy", ftpPath: "/legacy", password: "Secret-500" };
    const other = await ftpAccountDefinition.create(ctx, inputs).catch((e: Error) => e.message);
    expect(other).to.equal("service/ftpcreate: refused (4004)");
    listed.push(ftp(5, "legacy"));
    const taken = await ftpAccountDefinition.create(ctx, inputs).catch((e: Error) => e.message);
    expect(taken).to.match(
      /^an FTP account named legacy already exists in service example\.com; set adopt: true to manage it, or remove it \(service\/ftpcreate: refused \(4004\)\)$/,
    );
  });

  it("Database: an ambiguous create is settled by the database that is new since, not sent again", async () => {
    const listed = [{ entityID: "SRV1-1", name: "db1", user: "db1", password: "Other-pass-1", externalAccess: false }];
    const { ctx, ops } = fakeApi({
      "service/ddbblist": () => ({ queryInfo: { page: 1, pageLength: 1000, results: listed.length, total: listed.length }, ddbb: [...listed] }),
      "service/ddbbcreate": () => {
        listed.push({ entityID: "SRV1-2", name: "db2", user: "db2", password: "Secret-123", externalAccess: true });
        throw Object.assign(new Error("service/ddbbcreate: no reply"), { kind: "ambiguous" });
      },
    });
    const { id, outs } = await databaseDefinition.create(ctx, { serviceName: SVC, password: "Secret-123", externalAccess: true });
    expect(id).to.equal(`${SVC}/SRV1-2`);
    expect(outs).to.include({ name: "db2", externalAccess: true });
    expect(ops()).to.deep.equal(["service/ddbblist", "service/ddbbcreate", "service/ddbblist"]);
  });

  it("MailBox: a password that matches the recorded fingerprint changes nothing; another one is set", async () => {
    const { ctx, calls, ops } = fakeApi({
      "service/mailupdate": (p) => ({ mail: [{ entityID: p.entityID, name: `info@${SVC}`, password: "********", usage: 1, quotaMax: 100 }] }),
    });
    const olds = { serviceName: SVC, name: `info@${SVC}`, entityId: "SRV1-7", usage: 0, quotaMax: 100, passwordHash: passwordFingerprint("Secret-111") };
    const same = await mailBoxDefinition.update(
      ctx,
      `${SVC}/SRV1-7`,
      olds,
      { serviceName: SVC, name: `info@${SVC}`, password: "Secret-111", adopt: false },
      [],
    );
    expect(same).to.deep.equal({ ...olds, adopt: false });
    expect(calls).to.have.length(0);
    const changed = await mailBoxDefinition.update(ctx, `${SVC}/SRV1-7`, olds, { serviceName: SVC, name: `info@${SVC}`, password: "Secret-222" }, ["password"]);
    expect(ops()).to.deep.equal(["service/mailupdate"]);
    expect(calls[0][1]).to.deep.equal({ serviceName: SVC, entityID: "SRV1-7", password: "Secret-222" });
    expect(changed).to.include({ usage: 1, entityId: "SRV1-7" });
    expect(passwordMatches(changed.passwordHash, "Secret-222")).to.equal(true);
  });

  it("adopt without a password writes nothing; the live password is kept until the program sets one", async () => {
    const box = { entityID: "SRV1-8", name: `info@${SVC}`, password: "********", usage: 0, quotaMax: 100 };
    const db = { entityID: "SRV1-9", name: "db1_9", user: "db1_9", password: "Live-Db-900", externalAccess: true };
    const { ctx, calls, ops } = fakeApi({
      "service/ftplist": () => ({ queryInfo: { page: 1, pageLength: 1000, results: 1, total: 1 }, ftp: [ftp(5, "legacy", "/old")] }),
      "service/maillist": () => ({ queryInfo: { page: 1, pageLength: 1000, results: 1, total: 1 }, mail: [box] }),
      "service/ddbblist": () => ({ queryInfo: { page: 1, pageLength: 1000, results: 1, total: 1 }, ddbb: [db] }),
      "service/ftpupdate": (p) => ({ ftp: [{ ...ftp(5, "legacy"), ftpPath: p.ftpPath, password: p.password }] }),
      "service/mailupdate": () => ({ mail: [box] }),
      "service/ddbbupdate": (p) => ({ ddbb: [{ ...db, password: p.password, externalAccess: p.externalAccess }] }),
    });
    const ftpOuts = (await ftpAccountDefinition.create(ctx, { serviceName: SVC, name: "legacy", ftpPath: "/old", adopt: true })).outs;
    expect(ftpOuts).to.deep.equal({ serviceName: SVC, name: "legacy", ftpPath: "/old", password: "Secret-500", entityId: "SRV1-5", adopt: true });
    const boxOuts = (await mailBoxDefinition.create(ctx, { serviceName: SVC, name: `info@${SVC}`, adopt: true })).outs;
    expect(boxOuts).to.include({ entityId: "SRV1-8", passwordHash: "" });
    const dbOuts = (await databaseDefinition.create(ctx, { serviceName: SVC, name: "db1_9", externalAccess: true, adopt: true })).outs;
    expect(dbOuts).to.deep.equal({
      serviceName: SVC,
      entityId: "SRV1-9",
      name: "db1_9",
      user: "db1_9",
      password: "Live-Db-900",
      externalAccess: true,
      adopt: true,
    });
    expect(
      ops().filter((op) => !op.endsWith("list")),
      "no write on adopt",
    ).to.deep.equal([]);

    // A later change the program makes on purpose: the FTP path alone resends the live password;
    // a password set for the mailbox and the database is applied.
    await ftpAccountDefinition.update(ctx, `${SVC}/SRV1-5`, ftpOuts, { serviceName: SVC, name: "legacy", ftpPath: "/new", adopt: true }, ["ftpPath"]);
    expect(calls.at(-1)).to.deep.equal(["service/ftpupdate", { serviceName: SVC, entityID: "SRV1-5", ftpPath: "/new", password: "Secret-500" }]);
    const boxNext = await mailBoxDefinition.update(
      ctx,
      `${SVC}/SRV1-8`,
      boxOuts,
      { serviceName: SVC, name: `info@${SVC}`, password: "Secret-888", adopt: true },
      ["password"],
    );
    expect(calls.at(-1)).to.deep.equal(["service/mailupdate", { serviceName: SVC, entityID: "SRV1-8", password: "Secret-888" }]);
    expect(passwordMatches(boxNext.passwordHash, "Secret-888")).to.equal(true);
    await databaseDefinition.update(
      ctx,
      `${SVC}/SRV1-9`,
      dbOuts,
      { serviceName: SVC, name: "db1_9", password: "Secret-999", externalAccess: true, adopt: true },
      ["password"],
    );
    expect(calls.at(-1)).to.deep.equal(["service/ddbbupdate", { serviceName: SVC, entityID: "SRV1-9", password: "Secret-999", externalAccess: true }]);
  });

  it("adopt without a password that finds nothing fails before any write; the inputs say when a password may be left out", async () => {
    const { ctx, ops } = fakeApi({
      "service/maillist": () => ({ queryInfo: { page: 1, pageLength: 1000, results: 0, total: 0 }, mail: [] }),
      "service/ddbblist": () => ({ queryInfo: { page: 1, pageLength: 1000, results: 0, total: 0 }, ddbb: [] }),
    });
    const err = await mailBoxDefinition.create(ctx, { serviceName: SVC, name: `info@${SVC}`, adopt: true }).then(
      () => "created",
      (e: Error) => e.message,
    );
    expect(err).to.match(/mailbox info@example\.com does not exist in service example\.com, so there is nothing to adopt: a new mailbox needs a password/);
    const dbErr = await databaseDefinition.create(ctx, { serviceName: SVC, name: "db1_1", externalAccess: false, adopt: true }).then(
      () => "created",
      (e: Error) => e.message,
    );
    expect(dbErr).to.match(/database db1_1 does not exist .*nothing to adopt/);
    expect(ops().filter((op) => !op.endsWith("list"))).to.deep.equal([]);

    const issues = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, v: unknown) =>
      (schema.safeParse(v).error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(issues(ftpAccountDefinition.inputs, { serviceName: SVC, name: "a", ftpPath: "/" })).to.deep.equal([
      "password: required: a string (the password); it may be left out only with adopt: true, which keeps the live password",
    ]);
    expect(issues(ftpAccountDefinition.inputs, { serviceName: SVC, name: "a", ftpPath: "/", adopt: true })).to.deep.equal([]);
    expect(issues(databaseDefinition.inputs, { serviceName: SVC, password: "Secret-123", name: "db1_1" })).to.deep.equal([
      "name: the service names a new database itself: give name only with adopt: true",
    ]);
    expect(issues(databaseDefinition.inputs, { serviceName: SVC, adopt: true })).to.deep.equal([
      "name: required with adopt: the name of the database to take over (ddbblist)",
    ]);
    expect(issues(mailBoxDefinition.inputs, { serviceName: SVC, name: "info", adopt: true })).to.deep.equal([]);
  });
});

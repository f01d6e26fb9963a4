import { expect } from "chai";
import { Clock } from "../../emulator/core/clock";
import type { CertificateAuthority } from "../../emulator/core/context";
import { type DispatchEnv, dispatch } from "../../emulator/core/dispatch";
import { RandomSource } from "../../emulator/core/random";
import { type AccountState, newAccount, newWorld } from "../../emulator/core/state";
import { modules } from "../../emulator/modules";
import { createContact } from "../../emulator/modules/contact/model";
import { PERSON } from "../fixtures";

const noCa: CertificateAuthority = {
  certPem: "",
  signCsr: () => {
    throw new Error("no CA in contact tests");
  },
};

// Country in lower case on purpose: contact/create normalises it.
const person = { ...PERSON, Country: "es" };
const company = {
  ...person,
  Type: "organization",
  OrgName: "Acme Ibérica SL",
  FirstName: "John",
  LastName: "Smith",
  Email: "legal@acme.example",
  Country: "GB",
  IdentNumber: "B12345678",
};

/** The verification timer, turned on for these tests of the state machine (off by default: only requests decide). */
const TIMER_SEC = 3;

describe("contact module", () => {
  let env: DispatchEnv;
  let account: AccountState;
  const call = (action: string, params: Record<string, string> = {}) => dispatch(env, account, action, params, "127.0.0.1");
  const create = async (params: Record<string, string>) => {
    const r = await call("contact/create", params);
    expect(r.success, JSON.stringify(r.messages)).to.equal(true);
    return r.responseData as Record<string, unknown>;
  };

  beforeEach(() => {
    account = newAccount({ apiuser: "alice", apipasswd: "pw-alice-1" });
    env = {
      world: newWorld([account, newAccount({ apiuser: "bob", apipasswd: "pw-bob-1" })]),
      clock: new Clock({ contactVerificationSec: TIMER_SEC }),
      ca: noCa,
      random: new RandomSource(),
      modules,
      checkResponses: true,
    };
  });

  describe("contact/create", () => {
    it("stores an individual with an id built from the last name, inprocess, no orgName", async () => {
      const c = await create(person);
      expect(c.contactID).to.match(/^GAR-[0-9]+$/);
      expect(c).to.include({
        contactType: "individual",
        firstName: "Marta",
        lastName: "García",
        orgName: "",
        country: "ES",
        verificationstatus: "inprocess",
        daaccepted: false,
      });
      expect(account.contacts[c.contactID as string]).to.not.equal(undefined);
    });

    it("gives every contact a new id", async () => {
      const a = await create(person);
      const b = await create(person);
      expect(a.contactID).to.not.equal(b.contactID);
    });

    it("keeps OrgName for organizations and requires it (101 naming OrgName)", async () => {
      expect((await create(company)).orgName).to.equal("Acme Ibérica SL");
      const { OrgName: _, ...noOrg } = company;
      const r = await call("contact/create", noOrg);
      expect(r.errorCode).to.equal(101);
      expect(r.messages.join(" ")).to.contain("OrgName");
    });

    it("answers 101 naming a missing parameter, and treats an empty value as missing", async () => {
      const { Email: _, ...noEmail } = person;
      const r = await call("contact/create", noEmail);
      expect(r.errorCode).to.equal(101);
      expect(r.messages.join(" ")).to.contain("Email");
      expect((await call("contact/create", { ...person, City: "" })).messages.join(" ")).to.contain("City");
    });

    it("answers 105 for a bad phone and 3002 for an unknown country", async () => {
      const r = await call("contact/create", { ...person, Phone: "931234567" });
      expect(r.errorCode).to.equal(105);
      expect(r.messages.join(" ")).to.contain("Phone");
      const q = await call("contact/create", { ...person, Country: "QQ" });
      expect(q.errorCode).to.equal(3002);
      expect(Object.keys(account.contacts)).to.have.length(0);
    });
  });

  describe("verification", () => {
    it("by default (no timer) stays inprocess however far the clock moves", async () => {
      env.clock = new Clock();
      const c = await create(person);
      env.clock.advance(365 * 86_400);
      expect(((await call("contact/getinfo", { contactID: c.contactID as string })).responseData as Record<string, unknown>).verificationstatus).to.equal(
        "inprocess",
      );
    });

    it("with the timer on, moves inprocess -> verified when the clock passes the delay", async () => {
      const c = await create(person);
      env.clock.advance(TIMER_SEC - 1);
      expect(((await call("contact/getinfo", { contactID: c.contactID as string })).responseData as Record<string, unknown>).verificationstatus).to.equal(
        "inprocess",
      );
      env.clock.advance(2);
      expect(((await call("contact/getinfo", { contactID: c.contactID as string })).responseData as Record<string, unknown>).verificationstatus).to.equal(
        "verified",
      );
    });

    it("moves a contact with an .invalid address to failed", async () => {
      const c = await create({ ...person, Email: "nobody@mail.invalid" });
      env.clock.advance(TIMER_SEC + 1);
      const r = await call("contact/getinfo", { contactID: c.contactID as string });
      expect((r.responseData as Record<string, unknown>).verificationstatus).to.equal("failed");
    });
  });

  describe("contact/getinfo", () => {
    it("returns the Contact object, accepting a lower-case id and infoType=data", async () => {
      const c = await create(company);
      const r = await call("contact/getinfo", { contactID: (c.contactID as string).toLowerCase(), infoType: "data" });
      expect(r.success).to.equal(true);
      expect(r.responseData).to.deep.equal(c);
    });

    it("answers 3001 for an unknown contact and for another account's contact", async () => {
      const r = await call("contact/getinfo", { contactID: "NOP-1" });
      expect(r.errorCode).to.equal(3001);
      expect(r.messages.join(" ")).to.contain("NOP-1");
      const bobs = createContact(env.world, env.world.accounts.bob, { ...person, Type: "individual" }, env.clock.nowMs());
      expect((await call("contact/getinfo", { contactID: bobs.contactID })).errorCode).to.equal(3001);
    });

    it("answers 105 for a malformed id and 101 without one", async () => {
      expect((await call("contact/getinfo", { contactID: "12345" })).errorCode).to.equal(105);
      const r = await call("contact/getinfo");
      expect(r.errorCode).to.equal(101);
      expect(r.messages.join(" ")).to.contain("contactID");
    });
  });

  describe("contact/list", () => {
    it("pages through every contact with queryInfo", async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await create({ ...person, LastName: `Lopez${i}` })).contactID as string);
      const seen: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const r = await call("contact/list", { pageLength: "2", page: String(page) });
        const data = r.responseData as { queryInfo: Record<string, number>; contacts: { contactID: string }[] };
        expect(data.queryInfo).to.deep.equal({ page, pageLength: 2, results: page < 3 ? 2 : 1, total: 5 });
        seen.push(...data.contacts.map((c) => c.contactID));
      }
      expect(seen).to.deep.equal(ids);
    });

    it("filters by name, email, country, identNumber, verificationstatus, daaccepted", async () => {
      const marta = (await create(person)).contactID;
      const acme = (await create(company)).contactID;
      const list = async (params: Record<string, string>) =>
        ((await call("contact/list", params)).responseData as { contacts: { contactID: string; contactName: string }[] }).contacts;
      expect((await list({ name: "acme" })).map((c) => c.contactID)).to.deep.equal([acme]);
      expect((await list({ name: "marta garc" })).map((c) => c.contactID)).to.deep.equal([marta]);
      expect((await list({ email: "ACME.example" })).map((c) => c.contactID)).to.deep.equal([acme]);
      expect((await list({ country: "es" })).map((c) => c.contactID)).to.deep.equal([marta]);
      expect((await list({ identNumber: "b12345678" })).map((c) => c.contactID)).to.deep.equal([acme]);
      expect(await list({ verificationstatus: "verified" })).to.have.length(0);
      expect(await list({ daaccepted: "true" })).to.have.length(0);
      expect(await list({ daaccepted: "false" })).to.have.length(2);
      env.clock.advance(TIMER_SEC + 1);
      expect(await list({ verificationstatus: "verified" })).to.have.length(2);
    });

    it("names organizations by orgName and individuals by first and last name", async () => {
      await create(person);
      await create(company);
      const r = await call("contact/list");
      const names = (r.responseData as { contacts: { contactName: string }[] }).contacts.map((c) => c.contactName);
      expect(names).to.deep.equal(["Marta García", "Acme Ibérica SL"]);
    });

    it("rejects an unknown verificationstatus with 105", async () => {
      expect((await call("contact/list", { verificationstatus: "pending" })).errorCode).to.equal(105);
    });
  });

  describe("contact/resendverificationmail", () => {
    it("keeps a verified contact verified", async () => {
      const id = (await create(person)).contactID as string;
      env.clock.advance(TIMER_SEC + 1);
      const r = await call("contact/resendverificationmail", { contactID: id });
      expect(r.responseData).to.include({ contactID: id, contactName: "Marta García", verificationstatus: "verified" });
    });

    it("sends a failed contact back to inprocess", async () => {
      const id = (await create({ ...person, Email: "x@bad.invalid" })).contactID as string;
      env.clock.advance(TIMER_SEC + 1);
      const r = await call("contact/resendverificationmail", { contactID: id });
      expect((r.responseData as Record<string, unknown>).verificationstatus).to.equal("inprocess");
      expect(r.messages.join(" ")).to.contain("x@bad.invalid");
    });

    it("answers 3001 for an unknown contact", async () => {
      expect((await call("contact/resendverificationmail", { contactID: "ABC-999" })).errorCode).to.equal(3001);
    });
  });
});

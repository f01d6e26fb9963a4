/**
 * The dispatcher against the catalogue (emulator/core/dispatch.ts): every operation has a handler,
 * its own or, for one that `wraps` another, the wrapped operation's, called with the fixed
 * parameters; a wrapper answers what its target answers, under its own action name.
 */
import { expect } from "chai";
import { getOperation, operations } from "../../sdk/catalogue";
import { ErrorCode } from "../../sdk/core/error-codes";
import { handlingOperation } from "../../emulator/core/dispatch";
import { modules } from "../../emulator/modules";
import { PERSON } from "../fixtures";
import { fixture } from "./domain-fixture";

const handlerOf = (module: string, action: string) => modules.handlers[module]?.[action];

describe("dispatch: handlers for every catalogue operation", () => {
  it("every operation that wraps none has its own handler", () => {
    const missing = operations.filter((o) => !o.wraps && !handlerOf(o.module, o.action)).map((o) => o.name);
    expect(missing).to.deep.equal([]);
  });

  it("a wrapper has no handler of its own; it wraps a known operation that has one, and fixes parameters of it", () => {
    const wrappers = operations.filter((o) => o.wraps);
    expect(wrappers.map((o) => o.name).sort()).to.deep.equal([
      "domain/getauthcode",
      "domain/getdnssec",
      "domain/getgluerecords",
      "domain/getnameservers",
      "domain/updatecontacts",
      "domain/updatenameservers",
    ]);
    for (const w of wrappers) {
      expect(handlerOf(w.module, w.action), w.name).to.equal(undefined);
      const target = handlingOperation(w);
      expect(target.name, w.name).to.equal(w.wraps!.op);
      expect(handlerOf(target.module, target.action), target.name).to.be.a("function");
      const shape = (target.params as unknown as { def: { in?: { shape?: object }; shape?: object } }).def;
      const known = Object.keys(shape.shape ?? shape.in?.shape ?? {});
      for (const k of Object.keys(w.wraps!.fixed)) expect(known, `${w.name} fixes ${k}`).to.include(k);
    }
  });

  it("no handler is registered for an action the catalogue does not know", () => {
    const unknown = Object.entries(modules.handlers).flatMap(([m, hs]) =>
      Object.keys(hs)
        .filter((a) => !getOperation(`${m}/${a}`))
        .map((a) => `${m}/${a}`),
    );
    expect(unknown).to.deep.equal([]);
  });
});

describe("dispatch: wrappers are their target with the fixed parameters", () => {
  it("domain/get{authcode,nameservers,gluerecords,dnssec} answer domain/getinfo with that infoType, under their own name", async () => {
    const f = fixture();
    const info = await f.register("wrapped.com");
    const id = String(info.domainID);
    for (const [wrapper, infoType] of [
      ["domain/getauthcode", "authcode"],
      ["domain/getnameservers", "nameservers"],
      ["domain/getgluerecords", "gluerecords"],
      ["domain/getdnssec", "dnssec"],
    ]) {
      const direct = await f.call("domain/getinfo", { domainID: id, infoType });
      const wrapped = await f.call(wrapper, { domainID: id });
      expect(wrapped.success, wrapper).to.equal(true);
      expect(wrapped.action).to.equal(wrapper);
      expect(wrapped.responseData, wrapper).to.deep.equal(direct.responseData);
      expect(wrapped.messages).to.deep.equal(direct.messages);
      // The fixed parameter wins over one the caller sends (the wrapper's schema does not know it).
      expect((await f.call(wrapper, { domainID: id, infoType: "status" })).responseData).to.deep.equal(direct.responseData);
    }
  });

  it("domain/updatenameservers and updatecontacts change the domain as domain/update does, with its reply and message", async () => {
    const f = fixture();
    const id = String((await f.register("wrapped.net")).domainID);
    const ns = "ns1.example.org,ns2.example.org";
    const wrapped = await f.call("domain/updatenameservers", { domainID: id, nameservers: ns });
    const info = await f.ok("domain/getinfo", { domainID: id, infoType: "nameservers" });
    expect(info.nameservers.map((n: { name: string }) => n.name)).to.deep.equal(["ns1.example.org", "ns2.example.org"]);
    const direct = await f.call("domain/update", { domainID: id, updateType: "nameservers", nameservers: ns });
    expect({ ...wrapped, action: "" }).to.deep.equal({ ...direct, action: "" });
    expect(wrapped.action).to.equal("domain/updatenameservers");

    const contact = await f.ok("contact/create", { ...PERSON });
    const c = await f.call("domain/updatecontacts", { domainID: id, techContactID: contact.contactID });
    expect(c.success, JSON.stringify(c.messages)).to.equal(true);
    expect(c.messages).to.deep.equal(["Domain wrapped.net updated (contact)."]);
    expect((await f.ok("domain/getinfo", { domainID: id, infoType: "contact" })).contactTech.contactID).to.equal(contact.contactID);
  });

  it("a wrapper's parameters are checked by its own schema first (its own required parameters)", async () => {
    const f = fixture();
    const id = String((await f.register("wrapped.org")).domainID);
    const msg = await f.fails(ErrorCode.PARAMETER_FAULT, "domain/updatenameservers", { domainID: id });
    expect(msg).to.match(/nameservers/);
  });
});

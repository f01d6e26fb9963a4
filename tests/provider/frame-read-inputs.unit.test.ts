/**
 * The frame's `inputsFromRead` (provider/core/frame.ts): a refresh that finds one of those keys
 * changed outside returns the live values as the recorded inputs (so `ignoreChanges` keeps them,
 * examples/dynamic-dns); nothing changed, or no such keys, returns no inputs (the engine keeps the
 * recorded ones).
 */
import { expect } from "chai";
import { z } from "zod";
import { defineProvider, type ResourceDefinition } from "../../provider/core/frame";

type Rec = { name: string; value: string; ttl?: number; entityId?: string };

function provider(live: Rec, inputsFromRead?: string[]) {
  const def: ResourceDefinition<Rec, Rec> = {
    type: "Thing",
    inputs: z.object({ name: z.string(), value: z.string(), ttl: z.number().optional() }),
    replaceOn: ["name"],
    label: (r) => r.name,
    inputsFromRead,
    create: async (_ctx, inputs) => ({ id: "t1", outs: { ...inputs, entityId: "E1" } }),
    read: async () => live,
    update: async (_ctx, _id, _olds, news) => news,
    delete: async () => undefined,
  };
  return defineProvider(def);
}

describe("frame read: inputsFromRead", () => {
  const recorded = { name: "home", value: "192.0.2.1", ttl: 300, entityId: "E1", __timeouts: { create: 60 } };

  it("a value changed outside: the live values of those keys (and the hidden timeouts) become the inputs", async () => {
    const r = await provider({ name: "home", value: "198.51.100.7", ttl: 300, entityId: "E1" }, ["name", "value", "ttl"]).read("t1", recorded);
    expect(r.props).to.deep.include({ value: "198.51.100.7", entityId: "E1" });
    expect(r.inputs).to.deep.equal({ name: "home", value: "198.51.100.7", ttl: 300, __timeouts: { create: 60 } });
  });

  it("nothing changed: no inputs (the recorded ones stay)", async () => {
    const r = await provider({ name: "home", value: "192.0.2.1", ttl: 300, entityId: "E1" }, ["name", "value", "ttl"]).read("t1", recorded);
    expect(r).to.not.have.property("inputs");
  });

  it("a resource without inputsFromRead never returns inputs", async () => {
    const r = await provider({ name: "home", value: "198.51.100.7", ttl: 300, entityId: "E1" }).read("t1", recorded);
    expect(r).to.not.have.property("inputs");
    expect(r.props?.value).to.equal("198.51.100.7");
  });
});

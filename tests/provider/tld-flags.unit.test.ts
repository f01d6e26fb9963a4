/**
 * The provider's table of per-domain flags by TLD (provider/resources/domain/schema.ts TLD_FLAGS,
 * used to refuse a flag at preview) and the emulator's (emulator/data/tlds.ts `supports`, which
 * decides whether getinfo and list items carry the member) say the same for every TLD the emulator
 * serves: otherwise a preview would accept a flag the answers lack, or refuse one they carry.
 */
import { expect } from "chai";
import { TLDS } from "../../emulator/data/tlds";
import { TLD_FLAGS } from "../../provider/resources/domain/schema";

describe("Domain flags by TLD: provider table = emulator table", () => {
  it("has the same flags for every TLD the emulator serves", () => {
    for (const t of TLDS) expect(TLD_FLAGS[t.tld], `.${t.tld}`).to.deep.equal(t.supports);
    expect(Object.keys(TLD_FLAGS).sort()).to.deep.equal(TLDS.map((t) => t.tld).sort());
  });
});

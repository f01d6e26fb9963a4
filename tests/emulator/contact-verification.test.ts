/**
 * Contact verification as a state machine the tests drive (issue 22 item 2, issue 27 item 13):
 * inprocess -> verified or failed on request through the control API (contact/verification), by
 * default only so; a timer only as an option (`delays.contactVerificationSec` 0 or more,
 * `--contact-verification-seconds`). Over HTTPS, as a client sees it.
 */
import { expect } from "chai";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { PERSON } from "../fixtures";
import { post } from "./server-helpers";

async function newContact(emu: RunningEmulator, email = "ana@example.com"): Promise<string> {
  const r = await post(emu, "/contact/create/", { ...PERSON, Email: email } as Record<string, string>);
  expect(r.json.success, JSON.stringify(r.json.messages)).to.equal(true);
  return r.json.responseData.contactID;
}
async function status(emu: RunningEmulator, contactID: string): Promise<string> {
  return (await post(emu, "/contact/getinfo/", { contactID })).json.responseData.verificationstatus;
}

describe("emulator: contact verification on request (control API contact/verification)", () => {
  describe("by default: no timer, only requests decide", () => {
    let emu: RunningEmulator;
    before(async () => {
      emu = await startEmulator();
    });
    after(() => emu?.close());

    it("stays inprocess however long, until a request decides verified or failed", async () => {
      const ok = await newContact(emu);
      const bad = await newContact(emu, "bruno@example.com");
      await emu.control.advanceClock(30 * 86_400);
      expect(await status(emu, ok)).to.equal("inprocess");
      await emu.control.setContactVerification(emu.apiUser, ok, "verified");
      await emu.control.setContactVerification(emu.apiUser, bad, "failed");
      expect(await status(emu, ok)).to.equal("verified");
      expect(await status(emu, bad)).to.equal("failed");
      // A resent mail starts over, and with the timer off only a request ends it again.
      expect((await post(emu, "/contact/resendverificationmail/", { contactID: bad })).json.success).to.equal(true);
      await emu.control.advanceClock(60);
      expect(await status(emu, bad)).to.equal("inprocess");
    });

    it("refuses an unknown account or contact (404) and another status (400), naming what is wrong", async () => {
      const id = await newContact(emu);
      const fails = (account: string, contactID: string, s: string) =>
        emu.control.setContactVerification(account, contactID, s as "verified").then(
          () => "succeeded",
          (e: Error) => e.message,
        );
      expect(await fails("nobody", id, "verified")).to.match(/HTTP 404: .*account nobody does not exist/);
      expect(await fails(emu.apiUser, "XXX-1", "verified")).to.match(/HTTP 404: .*contact XXX-1 does not exist/);
      expect(await fails(emu.apiUser, id, "notapplicable")).to.match(/HTTP 400: .*status must be one of verified, failed, inprocess/);
    });
  });

  describe("timer on (delays.contactVerificationSec: 3)", () => {
    let emu: RunningEmulator;
    before(async () => {
      emu = await startEmulator({ delays: { contactVerificationSec: 3 } });
    });
    after(() => emu?.close());

    it("verifies by itself 3 s later unless a request came first; inprocess on request holds it", async () => {
      const timed = await newContact(emu);
      const held = await newContact(emu);
      const failed = await newContact(emu);
      await emu.control.setContactVerification(emu.apiUser, held, "inprocess");
      await emu.control.setContactVerification(emu.apiUser, failed, "failed");
      await emu.control.advanceClock(10);
      expect(await status(emu, timed)).to.equal("verified");
      expect(await status(emu, held)).to.equal("inprocess");
      expect(await status(emu, failed)).to.equal("failed");
    });
  });
});

/** 1007/1014 "Account filtered" (issue 22 item 5): the error says which address called and what to do (sdk/core/ip-filter.ts). */
import { expect } from "chai";
import { type ApiEnvelope, DonDominioApiError } from "../../sdk/core/errors";
import { callerAddressIn } from "../../sdk/core/ip-filter";

const env = (errorCode: number, messages: string[]): ApiEnvelope => ({
  success: false,
  errorCode,
  errorCodeMsg: "Account filtered",
  action: "account/info",
  version: "1.0.27",
  messages,
  responseData: {},
});

describe("sdk errors: 1007/1014 account filtered", () => {
  it("names the address the API's message gives and says to register it, from CI too", () => {
    for (const code of [1007, 1014]) {
      const e = new DonDominioApiError(env(code, ["Account filtered: the address 203.0.113.9 is not registered for account demo"]), "account/info");
      expect(e.kind).to.equal("blocked");
      expect(e.message).to.include("The calling address 203.0.113.9 is not registered");
      expect(e.message).to.include("Register it in the DonDominio control panel");
      expect(e.message).to.include("self-hosted runner or a runner with a fixed egress address");
    }
  });

  it("says what to do without an address when the message gives none", () => {
    const e = new DonDominioApiError(env(1014, []), "domain/list");
    expect(e.message).to.include("The address this machine calls from (its public egress address) is not registered");
  });

  it("reads IPv4, IPv6 and IPv4-mapped addresses, and nothing else", () => {
    expect(callerAddressIn(["from ::ffff:198.51.100.7."])).to.equal("198.51.100.7");
    expect(callerAddressIn(["address 2001:db8::1 refused"])).to.equal("2001:db8::1");
    expect(callerAddressIn(["version 1.0.27; 999.1.1.1 <b>x</b>"])).to.equal(undefined);
  });

  it("adds nothing to other codes", () => {
    expect(new DonDominioApiError(env(1011, ["x"]), "tool/hello").message).to.not.include("registered");
  });
});

/** sdk/rules/hosting.ts: passwords, paths, FTP user names, mail local parts and targets, redirect URLs. */
import { expect } from "chai";
import {
  ftpUserField,
  isMailLocalPart,
  isMailTarget,
  isPassword,
  isRedirectUrl,
  mailNameField,
  mailTargetsField,
  normaliseTargets,
  PASSWORD_RULE,
  passwordField,
  pathField,
  pathProblem,
  redirectUrlField,
} from "../../sdk/rules";

describe("rules: passwords", () => {
  const cases: [string, boolean][] = [
    ["12345678", true],
    ["Pa$$w0rd!~", true],
    ["x".repeat(64), true],
    ["1234567", false],
    ["x".repeat(65), false],
    ["has space1", false],
    ["tab\there-123", false],
    ["contraseña-123", false],
    ["", false],
  ];
  for (const [pw, ok] of cases) it(`${JSON.stringify(pw.slice(0, 20))} (${pw.length}): ${ok}`, () => expect(isPassword(pw)).to.equal(ok));

  it("the field names the rule and never repeats the value", () => {
    const r = passwordField("required: a password").safeParse("Sh0rt");
    expect(r.success).to.equal(false);
    expect(r.error?.issues.map((i) => i.message)).to.deep.equal([PASSWORD_RULE]);
    expect(JSON.stringify(r.error?.issues)).to.not.include("Sh0rt");
    expect(passwordField("required: a password").safeParse(undefined).error?.issues[0]?.message).to.equal("required: a password");
  });
});

describe("rules: paths", () => {
  const cases: [string, string | undefined][] = [
    ["/", undefined],
    ["/public_html/blog-2.0", undefined],
    ["public_html", "must be a path starting with / (letters, digits, . _ - /)"],
    ["/a b", "must be a path starting with / (letters, digits, . _ - /)"],
    ["/a/../etc", "must not contain .."],
    ["/a/..", "must not contain .."],
    ["/a/..b", undefined],
  ];
  for (const [p, want] of cases) {
    it(`${JSON.stringify(p)}: ${want ?? "valid"}`, () => {
      expect(pathProblem(p)).to.equal(want);
      const r = pathField().safeParse(` ${p} `);
      expect(r.success ? undefined : r.error.issues[0]?.message).to.equal(want);
    });
  }
});

describe("rules: FTP user names, mail names and targets, URLs", () => {
  it("FTP user names: 1 to 32 letters, digits, . _ -, trimmed and lower-cased", () => {
    expect(ftpUserField().parse(" Deploy.Web_1 ")).to.equal("deploy.web_1");
    for (const bad of ["-deploy", "u".repeat(33), "a b", ""])
      expect(ftpUserField().safeParse(bad).error?.issues[0]?.message, bad).to.match(/^must be 1 to 32 letters, digits/);
  });

  it("mail local parts and names", () => {
    for (const ok of ["info", "a.b+c_d-e", "x".repeat(64)]) expect(isMailLocalPart(ok), ok).to.equal(true);
    for (const bad of ["", "in fo", "Info", "x".repeat(65), "a@b"]) expect(isMailLocalPart(bad), bad).to.equal(false);
    expect(mailNameField().parse(" Info@Example.com ")).to.equal("info@example.com");
    expect(mailNameField().safeParse("info@bücher.de").success).to.equal(false);
    expect(mailNameField().safeParse("in fo").success).to.equal(false);
  });

  it("alias targets: a list or a comma string, trimmed, lower case, unique, in order; one at least", () => {
    expect(normaliseTargets(" B@example.org, a@example.org ,b@example.org")).to.deep.equal(["b@example.org", "a@example.org"]);
    expect(mailTargetsField().parse(["A@x.org", "a@x.org", "c@y.org"])).to.deep.equal(["a@x.org", "c@y.org"]);
    expect(mailTargetsField().safeParse(" , ").error?.issues[0]?.message).to.equal("needs at least one address");
    expect(mailTargetsField().safeParse(["not-an-address"]).error?.issues[0]?.message).to.equal(
      '"not-an-address" is not an e-mail address: no @ between the local part and the domain',
    );
    expect(isMailTarget("a@b.c")).to.equal(true);
    expect(isMailTarget("a@b")).to.equal(false);
  });

  it("redirect URLs: http(s) with a dotted host, kept as written", () => {
    expect(redirectUrlField().parse(" https://Example.org/Path?q=1 ")).to.equal("https://Example.org/Path?q=1");
    for (const bad of ["ftp://example.org", "https://localhost", "example.org", "https://exa mple.org"]) expect(isRedirectUrl(bad), bad).to.equal(false);
  });
});

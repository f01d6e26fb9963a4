/**
 * Independent probe of `dondominio-review`'s secrets (issue 19 item 4, variations the fix missed).
 * The README promises `[secret]` for "any property named like a password, passphrase, key, token or
 * authcode" and any PEM private key. A plan showed in plain text: plurals of secret names
 * (`sshKeys`, `privateKeys`, `signingKeys`), an HTTP credential (`authorization: "Bearer ..."`,
 * `bearerToken` was fine, `jwt`), and a password inside a URL's userinfo under any name
 * (`connectionString: "postgres://app:PW@db/app"`, a redirect `destination: "https://u:PW@host/"`).
 * Checked through the whole path: a `pulumi preview --json` digest, collectReview, renderMarkdown.
 */
import { expect } from "chai";
import { collectReview, type PreviewDigest } from "../../provider/review/collect";
import { renderMarkdown } from "../../provider/review/render";
import { redact } from "../../sdk/core/redact";

const URN = "urn:pulumi:dev::shop::pulumi-nodejs:dynamic/dondominio:Redirect::www";

/** name -> a value holding the marker "Pw-9137" that must never be shown. */
const CASES: [string, unknown][] = [
  ["sshKeys", ["Pw-9137-a", "Pw-9137-b"]],
  ["privateKeys", ["Pw-9137"]],
  ["signingKeys", { k1: "Pw-9137" }],
  ["authorization", "Bearer Pw-9137"],
  ["Authorization", "Basic UHctOTEzNw== Pw-9137"],
  ["jwt", "eyJhbGciOi.Pw-9137.sig"],
  ["connectionString", "postgres://app:Pw-9137@db.internal:5432/app"],
  ["destination", "https://user:Pw-9137@example.com/login"],
  ["nested", { db: { url: "mysql://root:Pw-9137@127.0.0.1/x" } }],
  ["list", ["ftp://anon:Pw-9137@ftp.example.com/"]],
];

function digestFor(op: string, name: string, value: unknown): PreviewDigest {
  return {
    steps: [
      {
        op,
        urn: URN,
        oldState: { type: "pulumi-nodejs:dynamic/dondominio:Redirect", id: "r1", inputs: { [name]: "old" }, outputs: { [name]: "old" } },
        newState: { type: "pulumi-nodejs:dynamic/dondominio:Redirect", inputs: { [name]: value } },
        diffReasons: [name],
      },
    ],
    changeSummary: { [op]: 1 },
  };
}

describe("probe: dondominio-review hides secrets named or written in ways the rule missed", () => {
  for (const [name, value] of CASES)
    it(`${name}: ${JSON.stringify(value).slice(0, 60)} shows as [secret] on create, update and replace`, () => {
      for (const op of ["create", "update", "replace"]) {
        const md = renderMarkdown(collectReview(digestFor(op, name, value)));
        expect(md, `${op}:\n${md}`).to.not.contain("Pw-9137");
        expect(md, op).to.contain("[secret]");
      }
    });

  it("the sdk's redaction (errors, debug log) masks the same members by the same rule", () => {
    const masked = JSON.stringify(redact(Object.fromEntries(CASES)));
    expect(masked).to.not.contain("Pw-9137");
  });

  it("names and URLs that hold no secret stay visible", () => {
    const md = renderMarkdown(
      collectReview({
        steps: [
          {
            op: "create",
            urn: URN,
            newState: {
              type: "t",
              inputs: {
                keys: "k",
                destination: "https://example.com/a@b",
                origin: "mailto:ana@example.com",
                publicKeys: "ssh-ed25519 AAAA",
                productKey: "basic",
              },
            },
          },
        ],
      }),
    );
    for (const shown of ["keys=k", "https://example.com/a@b", "mailto:ana@example.com", "ssh-ed25519 AAAA", "productKey=basic"]) expect(md).to.contain(shown);
  });

  it("the value rule is linear: a 1 MB value of letters, of colons or of `://` runs is judged at once", () => {
    for (const value of ["a".repeat(1 << 20), "a:".repeat(1 << 19), `://${"x:".repeat(1 << 19)}`, "ab://".repeat(1 << 18)]) {
      // CPU time, not wall time (a loaded machine stretches the latter): a backtracking rule took
      // minutes of it for a megabyte, the linear one some tens of ms.
      const t0 = process.cpuUsage();
      renderMarkdown(collectReview(digestFor("create", "value", value)));
      redact({ value });
      const used = process.cpuUsage(t0);
      const ms = (used.user + used.system) / 1000;
      expect(ms, `${JSON.stringify(value.slice(0, 12))}…: ${ms.toFixed(0)} ms of CPU`).to.be.below(2_000);
    }
  });
});

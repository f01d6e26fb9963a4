/**
 * dondominio-review shows [secret] by the sdk's one rule (sdk/core/secrets.ts, issue 19 item 4),
 * whatever the engine sent in plain text: every secret name of the rule (dyndnsKey, the package's
 * own secret; passphrase, tlsKey, sshKey, signingKey, certKey, pwd...) in a create's inputs, an
 * update's old and new values, what a refresh found, nested in an object; any PEM private key under
 * any name. Public values beside them (productKey, keytag, keyLength...) stay visible.
 */
import { expect } from "chai";
import { type ReviewEngineEvent, renderReview } from "../../provider/review";
import { PUBLIC_NAMES, SECRET_NAMES } from "../sdk/secret-names";

const TYPE = "pulumi-nodejs:dynamic/dondominio:Thing";
const urn = (name: string) => `urn:pulumi:dev::proj::${TYPE}::${name}`;
const PEM = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAplainKeyMaterial\n-----END RSA PRIVATE KEY-----";
/** A plain-text value per name, each one findable in the comment. */
const plain = (name: string, when: string) => `Plain-${when}-${name.replace(/[^A-Za-z]/g, "")}-77`;

function props(names: readonly string[], when: string): Record<string, unknown> {
  return Object.fromEntries(names.map((n) => [n, plain(n, when)]));
}

function plan(): ReviewEngineEvent[] {
  const all = [...SECRET_NAMES, ...PUBLIC_NAMES];
  const extra = { note: PEM, tldParams: { aeroPass: plain("aeroPass", "nested"), aeroId: "ID-1" } };
  // One create per secret name (a create's inputs are shown on one capped line), one with the PEM and a nested secret.
  const creates: ReviewEngineEvent[] = SECRET_NAMES.map((n, i) => ({
    resourcePreEvent: { metadata: { op: "create", urn: urn(`new-${i}`), type: TYPE, new: { inputs: { [n]: plain(n, "create"), keytag: 12345 } } } },
  }));
  return [
    ...creates,
    { sequence: 1, resourcePreEvent: { metadata: { op: "create", urn: urn("new"), type: TYPE, new: { inputs: extra } } } },
    {
      sequence: 2,
      resourcePreEvent: {
        metadata: {
          op: "update",
          urn: urn("changed"),
          type: TYPE,
          old: { id: "1", inputs: props(all, "old"), outputs: { ...props(all, "old"), note: "before" } },
          new: { inputs: { ...props(all, "new"), ...extra } },
        },
      },
    },
    {
      sequence: 3,
      resOutputsEvent: {
        metadata: {
          op: "refresh",
          urn: urn("drifted"),
          type: TYPE,
          old: { id: "2", outputs: props(all, "state") },
          new: { id: "2", outputs: { ...props(all, "live"), note: PEM } },
        },
      },
    },
    {
      // Only secrets differ: the review names each of them.
      sequence: 4,
      resourcePreEvent: {
        metadata: {
          op: "update",
          urn: urn("rotated"),
          type: TYPE,
          old: {
            id: "3",
            inputs: { ...props(SECRET_NAMES, "old"), ...props(PUBLIC_NAMES, "same") },
            outputs: { ...props(SECRET_NAMES, "old"), ...props(PUBLIC_NAMES, "same") },
          },
          new: { inputs: { ...props(SECRET_NAMES, "new"), ...props(PUBLIC_NAMES, "same") } },
        },
      },
    },
  ];
}

describe("review: secrets by the sdk's one rule", () => {
  const md = renderReview(plan());

  it("no value under a secret name, nor any private key, appears in the comment", () => {
    for (const n of [...SECRET_NAMES, "aeroPass"])
      for (const when of ["create", "old", "new", "state", "live", "nested"]) expect(md, `${n} (${when})`).not.to.include(plain(n, when));
    expect(md).not.to.include("PRIVATE KEY");
    expect(md).not.to.include("plainKeyMaterial");
  });

  it("each of them is named, as [secret]", () => {
    const rotated = md.split("\n").find((l) => l.includes("| `rotated` |")) ?? "";
    for (const n of SECRET_NAMES) expect(md).to.include(`\`${n}=[secret], keytag=12345\``);
    for (const n of ["dyndnsKey", "passphrase", "tlsKey", "sshKey", "signingKey", "certKey", "pwd"]) expect(rotated).to.include(`\`${n}\`: \`[secret]\``);
    expect(md).to.include('`note=[secret], tldParams={"aeroPass":"[secret]","aeroId":"ID-1"}`');
    expect(md).to.include("`note`: `before` → `[secret]`");
    expect(md).to.include("`note`: `[secret]` (added)");
    expect(rotated).not.to.include("productKey");
  });

  it("public values beside them stay visible", () => {
    for (const n of PUBLIC_NAMES) {
      expect(md, n).to.include(plain(n, "old"));
      expect(md, n).to.include(plain(n, "new"));
    }
  });
});

describe("review: the engine's check-failure form never copies the value it prints", () => {
  // Pulumi 3.250 prints a failing property with its value in plaintext, secret or not (sdk/go/common/diag
  // errors.go 2003, pkg/resource/deploy/source_eval.go errorToMessage): a secret provider setting
  // under a misspelt key would be shown. The review cannot tell a secret there, so it shows no value.
  const PROVIDER = "urn:pulumi:dev::proj::pulumi:providers:dondominio::default";
  const forms = [
    "pulumi:providers:dondominio resource 'default': property apiPassword value {Plain-check-secret-77} has a problem: dondominio:apiPassword is not a setting",
    "registering resource: failed\n\t\t- property apiPassword with value 'Plain-check-secret-77' has a problem: not a setting",
    "property note value {line one\nPlain-check-secret-77 has a problem: forged} has a problem: the reason",
  ];

  it("drops the value of each form, the property and the reason kept", () => {
    for (const message of forms) {
      for (const input of [
        [{ sequence: 1, diagnosticEvent: { urn: PROVIDER, severity: "error", message } }] as ReviewEngineEvent[],
        { diagnostics: [{ urn: PROVIDER, severity: "error", message: `error: ${message}` }], changeSummary: {} },
      ]) {
        const md = renderReview(input as never);
        expect(md, message).to.not.include("Plain-check-secret-77");
        expect(md, message).to.match(/property (apiPassword|note)/);
        expect(md, message).to.include("has a problem");
      }
    }
  });
});

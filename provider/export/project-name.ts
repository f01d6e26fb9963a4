/**
 * The project name dondominio-export writes into Pulumi.yaml, package.json and README.md (--project).
 * Pulumi's own rule (the CLI's tokens.ValidateProjectName, Pulumi 3.250: "project names may only
 * contain alphanumerics, hyphens, underscores, and periods", at most 100 characters, not empty),
 * which also keeps the name one plain YAML scalar and one JSON string: a line feed would otherwise
 * add a line such as a second `runtime:` to Pulumi.yaml (issue 19 item 9).
 */
const PROJECT_NAME = /^[A-Za-z0-9_.-]{1,100}$/;

export class ProjectNameError extends Error {}

/** The name when it meets the rule; otherwise ProjectNameError naming --project and the rule. */
export function validProjectName(name: string): string {
  if (typeof name === "string" && PROJECT_NAME.test(name)) return name;
  const shown = JSON.stringify(String(name)).replace(/[^\x20-\x7e]/g, (c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}`);
  throw new ProjectNameError(
    `--project ${shown.length > 60 ? `${shown.slice(0, 60)}..."` : shown}: a Pulumi project name is 1 to 100 characters, each a letter, digit, "-", "_" or "." (Pulumi's rule)`,
  );
}

/**
 * The name as a YAML scalar that reads back as the same string: plain when it starts with a letter
 * or "_" and is no YAML keyword; otherwise quoted (JSON's string form, which YAML reads alike).
 * Pulumi's rule allows `null`, `true`, `123`, `1e3`, `.inf`, which YAML would read as a null, a
 * boolean or a number: the Pulumi CLI then refuses the project (no string `name`).
 */
export function yamlProjectName(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(name) && !/^(?:true|false|yes|no|on|off|y|n|null)$/i.test(name) ? name : JSON.stringify(name);
}

/**
 * PHP versions of a hosting service (spec "Hosting service": php {enabled, version, available};
 * service/update updateType=phpversion takes "one of the available versions"). Only products with
 * web space run PHP: the redirect and mail plans have none (facts.md product keys; the emulator
 * answers 4005 for them, emulator/modules/service/handlers.ts).
 */

/** Product keys without web space (redirect & parking, the mail plans). */
export const NO_WEB_PRODUCTS: ReadonlySet<string> = new Set(["redir", "mail", "mailplus", "mailpro"]);

export function hasWebSpace(productKey: string): boolean {
  return !NO_WEB_PRODUCTS.has(productKey);
}

/** A version as the API lists them: major.minor. */
const PHP_VERSION = /^\d+\.\d+$/;

/**
 * Why `version` cannot be set on a service of `productKey` offering `available` (undefined when
 * the list is not known), or undefined.
 */
export function phpVersionProblem(productKey: string, version: string, available?: readonly string[]): string | undefined {
  if (!hasWebSpace(productKey))
    return `a ${productKey} service has no web space, so no PHP version to set (only hosting products run PHP): leave phpVersion out`;
  if (!PHP_VERSION.test(version)) return `"${version}" must be a PHP version such as 8.2 (major.minor, as service/getinfo php lists them)`;
  if (available && !available.includes(version)) return `${version} is not offered; available: ${available.join(", ")} (service/getinfo php)`;
  return undefined;
}

/**
 * The key of a CSR against the SSL product's key length (ssl/productlist keyLength, in bits): the
 * CA refuses a certificate request whose RSA key is shorter (CA/Browser Forum Baseline
 * Requirements 6.1.5: RSA keys of at least 2048 bits), after the order is paid.
 */

/** Why a CSR key of `bits` (undefined: not an RSA key this package can measure) is too short for `keyLength`, or undefined. */
export function csrKeyProblem(bits: number | undefined, keyLength: number, product = "the product"): string | undefined {
  if (bits === undefined || bits >= keyLength) return undefined;
  return `the CSR's RSA key has ${bits} bits; ${product} needs at least ${keyLength} (ssl/productlist keyLength; the CA refuses shorter keys): generate the key and CSR again`;
}

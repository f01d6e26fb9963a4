// The userland punycode package (the "punycode/" specifier avoids Node's deprecated core module).
declare module "punycode/" {
  export function toASCII(domain: string): string;
  export function toUnicode(domain: string): string;
  export function encode(input: string): string;
  export function decode(input: string): string;
}

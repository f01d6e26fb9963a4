/** Shared by the redaction and review tests: what the one secret rule (sdk/core/secrets.ts) must say of these names. */
/** Names the rule calls secret: the API's members, the resources' inputs, and the usual spellings. */
export const SECRET_NAMES = [
  ...["apipasswd", "password", "key", "apikey", "authcode", "sslKey", "keyData", "csrKey", "pfxpass", "aeroPass"],
  ...["privateKey", "passwordHash", "dyndnsKey", "controlToken", "infoPassword", "transferAuthcode", "keyPem"],
  ...[
    "passphrase",
    "tlsKey",
    "sshKey",
    "signingKey",
    "certKey",
    "pwd",
    "dbPwd",
    "ssl_key",
    "API-KEY",
    "clientSecret",
    "accessToken",
    "credentials",
    "authInfo",
  ],
  // One-time and PIN codes, salts, passphrases and API keys however spelled.
  ...["pin", "PIN", "pinCode", "pin_code", "simPin", "otp", "OTP", "otpCode", "emailOtp", "totp", "totpSecret", "TOTP-Code", "hotp", "mfaCode"],
  ...["salt", "passwordSalt", "hash_salt", "passcode", "keyPassphrase", "api_key", "X-Api-Key", "apiKeys", "apiKeyId"],
];
/** Names it leaves visible: public keys and codes, key metadata, and names that only contain the letters. */
export const PUBLIC_NAMES = [
  "productKey",
  "productkey",
  "publicKey",
  "keytag",
  "keyLength",
  "keyFile",
  "digest",
  "domain",
  "name",
  "value",
  "type",
  "serviceName",
  "passes",
  "keys",
  // The letters of pin, otp and salt inside other words.
  "spin",
  "shipping",
  "mapping",
  "opinion",
  "pinned",
  "footprint",
  "topping",
  "saltRounds",
  "otpEnabled",
];

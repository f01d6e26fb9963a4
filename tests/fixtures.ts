/** Test data shared by every layer's tests. */

/** contact/create fields (no prefix): a Spanish individual. */
export const PERSON = {
  Type: "individual",
  FirstName: "Marta",
  LastName: "García",
  IdentNumber: "12345678Z",
  Email: "marta@example.com",
  Phone: "+34.931234567",
  Address: "Carrer Major 1",
  PostalCode: "08001",
  City: "Barcelona",
  State: "Barcelona",
  Country: "ES",
} as const;

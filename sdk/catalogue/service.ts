/** service module: placeholder until its entries land. */
export const service = {};

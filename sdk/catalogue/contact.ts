/** contact module: placeholder until its entries land. */
export const contact = {};

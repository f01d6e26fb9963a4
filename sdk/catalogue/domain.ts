/** domain module: placeholder until its entries land. */
export const domain = {};

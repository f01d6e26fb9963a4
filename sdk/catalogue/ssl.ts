/** ssl module: placeholder until its entries land. */
export const ssl = {};

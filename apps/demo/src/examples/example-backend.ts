/** A stand-in for a host's business API in documentation examples. */
export const backend = {
  /** Orders of one customer. */
  async orders(customerId: string): Promise<{ id: string; customerId: string }[]> {
    return [{ id: 'A-1', customerId }];
  },
};

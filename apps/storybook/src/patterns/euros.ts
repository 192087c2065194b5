/** Whole euros as the marketplace shows prices to travellers: "€1,240". */
export const euros = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});

/**
 * How a booking that made its prepayment (status 3, "made prepayment" in the spec) is named
 * wherever it shows: "Paid in full" once what is paid covers the price, else "Prepaid", with money
 * left to pay. One rule for the traveller's trip page, the chat's bookings and the organizer area.
 */
export function madePrepaymentLabel(booking: {
  price: number;
  paid?: number | undefined;
}): 'Paid in full' | 'Prepaid' {
  return (booking.paid ?? 0) >= booking.price ? 'Paid in full' : 'Prepaid';
}

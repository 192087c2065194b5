/** The tour's date and price texts live in lib/ (the booking pages print them too). */
export * from '../../lib/tour-format';

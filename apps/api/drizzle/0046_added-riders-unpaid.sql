-- Riders added to a booking that had paid hold their places until their share of the prepayment
-- is paid; the booking job gives back the places of those still unpaid when the hold ends.
ALTER TABLE "booking_tourists" ADD COLUMN "added_unpaid" boolean DEFAULT false NOT NULL;

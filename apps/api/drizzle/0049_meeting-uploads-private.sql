-- A meeting's files (vouchers, tickets, maps of one booking) are private: shared by their link
-- with the traveller only and served `private, no-store`, never kept by a shared cache. Uploads
-- take that from `is_public`, set false for meeting files since the meet page's upload does; the
-- ones uploaded before were stored public (the column's default), and are made private here.
UPDATE "uploads" SET "is_public" = false WHERE ("meeting_id" IS NOT NULL OR "purpose" = 'meeting') AND "is_public";

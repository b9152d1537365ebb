-- Sell-out with one decimal, 0.0-100.0 (issue 18 item 12): existing whole numbers keep their value.
ALTER TABLE "prospection_brands" ALTER COLUMN "sellout" SET DATA TYPE numeric(4, 1);
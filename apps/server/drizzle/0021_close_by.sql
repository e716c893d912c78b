-- Close by (decision 037): a position closed against an opposite one names it; 0 for every other order.
ALTER TABLE "orders" ADD COLUMN "closed_by_id" bigint DEFAULT 0 NOT NULL;
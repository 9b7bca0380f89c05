-- A block's holds alone, for the lapsed holds every new hold deletes: a block start is shared by the
-- visits of every sector, thousands of them confirmed, which the block's index would read through.
CREATE INDEX "visits_holds_by_block_idx" ON "visits" USING btree ("block_start") WHERE "visits"."status" = 'hold';
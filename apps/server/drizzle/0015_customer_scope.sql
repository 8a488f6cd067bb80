CREATE INDEX "customers_created_by_idx" ON "customers" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "tickets_campaign_customer_idx" ON "tickets" USING btree ("campaign_id","customer_id");--> statement-breakpoint
-- ver-todos-clientes is new: roles that see every ticket (and so every customer) get it, as new installations do.
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT "role_id", 'ver-todos-clientes' FROM "role_permissions" WHERE "permission" = 'ver-todos-casos'
ON CONFLICT DO NOTHING;

ALTER TABLE "resources" ADD COLUMN "ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "skill_triggers" ADD COLUMN "armed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "resources_uid_ready_at_index" ON "resources" USING btree ("uid","ready_at");
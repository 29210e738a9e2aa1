CREATE TABLE "version_bases" (
	"base_id" text PRIMARY KEY NOT NULL,
	"doc_name" text NOT NULL,
	"first_version_id" text NOT NULL,
	"state" "bytea" NOT NULL,
	"state_vector" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "versions" (
	"version_id" text PRIMARY KEY NOT NULL,
	"doc_name" text NOT NULL,
	"kind" text NOT NULL,
	"name" text,
	"author_uid" text,
	"summary" jsonb NOT NULL,
	"base_id" text NOT NULL,
	"diff" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"state_hash" text NOT NULL,
	"restored_from" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "versions" ADD CONSTRAINT "versions_base_id_version_bases_base_id_fk" FOREIGN KEY ("base_id") REFERENCES "public"."version_bases"("base_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "version_bases_doc_name_created_at_index" ON "version_bases" USING btree ("doc_name","created_at");--> statement-breakpoint
CREATE INDEX "versions_doc_name_created_at_index" ON "versions" USING btree ("doc_name","created_at");--> statement-breakpoint
CREATE INDEX "versions_base_id_index" ON "versions" USING btree ("base_id");--> statement-breakpoint
CREATE INDEX "versions_kind_created_at_index" ON "versions" USING btree ("kind","created_at");
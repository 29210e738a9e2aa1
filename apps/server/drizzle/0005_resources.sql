CREATE TABLE "library_chunks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"uid" text NOT NULL,
	"ord" integer NOT NULL,
	"content" text NOT NULL,
	"search_text" text NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, search_text)) STORED
);
--> statement-breakpoint
CREATE TABLE "library_entries" (
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"uid" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"search_title" text DEFAULT '' NOT NULL,
	"title_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, search_title)) STORED,
	"source_updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "library_entries_entity_type_entity_id_pk" PRIMARY KEY("entity_type","entity_id")
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"resource_id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"resource_type" text NOT NULL,
	"title" text NOT NULL,
	"meta" jsonb,
	"index_status" text DEFAULT 'init' NOT NULL,
	"index_error" jsonb,
	"index_version" integer DEFAULT 0 NOT NULL,
	"index_attempts" integer DEFAULT 0 NOT NULL,
	"raw_file_key" text,
	"content_type" text,
	"content" text DEFAULT '' NOT NULL,
	"content_preview" text DEFAULT '' NOT NULL,
	"storage_size" bigint DEFAULT 0 NOT NULL,
	"vector_size" bigint DEFAULT 0 NOT NULL,
	"project_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "library_chunks" ADD CONSTRAINT "library_chunks_entity_type_entity_id_library_entries_entity_type_entity_id_fk" FOREIGN KEY ("entity_type","entity_id") REFERENCES "public"."library_entries"("entity_type","entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_entries" ADD CONSTRAINT "library_entries_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_project_id_projects_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("project_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_chunks_entity_type_entity_id_ord_index" ON "library_chunks" USING btree ("entity_type","entity_id","ord");--> statement-breakpoint
CREATE INDEX "library_chunks_uid_index" ON "library_chunks" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "library_chunks_tsv_idx" ON "library_chunks" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "library_entries_uid_entity_type_index" ON "library_entries" USING btree ("uid","entity_type");--> statement-breakpoint
CREATE INDEX "library_entries_title_tsv_idx" ON "library_entries" USING gin ("title_tsv");--> statement-breakpoint
CREATE INDEX "resources_uid_updated_at_index" ON "resources" USING btree ("uid","updated_at");--> statement-breakpoint
CREATE INDEX "resources_uid_project_id_index" ON "resources" USING btree ("uid","project_id");--> statement-breakpoint
CREATE INDEX "resources_index_status_index" ON "resources" USING btree ("index_status");
CREATE TABLE "canvases" (
	"canvas_id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"read_only" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'ready' NOT NULL,
	"minimap_storage_key" text,
	"project_id" text,
	"snapshot" jsonb,
	"node_count" integer DEFAULT 0 NOT NULL,
	"duplicate_from" text,
	"duplicate_entities" boolean DEFAULT false NOT NULL,
	"duplicate_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"doc_id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"content_preview" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"read_only" boolean DEFAULT false NOT NULL,
	"project_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collab_documents" (
	"name" text PRIMARY KEY NOT NULL,
	"state" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collab_updates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"update" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "canvases" ADD CONSTRAINT "canvases_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canvases" ADD CONSTRAINT "canvases_project_id_projects_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("project_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_project_id_projects_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("project_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "canvases_uid_updated_at_index" ON "canvases" USING btree ("uid","updated_at");--> statement-breakpoint
CREATE INDEX "canvases_uid_project_id_index" ON "canvases" USING btree ("uid","project_id");--> statement-breakpoint
CREATE INDEX "canvases_status_index" ON "canvases" USING btree ("status");--> statement-breakpoint
CREATE INDEX "documents_uid_updated_at_index" ON "documents" USING btree ("uid","updated_at");--> statement-breakpoint
CREATE INDEX "documents_uid_project_id_index" ON "documents" USING btree ("uid","project_id");--> statement-breakpoint
CREATE INDEX "collab_updates_name_id_index" ON "collab_updates" USING btree ("name","id");
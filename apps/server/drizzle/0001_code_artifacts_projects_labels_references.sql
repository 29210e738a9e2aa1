CREATE TABLE "code_artifacts" (
	"artifact_id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"type" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"language" text,
	"preview_storage_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"project_id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"cover_storage_key" text,
	"custom_instructions" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "label_classes" (
	"label_class_id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"icon" jsonb,
	"prompt" text NOT NULL,
	"values" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "label_instances" (
	"label_id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"label_class_id" text NOT NULL,
	"value" text NOT NULL,
	"entity_type" text,
	"entity_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_references" (
	"reference_id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"source_type" text NOT NULL,
	"source_id" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "code_artifacts" ADD CONSTRAINT "code_artifacts_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_classes" ADD CONSTRAINT "label_classes_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_instances" ADD CONSTRAINT "label_instances_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_instances" ADD CONSTRAINT "label_instances_label_class_id_label_classes_label_class_id_fk" FOREIGN KEY ("label_class_id") REFERENCES "public"."label_classes"("label_class_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_references" ADD CONSTRAINT "knowledge_references_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "code_artifacts_uid_updated_at_index" ON "code_artifacts" USING btree ("uid","updated_at");--> statement-breakpoint
CREATE INDEX "projects_uid_updated_at_index" ON "projects" USING btree ("uid","updated_at");--> statement-breakpoint
CREATE INDEX "label_classes_uid_updated_at_index" ON "label_classes" USING btree ("uid","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "label_classes_uid_name_key" ON "label_classes" USING btree ("uid",lower("name"));--> statement-breakpoint
CREATE INDEX "label_instances_label_class_id_index" ON "label_instances" USING btree ("label_class_id");--> statement-breakpoint
CREATE INDEX "label_instances_uid_updated_at_index" ON "label_instances" USING btree ("uid","updated_at");--> statement-breakpoint
CREATE INDEX "label_instances_entity_type_entity_id_index" ON "label_instances" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_references_link_key" ON "knowledge_references" USING btree ("uid","source_type","source_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "knowledge_references_uid_target_type_target_id_index" ON "knowledge_references" USING btree ("uid","target_type","target_id");
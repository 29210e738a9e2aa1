CREATE TABLE "api_tokens" (
	"token_id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"prefix" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mcp_servers" (
	"server_id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"url" text,
	"secrets_encrypted" text,
	"reconnect" jsonb,
	"config" jsonb,
	"enabled" boolean DEFAULT false NOT NULL,
	"check_status" text DEFAULT 'unchecked' NOT NULL,
	"last_error" text,
	"tools" jsonb,
	"tool_count" integer,
	"validated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shares" (
	"share_id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"allow_duplication" boolean DEFAULT false NOT NULL,
	"parent_share_id" text,
	"template_id" text,
	"access" text DEFAULT 'anyone' NOT NULL,
	"expires_at" timestamp with time zone,
	"live" boolean DEFAULT false NOT NULL,
	"storage_key" text NOT NULL,
	"files" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"entity_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_node_relations" (
	"relation_id" text PRIMARY KEY NOT NULL,
	"page_id" text NOT NULL,
	"node_id" text NOT NULL,
	"node_type" text NOT NULL,
	"entity_id" text DEFAULT '' NOT NULL,
	"order_index" integer NOT NULL,
	"node_data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"page_id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"canvas_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"cover_storage_key" text,
	"page_config" jsonb NOT NULL,
	"share_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_categories" (
	"category_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"label_dict" jsonb NOT NULL,
	"description_dict" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"template_id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"canvas_id" text NOT NULL,
	"share_id" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"category_id" text,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"cover_storage_key" text,
	"builtin_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcp_servers" ADD CONSTRAINT "mcp_servers_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_parent_share_id_shares_share_id_fk" FOREIGN KEY ("parent_share_id") REFERENCES "public"."shares"("share_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_node_relations" ADD CONSTRAINT "page_node_relations_page_id_pages_page_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("page_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_canvas_id_canvases_canvas_id_fk" FOREIGN KEY ("canvas_id") REFERENCES "public"."canvases"("canvas_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_category_id_template_categories_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."template_categories"("category_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_hash_key" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_uid_index" ON "api_tokens" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "mcp_servers_uid_name_index" ON "mcp_servers" USING btree ("uid","name");--> statement-breakpoint
CREATE INDEX "mcp_servers_uid_created_at_index" ON "mcp_servers" USING btree ("uid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shares_top_level_key" ON "shares" USING btree ("uid","entity_type","entity_id") WHERE "shares"."parent_share_id" is null and "shares"."template_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "shares_child_key" ON "shares" USING btree ("parent_share_id","entity_type","entity_id") WHERE "shares"."parent_share_id" is not null;--> statement-breakpoint
CREATE INDEX "shares_uid_updated_at_index" ON "shares" USING btree ("uid","updated_at");--> statement-breakpoint
CREATE INDEX "shares_template_id_index" ON "shares" USING btree ("template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "page_node_relations_page_node_key" ON "page_node_relations" USING btree ("page_id","node_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_canvas_id_key" ON "pages" USING btree ("canvas_id");--> statement-breakpoint
CREATE INDEX "pages_uid_updated_at_index" ON "pages" USING btree ("uid","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "templates_builtin_key" ON "templates" USING btree ("builtin_key") WHERE "templates"."builtin_key" is not null;--> statement-breakpoint
CREATE INDEX "templates_uid_updated_at_index" ON "templates" USING btree ("uid","updated_at");--> statement-breakpoint
CREATE INDEX "templates_language_featured_index" ON "templates" USING btree ("language","featured");
CREATE TABLE "provider_items" (
	"item_id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"provider_id" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"tier" text,
	"config" jsonb NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"group" text DEFAULT 'default' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"provider_id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"provider_key" text NOT NULL,
	"name" text NOT NULL,
	"categories" jsonb NOT NULL,
	"base_url" text,
	"api_key_encrypted" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "provider_items" ADD CONSTRAINT "provider_items_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_items_uid_category_order_index" ON "provider_items" USING btree ("uid","category","order");--> statement-breakpoint
CREATE INDEX "provider_items_provider_id_index" ON "provider_items" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "providers_uid_created_at_index" ON "providers" USING btree ("uid","created_at");
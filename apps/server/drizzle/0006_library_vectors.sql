CREATE EXTENSION IF NOT EXISTS vector;--> statement-breakpoint
CREATE TABLE "library_embedding_models" (
	"uid" text PRIMARY KEY NOT NULL,
	"item_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"model_id" text NOT NULL,
	"dimensions" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parse_usage" (
	"uid" text NOT NULL,
	"day" text NOT NULL,
	"pages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "parse_usage_uid_day_pk" PRIMARY KEY("uid","day")
);
--> statement-breakpoint
ALTER TABLE "library_chunks" ADD COLUMN "embedding" vector;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "finish_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "library_embedding_models" ADD CONSTRAINT "library_embedding_models_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parse_usage" ADD CONSTRAINT "parse_usage_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "action_results" (
	"result_id" text NOT NULL,
	"version" integer NOT NULL,
	"uid" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"input" jsonb NOT NULL,
	"tier" text,
	"status" text DEFAULT 'waiting' NOT NULL,
	"type" text DEFAULT 'skill' NOT NULL,
	"model_info" jsonb,
	"target_type" text,
	"target_id" text,
	"action_meta" jsonb,
	"context" jsonb,
	"tpl_config" jsonb,
	"runtime_config" jsonb,
	"history" jsonb,
	"run_options" jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"abort_requested" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "action_results_result_id_version_pk" PRIMARY KEY("result_id","version")
);
--> statement-breakpoint
CREATE TABLE "action_steps" (
	"result_id" text NOT NULL,
	"version" integer NOT NULL,
	"step_index" integer NOT NULL,
	"name" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"reasoning_content" text DEFAULT '' NOT NULL,
	"artifacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"structured_data" jsonb,
	"logs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"token_usage" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "action_steps_result_id_version_step_index_pk" PRIMARY KEY("result_id","version","step_index")
);
--> statement-breakpoint
ALTER TABLE "action_results" ADD CONSTRAINT "action_results_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "action_results_uid_updated_at_index" ON "action_results" USING btree ("uid","updated_at");--> statement-breakpoint
CREATE INDEX "action_results_uid_target_type_target_id_index" ON "action_results" USING btree ("uid","target_type","target_id");--> statement-breakpoint
CREATE INDEX "action_results_status_index" ON "action_results" USING btree ("status");
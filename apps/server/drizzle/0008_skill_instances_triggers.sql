CREATE TABLE "skill_instances" (
	"skill_id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"tpl_name" text NOT NULL,
	"display_name" text NOT NULL,
	"description" text,
	"icon" jsonb,
	"tpl_config" jsonb,
	"invocation_config" jsonb NOT NULL,
	"pinned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skill_trigger_runs" (
	"trigger_id" text NOT NULL,
	"run_key" text NOT NULL,
	"uid" text NOT NULL,
	"result_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"resource_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skill_trigger_runs_trigger_id_run_key_pk" PRIMARY KEY("trigger_id","run_key")
);
--> statement-breakpoint
CREATE TABLE "skill_triggers" (
	"trigger_id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"skill_id" text NOT NULL,
	"display_name" text NOT NULL,
	"trigger_type" text NOT NULL,
	"simple_event_name" text,
	"timer_config" jsonb,
	"input" jsonb,
	"context" jsonb,
	"tpl_config" jsonb,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "skill_instances" ADD CONSTRAINT "skill_instances_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_trigger_runs" ADD CONSTRAINT "skill_trigger_runs_trigger_id_skill_triggers_trigger_id_fk" FOREIGN KEY ("trigger_id") REFERENCES "public"."skill_triggers"("trigger_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_triggers" ADD CONSTRAINT "skill_triggers_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_triggers" ADD CONSTRAINT "skill_triggers_skill_id_skill_instances_skill_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skill_instances"("skill_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "skill_instances_uid_created_at_index" ON "skill_instances" USING btree ("uid","created_at");--> statement-breakpoint
CREATE INDEX "skill_trigger_runs_status_index" ON "skill_trigger_runs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "skill_triggers_uid_created_at_index" ON "skill_triggers" USING btree ("uid","created_at");--> statement-breakpoint
CREATE INDEX "skill_triggers_skill_id_index" ON "skill_triggers" USING btree ("skill_id");--> statement-breakpoint
CREATE INDEX "skill_triggers_next_run_at_index" ON "skill_triggers" USING btree ("next_run_at");
CREATE TABLE "stripe_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"subscription_id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"customer_id" text NOT NULL,
	"plan_type" text NOT NULL,
	"interval" text,
	"status" text NOT NULL,
	"is_trial" boolean DEFAULT false NOT NULL,
	"cancel_at" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"event_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_uid_idx" ON "subscriptions" USING btree ("uid");
CREATE TABLE "request_throttle_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "request_throttle_events_key_idx" ON "request_throttle_events" USING btree ("bucket","key","created_at");--> statement-breakpoint
CREATE INDEX "request_throttle_events_created_idx" ON "request_throttle_events" USING btree ("created_at");
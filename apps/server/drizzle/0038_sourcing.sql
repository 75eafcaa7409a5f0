CREATE TABLE "sourcing_agents" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"languages" jsonb NOT NULL,
	"hours_from" text NOT NULL,
	"hours_to" text NOT NULL,
	"time_zone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sourcing_assignments" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"agent_id" uuid NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sourcing_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"from_staff" boolean NOT NULL,
	"text" text NOT NULL,
	"images" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sourcing_products" (
	"request_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "sourcing_products_request_id_product_id_pk" PRIMARY KEY("request_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "sourcing_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"user_id" uuid NOT NULL,
	"url" text NOT NULL,
	"url_key" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"images" jsonb NOT NULL,
	"target_price_minor" bigint,
	"quantity" integer NOT NULL,
	"purchase_type" text NOT NULL,
	"have_orders" boolean NOT NULL,
	"accept_similar" boolean NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"agent_id" uuid,
	"handler_id" uuid,
	"failure_reason" text,
	"failure_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"taken_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	CONSTRAINT "sourcing_requests_quantity_positive" CHECK ("sourcing_requests"."quantity" > 0),
	CONSTRAINT "sourcing_requests_failed_reason" CHECK (("sourcing_requests"."state" = 'failed') = ("sourcing_requests"."failure_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "sourcing_agents" ADD CONSTRAINT "sourcing_agents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sourcing_assignments" ADD CONSTRAINT "sourcing_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sourcing_assignments" ADD CONSTRAINT "sourcing_assignments_agent_id_sourcing_agents_user_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."sourcing_agents"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sourcing_messages" ADD CONSTRAINT "sourcing_messages_request_id_sourcing_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."sourcing_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sourcing_messages" ADD CONSTRAINT "sourcing_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sourcing_products" ADD CONSTRAINT "sourcing_products_request_id_sourcing_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."sourcing_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sourcing_requests" ADD CONSTRAINT "sourcing_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sourcing_requests" ADD CONSTRAINT "sourcing_requests_agent_id_sourcing_agents_user_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."sourcing_agents"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sourcing_requests" ADD CONSTRAINT "sourcing_requests_handler_id_users_id_fk" FOREIGN KEY ("handler_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sourcing_assignments_agent_idx" ON "sourcing_assignments" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "sourcing_messages_request_idx" ON "sourcing_messages" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sourcing_requests_number_key" ON "sourcing_requests" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "sourcing_requests_open_url_key" ON "sourcing_requests" USING btree ("user_id","url_key") WHERE "sourcing_requests"."state" in ('pending', 'processing');--> statement-breakpoint
CREATE INDEX "sourcing_requests_user_idx" ON "sourcing_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sourcing_requests_queue_idx" ON "sourcing_requests" USING btree ("state","created_at");
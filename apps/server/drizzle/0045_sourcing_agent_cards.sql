ALTER TABLE "products" ADD COLUMN "source_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sourcing_agents" ADD COLUMN "photo" text;--> statement-breakpoint
ALTER TABLE "sourcing_agents" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sourcing_agents" ADD COLUMN "last_assigned_at" timestamp with time zone;
CREATE TABLE "analytics_dirty" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_dirty_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"campaign_id" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_hourly" (
	"campaign_id" bigint NOT NULL,
	"hour" timestamp NOT NULL,
	"metric" varchar(40) NOT NULL,
	"user_id" bigint DEFAULT 0 NOT NULL,
	"channel_id" bigint DEFAULT 0 NOT NULL,
	"dimension" varchar(80) DEFAULT '' NOT NULL,
	"count" bigint NOT NULL,
	"total" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_hourly_campaign_id_hour_metric_user_id_channel_id_dimension_pk" PRIMARY KEY("campaign_id","hour","metric","user_id","channel_id","dimension")
);
--> statement-breakpoint
CREATE TABLE "analytics_state" (
	"id" bigint PRIMARY KEY NOT NULL,
	"time_zone" varchar(60) NOT NULL,
	"rebuilt_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_hourly_user_idx" ON "analytics_hourly" USING btree ("user_id","hour");--> statement-breakpoint
CREATE INDEX "tickets_closed_idx" ON "tickets" USING btree ("closed_at") WHERE "tickets"."status" = 4;--> statement-breakpoint
-- Hand-written (not in the Drizzle schema): range indexes for the hour-by-hour recompute of append-only tables, and
-- the triggers that record what each change touched, in the change's own transaction (modules/analytics).
CREATE INDEX "messages_created_brin" ON "messages" USING brin ("created_at");--> statement-breakpoint
-- Tasks: the dashboards' "latest tasks" read them newest first, of everyone or of one author.
CREATE INDEX "ticket_tasks_created_idx" ON "ticket_tasks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ticket_tasks_author_created_idx" ON "ticket_tasks" USING btree ("author_id", "created_at");--> statement-breakpoint
CREATE INDEX "agent_status_log_created_brin" ON "agent_status_log" USING brin ("created_at");--> statement-breakpoint
CREATE FUNCTION analytics_mark(campaign bigint, at timestamptz) RETURNS void LANGUAGE sql AS $$
  INSERT INTO analytics_dirty (campaign_id, hour) SELECT campaign, date_trunc('hour', at, 'UTC') WHERE at IS NOT NULL AND campaign IS NOT NULL
$$;--> statement-breakpoint
-- Every hour a ticket's messages and tasks fall in, for a campaign: they follow the ticket's campaign and assignee.
CREATE FUNCTION analytics_mark_ticket_activity(campaign bigint, ticket bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO analytics_dirty (campaign_id, hour)
  SELECT campaign, h FROM (
    SELECT date_trunc('hour', created_at, 'UTC') AS h FROM messages WHERE ticket_id = ticket
    UNION SELECT date_trunc('hour', created_at, 'UTC') FROM ticket_tasks WHERE ticket_id = ticket
  ) hours
$$;--> statement-breakpoint
CREATE FUNCTION analytics_ticket_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_mark(NEW.campaign_id, NEW.created_at);
  PERFORM analytics_mark(NEW.campaign_id, NEW.closed_at);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION analytics_ticket_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_mark(NEW.campaign_id, NEW.created_at);
  PERFORM analytics_mark(NEW.campaign_id, NEW.closed_at);
  IF OLD.campaign_id IS DISTINCT FROM NEW.campaign_id OR OLD.created_at IS DISTINCT FROM NEW.created_at THEN
    PERFORM analytics_mark(OLD.campaign_id, OLD.created_at);
  END IF;
  IF OLD.campaign_id IS DISTINCT FROM NEW.campaign_id OR OLD.closed_at IS DISTINCT FROM NEW.closed_at THEN
    PERFORM analytics_mark(OLD.campaign_id, OLD.closed_at);
  END IF;
  IF OLD.campaign_id IS DISTINCT FROM NEW.campaign_id OR OLD.assigned_user_id IS DISTINCT FROM NEW.assigned_user_id
     OR OLD.type_id IS DISTINCT FROM NEW.type_id OR OLD.channel_id IS DISTINCT FROM NEW.channel_id THEN
    PERFORM analytics_mark_ticket_activity(NEW.campaign_id, NEW.id);
    IF OLD.campaign_id IS DISTINCT FROM NEW.campaign_id THEN
      PERFORM analytics_mark_ticket_activity(OLD.campaign_id, NEW.id);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER analytics_tickets_inserted AFTER INSERT ON tickets
  FOR EACH ROW EXECUTE FUNCTION analytics_ticket_inserted();--> statement-breakpoint
-- Only the columns the figures read: a new message's preview or an unread flag marks nothing.
CREATE TRIGGER analytics_tickets_updated AFTER UPDATE ON tickets FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.assigned_user_id IS DISTINCT FROM NEW.assigned_user_id
    OR OLD.campaign_id IS DISTINCT FROM NEW.campaign_id OR OLD.channel_id IS DISTINCT FROM NEW.channel_id
    OR OLD.type_id IS DISTINCT FROM NEW.type_id OR OLD.first_response_at IS DISTINCT FROM NEW.first_response_at
    OR OLD.opened_at IS DISTINCT FROM NEW.opened_at OR OLD.closed_at IS DISTINCT FROM NEW.closed_at
    OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION analytics_ticket_updated();--> statement-breakpoint
CREATE FUNCTION analytics_activity_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_dirty (campaign_id, hour)
  SELECT t.campaign_id, date_trunc('hour', NEW.created_at, 'UTC') FROM tickets t WHERE t.id = NEW.ticket_id;
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO analytics_dirty (campaign_id, hour)
    SELECT t.campaign_id, date_trunc('hour', OLD.created_at, 'UTC') FROM tickets t WHERE t.id = OLD.ticket_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER analytics_messages_inserted AFTER INSERT ON messages
  FOR EACH ROW EXECUTE FUNCTION analytics_activity_changed();--> statement-breakpoint
-- A merge moves messages to another ticket.
CREATE TRIGGER analytics_messages_moved AFTER UPDATE ON messages FOR EACH ROW
  WHEN (OLD.ticket_id IS DISTINCT FROM NEW.ticket_id OR OLD.direction IS DISTINCT FROM NEW.direction
    OR OLD.author_id IS DISTINCT FROM NEW.author_id OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION analytics_activity_changed();--> statement-breakpoint
CREATE TRIGGER analytics_tasks_inserted AFTER INSERT ON ticket_tasks
  FOR EACH ROW EXECUTE FUNCTION analytics_activity_changed();--> statement-breakpoint
CREATE TRIGGER analytics_tasks_moved AFTER UPDATE ON ticket_tasks FOR EACH ROW
  WHEN (OLD.ticket_id IS DISTINCT FROM NEW.ticket_id OR OLD.author_id IS DISTINCT FROM NEW.author_id
    OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION analytics_activity_changed();--> statement-breakpoint
-- A status row ends a period that may span hours: every UTC hour of it (up to the 7 days the figures attribute).
CREATE FUNCTION analytics_status_logged() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_dirty (campaign_id, hour)
  SELECT coalesce(NEW.campaign_id, 0), h FROM generate_series(
    date_trunc('hour', greatest(NEW.created_at - make_interval(secs => NEW.duration_seconds),
      NEW.created_at - interval '7 days'), 'UTC'),
    date_trunc('hour', NEW.created_at, 'UTC'), interval '1 hour') h;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER analytics_status_inserted AFTER INSERT ON agent_status_log
  FOR EACH ROW EXECUTE FUNCTION analytics_status_logged();--> statement-breakpoint
-- A campaign's service-level time decides which answers were in time: a change recomputes the campaign's hours.
CREATE FUNCTION analytics_campaign_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_dirty (campaign_id, hour) VALUES (NEW.id, '-infinity');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER analytics_campaigns_updated AFTER UPDATE ON campaigns FOR EACH ROW
  WHEN (OLD.config->'serviceLevelSeconds' IS DISTINCT FROM NEW.config->'serviceLevelSeconds')
  EXECUTE FUNCTION analytics_campaign_changed();

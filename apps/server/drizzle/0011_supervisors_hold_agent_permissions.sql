-- Supervisors manage agents' accounts only if they hold every permission agents hold (no privilege escalation):
-- the built-in supervisor role now also has cambiar-estado-usuario, as new installations grant it.
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT "id", 'cambiar-estado-usuario' FROM "roles" WHERE "name" = 'super' AND "built_in"
ON CONFLICT DO NOTHING;

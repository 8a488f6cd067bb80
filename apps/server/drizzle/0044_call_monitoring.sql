-- intervenir-llamadas is new (listen, whisper, barge): roles that may force an agent's status get it, as new
-- installations grant it to supervisors.
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT "role_id", 'intervenir-llamadas' FROM "role_permissions" WHERE "permission" = 'forzar-estado-agente'
ON CONFLICT DO NOTHING;

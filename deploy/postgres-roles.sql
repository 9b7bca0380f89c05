-- Visita's PostgreSQL roles with least privileges (docs/operations.md, "PostgreSQL"). Run once as
-- a superuser, with psql variables for the passwords:
--   psql -v owner_password="'…'" -v app_password="'…'" -f deploy/postgres-roles.sql
-- visita_owner owns the schema and runs the migrations (npm run migrate); visita_app is what the
-- servers connect as: it reads and writes rows and calls the functions, and can change no table.
CREATE ROLE visita_owner LOGIN PASSWORD :owner_password;
CREATE ROLE visita_app LOGIN PASSWORD :app_password CONNECTION LIMIT 200;
CREATE DATABASE visita OWNER visita_owner;
\connect visita
REVOKE ALL ON SCHEMA public FROM PUBLIC;
ALTER SCHEMA public OWNER TO visita_owner;
GRANT USAGE ON SCHEMA public TO visita_app;
-- drizzle's book of applied migrations, read by readiness (/api/health/ready).
CREATE SCHEMA drizzle AUTHORIZATION visita_owner;
GRANT USAGE ON SCHEMA drizzle TO visita_app;
-- What the owner creates from now on (every migration) is the app's to use, never to alter.
ALTER DEFAULT PRIVILEGES FOR ROLE visita_owner IN SCHEMA public
  GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO visita_app;
ALTER DEFAULT PRIVILEGES FOR ROLE visita_owner IN SCHEMA public
  GRANT USAGE, SELECT ON SEQUENCES TO visita_app;
ALTER DEFAULT PRIVILEGES FOR ROLE visita_owner IN SCHEMA public
  GRANT EXECUTE ON FUNCTIONS TO visita_app;
ALTER DEFAULT PRIVILEGES FOR ROLE visita_owner IN SCHEMA drizzle
  GRANT SELECT ON TABLES TO visita_app;

import Logging
import PostgresNIO

/// PostgreSQL's schema as numbered migrations, applied at start under an advisory lock so that instances starting
/// together apply each once; a database from an older build is brought up to date.
enum PostgresSchema {
    /// Migrations in order; a number once released never changes.
    static let migrations: [(version: Int, sql: [PostgresQuery])] = [
        (
            1,
            [
                """
                CREATE TABLE documents (
                    id TEXT PRIMARY KEY,
                    owner TEXT NOT NULL,
                    file_name TEXT NOT NULL,
                    mime_type TEXT NOT NULL,
                    status TEXT NOT NULL,
                    page_count BIGINT NOT NULL,
                    sha256 TEXT NOT NULL,
                    byte_count BIGINT NOT NULL,
                    layout TEXT,
                    error TEXT,
                    created_at TIMESTAMPTZ NOT NULL,
                    updated_at TIMESTAMPTZ NOT NULL,
                    expires_at TIMESTAMPTZ NOT NULL)
                """,
                "CREATE INDEX documents_expiry ON documents (expires_at)",
                """
                CREATE TABLE field_values (
                    document_id TEXT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
                    field_region_id TEXT NOT NULL,
                    value TEXT NOT NULL,
                    source TEXT NOT NULL,
                    updated_at TIMESTAMPTZ NOT NULL,
                    PRIMARY KEY (document_id, field_region_id))
                """,
                """
                CREATE TABLE jobs (
                    id TEXT PRIMARY KEY,
                    kind TEXT NOT NULL,
                    owner TEXT NOT NULL,
                    status TEXT NOT NULL,
                    progress BIGINT NOT NULL,
                    message TEXT NOT NULL,
                    document_id TEXT REFERENCES documents (id) ON DELETE CASCADE,
                    device_type TEXT,
                    preset TEXT,
                    result TEXT,
                    error TEXT,
                    attempts BIGINT NOT NULL,
                    cancel_requested BOOLEAN NOT NULL,
                    claimed_by TEXT,
                    heartbeat_at TIMESTAMPTZ,
                    created_at TIMESTAMPTZ NOT NULL,
                    updated_at TIMESTAMPTZ NOT NULL,
                    started_at TIMESTAMPTZ,
                    finished_at TIMESTAMPTZ,
                    expires_at TIMESTAMPTZ NOT NULL,
                    seq BIGSERIAL NOT NULL)
                """,
                "CREATE INDEX jobs_queue ON jobs (status, created_at)",
                "CREATE INDEX jobs_owner ON jobs (owner, kind, created_at)",
                "CREATE INDEX jobs_owner_status ON jobs (owner, status, started_at)",
                "CREATE INDEX jobs_expiry ON jobs (expires_at)",
            ]
        ),
        (
            2,
            [
                """
                CREATE TABLE rate_windows (
                    bucket TEXT NOT NULL,
                    window_start TIMESTAMPTZ NOT NULL,
                    count BIGINT NOT NULL,
                    PRIMARY KEY (bucket, window_start))
                """,
                "CREATE INDEX rate_windows_start ON rate_windows (window_start)",
            ]
        ),
    ]

    /// The first half of Legible's advisory-lock keys (`pg_advisory_xact_lock(lockClass, hashtext(name))`); the
    /// second names what is locked in which schema, so that deployments sharing a database do not wait on each
    /// other.
    static let lockClass: Int32 = 0x4c67_6201

    /// Creates `schema` when named and applies the migrations the database has not seen, in one transaction under
    /// the advisory lock; returns the versions applied. (`schema` is validated by ``DatabaseURL``: letters, digits
    /// and `_` only.)
    static func migrate(_ client: PostgresClient, schema: String?, logger: Logger) async throws -> [Int] {
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query(
                "SELECT pg_advisory_xact_lock(\(lockClass), hashtext(\("migrate:" + (schema ?? "public"))))",
                logger: logger)
            // Under the lock: two instances creating the schema at once would otherwise collide.
            if let schema {
                try await connection.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \(schema)"), logger: logger)
            }
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS legible_schema_versions (
                    version BIGINT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())
                """, logger: logger)
            var applied = Set<Int>()
            for try await version in try await connection.query(
                "SELECT version FROM legible_schema_versions", logger: logger
            ).decode(Int.self) {
                applied.insert(version)
            }
            var done: [Int] = []
            for migration in migrations where !applied.contains(migration.version) {
                for statement in migration.sql { try await connection.query(statement, logger: logger) }
                try await connection.query(
                    "INSERT INTO legible_schema_versions (version) VALUES (\(migration.version))", logger: logger)
                done.append(migration.version)
            }
            return done
        }
    }
}

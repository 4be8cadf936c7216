import GRDB

/// The schema, as numbered migrations; a data directory from an older build is migrated on open.
enum DatabaseSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE documents (
                        id TEXT PRIMARY KEY NOT NULL,
                        owner TEXT NOT NULL,
                        file_name TEXT NOT NULL,
                        mime_type TEXT NOT NULL,
                        status TEXT NOT NULL,
                        page_count INTEGER NOT NULL,
                        sha256 TEXT NOT NULL,
                        byte_count INTEGER NOT NULL,
                        layout TEXT,
                        error TEXT,
                        created_at DATETIME NOT NULL,
                        updated_at DATETIME NOT NULL,
                        expires_at DATETIME NOT NULL
                    );
                    CREATE INDEX documents_expiry ON documents(expires_at);
                    CREATE TABLE field_values (
                        document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
                        field_region_id TEXT NOT NULL,
                        value TEXT NOT NULL,
                        source TEXT NOT NULL,
                        updated_at DATETIME NOT NULL,
                        PRIMARY KEY (document_id, field_region_id)
                    );
                    CREATE TABLE jobs (
                        id TEXT PRIMARY KEY NOT NULL,
                        kind TEXT NOT NULL,
                        owner TEXT NOT NULL,
                        status TEXT NOT NULL,
                        progress INTEGER NOT NULL,
                        message TEXT NOT NULL,
                        document_id TEXT REFERENCES documents(id) ON DELETE CASCADE,
                        device_type TEXT,
                        preset TEXT,
                        result TEXT,
                        error TEXT,
                        attempts INTEGER NOT NULL,
                        cancel_requested BOOLEAN NOT NULL,
                        claimed_by TEXT,
                        created_at DATETIME NOT NULL,
                        updated_at DATETIME NOT NULL,
                        started_at DATETIME,
                        finished_at DATETIME,
                        expires_at DATETIME NOT NULL
                    );
                    CREATE INDEX jobs_queue ON jobs(status, created_at);
                    CREATE INDEX jobs_owner ON jobs(owner, kind, created_at);
                    CREATE INDEX jobs_expiry ON jobs(expires_at);
                    """)
        }
        // Claims count each owner's running jobs and last start (fair turns between keys).
        migrator.registerMigration("v2-owner-status") { db in
            try db.execute(sql: "CREATE INDEX jobs_owner_status ON jobs(owner, status, started_at)")
        }
        return migrator
    }
}

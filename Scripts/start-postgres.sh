#!/usr/bin/env bash
# Installs PostgreSQL from Debian's packages if needed, starts its cluster, and makes the role and database the
# PostgreSQL test pass uses. Prints the URL to give as LEGIBLE_TEST_DATABASE_URL (or to --database). Run as root.
#   Scripts/start-postgres.sh
set -euo pipefail

if ! command -v pg_lsclusters > /dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq > /dev/null
    apt-get install -y -qq postgresql > /dev/null
fi

read -r version cluster _ < <(pg_lsclusters --no-header | head -1)
if [[ -z "${version:-}" ]]; then
    version=$(ls /usr/lib/postgresql | sort -V | tail -1)
    cluster=main
    pg_createcluster "$version" "$cluster" > /dev/null
fi
pg_ctlcluster "$version" "$cluster" start > /dev/null 2>&1 || true
# A fresh cluster answers within seconds; one that was not shut down cleanly first syncs its whole data
# directory and replays its log, which took 110 s on a machine with a large test database.
for _ in $(seq 1 300); do
    pg_isready -q -h 127.0.0.1 && break
    sleep 1
done
pg_isready -h 127.0.0.1 > /dev/null || { echo "error: PostgreSQL $version/$cluster did not start" >&2; exit 1; }

user=legible
password=legible
database=legible_test
su postgres -c "psql -q -v ON_ERROR_STOP=1" <<SQL
DO \$\$ BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$user') THEN
        CREATE ROLE $user LOGIN PASSWORD '$password';
    END IF;
END \$\$;
SQL
if ! su postgres -c "psql -tAc \"SELECT 1 FROM pg_database WHERE datname = '$database'\"" | grep -q 1; then
    su postgres -c "createdb -O $user $database"
fi
echo "postgres://$user:$password@127.0.0.1:5432/$database?sslmode=disable"

# Sourced by scripts/test.sh: start a throw-away PostgreSQL on a free loopback port and export
# INGENIUM_TEST_POSTGRES_URL; defines cleanup() to stop it. Returns 1 when PostgreSQL is absent.
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/initdb" ]; then
  echo "== PostgreSQL not installed: its tests will be skipped"
  return 1
fi
pg_dir=$(mktemp -d /tmp/ingenium-pg.XXXXXX)
chmod 777 "$pg_dir"
pg_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
as_pg() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi; }
as_pg "$pg_bin/initdb -D $pg_dir/data -A trust -U ingenium" >/dev/null
as_pg "$pg_bin/pg_ctl -D $pg_dir/data -o '-p $pg_port -k $pg_dir -c listen_addresses=127.0.0.1' -l $pg_dir/log -w start" >/dev/null
as_pg "$pg_bin/createdb -h 127.0.0.1 -p $pg_port -U ingenium ingenium_test"
export INGENIUM_TEST_POSTGRES_URL="postgresql+psycopg://ingenium@127.0.0.1:$pg_port/ingenium_test"
echo "== PostgreSQL for tests on port $pg_port"
cleanup() { as_pg "$pg_bin/pg_ctl -D $pg_dir/data -m immediate stop" >/dev/null 2>&1 || true; rm -rf "$pg_dir"; }
return 0

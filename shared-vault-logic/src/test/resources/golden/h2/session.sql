-- connectionInitSql()
SET TIME ZONE 'UTC'; SET LOCK_TIMEOUT 10000; CREATE ALIAS IF NOT EXISTS vs_hex_bytes FOR 'io.vaultstream.dialect.h2.H2Dialect.hexBytes';

-- statementTimeout(30000)
SET QUERY_TIMEOUT 30000;

-- statementTimeout(0)
null;

-- lockTimeout(5000)
SET LOCK_TIMEOUT 5000;

-- lockTimeout(0)
null;

-- resetLockTimeout()
SET LOCK_TIMEOUT 10000;

-- socketTimeout(1500)
{};

-- socketTimeout(0)
{};

-- serverProcessSql()
null;

-- sessionInitSql(30000, true)
SET TIME ZONE 'UTC'; SET LOCK_TIMEOUT 10000; CREATE ALIAS IF NOT EXISTS vs_hex_bytes FOR 'io.vaultstream.dialect.h2.H2Dialect.hexBytes'; SET QUERY_TIMEOUT 30000;

-- sessionInitSql(0, true)
SET TIME ZONE 'UTC'; SET LOCK_TIMEOUT 10000; CREATE ALIAS IF NOT EXISTS vs_hex_bytes FOR 'io.vaultstream.dialect.h2.H2Dialect.hexBytes';

-- sessionInitSql(30000, false)
SET TIME ZONE 'UTC'; SET LOCK_TIMEOUT 10000; CREATE ALIAS IF NOT EXISTS vs_hex_bytes FOR 'io.vaultstream.dialect.h2.H2Dialect.hexBytes'; SET QUERY_TIMEOUT 30000;


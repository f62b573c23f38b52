-- connectionInitSql()
SET SESSION time_zone = '+00:00', SESSION sql_mode = 'STRICT_ALL_TABLES,NO_BACKSLASH_ESCAPES,NO_ENGINE_SUBSTITUTION,ERROR_FOR_DIVISION_BY_ZERO,NO_ZERO_DATE,NO_ZERO_IN_DATE', SESSION tx_isolation = 'READ-COMMITTED';

-- statementTimeout(30000)
SET SESSION max_statement_time = 30.0;

-- statementTimeout(0)
null;

-- lockTimeout(5000)
SET SESSION lock_wait_timeout = 5;

-- lockTimeout(0)
null;

-- resetLockTimeout()
SET SESSION lock_wait_timeout = DEFAULT;

-- socketTimeout(1500)
{socketTimeout=1500};

-- socketTimeout(0)
{};

-- serverProcessSql()
null;

-- sessionInitSql(30000, true)
SET SESSION time_zone = '+00:00', SESSION sql_mode = 'STRICT_ALL_TABLES,NO_BACKSLASH_ESCAPES,NO_ENGINE_SUBSTITUTION,ERROR_FOR_DIVISION_BY_ZERO,NO_ZERO_DATE,NO_ZERO_IN_DATE', SESSION tx_isolation = 'READ-COMMITTED', SESSION max_statement_time = 30.0;

-- sessionInitSql(0, true)
SET SESSION time_zone = '+00:00', SESSION sql_mode = 'STRICT_ALL_TABLES,NO_BACKSLASH_ESCAPES,NO_ENGINE_SUBSTITUTION,ERROR_FOR_DIVISION_BY_ZERO,NO_ZERO_DATE,NO_ZERO_IN_DATE', SESSION tx_isolation = 'READ-COMMITTED';

-- sessionInitSql(30000, false)
SET SESSION time_zone = '+00:00', SESSION sql_mode = 'STRICT_ALL_TABLES,NO_BACKSLASH_ESCAPES,NO_ENGINE_SUBSTITUTION,ERROR_FOR_DIVISION_BY_ZERO,NO_ZERO_DATE,NO_ZERO_IN_DATE', SESSION tx_isolation = 'READ-COMMITTED', SESSION max_statement_time = 30.0;


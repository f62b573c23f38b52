-- connectionInitSql()
SET TIME ZONE 'UTC'; SET jit = off; SET plan_cache_mode = force_custom_plan; SET enable_bitmapscan = off;

-- statementTimeout(30000)
SET statement_timeout = 30000;

-- statementTimeout(0)
null;

-- lockTimeout(5000)
SET LOCAL lock_timeout = 5000;

-- lockTimeout(0)
null;

-- resetLockTimeout()
null;

-- socketTimeout(1500)
{socketTimeout=2};

-- socketTimeout(0)
{};

-- serverProcessSql()
SET LOCAL statement_timeout = 0; SELECT octet_length(repeat(repeat('x', 4096), 4096 + (random() * 0)::int));

-- sessionInitSql(30000, true)
SET TIME ZONE 'UTC'; SET jit = off; SET plan_cache_mode = force_custom_plan; SET enable_bitmapscan = off; SET LOCAL statement_timeout = 0; SELECT octet_length(repeat(repeat('x', 4096), 4096 + (random() * 0)::int)); SET statement_timeout = 30000;

-- sessionInitSql(0, true)
SET TIME ZONE 'UTC'; SET jit = off; SET plan_cache_mode = force_custom_plan; SET enable_bitmapscan = off; SET LOCAL statement_timeout = 0; SELECT octet_length(repeat(repeat('x', 4096), 4096 + (random() * 0)::int));

-- sessionInitSql(30000, false)
SET TIME ZONE 'UTC'; SET jit = off; SET plan_cache_mode = force_custom_plan; SET enable_bitmapscan = off; SET statement_timeout = 30000;


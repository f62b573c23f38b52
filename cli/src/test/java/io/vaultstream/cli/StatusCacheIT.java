package io.vaultstream.cli;

import static io.vaultstream.testing.SmallCachePostgres.loadACustomerAndAnOrder;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.testing.SmallCachePostgres;
import io.vaultstream.testing.TargetDatabase;
import io.vaultstream.testing.TestDatabase;
import org.junit.jupiter.api.Test;

/**
 * The status command compares the database's page cache with the vault's size, as the database
 * itself reports both, and warns once the part of the vault that batches reach at random no longer
 * fits the cache.
 */
class StatusCacheIT {
  @Test
  void thePostgresCacheAndTheVaultsIndexesAreWhatTheServerReports() throws Exception {
    String schema = TestDatabase.newSchema();
    loadACustomerAndAnOrder(TestDatabase.options(schema).build());
    awaitPageReadsCounted(schema);
    JsonNode cache = jsonStatus(TestDatabase.jdbcUrl(), schema).get("databaseCache");

    long sharedBuffers =
        Long.parseLong(
            TestDatabase.value("SELECT pg_size_bytes(current_setting('shared_buffers'))"));
    long indexes =
        Long.parseLong(
            TestDatabase.value(
                "SELECT sum(pg_relation_size(i.indexrelid)) FROM pg_index i"
                    + " JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n"
                    + " ON n.oid = c.relnamespace WHERE n.nspname = '"
                    + schema
                    + "'"));
    assertThat(cache.get("setting").asText()).isEqualTo("shared_buffers");
    assertThat(cache.get("cacheBytes").asLong()).isEqualTo(sharedBuffers);
    assertThat(cache.get("indexBytes").asLong()).isEqualTo(indexes).isPositive();
    long keyMap =
        Long.parseLong(
            TestDatabase.value(
                "SELECT pg_relation_size(format('%I.%I', '"
                    + schema
                    + "', 'vs_key_map')::regclass)"));
    assertThat(cache.get("randomlyReachedBytes").asLong())
        .as("the indexes and the key map's rows")
        .isEqualTo(indexes + keyMap);
    assertThat(cache.get("tableBytes").asLong()).isPositive();
    assertThat(cache.get("countedFor").asText()).isEqualTo("schema");
    assertThat(cache.get("pageReadsHit").asLong() + cache.get("pageReadsMissed").asLong())
        .as("the loader read its tables")
        .isPositive();
    assertThat(cache.get("outgrown").asBoolean()).isEqualTo(indexes + keyMap > sharedBuffers);

    CliTest.Run r = CliTest.run("status", "--jdbc-url", TestDatabase.jdbcUrl(), "--schema", schema);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out())
        .contains("Database cache (shared_buffers)")
        .containsPattern("this schema\\s+[0-9.]+ [KM]iB tables, [0-9.]+ [KM]iB indexes")
        .containsPattern("cache hits\\s+[0-9.]+ % of [0-9,]+ page reads \\(this schema's tables");
  }

  @Test
  void aServerWhoseSharedBuffersAreSmallerThanTheVaultsIndexesGetsTheWarning() throws Exception {
    try (SmallCachePostgres pg = SmallCachePostgres.start()) {
      loadACustomerAndAnOrder(pg.options());
      String schema = SmallCachePostgres.SCHEMA;
      CliTest.Run r = CliTest.run("status", "--jdbc-url", pg.jdbcUrl(), "--schema", schema);
      assertThat(r.code()).as(r.err()).isZero();
      assertThat(r.out())
          .containsPattern("cache\\s+128\\.0 KiB")
          .containsPattern(
              "! the part of the vault that each batch reaches at random \\([0-9.]+ KiB\\) is"
                  + " larger than the cache \\(128\\.0 KiB\\)")
          .contains("raise shared_buffers (docs/POSTGRESQL.md, \"The server's cache\")");
      JsonNode cache = jsonStatus(pg.jdbcUrl(), schema).get("databaseCache");
      assertThat(cache.get("cacheBytes").asLong()).isEqualTo(128 * 1024);
      assertThat(cache.get("outgrown").asBoolean()).isTrue();
    }
  }

  @Test
  void theMariaDbBufferPoolAndTheVaultsTablesAreWhatTheServerReports() throws Exception {
    TargetDatabase mariaDb = TargetDatabase.mariaDb();
    mariaDb.assumeReachable();
    String db = mariaDb.newSchema();
    String url = mariaDb.jdbcUrl();
    loadACustomerAndAnOrder(
        VaultOptions.builder().jdbcUrl(url).targetSchema(db).poolMaxSize(2).build());
    JsonNode cache = jsonStatus(url, db).get("databaseCache");

    long pool = Long.parseLong(mariaDb.rows("SELECT @@innodb_buffer_pool_size").get(0));
    long data =
        Long.parseLong(
            mariaDb
                .rows(
                    "SELECT sum(data_length + index_length) FROM information_schema.tables"
                        + " WHERE table_schema = '"
                        + db
                        + "'")
                .get(0));
    assertThat(cache.get("setting").asText()).isEqualTo("innodb_buffer_pool_size");
    assertThat(cache.get("cacheBytes").asLong()).isEqualTo(pool);
    assertThat(cache.get("randomlyReachedBytes").asLong())
        .as("InnoDB keeps rows in their primary key: tables and indexes")
        .isEqualTo(data)
        .isPositive();
    assertThat(cache.get("countedFor").asText()).isEqualTo("server");
    assertThat(cache.get("outgrown").asBoolean()).isEqualTo(data > pool);
    CliTest.Run r = CliTest.run("status", "--jdbc-url", url, "--schema", db);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out())
        .contains("Database cache (innodb_buffer_pool_size)")
        .containsPattern("cache hits\\s+[0-9.]+ % of [0-9,]+ page reads \\(the whole server");
  }

  /**
   * Waits until the server has counted the loader's page reads of the schema's tables: a session
   * reports its counts when it goes idle or ends, after the loader's pool has closed.
   */
  private static void awaitPageReadsCounted(String schema) throws Exception {
    String sql =
        "SELECT coalesce(sum(coalesce(heap_blks_hit, 0) + coalesce(heap_blks_read, 0)), 0)"
            + " FROM pg_statio_user_tables WHERE schemaname = '"
            + schema
            + "'";
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (Long.parseLong(TestDatabase.value(sql)) == 0) {
      assertThat(System.nanoTime() - deadline).as("page reads counted within 30 s").isNegative();
      Thread.onSpinWait();
    }
  }

  private static JsonNode jsonStatus(String url, String schema) throws Exception {
    CliTest.Run json =
        CliTest.run("status", "--jdbc-url", url, "--schema", schema, "--format", "json");
    assertThat(json.code()).as(json.err()).isZero();
    return new ObjectMapper().readTree(json.out());
  }
}

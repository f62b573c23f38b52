package io.vaultstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.ddl.CacheFigures;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** How status prints the database's cache against the vault's size. */
class StatusReportCacheTest {

  @Test
  void sizesArePrintedInTheLargestBinaryUnitThatKeepsThemAtLeastOne() {
    assertThat(CacheFigures.size(0)).isEqualTo("0 bytes");
    assertThat(CacheFigures.size(1023)).isEqualTo("1,023 bytes");
    assertThat(CacheFigures.size(1024)).isEqualTo("1.0 KiB");
    assertThat(CacheFigures.size(134_217_728)).isEqualTo("128.0 MiB");
    assertThat(CacheFigures.size(230_416_384)).isEqualTo("219.7 MiB");
    assertThat(CacheFigures.size(3L << 40)).isEqualTo("3.0 TiB");
  }

  @Test
  void aVaultWhoseIndexesFitTheCacheGetsNoWarning() {
    String out =
        printed(
            new CacheFigures(
                "shared_buffers", 128 << 20, 5 << 20, 3 << 20, 3 << 20, 10L, 990L, "schema"));
    assertThat(out)
        .contains("Database cache (shared_buffers)")
        .containsPattern("cache\\s+128\\.0 MiB")
        .containsPattern("this schema\\s+5\\.0 MiB tables, 3\\.0 MiB indexes")
        .containsPattern("cache hits\\s+99\\.0 % of 1,000 page reads \\(this schema's tables")
        .doesNotContain("!");
  }

  @Test
  void aVaultThatOutgrewTheCacheIsWarnedAbout() {
    String out =
        printed(
            new CacheFigures(
                "innodb_buffer_pool_size",
                128 << 20,
                300 << 20,
                0,
                300 << 20,
                null,
                null,
                "server"));
    assertThat(out)
        .doesNotContain("cache hits")
        .contains(
            "! the part of the vault that each batch reaches at random (300.0 MiB) is larger than"
                + " the cache (128.0 MiB)")
        .contains("raise innodb_buffer_pool_size (docs/MARIADB.md, \"The server's cache\")");
  }

  @Test
  void theHitShareIsUnknownWithoutCountedReads() {
    assertThat(new CacheFigures("shared_buffers", 1, 0, 0, 0, 0L, 0L, "schema").hitPercent())
        .isNull();
    assertThat(new CacheFigures("shared_buffers", 1, 0, 0, 0, 1L, 3L, "schema").hitPercent())
        .isEqualTo(75.0);
  }

  private static String printed(CacheFigures cache) {
    StatusReport r = new StatusReport("vault");
    r.cache = cache;
    StringWriter s = new StringWriter();
    try (PrintWriter out = new PrintWriter(s)) {
      r.printTable(out);
    }
    return s.toString();
  }
}

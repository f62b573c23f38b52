package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.ddl.CacheFigures;
import io.vaultstream.dialect.Dialects;
import org.junit.jupiter.api.Test;

/** When the loader warns that the vault has outgrown the database's cache. */
class CacheWatchTest {
  private static final long MIB = 1 << 20;

  private static CacheFigures figures(long cacheMib, long randomMib) {
    return new CacheFigures(
        "shared_buffers", cacheMib * MIB, 0, randomMib * MIB, randomMib * MIB, 1L, 99L, "schema");
  }

  @Test
  void warnsTheFirstTimeAndThenEachTimeTheVaultDoubled() {
    CacheWatch w = new CacheWatch(Dialects.forUrl("jdbc:postgresql://h/db", null), null, "vault");
    assertThat(w.warning(figures(128, 100))).as("fits").isNull();
    assertThat(w.warning(figures(128, 128))).as("exactly the cache still fits").isNull();
    assertThat(w.warning(figures(128, 129)))
        .isEqualTo(
            "the part of the vault that each batch reaches at random (129.0 MiB) is larger than"
                + " the cache (128.0 MiB): batches read pages from outside it and take longer as"
                + " the vault grows; raise shared_buffers (docs/POSTGRESQL.md, \"The server's"
                + " cache\")");
    assertThat(w.warning(figures(128, 200))).as("not yet doubled since").isNull();
    assertThat(w.warning(figures(128, 257))).as("not yet doubled since").isNull();
    assertThat(w.warning(figures(128, 258))).contains("(258.0 MiB)");
    assertThat(w.warning(figures(1024, 300))).as("the cache was raised").isNull();
  }
}

package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.dialect.mariadb.MariaDbDialect;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.TargetDatabase;
import io.vaultstream.write.SchemaManager;
import java.sql.Connection;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link LivingSourceGapsContract} on MariaDB, and MariaDB's own support table. */
class MariaDbLivingSourceGapsIT extends LivingSourceGapsContract {
  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }

  private static final String KINDS =
      """
      { "name": "kinds", "recordSource": "SRC",
        "sources": { "kinds": { "topic": "t.kinds", "primaryKey": ["kind"] } },
        "hubs": { "hub_kind": { "hashKey": "kind_hk", "businessKey": ["kind"],
                                "sources": { "kinds": ["kind"] } } },
        "referenceTables": { "ref_kind": { "source": "kinds", "code": ["kind"] } } }
      """;

  /**
   * A vault whose lock table is missing (created before the loader used one, or by hand with an
   * older script): 'ddl --jdbc-url' names it, and a loader with auto-create brings it back, so the
   * reference table's rows load.
   */
  @Test
  void aVaultWithoutItsLockTableIsNamedAndCompleted() throws Exception {
    schema = newSchema();
    VaultModel m = ModelLoader.parse(KINDS, "kinds");
    EventFactory ev = new EventFactory(m);
    track(VaultLoader.open(m, db().options(schema).autoCreate(true).build())).close();
    db().execute("DROP TABLE `" + schema + "`.`vs_locks`");

    List<String> lacks;
    try (Connection c = db().connect()) {
      lacks =
          new SchemaManager(
                  m,
                  new MariaDbDialect(),
                  new HashKeyCalculator(m.hashing()),
                  schema,
                  false,
                  false,
                  0)
              .migration(c);
    }
    assertThat(String.join("\n", lacks)).contains("vs_locks");

    VaultLoader loader = track(VaultLoader.open(m, db().options(schema).autoCreate(true).build()));
    assertThat(
            loader
                .load(List.of(ev.event("kinds", "c", at(1), row("kind", "A", "label", "a"))))
                .errors())
        .isZero();
    assertThat(rows("SELECT kind FROM $s.ref_kind")).containsExactly("A");
  }
}

package io.vaultstream.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.dialect.Dialects;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Creating missing tables (auto-create) and adding columns first seen in events (auto-evolve) are
 * separate settings: each works with the other off, and a column refused names the setting.
 */
class AutoEvolveIT {
  private VaultModel model;
  private VaultDialect dialect;
  private HashKeyCalculator hasher;
  private String schema;

  @BeforeEach
  void createVault() throws Exception {
    model = ModelLoader.load(Samples.shopModel(), null, null);
    dialect = Dialects.forUrl(TestDatabase.jdbcUrl(), null);
    hasher = new HashKeyCalculator(model.hashing());
    schema = TestDatabase.newSchema();
    try (Connection c = connection()) {
      manager(true, false).initialize(c);
      c.commit();
    }
  }

  private SchemaManager manager(boolean autoCreate, boolean autoEvolve) {
    return new SchemaManager(model, dialect, hasher, schema, autoCreate, autoEvolve, 5_000);
  }

  private Connection connection() throws SQLException {
    Connection c = TestDatabase.connect();
    c.setAutoCommit(false);
    return c;
  }

  private List<String> productColumns() throws SQLException {
    return TestDatabase.rows(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = '"
            + schema
            + "' AND table_name = 'sat_product' ORDER BY column_name");
  }

  @Test
  void withAutoEvolveOffANewColumnFailsNamingTheSettingAndTheStatementToRun() throws Exception {
    SchemaManager m = manager(true, false);
    try (Connection c = connection()) {
      m.initialize(c);
      assertThatThrownBy(() -> m.addColumns(c, "sat_product", List.of("colour")))
          .isInstanceOf(SQLException.class)
          .hasMessage(
              "The events of sat_product carry the column 'colour', which the table lacks, and"
                  + " auto.evolve is off: add the column (ALTER TABLE \""
                  + schema
                  + "\".\"sat_product\" ADD COLUMN IF NOT EXISTS \"colour\" text) or turn"
                  + " auto.evolve on (--auto-evolve for the Spark job)")
          .extracting(e -> ((SQLException) e).getSQLState())
          .isEqualTo("42703");
      c.rollback();
    }
    assertThat(productColumns()).doesNotContain("colour");
  }

  @Test
  void withAutoCreateOffAutoEvolveStillAddsTheColumn() throws Exception {
    SchemaManager m = manager(false, true);
    try (Connection c = connection()) {
      m.initialize(c);
      m.addColumns(c, "sat_product", List.of("colour"));
      c.commit();
    }
    assertThat(productColumns()).contains("colour");
    assertThat(m.attributes("sat_product")).contains("colour");
  }

  @Test
  void aTableWhoseModelListsItsColumnsIsNeverAltered() throws Exception {
    SchemaManager m = manager(true, true);
    try (Connection c = connection()) {
      m.initialize(c);
      m.addColumns(c, "sat_customer", List.of("nickname"));
      c.commit();
    }
    assertThat(
            TestDatabase.rows(
                "SELECT column_name FROM information_schema.columns WHERE table_schema = '"
                    + schema
                    + "' AND table_name = 'sat_customer'"))
        .doesNotContain("nickname");
  }

  @Test
  void theLoaderHonoursAutoEvolveOff() throws Exception {
    io.vaultstream.testing.EventFactory ev = new io.vaultstream.testing.EventFactory(model);
    try (io.vaultstream.engine.VaultLoader loader =
        io.vaultstream.engine.VaultLoader.open(
            model, TestDatabase.options(schema).autoEvolve(false).build())) {
      var product =
          ev.event(
              "products",
              "c",
              io.vaultstream.testing.EventFactory.at(1),
              io.vaultstream.testing.EventFactory.row("id", 1L, "sku", "P1", "colour", "red"));
      assertThatThrownBy(() -> loader.load(List.of(product)))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("auto.evolve is off");
    }
    assertThat(productColumns()).doesNotContain("colour");
  }
}
